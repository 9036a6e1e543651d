# SPDX-License-Identifier: GPL-3.0-or-later
"""Whether a program compiles, asked of the host firmware (`snek --check FILE`) before Put."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from snekide.device.protocol import program_text
from snekide.device.transport import find_simulator_firmware
from snekide.error_report import parse_error


class CheckUnavailable(Exception):
    """The host firmware could not check the program (missing, or it failed)."""


def compile_error(text: str, firmware: Path | None = None) -> tuple[int, str] | None:
    """The first compile error of a program as (line, message), or None if it compiles.

    Nothing of the program runs. Raises CheckUnavailable when there is no answer.
    """
    try:
        program = firmware or find_simulator_firmware()
    except Exception as error:  # noqa: BLE001 - FirmwareNotFound, with its own message
        raise CheckUnavailable(str(error)) from error
    with tempfile.TemporaryDirectory(prefix="snekide-check-") as folder:
        source = Path(folder) / "program.py"
        source.write_text(program_text(text), encoding="utf-8")
        try:
            result = subprocess.run([str(program), "--check", str(source)], capture_output=True,
                                    text=True, errors="replace", timeout=10, check=False)
        except (OSError, subprocess.SubprocessError) as error:
            raise CheckUnavailable(str(error)) from error
    if result.returncode == 0:
        return None
    for line in result.stderr.splitlines():
        error = parse_error(line)
        if error is not None:
            return error
    raise CheckUnavailable(result.stderr.strip() or f"exit status {result.returncode}")
