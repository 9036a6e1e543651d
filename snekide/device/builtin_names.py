# SPDX-License-Identifier: GPL-3.0-or-later
"""Built-in names close to a misspelled one, as the board's own firmware knows them.

The firmware's name table is the one list of built-ins (and of each board's pin names), so
rather than copy it, we ask the host build: every spelling one typing slip away from the
unknown name (a letter missing, extra, wrong or swapped, or the wrong case) is tried in one
run of `snek --board NAME`, which says which of them it knows.
"""

from __future__ import annotations

import functools
import re
import string
import subprocess
from pathlib import Path

from snekide.device.transport import find_simulator_firmware

_LETTERS = string.ascii_letters + string.digits + "_."
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*\Z")
_KNOWN = re.compile(r"^(?:[>+] )*(\d+) ", re.MULTILINE)
#: Built-in names that only work in one place, so the probe cannot print them.
FOR_ONLY = ("range",)
#: Names longer than this get no suggestions (the candidates grow with the length).
LONGEST = 24


def one_slip_away(name: str) -> list[str]:
    """Every name one typing slip away from name, in a stable order."""
    found = {name.lower(), name.upper()}
    for i in range(len(name) + 1):
        found.update(name[:i] + c + name[i:] for c in _LETTERS)
    for i in range(len(name)):
        found.add(name[:i] + name[i + 1:])
        found.update(name[:i] + c + name[i + 1:] for c in _LETTERS)
    for i in range(len(name) - 1):
        found.add(name[:i] + name[i + 1] + name[i] + name[i + 2:])
    found.discard(name)
    return sorted(n for n in found if _NAME.match(n))


@functools.lru_cache(maxsize=256)
def similar_builtins(name: str, board: str = "snekboard", firmware: Path | None = None) -> tuple[str, ...]:
    """Built-in names of the board one slip away from name (empty if none, or if the host
    firmware cannot be run)."""
    if not _NAME.match(name) or len(name) > LONGEST:
        return ()
    candidates = one_slip_away(name)
    probe = "".join(f"print({i}, {candidate})\n" for i, candidate in enumerate(candidates))
    try:
        program = firmware or find_simulator_firmware()
        result = subprocess.run([str(program), "--board", board], input=probe, text=True,
                                capture_output=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return ()
    except Exception:  # noqa: BLE001 - no firmware (FirmwareNotFound): no suggestion
        return ()
    known = [candidates[int(m.group(1))] for m in _KNOWN.finditer(result.stdout)
             if int(m.group(1)) < len(candidates)]
    # range is a name only after `for ... in`: a value would not print, so it is not probed.
    known += [n for n in FOR_ONLY if n in candidates]
    return tuple(sorted(known, key=lambda n: (n.lower() != name.lower(), n)))
