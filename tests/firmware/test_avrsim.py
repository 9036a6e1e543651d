# SPDX-License-Identifier: GPL-3.0-or-later
"""avrsim, the libsimavr bridge, driven with the test firmware firmware/sim/test/echo.c.

The echo firmware echoes every byte except its commands: ^A toggles PB5 (D13),
^E stores the current line in EEPROM, ^P prints the stored EEPROM text, ^G
writes GPIOR0 marks around a 160000-cycle busy loop, ^W resets through the
watchdog. Its banner is "Welcome to avrsim echo, MCUSR=XX".
"""

import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
import serial

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / 'firmware'
BUILD = FIRMWARE / 'build' / 'sim'
TIMEOUT = 15.0
BANNER = re.compile(rb'Welcome to avrsim echo, MCUSR=([0-9A-F]{2})\r\n')
MCUSR_PORF, MCUSR_EXTRF, MCUSR_WDRF = 0x01, 0x02, 0x08
BUSY_CYCLES = 160000


@pytest.fixture(scope='session')
def avrsim_build() -> dict[str, Path]:
    subprocess.run(['make', '-s', '-C', str(FIRMWARE), 'sim'], check=True, timeout=300)
    paths = {'avrsim': BUILD / 'avrsim', 'echo': BUILD / 'echo.elf', 'halt': BUILD / 'halt.elf'}
    for path in paths.values():
        assert path.exists(), path
    return paths


class Collector:
    """Collects a stream on a thread; wait() blocks until a pattern shows up."""

    def __init__(self, read):
        self.data = b''
        self.cond = threading.Condition()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._pump, args=(read,), daemon=True)
        self.thread.start()

    def _pump(self, read):
        while not self.stopping.is_set():
            try:
                chunk = read()
            except (OSError, ValueError, serial.SerialException):
                return
            if chunk is None:
                continue
            if not chunk:
                return
            with self.cond:
                self.data += chunk
                self.cond.notify_all()

    def wait(self, pattern, start=0, timeout=TIMEOUT):
        """Wait for pattern (bytes or compiled regex) at or after start; return the match."""
        regex = pattern if isinstance(pattern, re.Pattern) else re.compile(re.escape(pattern))
        return self._wait(lambda: regex.search(self.data, start), pattern, start, timeout)

    def wait_bytes(self, count, start=0, timeout=TIMEOUT) -> bytes:
        """Wait until count bytes have arrived after start; return them."""
        self._wait(lambda: len(self.data) >= start + count, f'{count} bytes', start, timeout)
        return self.data[start:start + count]

    def _wait(self, done, what, start, timeout):
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                result = done()
                if result:
                    return result
                left = deadline - time.monotonic()
                if left <= 0:
                    tail = self.data[start:][-300:]
                    raise AssertionError(f'timed out waiting for {what!r}; got ...{tail!r}')
                self.cond.wait(left)


