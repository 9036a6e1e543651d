# SPDX-License-Identifier: GPL-3.0-or-later
"""The Snekboard's USB serial device without the hardware: usb_cdc.c built
for the host (tests/firmware/usb_harness.c), its descriptors parsed back
field by field against the USB 2.0 (chapter 9) and CDC 1.2 / PSTN 1.2
layouts, and its control requests fed the setup packets hosts send."""

import struct
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PORT = ROOT / 'firmware' / 'ports' / 'snekboard'
CORE = ROOT / 'firmware' / 'core'
HARNESS = Path(__file__).resolve().parent / 'usb_harness.c'
SERIAL_WORDS = (0x01234567, 0x89ABCDEF, 0x00C0FFEE, 0xDEADBEEF)


@pytest.fixture(scope='session')
def harness_exe(tmp_path_factory) -> Path:
    exe = tmp_path_factory.mktemp('usb') / 'usb_harness'
    subprocess.run(['gcc', '-std=gnu11', '-O1', '-g', '-Wall', '-Wextra', '-Wshadow', '-Werror',
                    '-fsanitize=address,undefined', '-fno-sanitize-recover=all', f'-I{PORT}', f'-I{CORE}',
                    '-o', str(exe), str(HARNESS), str(PORT / 'usb_cdc.c')], check=True)
    return exe


