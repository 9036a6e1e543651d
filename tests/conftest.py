"""Test-wide environment: run Qt headless (must happen before Qt is imported)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
