# SPDX-License-Identifier: GPL-3.0-or-later
"""explain_open_error: the dialout group, a port held by another program, brltty; fake systems."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest
import serial

from snekide.device import linux_access
from snekide.device.linux_access import (LinuxSystem, brltty_running, explain_open_error,
                                         friendly_name, programs_using)

ME = "alex"


@pytest.fixture
def dev(tmp_path: Path) -> Path:
    """A fake /dev with a fake robot port in it."""
    folder = tmp_path / "dev"
    folder.mkdir()
    (folder / "ttyACM0").touch()
    return folder


@pytest.fixture
def proc(tmp_path: Path) -> Path:
    """An empty fake /proc; add_process() fills it."""
    folder = tmp_path / "proc"
    folder.mkdir()
    (folder / "self").mkdir()   # not a process: ignored
    return folder


def add_process(proc: Path, pid: int, comm: str, cmdline: list[str],
                files: list[Path] = ()) -> None:
    folder = proc / str(pid)
    (folder / "fd").mkdir(parents=True)
    (folder / "comm").write_text(comm + "\n")
    (folder / "cmdline").write_bytes(b"\0".join(part.encode() for part in cmdline) + b"\0")
    (folder / "fd" / "0").symlink_to("/dev/null")
    (folder / "fd" / "1").symlink_to("pipe:[1234]")
    for number, path in enumerate(files, start=3):
        (folder / "fd" / str(number)).symlink_to(path)


DIALOUT = 20


def device_stat(path: str) -> os.stat_result:
    """Like a tty node in /dev: crw-rw---- root:dialout (the fake file must exist)."""
    real = os.stat(path)
    return os.stat_result((0o20660, real.st_ino, real.st_dev, 1, 0, DIALOUT, 0, 0, 0, 0))


def system(proc: Path, port: Path, *, in_group: bool = False, listed: bool = False,
           platform: str = "linux") -> LinuxSystem:
    """A computer where ports belong to group 'dialout' and we are user alex (not root)."""
    port_gid = DIALOUT
    return LinuxSystem(
        platform=platform, proc=proc, stat=device_stat, getuid=lambda: 1000, getgid=lambda: 1000,
        getgroups=lambda: [1000, 24] + ([port_gid] if in_group else []),
        user=lambda: ME,
        group_name=lambda gid: "dialout" if gid == port_gid else f"group{gid}",
        group_members=lambda name: [ME, "sam"] if listed and name == "dialout" else ["sam"],
        own_pid=1)


def denied() -> OSError:
    return OSError(errno.EACCES, "Permission denied")


def test_not_in_dialout_says_the_exact_command(dev, proc):
    port = dev / "ttyACM0"
    message = explain_open_error(str(port), denied(), system=system(proc, port))
    assert "not allowed" in message
    assert "sudo usermod -aG dialout $USER" in message
    assert "log out and log in again" in message
    assert str(port) in message


def test_just_added_to_dialout_needs_a_new_login(dev, proc):
    port = dev / "ttyACM0"
    message = explain_open_error(str(port), denied(), system=system(proc, port, listed=True))
    assert "log out and log in again" in message
    assert "usermod" not in message


def test_in_the_group_yet_denied_is_not_blamed_on_the_group(dev, proc):
    port = dev / "ttyACM0"
    message = explain_open_error(str(port), OSError(errno.EPERM, "no"),
                                 system=system(proc, port, in_group=True))
    assert message == linux_access.NOT_ALLOWED.format(port=port)
    assert "usermod" not in message


def test_a_port_owned_by_us_or_by_root_group_is_not_a_dialout_problem(dev, proc):
    port = dev / "ttyACM0"
    mine = system(proc, port)
    mine.getuid = lambda: 0
    assert "usermod" not in explain_open_error(str(port), denied(), system=mine)
    owner = system(proc, port)
    owner.stat = lambda path: os.stat_result((0o20600, 0, 0, 1, 1000, DIALOUT, 0, 0, 0, 0))
    assert "usermod" not in explain_open_error(str(port), denied(), system=owner)
    root_group = system(proc, port)
    root_group.stat = lambda path: os.stat_result((0o20600, 0, 0, 1, 0, 0, 0, 0, 0, 0))
    assert "wait a moment" in explain_open_error(str(port), denied(), system=root_group)


def test_a_group_with_another_name_is_named(dev, proc):
    port = dev / "ttyACM0"
    arch = system(proc, port)
    arch.group_name = lambda gid: "uucp"
    assert "sudo usermod -aG uucp $USER" in explain_open_error(str(port), denied(), system=arch)


def test_held_by_the_arduino_ide_names_it(dev, proc):
    port = dev / "ttyACM0"
    add_process(proc, 200, "bash", ["bash"])
    add_process(proc, 4321, "java", ["java", "-cp", "/usr/share/arduino/lib/pde.jar",
                                     "processing.app.Base"], [port])
    message = explain_open_error(str(port), OSError(errno.EBUSY, "Device or resource busy"),
                                 system=system(proc, port))
    assert message == linux_access.HELD_BY.format(program="Arduino IDE", port=port)
    assert "Close it" in message


def test_held_through_a_symlink_to_the_port(dev, proc, tmp_path):
    port = dev / "ttyACM0"
    by_id = tmp_path / "usb-Arduino_Uno_8573531-if00"
    by_id.symlink_to(port)
    add_process(proc, 77, "screen", ["screen", str(port), "115200"], [port])
    message = explain_open_error(str(by_id), OSError(errno.EBUSY, "busy"),
                                 system=system(proc, port))
    assert "Another program, screen, is using" in message


def test_two_programs_are_both_named_once(dev, proc):
    port = dev / "ttyACM0"
    add_process(proc, 10, "minicom", ["minicom"], [port])
    add_process(proc, 11, "java", ["java", "arduino"], [port])
    add_process(proc, 12, "java", ["java", "arduino"], [port])
    message = explain_open_error(str(port), OSError(errno.EBUSY, "busy"),
                                 system=system(proc, port))
    assert "minicom and Arduino IDE" in message


def test_our_own_process_does_not_count(dev, proc):
    port = dev / "ttyACM0"
    add_process(proc, 1, "python3", ["python3", "-m", "snekide"], [port])
    message = explain_open_error(str(port), OSError(errno.EBUSY, "busy"),
                                 system=system(proc, port))
    assert message == linux_access.HELD.format(port=port)


def test_busy_without_a_visible_holder(dev, proc):
    port = dev / "ttyACM0"
    add_process(proc, 300, "sleep", ["sleep", "100"])
    (proc / "301").mkdir()   # another user's process: nothing readable
    message = explain_open_error(str(port), OSError(errno.EBUSY, "busy"),
                                 system=system(proc, port))
    assert "Another program is using the robot's port" in message
    assert "Arduino IDE" in message   # as an example of what to close


@pytest.mark.parametrize("code", [errno.ENOENT, errno.EBUSY, errno.EIO, errno.ENODEV])
def test_brltty_is_named_with_the_command_to_remove_it(dev, proc, code):
    port = dev / "ttyUSB0"
    port.touch()
    add_process(proc, 900, "brltty", ["/sbin/brltty", "-n"])
    message = explain_open_error(str(port), OSError(code, os.strerror(code)),
                                 system=system(proc, port))
    assert "brltty" in message
    assert "sudo apt remove brltty" in message
    assert "braille" in message


def test_brltty_holding_the_port(dev, proc):
    port = dev / "ttyUSB0"
    port.touch()
    add_process(proc, 900, "brltty", ["brltty"], [port])
    message = explain_open_error(str(port), OSError(errno.EACCES, "x"),
                                 system=system(proc, port, in_group=True))
    assert "usermod" not in message   # in the group: permission is not the problem
    message = explain_open_error(str(port), OSError(errno.EBUSY, "x"), system=system(proc, port))
    assert "sudo apt remove brltty" in message


def test_a_port_that_went_away(dev, proc):
    gone = dev / "ttyACM5"
    message = explain_open_error(str(gone), OSError(errno.ENOENT, "No such file"),
                                 system=system(proc, dev / "ttyACM0"))
    assert message == linux_access.GONE.format(port=gone)
    assert "Check the cable" in message


def test_other_errors_and_other_systems_get_the_general_message(dev, proc):
    port = dev / "ttyACM0"
    general = linux_access.CANNOT_OPEN.format(port=port)
    assert explain_open_error(str(port), OSError(errno.EINVAL, "x"),
                              system=system(proc, port)) == general
    add_process(proc, 900, "brltty", ["brltty"])
    for platform in ("win32", "darwin"):
        assert explain_open_error("COM3", denied(), system=system(proc, port, platform=platform)) \
            == linux_access.CANNOT_OPEN.format(port="COM3")


def test_pyserial_errors_carry_their_errno(dev, proc):
    missing = dev / "ttyACM9"
    with pytest.raises(serial.SerialException) as error:
        serial.Serial(str(missing), 115200)
    message = explain_open_error(str(missing), error.value, system=system(proc, dev / "ttyACM0"))
    assert message == linux_access.GONE.format(port=missing)


@pytest.mark.parametrize("command, cmdline, name", [
    ("java", "java -jar /opt/arduino-1.8.19/lib/arduino-core.jar processing.app.Base",
     "Arduino IDE"),
    ("arduino-ide", "/opt/arduino-ide/arduino-ide", "Arduino IDE"),
    ("serial-monitor", "/opt/arduino-ide/resources/app/lib/backend/resources/serial-monitor",
     "Arduino IDE"),
    ("python3", "python3 /usr/bin/snekde", "snekde"),
    ("python3", "python3 -m snekide", "another Snek IDE window"),
    ("python3", "python3 -m mu_editor", "Mu"),
    ("ModemManager", "/usr/sbin/ModemManager", "ModemManager"),
    ("cu", "cu -l /dev/ttyACM0", "cu"),
    ("weird-tool", "weird-tool --port", "weird-tool"),
    ("", "", "an unknown program"),
])
def test_friendly_names(command, cmdline, name):
    assert friendly_name(command, cmdline) == name


def test_programs_using_a_real_file_in_the_real_proc(tmp_path):
    port = tmp_path / "ttyFAKE"
    port.write_text("")
    with open(port) as held:
        child = subprocess.Popen(["sleep", "30"], stdin=held)
    try:
        users = programs_using(str(port), own_pid=os.getpid())
        assert [(u.pid, u.command, u.name) for u in users] == [(child.pid, "sleep", "sleep")]
    finally:
        child.kill()
        child.wait(timeout=10)
    assert programs_using(str(port), own_pid=os.getpid()) == []


def test_brltty_running(proc):
    assert not brltty_running(proc)
    add_process(proc, 5, "bash", ["bash"])
    assert not brltty_running(proc)
    add_process(proc, 6, "brltty", ["brltty"])
    assert brltty_running(proc)
    assert not brltty_running(proc / "missing")
