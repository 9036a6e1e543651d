# SPDX-License-Identifier: GPL-3.0-or-later
"""A board printing thousands of lines a second reaches the window in few, ordered updates."""

import threading
from types import SimpleNamespace

from snekide.worker import BoardSignals


def test_output_between_deliveries_is_joined_and_order_is_kept(qtbot):
    signals = BoardSignals()
    seen: list[tuple[str, str]] = []
    signals.output.connect(lambda text: seen.append(('output', text)))
    signals.prompt.connect(lambda main: seen.append(('prompt', main)))
    signals.disconnected.connect(lambda message: seen.append(('disconnected', message)))
    board = SimpleNamespace()
    signals.attach(board)

    def reader() -> None:  # the board's reader thread, while the window is busy
        for i in range(1000):
            board.on_output(f'line {i}\n')
        board.on_prompt(True)
        board.on_output('after the prompt\n')
        board.on_disconnect('gone')

    thread = threading.Thread(target=reader)
    thread.start()
    thread.join()
    qtbot.waitUntil(lambda: bool(seen) and seen[-1][0] == 'disconnected')
    assert seen == [('output', ''.join(f'line {i}\n' for i in range(1000))), ('prompt', True),
                    ('output', 'after the prompt\n'), ('disconnected', 'gone')]


def test_output_posted_on_the_window_thread_arrives_at_once(qtbot):
    signals = BoardSignals()
    seen: list[str] = []
    signals.output.connect(seen.append)
    board = SimpleNamespace()
    signals.attach(board)
    board.on_output('hello\n')
    assert seen == ['hello\n']
