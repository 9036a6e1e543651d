# SPDX-License-Identifier: GPL-3.0-or-later
"""Test-wide environment: Qt runs headless, and each external tool is checked once."""

import os

# Before Qt is imported.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The tools the tests need (declared in each folder's conftest as NEEDS_TOOLS).
pytest_plugins = ("tests.toolcheck",)
