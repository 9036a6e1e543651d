# SPDX-License-Identifier: GPL-3.0-or-later
"""snekide-flash on Debian's real bootloaders (Optiboot on the Uno, ATmegaBOOT on the
Duemilanove) running in avrsim; avrdude then checks what we wrote.

Each simulated board starts with its application area erased, resets when a
program opens its port (as DTR does), keeps to real time (the bootloaders
time out) and passes bytes only at its UART's speed (--strict-baud).
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time

import pytest
import serial

from snekide.flash import images
from tests.firmware.test_avrsim import PortReader, open_port

from .conftest import BOOTLOADERS, SNEKIDE_FLASH, run_flash

TIMEOUT = 30.0
DONE = re.compile(r"snekide-flash: Snek (\S+) is on the (.+) at (\S+): ([\d,]+) bytes written "
                  r"and checked in ([\d.]+) s \(bootloader (\S+)\)\.")


def shipped(board: str):
    return images.load(images.BOARDS[board])


def assert_installed(result, board: str) -> float:
    """snekide-flash said it wrote and checked the shipped image; the seconds it took."""
    assert result.returncode == 0, result.stdout + result.stderr
    done = DONE.search(result.stdout)
    assert done, result.stdout
    image = shipped(board)
    assert done.group(1) == image.version
    assert int(done.group(4).replace(",", "")) == image.size
    assert result.stderr == ""
    return float(done.group(5))


def assert_failed(result, *words: str) -> str:
    """snekide-flash exited 1 with one line on stderr that holds every word."""
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def assert_runs_snek(board) -> None:
    """Opening the port restarts the board: our banner, then print(6*7) answers 42."""
    port = open_port(board.link)
    reader = PortReader(port)
    try:
        version = shipped(board.name).version
        banner = reader.wait(f"Welcome to Snek {version}\r\n".encode(), timeout=TIMEOUT)
        reader.wait(b"> ", banner.end())
        start = len(reader.data)
        port.write(b"print(6*7)\n")
        reader.wait(b"42\r\n", start)
    finally:
        reader.close()


def avrdude_verifies(board, hex_file) -> None:
    """Debian's avrdude -c arduino reads the flash back and compares it with hex_file."""
    run = subprocess.run(["avrdude", "-c", "arduino", "-p", "m328p", "-P", str(board.link),
                          "-b", str(board.baudrate), "-U", f"flash:v:{hex_file}:i"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert f"{shipped(board.name).size} bytes of flash verified" in run.stderr, run.stderr


@pytest.mark.parametrize("name", ["uno", "duemilanove"])
def test_install_then_snek_runs_and_avrdude_agrees(board_factory, name, capsys):
    board = board_factory(name)
    result = run_flash("--board", name, "--port", board.link)
    seconds = assert_installed(result, name)
    assert f"on the {images.BOARDS[name].label} at {board.link}" in result.stdout
    assert_runs_snek(board)
    avrdude_verifies(board, images.shipped_image(images.BOARDS[name]))
    with capsys.disabled():
        print(f"\n  {name}: snekide-flash took {seconds:.1f} s in the simulator "
              f"({shipped(name).size:,} bytes written and read back)")


def test_install_cut_off_halfway_then_again(board_factory):
    """The installer killed in the middle of writing (as if the computer died): the
    board's bootloader is untouched, so the next install works."""
    board = board_factory("uno")
    proc = subprocess.Popen([str(SNEKIDE_FLASH), "--board", "uno", "--port", str(board.link)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd="/")
    try:
        for line in proc.stdout:
            if re.search(r"writing +[3-9]\d%", line):
                break
        else:
            pytest.fail("snekide-flash never got to the middle: " + proc.stderr.read())
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait(timeout=TIMEOUT)
        proc.stdout.close()
        proc.stderr.close()
    assert_installed(run_flash("--board", "uno", "--port", board.link), "uno")
    assert_runs_snek(board)


def test_cable_pulled_halfway_then_again(board_factory):
    """The board goes away while pages are written: one clear line, status 1; on the
    next board (plugged in again) the install works."""
    board = board_factory("uno")
    proc = subprocess.Popen([str(SNEKIDE_FLASH), "--board", "uno", "--port", str(board.link)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd="/")
    for line in proc.stdout:
        if re.search(r"writing +[2-9]\d%", line):
            break
    board.sim.kill()
    out, err = proc.communicate(timeout=TIMEOUT)
    result = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    assert_failed(result, "went away while writing page", "install again")

    again = board_factory("uno")
    assert_installed(run_flash("--board", "uno", "--port", again.link), "uno")


def test_wrong_board_never_enters_its_bootloader_then_right_board(board_factory):
    """A Duemilanove's bootloader talks at 57600: installing it as an Uno (115200)
    finds no bootloader and says so; as a Duemilanove it then works."""
    board = board_factory("duemilanove")
    assert_failed(run_flash("--board", "uno", "--port", board.link),
                  "did not start its bootloader", "115200")
    assert_installed(run_flash("--board", "duemilanove", "--port", board.link), "duemilanove")


def test_board_without_a_bootloader(board_factory, firmware_build):
    """A board that runs Snek but has no bootloader: a clear line, and Snek still works."""
    board = board_factory("uno", bootloader=False, elf=firmware_build["elf"])
    assert_failed(run_flash("--board", "uno", "--port", board.link),
                  "did not start its bootloader", "reset button")
    assert_runs_snek(board)


def test_other_chip_is_refused_then_right_chip_works(board_factory):
    """An ATmega168 (Optiboot for the 168): its signature is not the 328P's."""
    board = board_factory("uno", "--mcu", "atmega168",
                          bootloader=BOOTLOADERS / "optiboot" / "optiboot_atmega168.hex")
    assert_failed(run_flash("--board", "uno", "--port", board.link),
                  "ATmega168 (signature 1E 94 06)", "ATmega328P", "Choose the right board")
    right = board_factory("uno")
    assert_installed(run_flash("--board", "uno", "--port", right.link), "uno")


def test_bad_images_are_refused_before_the_board_is_touched(board_factory, tmp_path):
    """Damaged, cut-off and too-big images: one line each, nothing written; the
    shipped image then installs."""
    board = board_factory("duemilanove")
    text = images.shipped_image(images.BOARDS["uno"]).read_text()
    lines = text.splitlines(keepends=True)
    bad = {
        "checksum.hex": "".join(lines[:3] + [lines[3][:-4] + "00\n"] + lines[4:]),
        "cut-mid-line.hex": text[:len(text) // 2],
        "cut-at-a-line.hex": "".join(lines[:len(lines) // 2]),
        "not-hex.hex": "print('hello')\n",
        "empty.hex": "",
    }
    for name, content in bad.items():
        (tmp_path / name).write_text(content)
        assert_failed(run_flash("--board", "duemilanove", "--port", board.link,
                                "--image", tmp_path / name), "is damaged", name)
    # 30,720 bytes fit beside ATmegaBOOT: an image reaching 0x7900 does not.
    too_big = tmp_path / "too-big.hex"
    from intelhex import IntelHex

    big = IntelHex()
    big.frombytes(bytes(range(256)) * 121, offset=0)
    big.write_hex_file(str(too_big))
    assert_failed(run_flash("--board", "duemilanove", "--port", board.link, "--image", too_big),
                  "too big for the Arduino Duemilanove", "30,976 bytes", "room for 30,720")
    missing = tmp_path / "missing.hex"
    assert_failed(run_flash("--board", "duemilanove", "--port", board.link, "--image", missing),
                  "Could not read the Snek image", "missing.hex")
    assert_installed(run_flash("--board", "duemilanove", "--port", board.link), "duemilanove")
    assert_runs_snek(board)


def test_port_held_by_another_program_then_free(board_factory):
    """Another program has the port open: refused, naming it; once it lets go, it works."""
    board = board_factory("uno")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import serial, sys, time\n"
         f"s = serial.Serial({str(board.link)!r}, 115200)\nprint('open', flush=True)\n"
         "sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "open"
        line = assert_failed(run_flash("--board", "uno", "--port", board.link),
                             "is using the robot's port", "try again")
        assert "python" in line.lower(), line
    finally:
        holder.stdin.close()
        holder.wait(timeout=TIMEOUT)
        holder.stdout.close()
    assert_installed(run_flash("--board", "uno", "--port", board.link), "uno")


def test_usage_mistakes_are_one_line(tmp_path):
    for args, words in [
        ([], ["required"]),
        (["--board", "mega", "--port", "x"], ["invalid choice: 'mega'"]),
        (["--board", "uno"], ["--port"]),
        (["--board", "uno", "--port", tmp_path / "ttyNONE"], ["is not there"]),
    ]:
        assert_failed(run_flash(*args), *words)
    help_text = run_flash("--help")
    assert help_text.returncode == 0 and "--image" in help_text.stdout
