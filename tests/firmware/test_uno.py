# SPDX-License-Identifier: GPL-3.0-or-later
"""The Arduino Uno firmware (ports/uno) on a simulated ATmega328P in avrsim.

The image under test is the one that ships: `make uno` fails when it
exceeds the 32,256 bytes beside the bootloader, and avrsim runs it with the
chip's 32 KB of flash and 2 KB of RAM.
"""

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from snekide.device.board import Board
from snekide.device.transport import SerialTransport

from .test_avrsim import PortReader, Sim, open_port

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / 'firmware'
LANG = ROOT / 'tests' / 'lang' / 'pass'

#: Flash the simulated chip gets (KB): the 328P's own.
FLASH_KB = 32
#: The pool (heap and value stack) of the image under test: None is the
#: chip's own (ports/uno/config.h), which leaves the deepest C stack its room
#: in the 2 KB of RAM (test_c_stack_stays_in_free_ram).
POOL_SIZE = None

ELF = FIRMWARE / 'build' / 'uno' / 'snek-uno.elf'
BANNER = b'Welcome to Snek 0.1.0\r\n'
TIMEOUT = 30.0
XONXOFF = re.compile(rb'[\x11\x13]')

#: Programs from tests/lang/pass that fit the 1 KB EEPROM and the chip's heap.
LANGUAGE = ['arith_01', 'arith_03', 'arith_04', 'arith_05', 'bitops_01', 'comment_01', 'eof_01',
            'for_01', 'format_01', 'format_02', 'import_01', 'logic_01', 'str_01', 'str_02',
            'str_05', 'sys_01', 'time_01']


