# SPDX-License-Identifier: GPL-3.0-or-later
"""Run the Snek benchmarks under the host build and under CPython.

    python3 bench/run.py [--snek PATH] [--python PATH] [--repeat N] [--quick] [--cpu] [NAME ...]

Every bench/*.py program (except this one) runs unchanged under both
interpreters. A program reads one line from stdin: empty for its default
size, or a number. `--quick` sends the size named on the program's
`# Quick size: N` line and runs each program once (a smoke test).

Both outputs must be identical, byte for byte; a mismatch, a crash or a
non-zero exit is reported and makes the exit status 1. Times are wall-clock
seconds, best of --repeat runs; memory is the Snek child's peak resident set
in KB, the largest over the runs. On a shared machine --cpu is steadier: the
children's user and system CPU seconds instead of the wall clock.

CPython is Debian's /usr/bin/python3.11 where it is installed (the pyenv
python3 on PATH starts about 90 ms slower, which flatters Snek), else the
Python running this script.

About memory: on Linux a child's ru_maxrss (os.wait4, RUSAGE_CHILDREN) is
never below the spawning process's own high-water mark, because the kernel
carries the old image's peak across exec; spawned from CPython it reads about
14 MB whatever Snek does. So while Snek runs, its /proc/PID/status VmHWM (the
peak of the exec'd image alone) is sampled every half millisecond, and only
once /proc/PID/exe is the Snek binary. Growth in the last half millisecond of
a run can be missed. Without /proc the wait4 figure is shown, marked `~`.

Nothing is built here: run `make -C firmware posix` first.
"""

import argparse
import math
import os
import re
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
DEFAULT_SNEK = ROOT / 'firmware' / 'build' / 'posix' / 'snek'
# Debian's CPython 3.11, the one the project compares with, where it is.
DEFAULT_PYTHON = '/usr/bin/python3.11' if os.access('/usr/bin/python3.11', os.X_OK) else sys.executable
QUICK_RE = re.compile(r'^#\s*Quick size:\s*(\d+)\s*$', re.MULTILINE)


class Result:
    """One run of one program: output, status, time and peak memory."""

    def __init__(self, stdout: bytes, stderr: bytes, status: int, seconds: float, maxrss_kb: int, timed_out: bool,
                 exact_rss: bool = False, cpu_seconds: float = 0.0):
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.seconds = seconds
        self.cpu_seconds = cpu_seconds
        self.maxrss_kb = maxrss_kb
        self.timed_out = timed_out
        self.exact_rss = exact_rss

    def failure(self) -> str | None:
        """Why the run failed, or None when it exited 0."""
        if self.timed_out:
            return 'timed out'
        if os.WIFSIGNALED(self.status):
            sig = os.WTERMSIG(self.status)
            try:
                name = signal.Signals(sig).name
            except ValueError:
                name = str(sig)
            return f'killed by signal {sig} ({name})'
        code = os.waitstatus_to_exitcode(self.status)
        if code:
            return f'exit status {code}'
        return None


def sample_hwm(pid: int, exe: str, done: threading.Event, peak: list[int]) -> None:
    """Record in peak[0] the largest VmHWM (KB) seen for pid once it runs exe."""
    status_path = f'/proc/{pid}/status'
    while not done.is_set():
        try:
            if os.readlink(f'/proc/{pid}/exe') == exe:
                with open(status_path) as f:
                    for line in f:
                        if line.startswith('VmHWM:'):
                            peak[0] = max(peak[0], int(line.split()[1]))
                            break
        except (OSError, ValueError):
            pass
        done.wait(0.0005)


def run_once(argv: list[str], stdin_text: str, timeout: float, watch_memory: bool = False) -> Result:
    """Run argv with stdin_text on stdin; collect output, status and memory."""
    with tempfile.TemporaryFile() as fin, tempfile.TemporaryFile() as fout, tempfile.TemporaryFile() as ferr:
        fin.write(stdin_text.encode())
        fin.flush()
        fin.seek(0)
        actions = [
            (os.POSIX_SPAWN_DUP2, fin.fileno(), 0),
            (os.POSIX_SPAWN_DUP2, fout.fileno(), 1),
            (os.POSIX_SPAWN_DUP2, ferr.fileno(), 2),
        ]
        env = dict(os.environ)
        env.pop('SNEK_GC_STATS', None)
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
        timed_out = []

        def kill():
            timed_out.append(True)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        done = threading.Event()
        peak = [0]
        sampler = None
        if watch_memory and os.path.isdir('/proc'):
            sampler = threading.Thread(target=sample_hwm, args=(pid, os.path.realpath(argv[0]), done, peak), daemon=True)
            sampler.start()
        try:
            _, status, usage = os.wait4(pid, 0)
        finally:
            timer.cancel()
            done.set()
        seconds = time.perf_counter() - start
        cpu = usage.ru_utime + usage.ru_stime
        if sampler:
            sampler.join()
        fout.seek(0)
        ferr.seek(0)
        if peak[0]:
            return Result(fout.read(), ferr.read(), status, seconds, peak[0], bool(timed_out), exact_rss=True,
                          cpu_seconds=cpu)
        return Result(fout.read(), ferr.read(), status, seconds, usage.ru_maxrss, bool(timed_out), cpu_seconds=cpu)


