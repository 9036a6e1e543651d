# SPDX-License-Identifier: GPL-3.0-or-later
"""The external tools the IDE's tests need."""

from tests.toolcheck import AVRSIM, HOST, SCREEN

#: The external tools each fixture or test here needs, by name (tests/toolcheck.py):
#: a test whose tool is missing is skipped, or fails the run under CI=true.
NEEDS_TOOLS = {
    'firmware': HOST,
    'installed': HOST,
    'avrsim': AVRSIM,
    'display': SCREEN,
    'test_desktop_file_validates': ('desktop-file-validate',),
}