@pytest.fixture(scope='session')
def uno_build() -> dict[str, Path]:
    args = [f'UNO_FLASH_KB={FLASH_KB}']
    if POOL_SIZE is not None:
        args.append(f'UNO_POOL_SIZE={POOL_SIZE}')
    done = subprocess.run(['make', '-s', '-C', str(FIRMWARE), 'sim', 'uno', *args],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'warning' not in done.stderr, done.stderr
    assert re.search(r'snek-uno: flash \d+ bytes of 32256', done.stdout), done.stdout
    return {'avrsim': FIRMWARE / 'build' / 'sim' / 'avrsim', 'echo': ELF}


@pytest.fixture
def uno(uno_build):
    sims = []

    def start(*args):
        sim = Sim(uno_build, '--flash-kb', FLASH_KB, *args, elf=ELF)
        sims.append(sim)
        return sim

    yield start
    for sim in sims:
        sim.kill()


@pytest.fixture
def repl(uno):
    """A simulated Uno at its first prompt."""
    sim = uno()
    ready(sim)
    return sim


def text(data: bytes) -> bytes:
    """What a student would see: flow control bytes out, CR LF as LF."""
    return XONXOFF.sub(b'', data).replace(b'\r\n', b'\n')


def ready(sim) -> None:
    sim.expect(BANNER)
    sim.expect(b'> ')


def run_line(sim, line: bytes) -> bytes:
    """Send one REPL line (echo off) and return what it printed before the next prompt."""
    start = len(sim.out.data)

    def prompted():
        seen = text(sim.out.data[start:])
        return (seen == b'> ' or seen.endswith(b'\n> ')) and seen

    sim.send(b'\x0e' + line + b'\n')
    return sim.out._wait(prompted, 'the prompt', start, TIMEOUT)[:-2]


def test_banner_prompt_and_arithmetic(repl):
    sim = repl
    assert run_line(sim, b'print(6*7)') == b'42\n'
    assert run_line(sim, b'x = 1.5') == b''
    assert run_line(sim, b'print(x * 3, str(x) + "!")') == b'4.5 1.5!\n'


def eeprom_image(path: Path, program: bytes) -> Path:
    assert len(program) < 1024
    path.write_bytes(program + b'\xff' * (1024 - len(program)))
    return path


@pytest.mark.parametrize('name', LANGUAGE)
def test_language_program_matches_cpython(uno, tmp_path, name):
    """The program stored in EEPROM runs at boot; its output is CPython's, byte for byte."""
    program = LANG / f'{name}.py'
    expected = subprocess.run([sys.executable, program.name], cwd=program.parent,
                              capture_output=True, timeout=TIMEOUT)
    assert expected.returncode == 0
    sim = uno('--eeprom', eeprom_image(tmp_path / 'eeprom.bin', program.read_bytes()))
    start = sim.expect(BANNER).end()
    end = sim.expect(b'> ', start, timeout=60).start()
    assert text(sim.out.data[start:end]).decode() == expected.stdout.decode()


def interrupt(sim, program: bytes) -> None:
    """Start program, press ^C a moment later, see ^C and a fresh prompt."""
    ready(sim)
    start = len(sim.out.data)
    sim.send(b'\x0e' + program)
    time.sleep(0.3)
    sim.send(b'\x03')
    sim.expect(b'^C\r\n> ', start)


def test_ctrl_c_stops_a_loop_and_the_next_line_runs(uno):
    sim = uno()
    interrupt(sim, b'while True: pass\n\n')
    assert run_line(sim, b'print("after")') == b'after\n'


def test_ctrl_c_wakes_a_sleep(uno):
    sim = uno()
    interrupt(sim, b'sleep(1000)\n')
    assert run_line(sim, b'print(monotonic() > 0.2)') == b'True\n'


def test_receive_interrupt_answers_dc4_xoff_and_xon(uno):
    """While a program runs, the receive interrupt echoes DC4 at once, sends
    XOFF when the 32-byte ring is half full, and ^C empties the ring and
    sends XON."""
    sim = uno()
    ready(sim)
    start = len(sim.out.data)
    sim.send(b'\x0ewhile True: pass\n\n')
    time.sleep(0.3)
    sim.send(b'\x14')
    sim.expect(b'\x14', start)
    sim.send(b'x' * 16)  # no more: the simulator holds bytes back after XOFF
    sim.expect(b'\x13', start)
    sim.send(b'\x03')
    after = sim.expect(b'\x11', start).end()
    assert b'\x13' not in sim.out.data[after:]
    sim.expect(b'^C\r\n> ', start)
    assert run_line(sim, b'print("after")') == b'after\n'


def pin_lines(err: bytes, pin: str) -> list[int]:
    return [int(v) for v in re.findall(rb'^pin P\w\d ([01]) @cycle \d+ %s$' % pin.encode(), err, re.M)]


def test_pin_names_are_built_in(repl):
    sim = repl
    assert run_line(sim, b'print(D5, LED, A0)') == b'5 13 14\n'
    assert run_line(sim, b'print(round(pi * 1000), tone.A)') == b'3142 440\n'


def test_round_ties_go_to_even(repl):
    """round() rounds ties by the chip's own float addition (no lrint)."""
    sim = repl
    assert run_line(sim, b'print(round(0.5), round(1.5), round(2.5), round(-2.5))') == b'0 2 2 -2\n'
    assert run_line(sim, b'print(round(2.4999998), round(2.5000002), round(-0.4))') == b'2 3 0\n'
    assert run_line(sim, b'print(round(8388606.5), round(4194304.5), round(1e30))') == b'8388606 4194304 1e+30\n'
    assert run_line(sim, b'print(round(2.675, 2), round(-1.5))') == b'2.67 -2\n'


def test_gpio_writes_are_pin_changes(uno):
    sim = uno('--trace-pins')
    ready(sim)
    run_line(sim, b'talkto(LED); on()')
    sim.err.wait(re.compile(rb'^pin PB5 1 @cycle \d+ D13$', re.M))
    run_line(sim, b'off()')
    sim.err.wait(re.compile(rb'^pin PB5 0 @cycle \d+ D13$', re.M))
    assert pin_lines(sim.err.data, 'D13')[-2:] == [1, 0]


def test_pwm_pin_shows_the_timers_compare_value(uno):
    sim = uno('--trace-pins')
    ready(sim)
    run_line(sim, b'talkto(D5); setpower(0.5); on()')
    # D5 is OC0B: timer0's compare B gets 128 of 255.
    sim.err.wait(re.compile(rb'^pwm OC0B 128 @cycle \d+ D5$', re.M))
    run_line(sim, b'talkto(D9); setpower(0.25); on()')
    sim.err.wait(re.compile(rb'^pwm OC1A 64 @cycle \d+ D9$', re.M))
    run_line(sim, b'stopall()')
    sim.err.wait(re.compile(rb'^pin PD5 0 @cycle \d+ D5$', re.M))


def test_analog_read_through_the_adc(uno):
    sim = uno('--adc', 'A0=2.5', '--adc', 'A3=5')
    ready(sim)
    assert run_line(sim, b'print(round(read(14), 2), read(17), read(15))') == b'0.5 1 0\n'


def test_digital_read_and_pullups(repl):
    sim = repl
    assert run_line(sim, b'print(read(2))') == b'1\n'     # pull-up by default
    run_line(sim, b'pullnone(2)')    # floating: no defined level to check
    assert b'no pull-down' in run_line(sim, b'pulldown(2)')


def test_tone_plays_on_d11(uno):
    sim = uno('--trace-pins')
    ready(sim)
    # D11 toggles while the tone plays (simavr 1.6's timer2 CTC timing is
    # not exact enough to check the pitch) and is quiet after tone(0). The
    # trace on stderr comes in cycle order but may lag the REPL's answer, so
    # D2 marks the time: low when tone(0) is done, high 20 ms later.
    run_line(sim, b'tone(440); sleep(0.02); tone(0); talkto(D2); off(); sleep(0.02); on()')
    quiet = sim.err.wait(re.compile(rb'^pin PD2 0 @cycle \d+ D2\n((?:.*\n)*?)pin PD2 1 ', re.M))
    trace = sim.err.data
    assert len(re.findall(rb'^pin PB3 [01] @cycle \d+ D11$', trace[:trace.index(b'pin PD2 0 ')], re.M)) >= 10
    assert b'D11' not in quiet.group(1), quiet.group(1)


def test_reset_goes_through_the_watchdog(uno):
    sim = uno('--cycles')
    ready(sim)
    start = len(sim.out.data)
    sim.send(b'\x0ereset()\n')
    sim.expect(BANNER, start)
    sim.expect(b'> ', start)
    # The watchdog reset once; .init3 turned it off, so no reset loop follows.
    time.sleep(0.3)
    assert run_line(sim, b'print(1)') == b'1\n'
    assert sim.stop() == 0
    assert len(re.findall(rb'^reset @cycle \d+$', sim.err.data, re.M)) == 1


def test_small_sleep_and_monotonic(repl):
    sim = repl
    out = run_line(sim, b't = monotonic(); sleep(0.25); d = monotonic() - t; print(0.24 < d < 0.27)')
    assert out == b'True\n'


def test_no_sleep_for_negative_or_nan_seconds(repl):
    """As on the host: onfor(-1) and tonefor(440, nan) return at once."""
    sim = repl
    out = run_line(sim, b't = monotonic(); talkto(D5); onfor(-1); tonefor(440, float("nan")); sleep(-1); '
                        b'print(monotonic() - t < 0.05)')
    assert out == b'True\n'


# -- the protocol through the IDE's own device layer -----------------------------

PROGRAM = '''n = 0
for i in range(4):
    n += i
print('stored', n)
'''


@pytest.fixture
def board(uno_build, tmp_path):
    link = tmp_path / 'ttyUNO'
    sim = Sim(uno_build, '--flash-kb', FLASH_KB, '--pty', link, '--eeprom', tmp_path / 'e.bin',
              elf=ELF)
    port = open_port(link)
    port.close()
    b = Board(SerialTransport(str(link)), needs_pacing=True)
    b.start()
    lines: list[str] = []
    b.on_output = lines.append
    yield b, sim, lines
    b.close()
    sim.kill()


def test_put_reset_boot_get(board):
    b, sim, lines = board
    result = b.put(PROGRAM, timeout=10)
    assert result.verified, result.message
    b.wait_prompt(10)
    assert 'stored 6\n' in ''.join(lines)
    assert b.get(timeout=10) == PROGRAM
    # The stored program runs at boot after a reset too.
    lines.clear()
    assert b.reset(timeout=10)
    assert 'stored 6\n' in ''.join(lines)


def test_put_too_big_for_the_eeprom_is_refused(board):
    b, sim, lines = board
    assert b.put(PROGRAM, timeout=10).verified
    big = '# ' + 'x' * 60 + '\n'
    result = b.put(big * 20, timeout=10)
    assert not result.verified
    assert 'too big' in result.message and '1023' in result.message
    # Streamed to the EEPROM, a refused upload leaves an empty program, never half of one;
    # the IDE then puts the old program back.
    assert 'kept its old program' in result.message
    assert result.stored == PROGRAM
    assert b.get(timeout=10) == PROGRAM
    b.run_line('print(1 + 1)')
    b.wait_prompt(10)
    assert '2\n' in ''.join(lines)


# -- the small-chip storage path on the host (posix-small streams too) -----------

def small_snek(tmp_path, data: bytes) -> subprocess.CompletedProcess:
    snek = FIRMWARE / 'build' / 'posix-small' / 'snek'
    subprocess.run(['make', '-s', '-C', str(FIRMWARE), 'posix-small'], check=True, timeout=600)
    return subprocess.run([str(snek), '--eeprom', str(tmp_path / 'e.bin'), '--eeprom-size', '64'],
                          input=data, capture_output=True, timeout=TIMEOUT)


def test_posix_small_streams_uploads(tmp_path):
    done = small_snek(tmp_path, b'eeprom.write()\nprint("hi")\n\x04eeprom.show()\n')
    assert b'print("hi")\n' in done.stdout
    image = (tmp_path / 'e.bin').read_bytes()
    assert image.startswith(b'print("hi")\n\xff')
    done = small_snek(tmp_path, b'eeprom.write()\n' + b'#' * 100 + b'\n\x04print(2)\n')
    assert b'program too big: 101 bytes, room for 63; the stored program is now empty' in done.stdout
    assert b'2\n' in done.stdout
    assert (tmp_path / 'e.bin').read_bytes()[0] == 0xFF


#: Statements that reach the deepest C paths: float and % formatting, nested
#: printing (the deepest: nested lists through %s), calls, dicts, an error
#: message, a syntax error, round to digits.
DEEP_PATHS = [b'print(1.5, 3.14159e-20, -1e30)', b'y = "%5.2f|%-4d|%x|%s" % (1.5, 3, 255, [1])',
              b'print([1, [2, (3, {4: "a"})]])', b'print(undefined_name)', b'x = 1 + )',
              b'print(int("42") + len("abc"))', b'y = "%s" % [[[[[[[[1.5]]]]]]]]',
              b'y = "%.60e" % 1e-40', b'y = round(2.675, 2)',
              # comparisons recurse into containers as deep as they nest
              b'y = {1: {1: {1: {1: {1: {1: {1: {1: 1}}}}}}}} == {1: {1: {1: {1: {1: {1: {1: {1: 2}}}}}}}}',
              b'y = [[[[[[[[1]]]]]]]] < [[[[[[[[2]]]]]]]]']


def test_c_stack_stays_in_free_ram(uno):
    """avrsim --stack paints the RAM above .data/.bss: the deepest the C stack
    goes on these paths must leave the heap and globals alone."""
    sim = uno('--stack')
    ready(sim)
    for line in DEEP_PATHS:
        run_line(sim, line)
    start = len(sim.out.data)
    sim.send(b'def f(n):\n    return n * 2\n\nprint(f(3))\n')
    sim.expect(b'6\r\n', start)
    sim.stop()
    m = re.search(rb'^stack (\d+) bytes deepest, (\d+) bytes of RAM free for it$', sim.err.data, re.M)
    assert m, sim.err.data
    deepest, free = int(m.group(1)), int(m.group(2))
    # 32 more for the serial interrupt (15 registers, its return address
    # and a call), which may land at the deepest point.
    assert 100 < deepest and deepest + 32 <= free, (deepest, free)


def test_uno_benchmark_runs():
    """bench/uno/run.py (the AVR speed figures) builds, runs and reports."""
    done = subprocess.run([sys.executable, str(ROOT / 'bench' / 'uno' / 'run.py'), 'loop1000'],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    m = re.search(r'^loop1000 +([\d.]+) ms +([\d,]+) cycles$', done.stdout, re.M)
    assert m, done.stdout
    assert float(m.group(1)) * 16_000 == pytest.approx(int(m.group(2).replace(',', '')), rel=1e-3)


def test_nested_calls_and_lists_parse(repl):
    """Statements students write nest calls in calls: the parse stack holds them."""
    sim = repl
    assert run_line(sim, b'print(round(-1.5), round(float("nan")))') == b'-2 nan\n'
    assert run_line(sim, b'print(len([1, [2, [3, [4]]]]))') == b'2\n'
    assert run_line(sim, b'print("%5.2f|%-4d|%x|%s" % (1.5, 3, 255, [1]))') == b' 1.50|3   |ff|[1]\n'
    assert run_line(sim, b'print(len([1, [2, [3, [4, [5, [6, [7]]]]]]]))') == b'2\n'
    assert run_line(sim, b'print(abs(abs(abs(abs(abs(abs(-3)))))))') == b'3\n'
    assert run_line(sim, b'print(((((((((1 + 2) * -3))))))) ** 2 // 4 % 7 | 8)') == b'14\n'
    assert run_line(sim, b'if 1: print(len(str(abs(-3 * (2 + 1)))), {1: [2, (3,)]})\n') == \
        b'+ 1 {1: [2, (3,)]}\n'
    # Deeper than the chip's parse and compiler stacks: an error, and the REPL goes on.
    assert run_line(sim, b'print(' + b'(' * 40 + b'1' + b')' * 40 + b')').endswith(b' too deeply nested\n')
    assert run_line(sim, b'print(6*7)') == b'42\n'


def test_recursion_borrows_the_heap(repl):
    """The value stack keeps 16 values at the pool's end and grows into the
    heap's free room: a 25-deep recursion takes about 800 bytes of it, and
    after it the heap has its room back for a list of 180 numbers (720
    bytes). The two do not fit side by side."""
    sim = repl
    start = len(sim.out.data)
    sim.send(b'def depth(n):\n    if n == 0:\n        return 0\n    return 1 + depth(n - 1)\n\n'
             b'print(depth(25))\n')
    sim.expect(b'25\r\n> ', start)
    assert run_line(sim, b'x = [0] * 180; print(len(x))') == b'180\n'
    assert run_line(sim, b'print(depth(25))').endswith(b'stack overflow\n')
    assert run_line(sim, b'x = None; print(depth(25))') == b'25\n'


def fill_heap(sim, name: bytes) -> int:
    """The longest string that fits, given to name: the heap is then full of
    data to its last granule. Returns its length."""
    for n in range(1150, 900, -1):
        out = run_line(sim, name + b" = 'a' * %d" % n)
        if out == b'':
            return n
        assert out.endswith(b'out of memory\n'), out
    raise AssertionError('no string fit')


def test_compiling_with_the_heap_full(repl):
    """The compiler keeps its stacks in the value stack's room and the
    parser's frame, and data leaves it the heap's last GC_RESERVE bytes:
    with the heap full of data to its last granule a statement stops with
    a clean error, the globals stay, `x = None` still compiles, and freeing
    memory brings everything back (a def with a loop and a call included)."""
    sim = repl
    assert run_line(sim, b'z = 7') == b''
    assert fill_heap(sim, b'x') > 1050
    assert run_line(sim, b'print(len(x), [1, 2, (3, 4), {5: 6}])').endswith(b'out of memory\n')
    assert run_line(sim, b'x = None') == b''
    assert run_line(sim, b'print(z)') == b'7\n'
    start = len(sim.out.data)
    sim.send(b'def g(n):\n    for i in range(n):\n        if i < 1 < n: print(i, n)\n'
             b'    return [n] * 3\n\nprint(g(2))\n')
    sim.expect(b'0 2\r\n[2, 2, 2]\r\n', start)
