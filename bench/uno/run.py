# SPDX-License-Identifier: GPL-3.0-or-later
"""Time Snek programs on the simulated Arduino Uno, in exact 16 MHz cycles.

    python3 bench/uno/run.py [--flash-kb N] [--pool BYTES] [NAME ...]

Each benchmark runs at the Uno firmware's REPL in avrsim. put1000 is the
wall time of the IDE's Put of a 1000-byte program through avrsim's pty. Its timed part
sits between `on()` and `off()` of pin D2, and avrsim's pin trace stamps
both edges with the cycle count, so the figure is the program's own time
(plus one builtin call) whatever the serial line does.

The firmware is the image that ships, on the chip's own flash and RAM:
fib(15) recurses 15 deep, its frames taking ~540 bytes of the pool (heap
and value stack). --pool BYTES tries another pool, --flash-kb a larger
development image (`make uno UNO_FLASH_KB=...`).
"""

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / 'firmware'
HZ = 16_000_000

BENCHMARKS = {
    # The reference Snek 1.13 takes about 0.69 s on an Uno.
    'fib15': (b'def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n\n',
              b'x = fib(15)', b'print(x)', b'610'),
    # About 0.18 s on the reference.
    'loop1000': (b'', b'x = 0\nfor i in range(1000):\n    x = x + i\n', b'print(x)', b'499500'),
}

EDGE = re.compile(rb'^pin PD2 ([01]) @cycle (\d+) D2$', re.M)


def build(flash_kb: int, pool: int | None) -> None:
    subprocess.run(['make', '-s', '-C', str(FIRMWARE), 'sim', 'uno', f'UNO_FLASH_KB={flash_kb}',
                    *([f'UNO_POOL_SIZE={pool}'] if pool else [])], check=True)


def run(name: str, flash_kb: int) -> float:
    """Seconds at 16 MHz between D2 going high and low around the timed part."""
    setup, timed, check, expected = BENCHMARKS[name]
    # ^N: no echo. D2 starts with its pull-up on: off() first gives a clean rising edge.
    program = (b'\x0e' + setup + b'talkto(D2)\noff()\n' + b'on()\n' + timed + b'\n\n' + b'off()\n' +
               check + b'\n')
    done = subprocess.run([str(FIRMWARE / 'build' / 'sim' / 'avrsim'), '--trace-pins', '--linger', '5',
                           '--flash-kb', str(flash_kb), str(FIRMWARE / 'build' / 'uno' / 'snek-uno.elf')],
                          input=program, capture_output=True, timeout=600)
    if expected not in done.stdout:
        sys.exit(f'{name}: expected {expected!r} in the output, got {done.stdout[-300:]!r}')
    edges = [(int(level), int(cycle)) for level, cycle in EDGE.findall(done.stderr)]
    rise = next(c for level, c in edges if level == 1 and c > edges[0][1])
    fall = next(c for level, c in edges if level == 0 and c > rise)
    return (fall - rise) / HZ


#: A 1000-byte program for the Put figure: lines a student might write.
def put_program(size: int = 1000) -> str:
    lines = []
    while sum(map(len, lines)) < size - 80:
        i = len(lines)
        lines.append(f'x{i:03} = {i} * 2  # a line of a longer program\n')
    return ''.join(lines) + '#' * (size - 1 - sum(map(len, lines))) + '\n'


PUT_PROGRAM = put_program()


def put_time(flash_kb: int) -> float:
    """Wall seconds for the IDE's own Put (ENQ/ACK paced send, Get back to
    verify, reset) of PUT_PROGRAM to the simulated Uno at 115200 baud, with
    simulated time held to the wall clock. simavr writes EEPROM at once; a
    real 328P takes 3.4 ms a byte more."""
    sys.path.insert(0, str(ROOT))
    from snekide.device.board import Board
    from snekide.device.transport import SerialTransport

    with tempfile.TemporaryDirectory() as tmp:
        link = Path(tmp) / 'ttyUNO'
        sim = subprocess.Popen([str(FIRMWARE / 'build' / 'sim' / 'avrsim'), '--realtime', '--pty', str(link),
                                '--flash-kb', str(flash_kb), '--eeprom', str(Path(tmp) / 'eeprom.bin'),
                                str(FIRMWARE / 'build' / 'uno' / 'snek-uno.elf')],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 30
            while not link.exists():
                if time.monotonic() > deadline:
                    sys.exit('put1000: the simulator never opened its pty')
                time.sleep(0.02)
            board = Board(SerialTransport(str(link)), needs_pacing=True)
            board.start()
            board.wait_prompt(10)
            start = time.monotonic()
            result = board.put(PUT_PROGRAM, timeout=30)
            seconds = time.monotonic() - start
            board.close()
        finally:
            sim.kill()
            sim.wait()
    if not result.verified:
        sys.exit(f'put1000: {result.message}')
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[1])
    parser.add_argument('--flash-kb', type=int, default=32)
    parser.add_argument('--pool', type=int, default=None)
    parser.add_argument('names', nargs='*', default=[*BENCHMARKS, 'put1000'])
    args = parser.parse_args()
    build(args.flash_kb, args.pool)
    for name in args.names:
        if name == 'put1000':
            print(f'{name:10} {put_time(args.flash_kb) * 1000:9.1f} ms  (wall, {len(PUT_PROGRAM)} bytes)')
            continue
        seconds = run(name, args.flash_kb)
        print(f'{name:10} {seconds * 1000:9.1f} ms  {round(seconds * HZ):>11,} cycles')


if __name__ == '__main__':
    main()