class Sim:
    """avrsim in stdio mode (or --pty mode, then stdout is unused)."""

    def __init__(self, build, *args, elf=None):
        """elf: None for the echo firmware, False for none (a --bootloader alone)."""
        cmd = [str(build['avrsim']), *map(str, args)]
        if elf is not False:
            cmd.append(str(elf or build['echo']))
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.out = Collector(lambda: os.read(self.proc.stdout.fileno(), 65536))
        self.err = Collector(lambda: os.read(self.proc.stderr.fileno(), 65536))

    def send(self, data: bytes):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def expect(self, pattern, start=0, timeout=TIMEOUT):
        return self.out.wait(pattern, start, timeout)

    def reply(self, data: bytes, pattern, timeout=TIMEOUT):
        """Send data and wait for pattern in the output that follows."""
        start = len(self.out.data)
        self.send(data)
        return self.expect(pattern, start, timeout)

    def send_signal(self, sig):
        self.proc.send_signal(sig)

    def stop(self, sig=signal.SIGTERM) -> int:
        """End avrsim with sig; return its exit status once its output is collected."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        rc = self.proc.wait(timeout=TIMEOUT)
        self.out.thread.join(TIMEOUT)
        self.err.thread.join(TIMEOUT)
        self.close()
        return rc

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=TIMEOUT)
        self.out.thread.join(TIMEOUT)
        self.err.thread.join(TIMEOUT)
        self.close()

    def close(self):
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                pipe.close()
            except BrokenPipeError:
                pass


@pytest.fixture
def sim_factory(avrsim_build):
    sims = []

    def start(*args, **kw):
        sim = Sim(avrsim_build, *args, **kw)
        sims.append(sim)
        return sim

    yield start
    for sim in sims:
        sim.kill()


def mcusr(match) -> int:
    return int(match.group(1), 16)


def test_banner_and_echo_stdio(sim_factory):
    sim = sim_factory()
    assert mcusr(sim.expect(BANNER)) & MCUSR_PORF
    sim.reply(b'hello, snek\n', b'hello, snek\n')
    sim.proc.stdin.close()
    assert sim.proc.wait(timeout=TIMEOUT) == 0
    sim.close()


def test_eof_exits_after_output_drained(avrsim_build):
    """Input given all at once, then EOF: everything is echoed before avrsim exits."""
    text = b'one\ntwo\nthree\n'
    run = subprocess.run([str(avrsim_build['avrsim']), '--linger', '0.5', str(avrsim_build['echo'])],
                         input=text, capture_output=True, timeout=TIMEOUT)
    assert run.returncode == 0, run.stderr
    m = BANNER.match(run.stdout)
    assert m, run.stdout
    assert run.stdout[m.end():] == text


def test_libsimavr_chatter_stays_off_stdout(avrsim_build):
    """With -vv libsimavr logs the watchdog and the UART set-up: on stderr, never in the UART stream."""
    run = subprocess.run([str(avrsim_build['avrsim']), '-vv', '--linger', '0.5', str(avrsim_build['echo'])],
                         input=b'x\x17', capture_output=True, timeout=TIMEOUT)
    assert run.returncode == 0
    assert b'WATCHDOG' in run.stderr and b'UART' in run.stderr
    banners = list(BANNER.finditer(run.stdout))
    assert len(banners) == 2
    assert BANNER.sub(b'', run.stdout) == b'x'


def test_2000_bytes_in_one_go(sim_factory):
    """Faster than the UART drains (1389 cycles a byte against simavr's 1496): needs pacing and XOFF."""
    sim = sim_factory()
    sim.expect(BANNER)
    data = bytes(32 + (i * 7) % 95 for i in range(2000))
    start = len(sim.out.data)
    sim.send(data)
    assert sim.out.wait_bytes(len(data), start, timeout=30) == data


def open_port(link: Path, timeout=TIMEOUT) -> serial.Serial:
    deadline = time.monotonic() + timeout
    while not link.exists():
        assert time.monotonic() < deadline, f'{link} never appeared'
        time.sleep(0.02)
    return serial.Serial(str(link), 115200, timeout=0.2)


class PortReader(Collector):
    """Reads a serial port on a thread (read timeout 0.2 s); close() ends both."""

    def __init__(self, port):
        self.port = port
        super().__init__(lambda: port.read(4096) or None)

    def close(self):
        self.stopping.set()
        self.thread.join(TIMEOUT)
        self.port.close()


def test_pty_banner_echo_and_reopen(sim_factory, tmp_path):
    link = tmp_path / 'ttyUNO'
    sim = sim_factory('--pty', link)
    port = open_port(link)
    reader = PortReader(port)
    # Reset like DTR to get the banner. Opening the port flushed what came
    # before, unless the simulator (slow under load) booted after that: the
    # power-on banner may come first.
    sim.send_signal(signal.SIGUSR1)
    banner = reader.wait(BANNER)
    if not mcusr(banner) & MCUSR_EXTRF:
        banner = reader.wait(BANNER, banner.end())
    assert mcusr(banner) & MCUSR_EXTRF
    port.write(b'ping\n')
    reader.wait(b'ping\n')
    reader.close()

    # A client closing the port must not hang up the simulator's side.
    port = open_port(link)
    reader = PortReader(port)
    port.write(b'again\n')
    reader.wait(b'again\n')
    data = bytes(48 + i % 64 for i in range(2000))
    start = len(reader.data)
    port.write(data)
    assert reader.wait_bytes(len(data), start, timeout=30) == data
    reader.close()

    assert sim.stop() == 0
    assert not link.exists(), 'avrsim should remove its link on exit'


def store(sim, text: bytes):
    sim.reply(text + b'\x05', b'E%d\r\n' % len(text))


def test_eeprom_survives_restart(sim_factory, tmp_path):
    image = tmp_path / 'eeprom.bin'
    sim = sim_factory('--eeprom', image)
    sim.expect(BANNER)
    sim.reply(b'\x10', b'P:\r\n')       # missing file: erased chip
    store(sim, b'snek rocks')
    assert sim.stop() == 0
    content = image.read_bytes()
    assert len(content) == 1024
    assert content == b'snek rocks' + b'\xff' * (1024 - 10)

    sim = sim_factory('--eeprom', image)
    sim.expect(BANNER)
    sim.reply(b'\x10', b'P:snek rocks\r\n')
    assert sim.stop(signal.SIGINT) == 0
    assert image.read_bytes() == content


def test_eeprom_saved_before_sigkill(sim_factory, tmp_path):
    """Written EEPROM reaches the file within a fraction of a second, no clean exit needed."""
    image = tmp_path / 'eeprom.bin'
    sim = sim_factory('--eeprom', image)
    sim.expect(BANNER)
    store(sim, b'kill -9')
    deadline = time.monotonic() + 2.0
    while not (image.exists() and image.read_bytes().startswith(b'kill -9\xff')):
        assert time.monotonic() < deadline, 'EEPROM not saved while running'
        time.sleep(0.02)
    sim.kill()
    assert len(image.read_bytes()) == 1024


def test_sigusr1_resets_and_keeps_eeprom(sim_factory, tmp_path):
    sim = sim_factory('--eeprom', tmp_path / 'eeprom.bin')
    sim.expect(BANNER)
    store(sim, b'kept')
    start = len(sim.out.data)
    sim.send_signal(signal.SIGUSR1)
    assert mcusr(sim.expect(BANNER, start)) == MCUSR_EXTRF
    sim.reply(b'\x10', b'P:kept\r\n')
    sim.reply(b'still echoing\n', b'still echoing\n')


def test_watchdog_reset(sim_factory):
    sim = sim_factory('--cycles')
    sim.expect(BANNER)
    m = sim.reply(b'\x17', BANNER)
    assert mcusr(m) == MCUSR_WDRF
    # The firmware turned the watchdog off in .init3: no reset loop follows
    # (free-running, 0.3 s of wall time is well over the 16 ms timeout).
    time.sleep(0.3)
    sim.reply(b'after\n', b'after\n')
    assert len(BANNER.findall(sim.out.data)) == 2
    assert sim.stop() == 0
    assert len(re.findall(rb'^reset @cycle \d+$', sim.err.data, re.M)) == 1


def test_trace_pins_shows_led_toggling(sim_factory):
    sim = sim_factory('--trace-pins')
    sim.expect(BANNER)
    sim.reply(b'\x01', b'L1\r\n')
    sim.reply(b'\x01', b'L0\r\n')
    sim.reply(b'\x01', b'L1\r\n')
    assert sim.stop() == 0
    lines = re.findall(rb'^pin PB5 ([01]) @cycle (\d+) D13$', sim.err.data, re.M)
    levels = [int(level) for level, _ in lines]
    cycles = [int(c) for _, c in lines]
    # DDRB makes PB5 an output (low) at boot, then the three toggles.
    assert levels == [0, 1, 0, 1]
    assert cycles == sorted(cycles)


def test_cycles_and_marks(sim_factory):
    sim = sim_factory('--cycles')
    sim.expect(BANNER)
    sim.reply(b'\x07', b'G\r\n')
    sim.reply(b'\x07', b'G\r\n')
    assert sim.stop() == 0
    marks = [(int(v), int(c)) for v, c in
             re.findall(rb'^mark (\d+) @cycle (\d+)$', sim.err.data, re.M)]
    assert [v for v, _ in marks] == [1, 2, 1, 2]
    for (_, a), (_, b) in (marks[0:2], marks[2:4]):
        # The busy loop plus the instructions between the two GPIOR0 writes.
        assert BUSY_CYCLES <= b - a <= BUSY_CYCLES + 8, b - a
    total = re.search(rb'^cycles (\d+)$', sim.err.data, re.M)
    assert total and int(total.group(1)) >= marks[-1][1]


def test_realtime_holds_simulated_time_to_the_clock(avrsim_build):
    """Free-running is about 10x faster than the chip; --realtime is not."""
    began = time.monotonic()
    run = subprocess.run([str(avrsim_build['avrsim']), '--realtime', '--cycles', '--linger', '0.5',
                          str(avrsim_build['echo'])], input=b'x', capture_output=True, timeout=TIMEOUT)
    wall = time.monotonic() - began
    assert run.returncode == 0 and run.stdout.endswith(b'x')
    cycles = int(re.search(rb'^cycles (\d+)$', run.stderr, re.M).group(1))
    assert cycles >= 8_000_000                  # the 0.5 s linger, at least
    assert wall >= cycles / 16e6 - 0.05


def test_marks_are_silent_without_cycles(sim_factory):
    sim = sim_factory()
    sim.expect(BANNER)
    sim.reply(b'\x07', b'G\r\n')
    assert sim.stop() == 0
    assert b'mark' not in sim.err.data and b'cycles' not in sim.err.data


def test_halted_firmware_waits_for_reset(sim_factory, avrsim_build):
    """halt.elf sleeps with interrupts off: avrsim reports it, a reset restarts it, EOF ends it."""
    sim = sim_factory(elf=avrsim_build['halt'])
    sim.expect(b'Welcome, halting\r\n')
    sim.err.wait(b'avrsim: firmware stopped')
    sim.send_signal(signal.SIGUSR1)
    sim.expect(b'Welcome, halting\r\n', start=1)
    sim.err.wait(re.compile(rb'stopped.*\n(.|\n)*stopped'))
    sim.proc.stdin.close()
    assert sim.proc.wait(timeout=TIMEOUT) == 0
    sim.close()


def test_bad_usage(avrsim_build, tmp_path):
    run = subprocess.run([str(avrsim_build['avrsim'])], capture_output=True, timeout=TIMEOUT)
    assert run.returncode == 2 and b'usage' in run.stderr
    run = subprocess.run([str(avrsim_build['avrsim']), str(tmp_path / 'missing.elf')],
                         capture_output=True, timeout=TIMEOUT)
    assert run.returncode != 0 and b'missing.elf' in run.stderr


def test_stack_report(sim_factory):
    """--stack paints free RAM at each reset and reports the deepest the C
    stack went: some bytes for the echo loop, far from all of the free RAM."""
    sim = sim_factory('--stack')
    sim.expect(BANNER)
    sim.reply(b'abc\n', b'abc\n')
    assert sim.stop() == 0
    m = re.search(rb'^stack (\d+) bytes deepest, (\d+) bytes of RAM free for it$', sim.err.data, re.M)
    assert m, sim.err.data
    deepest, free = int(m.group(1)), int(m.group(2))
    assert 2 <= deepest < 200 and 1000 < free <= 2048


# -- bootloaders (--bootloader, --reset-on-open, --strict-baud) --------------

BOOTLOADERS = Path('/usr/share/arduino/hardware/arduino/avr/bootloaders')
OPTIBOOT = BOOTLOADERS / 'optiboot' / 'optiboot_atmega328.hex'
ATMEGABOOT = BOOTLOADERS / 'atmega' / 'ATmegaBOOT_168_atmega328.hex'
INSYNC_OK = b'\x14\x10'
SIGNATURE_REPLY = b'\x14\x1e\x95\x0f\x10'    # ATmega328P


def stk500(port, reader, command: bytes, answer: int = 0) -> bytes:
    """One STK500v1 command (CRC_EOP added); its answer's data bytes."""
    start = len(reader.data)
    port.write(command + b' ')
    reply = reader.wait_bytes(answer + 2, start)
    assert reply[0] == 0x14 and reply[-1] == 0x10, reply
    return reply[1:-1]


def stk500_sync(port, reader):
    """GET_SYNC until the bootloader answers (it starts after the reset the open
    caused), then one READ_SIGN: the bootloader answers in order, so once that
    one answer has come, every late answer to an earlier GET_SYNC is behind us
    and the next command's answer is its own, however slow the machine."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        start = len(reader.data)
        port.write(b'0 ')
        try:
            reader.wait(INSYNC_OK, start, timeout=0.2)
        except AssertionError:
            continue
        start = len(reader.data)
        port.write(b'u ')
        try:
            reader.wait(SIGNATURE_REPLY, start, timeout=2)
        except AssertionError:
            continue    # a byte lost while the bootloader started put it out of step
        return
    raise AssertionError('the bootloader never answered GET_SYNC and READ_SIGN')


def read_page(port, reader, address: int) -> bytes:
    stk500(port, reader, bytes([0x55, address // 2 & 0xFF, address // 2 >> 8]))
    return stk500(port, reader, b'\x74\x00\x80F', 128)


def write_page(port, reader, address: int, data: bytes):
    stk500(port, reader, bytes([0x55, address // 2 & 0xFF, address // 2 >> 8]))
    stk500(port, reader, b'\x64\x00\x80F' + data)


def open_bootloader(link):
    port = open_port(link)
    reader = PortReader(port)
    stk500_sync(port, reader)
    return port, reader


def test_bootloader_starts_in_optiboot_with_erased_flash(sim_factory, tmp_path):
    """Debian's Optiboot and no ELF: the chip starts in the bootloader, which
    reads the ATmega328P's signature and an erased application area."""
    link = tmp_path / 'ttyUNO'
    sim = sim_factory('--pty', link, '--bootloader', OPTIBOOT, '--reset-on-open',
                      '--realtime', elf=False)
    port, reader = open_bootloader(link)
    assert stk500(port, reader, b'\x75', 3) == b'\x1e\x95\x0f'
    assert stk500(port, reader, b'\x41\x81', 1) == b'\x04'     # Optiboot 4.4
    assert read_page(port, reader, 0) == b'\xff' * 128
    assert read_page(port, reader, 0x7D80) == b'\xff' * 128
    assert read_page(port, reader, 0x7E00)[:4] == bytes.fromhex('112484b7')  # Optiboot itself
    reader.close()
    # Debian's build is 20 bytes too big for the chip; avrsim says how it copes.
    sim.err.wait(b'runs 20 bytes past the chip')
    sim.err.wait(b'2 bytes are given twice; the first record of each is kept')


def test_flash_written_through_the_bootloader_is_kept(sim_factory, tmp_path):
    """Pages written with SPM survive resets (each open resets, and SIGUSR1).
    The data holds XOFF bytes: they are data to a program that did not ask
    for XON/XOFF, and must not stop the bytes going the other way."""
    link = tmp_path / 'ttyUNO'
    sim = sim_factory('--pty', link, '--bootloader', OPTIBOOT, '--reset-on-open',
                      '--realtime', elf=False)
    page = bytes((0x13 if i % 5 == 0 else i) for i in range(128))
    port, reader = open_bootloader(link)
    write_page(port, reader, 0x1000, page)
    assert read_page(port, reader, 0x1000) == page
    assert read_page(port, reader, 0x1080) == b'\xff' * 128
    reader.close()

    port, reader = open_bootloader(link)
    assert read_page(port, reader, 0x1000) == page
    sim.send_signal(signal.SIGUSR1)
    stk500_sync(port, reader)
    assert read_page(port, reader, 0x1000) == page
    reader.close()


def test_reset_on_open_resets_at_each_open(sim_factory, tmp_path):
    """Every program opening the port resets the chip (an external reset, as
    DTR gives), and what it sends straight after the open is not lost."""
    link = tmp_path / 'ttyUNO'
    sim_factory('--pty', link, '--reset-on-open')
    for text in (b'first\n', b'second\n'):
        port = open_port(link)
        reader = PortReader(port)
        banner = reader.wait(BANNER)
        assert mcusr(banner) == MCUSR_EXTRF
        port.write(text)
        reader.wait(text, banner.end())
        reader.close()


def test_bootloader_then_application(sim_factory, tmp_path):
    """With an ELF too, the chip starts in Optiboot, which starts the
    application once it has waited for a programmer."""
    link = tmp_path / 'ttyUNO'
    sim_factory('--pty', link, '--bootloader', OPTIBOOT, '--reset-on-open', '--realtime')
    port = open_port(link)
    reader = PortReader(port)
    banner = reader.wait(BANNER)
    port.write(b'app\n')
    reader.wait(b'app\n', banner.end())
    reader.close()


def test_atmegaboot_then_application_prints_at_once(sim_factory, tmp_path):
    """ATmegaBOOT busy-waits about a second before it jumps to the
    application; the application's first sleep must not stall the
    simulation for as long (its banner comes in one piece)."""
    link = tmp_path / 'ttyDUE'
    sim_factory('--pty', link, '--bootloader', ATMEGABOOT, '--reset-on-open', '--baud', '57600',
                '--realtime')
    port = open_port(link)
    reader = PortReader(port)
    first = reader.wait(b'Welcome')
    reader.wait(BANNER)
    # The whole banner in the same read as its first bytes, or within a few.
    assert BANNER.search(reader.data[first.start():first.start() + 40])
    reader.close()


def test_strict_baud_loses_bytes_at_the_wrong_speed(sim_factory, tmp_path):
    """--strict-baud: at 115200 the echo firmware (117647 baud) answers; at
    57600 nothing crosses, as on a real line, and avrsim says why."""
    link = tmp_path / 'ttyUNO'
    sim = sim_factory('--pty', link, '--reset-on-open', '--strict-baud')
    port = open_port(link)
    reader = PortReader(port)
    reader.wait(BANNER)
    port.write(b'right speed\n')
    reader.wait(b'right speed\n')
    reader.close()

    port = serial.Serial(str(link), 57600, timeout=0.2)
    reader = PortReader(port)
    port.write(b'wrong speed\n')
    sim.err.wait(b'the port is at 57600 baud, the UART at 117647: bytes are lost')
    time.sleep(0.5)
    assert b'wrong speed' not in reader.data and b'Welcome' not in reader.data
    reader.close()


def test_bootloader_usage_errors(avrsim_build, tmp_path):
    avrsim = str(avrsim_build['avrsim'])
    cases = [
        ([avrsim, '--reset-on-open', str(avrsim_build['echo'])], b'--reset-on-open needs --pty'),
        ([avrsim, '--strict-baud', str(avrsim_build['echo'])], b'--strict-baud needs --pty'),
        ([avrsim, '--bootloader', str(tmp_path / 'missing.hex')], b'missing.hex'),
        ([avrsim, '--mcu', 'atmega168', '--bootloader', str(OPTIBOOT)],
         b'past the 16384 bytes of this chip\'s flash'),
    ]
    for cmd, message in cases:
        run = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT)
        assert run.returncode == 1 and message in run.stderr, (cmd, run.stderr)
    run = subprocess.run([avrsim, '--pty', str(tmp_path / 'x')], capture_output=True,
                         timeout=TIMEOUT)
    assert run.returncode == 2 and b'usage' in run.stderr
