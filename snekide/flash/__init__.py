# SPDX-License-Identifier: GPL-3.0-or-later
"""Installing Snek on a board: the images that ship, the writers (STK500v1, UF2), the CLI, the dialog."""