class Device:
    """One device behind the harness: send commands, read its answers."""

    def __init__(self, exe: Path):
        self.proc = subprocess.Popen([str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        self.hooks: list[str] = []

    def command(self, line: str) -> str:
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()
        while True:
            answer = self.proc.stdout.readline().strip()
            assert answer, 'the harness stopped'
            if not answer.startswith('hook '):
                return answer
            self.hooks.append(answer[5:])

    def setup(self, packet: str) -> str:
        return self.command('setup ' + packet.replace(' ', ''))

    def get(self, packet: str) -> bytes:
        """An IN request that must succeed: its data."""
        answer = self.setup(packet)
        assert answer.startswith('send '), (packet, answer)
        return bytes.fromhex(answer.split()[1])

    def state(self) -> dict[str, int]:
        words = self.command('state').split()
        return {words[i]: int(words[i + 1]) for i in range(0, len(words), 2)}

    def close(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        self.proc.stdout.close()
        assert self.proc.wait(timeout=10) == 0, rest


@pytest.fixture
def device(harness_exe):
    d = Device(harness_exe)
    yield d
    d.close()


def enumerate_(device: Device, address: int = 7):
    """What Linux does before a driver binds: the device descriptor's first
    64 bytes, a bus reset, the address, the descriptors, configuration 1."""
    device.get('80 06 00 01 00 00 40 00')
    device.command('reset')
    assert device.setup(f'00 05 {address:02X} 00 00 00 00 00') == 'status'
    device.get('80 06 00 01 00 00 12 00')
    device.get('80 06 00 02 00 00 09 00')
    device.get('80 06 00 02 00 00 43 00')
    assert device.setup('00 09 01 00 00 00 00 00') == 'status'


# ------------------------------------------------------------ descriptors


def test_device_descriptor(device):
    d = device.get('80 06 00 01 00 00 12 00')
    (length, kind, bcd_usb, cls, subclass, protocol, ep0, vendor, product, bcd_device,
     i_manufacturer, i_product, i_serial, configurations) = struct.unpack('<BBHBBBBHHHBBBB', d)
    assert (length, kind) == (18, 1) and len(d) == 18
    assert bcd_usb == 0x0200
    # The communication class at the device level: no interface association needed.
    assert (cls, subclass, protocol) == (0x02, 0, 0)
    assert ep0 == 64  # full speed allows 8, 16, 32 or 64
    assert (vendor, product) == (0x239A, 0x804D)  # the Snekboard's ids
    assert bcd_device == 0x0010
    assert (i_manufacturer, i_product, i_serial) == (1, 2, 3)
    assert configurations == 1


def parse_configuration(data: bytes) -> list[tuple[int, bytes]]:
    """Split a configuration into its descriptors (type, bytes), checking
    that each length fits."""
    out = []
    at = 0
    while at < len(data):
        length = data[at]
        assert length >= 2 and at + length <= len(data), at
        out.append((data[at + 1], data[at:at + length]))
        at += length
    return out


def test_configuration_descriptor(device):
    head = device.get('80 06 00 02 00 00 09 00')
    length, kind, total, interfaces, value, i_config, attributes, power = struct.unpack('<BBHBBBBB', head)
    assert (length, kind) == (9, 2)
    assert (interfaces, value, i_config) == (2, 1, 0)
    assert attributes == 0x80  # bus powered, no remote wakeup; bit 7 is always set
    assert power == 250  # 500 mA in 2 mA units
    full = device.get(f'80 06 00 02 00 00 {total & 0xFF:02X} {total >> 8:02X}')
    assert len(full) == total == 67
    assert full[:9] == head
    parts = parse_configuration(full[9:])
    kinds = [(k, d[2] if k == 0x24 else None) for k, d in parts]
    assert kinds == [(4, None), (0x24, 0x00), (0x24, 0x01), (0x24, 0x02), (0x24, 0x06), (5, None),
                     (4, None), (5, None), (5, None)]

    # Interface 0 (USB 2.0 table 9-12): communication class, ACM, one endpoint.
    i0 = struct.unpack('<BBBBBBBBB', parts[0][1])
    assert i0 == (9, 4, 0, 0, 1, 0x02, 0x02, 0x00, 0)
    # Header (CDC 1.2 table 15): CDC release 1.20.
    assert struct.unpack('<BBBH', parts[1][1]) == (5, 0x24, 0x00, 0x0120)
    # Call management (PSTN 1.2 table 3): no call management, data on interface 1.
    assert struct.unpack('<BBBBB', parts[2][1]) == (5, 0x24, 0x01, 0x00, 1)
    # Abstract control management (PSTN 1.2 table 4): line coding and serial state.
    assert struct.unpack('<BBBB', parts[3][1]) == (4, 0x24, 0x02, 0x02)
    # Union (CDC 1.2 table 16): interface 0 controls interface 1.
    assert struct.unpack('<BBBBB', parts[4][1]) == (5, 0x24, 0x06, 0, 1)
    # The notification endpoint (table 9-13): interrupt IN.
    assert struct.unpack('<BBBBHB', parts[5][1]) == (7, 5, 0x83, 0x03, 16, 16)
    # Interface 1: data class, two endpoints.
    assert struct.unpack('<BBBBBBBBB', parts[6][1]) == (9, 4, 1, 0, 2, 0x0A, 0, 0, 0)
    # Bulk OUT 2 and bulk IN 1, 64-byte packets.
    assert struct.unpack('<BBBBHB', parts[7][1]) == (7, 5, 0x02, 0x02, 64, 0)
    assert struct.unpack('<BBBBHB', parts[8][1]) == (7, 5, 0x81, 0x02, 64, 0)


def utf16(data: bytes) -> str:
    assert data[0] == len(data) and data[1] == 3  # a string descriptor
    return data[2:].decode('utf-16-le')


def test_string_descriptors(device):
    langs = device.get('80 06 00 03 00 00 FF 00')
    assert langs == bytes([4, 3, 0x09, 0x04])  # US English
    assert utf16(device.get('80 06 01 03 09 04 FF 00')) == 'snekide'
    assert utf16(device.get('80 06 02 03 09 04 FF 00')) == 'Snekboard'
    serial = utf16(device.get('80 06 03 03 09 04 FF 00'))
    assert serial == ''.join(f'{w:08X}' for w in SERIAL_WORDS)


def test_descriptors_are_cut_to_what_the_host_asks(device):
    assert len(device.get('80 06 00 01 00 00 08 00')) == 8
    assert len(device.get('80 06 00 02 00 00 40 00')) == 64
    assert device.setup('80 06 00 01 00 00 00 00') == 'send  zlp=0'


def test_a_short_answer_of_whole_packets_ends_with_a_zero_length_packet(device):
    device.command('product ' + 'x' * 31)  # a 64-byte string descriptor
    assert device.setup('80 06 02 03 09 04 FF 00').endswith(' zlp=1')
    assert device.setup('80 06 02 03 09 04 40 00').endswith(' zlp=0')  # exactly what was asked


@pytest.mark.parametrize('packet', [
    '80 06 00 06 00 00 0A 00',  # device qualifier: full speed only
    '80 06 00 07 00 00 FF 00',  # other-speed configuration
    '80 06 00 0F 00 00 05 00',  # BOS: USB 2.00 has none
    '80 06 04 03 09 04 FF 00',  # no string 4
    '80 06 01 01 00 00 12 00',  # no device descriptor 1
    '80 06 00 04 00 00 09 00',  # interface descriptors only come inside the configuration
])
def test_descriptors_it_does_not_have_are_stalled(device, packet):
    assert device.setup(packet) == 'stall'


# ------------------------------------------------------- control requests


def test_linux_enumeration_and_open(device):
    enumerate_(device, address=7)
    assert device.hooks == ['configured 1']
    assert device.state()['address'] == 7
    assert device.state()['configuration'] == 1
    assert device.get('80 08 00 00 00 00 01 00') == b'\x01'  # GET_CONFIGURATION
    # cdc-acm opening the port: line coding, then DTR and RTS.
    assert device.setup('21 20 00 00 00 00 07 00') == 'receive 7'
    assert device.command('data 00C20100000008') == 'ok'
    assert device.setup('21 22 03 00 00 00 00 00') == 'status'
    s = device.state()
    assert (s['rate'], s['stop'], s['parity'], s['bits'], s['lines']) == (115200, 0, 0, 8, 3)
    assert device.get('A1 21 00 00 00 00 07 00') == bytes.fromhex('00C20100000008')
    assert device.hooks[1:] == ['line', 'line']


def test_windows_enumeration(device):
    device.get('80 06 00 01 00 00 40 00')
    device.command('reset')
    assert device.setup('00 05 0C 00 00 00 00 00') == 'status'
    device.get('80 06 00 01 00 00 12 00')
    assert len(device.get('80 06 00 02 00 00 FF 00')) == 67  # short of 255, no ZLP needed
    assert device.setup('80 06 00 02 00 00 FF 00').endswith('zlp=0')
    assert device.setup('80 06 00 06 00 00 0A 00') == 'stall'
    device.get('80 06 00 03 00 00 FF 00')
    device.get('80 06 03 03 09 04 FF 00')
    assert device.get('80 00 00 00 00 00 02 00') == b'\x00\x00'  # GET_STATUS: bus powered
    assert device.setup('00 09 01 00 00 00 00 00') == 'status'
    assert device.get('A1 21 00 00 00 00 07 00') == bytes.fromhex('00C20100000008')  # 115200 8N1


def test_the_1200_baud_touch_asks_for_the_bootloader(device):
    enumerate_(device)
    device.setup('21 20 00 00 00 00 07 00')
    device.command('data B0040000000008')  # 1200 baud
    device.setup('21 22 03 00 00 00 00 00')
    assert device.state()['bootloader'] == 0  # the port is open at 1200: not yet
    device.setup('21 22 00 00 00 00 00 00')
    assert device.state()['bootloader'] == 1  # closed (DTR down) at 1200


def test_closing_at_another_rate_is_not_a_touch(device):
    enumerate_(device)
    device.setup('21 20 00 00 00 00 07 00')
    device.command('data 00C20100000008')
    device.setup('21 22 03 00 00 00 00 00')
    device.setup('21 22 00 00 00 00 00 00')
    assert device.state()['bootloader'] == 0


def test_a_bus_reset_forgets_the_configuration_and_the_lines(device):
    enumerate_(device)
    device.setup('21 22 03 00 00 00 00 00')
    device.command('reset')
    s = device.state()
    assert (s['address'], s['configuration'], s['lines']) == (0, 0, 0)
    assert device.setup('A1 21 00 00 00 00 07 00') == 'stall'  # class requests need a configuration


def test_endpoint_halt(device):
    enumerate_(device)
    assert device.get('82 00 00 00 81 00 02 00') == b'\x00\x00'
    assert device.setup('02 03 00 00 81 00 00 00') == 'status'  # SET_FEATURE(ENDPOINT_HALT)
    assert device.get('82 00 00 00 81 00 02 00') == b'\x01\x00'
    assert device.setup('02 01 00 00 81 00 00 00') == 'status'  # CLEAR_FEATURE
    assert device.get('82 00 00 00 81 00 02 00') == b'\x00\x00'
    assert device.hooks[-2:] == ['halt 0x81 1', 'halt 0x81 0']
    assert device.setup('02 03 00 00 85 00 00 00') == 'stall'  # no endpoint 5
    assert device.setup('02 03 00 00 01 00 00 00') == 'stall'  # endpoint 1 is IN only


def test_interfaces(device):
    assert device.setup('81 0A 00 00 00 00 01 00') == 'stall'  # not configured yet
    enumerate_(device)
    assert device.get('81 0A 00 00 01 00 01 00') == b'\x00'  # GET_INTERFACE: alternate 0
    assert device.setup('01 0B 00 00 01 00 00 00') == 'status'  # SET_INTERFACE alternate 0
    assert device.setup('01 0B 01 00 01 00 00 00') == 'stall'  # there is no alternate 1
    assert device.setup('81 0A 00 00 02 00 01 00') == 'stall'  # no interface 2


def test_deconfiguring(device):
    enumerate_(device)
    assert device.setup('00 09 00 00 00 00 00 00') == 'status'
    assert device.state()['configuration'] == 0
    assert device.hooks[-1] == 'configured 0'
    assert device.setup('00 09 02 00 00 00 00 00') == 'stall'  # no configuration 2


@pytest.mark.parametrize('packet', [
    '00 03 01 00 00 00 00 00',  # SET_FEATURE(DEVICE_REMOTE_WAKEUP): not offered
    '00 03 02 00 00 00 00 00',  # SET_FEATURE(TEST_MODE): high speed only
    '00 05 80 00 00 00 00 00',  # an address above 127
    '40 01 00 00 00 00 00 00',  # vendor request
    '21 20 00 00 00 00 06 00',  # SET_LINE_CODING with a wrong length
    '21 22 03 00 01 00 00 00',  # CDC request to the data interface
    'A1 FF 00 00 00 00 01 00',  # unknown class request
    '82 0C 00 00 81 00 02 00',  # SYNCH_FRAME
])
def test_requests_it_does_not_know_are_stalled(device, packet):
    enumerate_(device)
    assert device.setup(packet) == 'stall'
    # and the device carries on
    assert device.get('80 06 00 01 00 00 12 00')[:2] == b'\x12\x01'


def test_a_new_setup_abandons_a_data_stage(device):
    enumerate_(device)
    assert device.setup('21 20 00 00 00 00 07 00') == 'receive 7'
    device.get('80 06 00 01 00 00 12 00')  # the host gave up on it
    device.command('data B0040000000008')  # a stray packet later
    assert device.state()['rate'] == 115200


# ------------------------------------------------------ the receive path


def test_bytes_the_console_has_no_room_for_wait_in_the_endpoint(device):
    device.command('console 10')
    packet = bytes(range(0x20, 0x20 + 30))
    assert device.command('feed ' + packet.hex()) == 'waiting 10'
    assert device.command('take 4') == 'took ' + packet[:4].hex().upper()
    assert device.command('resume') == 'waiting 14'
    assert device.command('take 10') == 'took ' + packet[4:14].hex().upper()
    assert device.command('resume') == 'waiting 24'
    device.command('take 10')
    assert device.command('resume') == 'all'
    assert device.command('console?') == 'holds ' + packet[24:].hex().upper()


def held(device: Device) -> bytes:
    """What the pretend console holds."""
    words = device.command('console?').split()
    return bytes.fromhex(words[1]) if len(words) > 1 else b''


def test_a_ctrl_c_behind_a_full_console_gets_through(device):
    """A runaway program reads no input: the console stays full, yet the
    ^C in the waiting packet must reach it at once."""
    device.command('console 8')
    packet = b'while 1: pass\n' + b'\x03' + b'print(1)\n'
    # 'while 1:' fills the console; the ^C behind it empties it and goes
    # in; 'print(1' follows it; ')\n' waits for room.
    assert device.command('feed ' + packet.hex()) == 'waiting 22'
    assert held(device) == b'\x03print(1'
    assert device.command('take 1') == 'took 03'
    assert device.command('resume') == 'waiting 23'
    device.command('take 1')
    assert device.command('resume') == 'all'
    assert held(device) == b'rint(1)\n'


def test_nothing_is_dropped_or_reordered_over_many_packets(device):
    device.command('console 16')
    sent = bytes(0x20 + (i * 7) % 0x5F for i in range(640))  # printable, no ^C
    got = b''
    for at in range(0, len(sent), 64):
        answer = device.command('feed ' + sent[at:at + 64].hex())
        while answer != 'all':
            got += bytes.fromhex(device.command('take 5').split()[1])
            answer = device.command('resume')
    got += held(device)
    assert got == sent
