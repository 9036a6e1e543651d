# SPDX-License-Identifier: GPL-3.0-or-later
"""Lesson sheets: the Markdown format, .sneklesson bundles, progress and the lesson pane."""
