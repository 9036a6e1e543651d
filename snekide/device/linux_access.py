# SPDX-License-Identifier: GPL-3.0-or-later
"""Why a robot's port cannot be opened on Linux, explained in plain words with what to do."""

from __future__ import annotations

import errno
import getpass
import grp
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: The message when nothing more precise is known (the same words as SerialTransport.open).
CANNOT_OPEN = ("Could not open the robot's port {port}. Maybe another program is using it. "
               "Unplug the robot, plug it in again and press Connect.")
NOT_IN_GROUP = ("This computer account is not allowed to use the robot's port {port} yet. "
                "Ask your teacher to type this in a terminal: sudo usermod -aG {group} $USER "
                "Then log out and log in again (or restart the computer) and press Connect.")
LOG_OUT_AND_IN = ("This computer account was given permission to use the robot's port {port}, "
                  "but that only works after you log out and log in again (or restart the "
                  "computer). Do that, then press Connect.")
NOT_ALLOWED = ("This computer account is not allowed to use the robot's port {port}. If you "
               "just plugged the robot in, wait a moment and press Connect. If it keeps "
               "happening, ask your teacher to check who may use {port}.")
HELD_BY = ("Another program, {program}, is using the robot's port {port}. Close it (an Arduino "
           "IDE's Serial Monitor counts too) and press Connect.")
HELD = ("Another program is using the robot's port {port}. Close other programs that talk to "
        "robots, like the Arduino IDE, then unplug the robot, plug it in again and press Connect.")
BRLTTY = ("A program for braille displays, called brltty, is taking the robot's port {port}. "
          "If nobody uses a braille display on this computer, ask your teacher to type this in a "
          "terminal: sudo apt remove brltty  Then unplug the robot, plug it in again and press "
          "Connect.")
GONE = ("The robot's port {port} is not there any more. Check the cable, plug the robot in "
        "again and press Connect.")

#: Errors that brltty causes by taking a USB serial adapter away from us.
_BRLTTY_ERRORS = {errno.EBUSY, errno.ENOENT, errno.ENODEV, errno.ENXIO, errno.EIO}

#: Friendly names for programs that often hold serial ports: (exact command name, name).
_BY_COMMAND = {
    "screen": "screen", "minicom": "minicom", "picocom": "picocom", "tio": "tio",
    "cu": "cu", "putty": "PuTTY", "cutecom": "CuteCom", "gtkterm": "GtkTerm",
    "moserial": "moserial", "modemmanager": "ModemManager", "brltty": "brltty",
    "thonny": "Thonny", "snekde": "snekde", "mu-editor": "Mu",
}
#: (words anywhere in the command line, name), tried in order.
_BY_WORDS = [
    ("arduino", "Arduino IDE"),
    ("snekide", "another Snek IDE window"),
    ("snekde", "snekde"),
    ("mu_editor", "Mu"), ("mu-editor", "Mu"),
    ("thonny", "Thonny"),
    ("brltty", "brltty"),
]


def _group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def _group_members(name: str) -> list[str]:
    try:
        return list(grp.getgrnam(name).gr_mem)
    except KeyError:
        return []


@dataclass
class LinuxSystem:
    """What the checks look at. The defaults are the real computer; tests give fake ones."""
    platform: str = sys.platform
    proc: Path = Path("/proc")
    stat: Callable[[str], os.stat_result] = os.stat
    getuid: Callable[[], int] = os.getuid
    getgid: Callable[[], int] = os.getgid
    getgroups: Callable[[], list[int]] = os.getgroups
    user: Callable[[], str] = getpass.getuser
    group_name: Callable[[int], str] = _group_name
    group_members: Callable[[str], list[str]] = _group_members
    own_pid: int = field(default_factory=os.getpid)


@dataclass(frozen=True)
class PortUser:
    """A program that has a port open."""
    pid: int
    command: str        # the short command name, as in /proc/PID/comm
    name: str           # a name a student recognises


def friendly_name(command: str, cmdline: str = "") -> str:
    """A name a student recognises for a program (its command name and command line)."""
    short = command.strip().lower()
    if short in _BY_COMMAND:
        return _BY_COMMAND[short]
    words = f"{short} {cmdline.lower()}"
    for word, name in _BY_WORDS:
        if word in words:
            return name
    return command.strip() or "an unknown program"


def _read(path: Path) -> str:
    try:
        return path.read_bytes().replace(b"\0", b" ").decode("utf-8", "replace").strip()
    except OSError:
        return ""


def _processes(proc: Path) -> list[Path]:
    try:
        return [entry for entry in proc.iterdir() if entry.name.isdigit()]
    except OSError:
        return []


def programs_using(port: str, proc: Path = Path("/proc"),
                   own_pid: int | None = None) -> list[PortUser]:
    """Programs that have port open, found through the /proc/PID/fd links we may read.

    Other users' programs cannot be seen without root: they are simply not listed.
    """
    targets = {port, os.path.realpath(port)}
    found: list[PortUser] = []
    for entry in sorted(_processes(proc), key=lambda e: int(e.name)):
        pid = int(entry.name)
        if pid == own_pid:
            continue
        try:
            fds = list((entry / "fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                link = os.readlink(fd)
            except OSError:
                continue
            if link in targets:
                command = _read(entry / "comm")
                found.append(PortUser(pid, command, friendly_name(command,
                                                                  _read(entry / "cmdline"))))
                break
    return found


def brltty_running(proc: Path = Path("/proc")) -> bool:
    """Whether brltty (the braille display service that grabs USB serial adapters) runs."""
    return any(_read(entry / "comm").startswith("brltty") for entry in _processes(proc))


def _permission_problem(port: str, system: LinuxSystem) -> str | None:
    """NOT_IN_GROUP or LOG_OUT_AND_IN when the port's group is what keeps us out."""
    try:
        info = system.stat(port)
    except OSError:
        return None
    uid = system.getuid()
    if uid == 0 or info.st_uid == uid or info.st_gid == 0:
        return None
    if info.st_gid in system.getgroups() or info.st_gid == system.getgid():
        return None     # already in the group: something else is wrong
    group = system.group_name(info.st_gid)
    try:
        user = system.user()
    except Exception:  # noqa: BLE001 - no user name: the usermod advice still holds
        user = ""
    if user and user in system.group_members(group):
        return LOG_OUT_AND_IN.format(port=port)
    return NOT_IN_GROUP.format(port=port, group=group)


def explain_open_error(port: str, error: OSError, *, system: LinuxSystem | None = None) -> str:
    """What to tell the student when port could not be opened, and what to do about it.

    On Linux it checks, in plain words: permission through the port's group
    (`dialout`), another program holding the port (named when /proc shows it),
    and brltty taking USB serial adapters. Elsewhere the general message.
    """
    system = system or LinuxSystem()
    general = CANNOT_OPEN.format(port=port)
    if not system.platform.startswith("linux"):
        return general
    code = error.errno
    if code in (errno.EACCES, errno.EPERM):
        return _permission_problem(port, system) or NOT_ALLOWED.format(port=port)
    users = programs_using(port, system.proc, system.own_pid)
    if any(user.name == "brltty" for user in users):
        return BRLTTY.format(port=port)
    if users:
        names = []
        for user in users:
            if user.name not in names:
                names.append(user.name)
        return HELD_BY.format(program=" and ".join(names), port=port)
    if code in _BRLTTY_ERRORS and brltty_running(system.proc):
        return BRLTTY.format(port=port)
    if code == errno.EBUSY:
        return HELD.format(port=port)
    if code in (errno.ENOENT, errno.ENODEV, errno.ENXIO):
        return GONE.format(port=port)
    return general