def first_difference(a: bytes, b: bytes) -> str:
    """Describe where two outputs first differ, line by line."""
    la = a.decode(errors='replace').splitlines()
    lb = b.decode(errors='replace').splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else '<no line>'
        y = lb[i] if i < len(lb) else '<no line>'
        if x != y:
            return f'line {i + 1}: snek {y!r}, cpython {x!r}'
    return 'outputs differ only in trailing newline/whitespace bytes'


def programs(names: list[str]) -> list[Path]:
    found = sorted(p for p in BENCH.glob('*.py') if p.name != 'run.py')
    if not names:
        return found
    by_name = {p.stem: p for p in found}
    missing = [n for n in names if n.removesuffix('.py') not in by_name]
    if missing:
        sys.exit(f'unknown benchmark(s): {", ".join(missing)}; have: {", ".join(by_name)}')
    return [by_name[n.removesuffix('.py')] for n in names]


def quick_size(path: Path) -> str:
    m = QUICK_RE.search(path.read_text())
    return m.group(1) if m else ''


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--snek', default=str(DEFAULT_SNEK), help='host Snek binary (default: %(default)s)')
    ap.add_argument('--python', default=DEFAULT_PYTHON, help='CPython to compare with (default: %(default)s)')
    ap.add_argument('--repeat', type=int, default=3, help='runs per program and interpreter; the best time counts (default: 3)')
    ap.add_argument('--quick', action='store_true', help='one run per program with its small "Quick size" (smoke test)')
    ap.add_argument('--cpu', action='store_true', help='time CPU seconds (user + system) rather than the wall clock')
    ap.add_argument('--timeout', type=float, default=120.0, help='seconds before a run is killed (default: 120)')
    ap.add_argument('names', nargs='*', help='benchmarks to run (default: all)')
    args = ap.parse_args()

    snek = Path(args.snek).resolve()
    if not (snek.is_file() and os.access(snek, os.X_OK)):
        print(f'run.py: no Snek binary at {snek}', file=sys.stderr)
        print('run.py: build it first with: make -C firmware posix', file=sys.stderr)
        return 2
    python = os.path.abspath(args.python)
    if not os.access(python, os.X_OK):
        print(f'run.py: no Python at {python}', file=sys.stderr)
        return 2
    repeat = 1 if args.quick else max(1, args.repeat)

    rows = []
    failures = []
    for path in programs(args.names):
        name = path.stem
        size = quick_size(path) if args.quick else ''
        stdin_text = size + '\n'
        best_s = best_p = math.inf
        peak = 0
        exact = True
        problem = None
        for _ in range(repeat):
            rp = run_once([python, str(path)], stdin_text, args.timeout)
            rs = run_once([str(snek), str(path)], stdin_text, args.timeout, watch_memory=True)
            why = rp.failure()
            if why:
                problem = f'cpython: {why}\n' + rp.stderr.decode(errors='replace').strip()
                break
            why = rs.failure()
            if why:
                problem = f'snek: {why}\n' + rs.stderr.decode(errors='replace').strip()
                break
            if rs.stdout != rp.stdout:
                problem = 'output mismatch: ' + first_difference(rp.stdout, rs.stdout)
                break
            best_s = min(best_s, rs.cpu_seconds if args.cpu else rs.seconds)
            best_p = min(best_p, rp.cpu_seconds if args.cpu else rp.seconds)
            peak = max(peak, rs.maxrss_kb)
            exact = exact and rs.exact_rss
        if problem:
            failures.append((name, problem))
            rows.append((name, None, None, None, None))
            print(f'{name}: FAIL: {problem.strip()}', file=sys.stderr, flush=True)
        else:
            rows.append((name, best_s, best_p, best_p / best_s, ('' if exact else '~') + str(peak)))

    title = 'quick smoke run, 1 run each' if args.quick else f'best of {repeat}'
    if args.cpu:
        title += ', CPU seconds'
    print(f'Snek {snek}\nCPython {python}\n({title}; ratio = cpython/snek, >1 means Snek is faster)\n')
    head = f'{"program":<12} {"snek s":>9} {"cpython s":>10} {"ratio":>8} {"snek KB":>9}'
    print(head)
    print('-' * len(head))
    for name, ts, tp, ratio, kb in rows:
        if ts is None:
            print(f'{name:<12} {"FAIL":>9} {"-":>10} {"-":>8} {"-":>9}')
        else:
            print(f'{name:<12} {ts:9.3f} {tp:10.3f} {ratio:8.2f} {kb:>9}')
    print('-' * len(head))
    ratios = [r[3] for r in rows if r[3] is not None]
    if ratios:
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        note = '' if len(ratios) == len(rows) else f' (over {len(ratios)} of {len(rows)} programs)'
        print(f'{"geomean":<12} {"":>9} {"":>10} {geo:8.2f}{note}')
    if failures:
        print(f'\n{len(failures)} program(s) failed:')
        for name, problem in failures:
            lines = problem.strip().splitlines()
            print(f'  {name}: {lines[0]}')
            for line in lines[1:6]:
                print(f'      {line}')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
