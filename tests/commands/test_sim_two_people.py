"""Two people and two bots in `companion sim`, in tmux at 80×24: during the bids each person's
cursor stays where they left it while the other presses and the bots seal, and the players'
panel names who is still choosing."""

from __future__ import annotations

import re
import shutil
import time

import pytest
from test_sim_terminal import Terminal

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


def _pad(screen: list[str], p: str) -> str:
    return next(line for line in screen if re.match(rf"[●○] {p}: ", line))


def test_two_people_bid_in_turn_and_neither_cursor_moves_under_the_other(tmp_path):
    args = ("--bots", "yellow,green", "--seed", "5", "--pace", "0")
    term = Terminal(tmp_path, 24, 80, *args)
    try:
        term.wait_for("Start the game")
        term.keys("3")  # red's ●: Start
        term.wait_for("power cards")
        term.keys("2", "3")  # red: the cards 8-13, opened
        start = _pad(term.settled(), "red")
        term.keys("2")  # and one step on, off where a menu built anew would start
        red = _pad(term.settled(), "red")
        assert red != start and "power" in red, red
        assert "power" in red, red
        term.keys("w", "e")  # blue: to the cards 8-13, and opens them
        time.sleep(1.0)  # the bots seal meanwhile
        screen = term.settled()
        assert _pad(screen, "red") == red  # red's cursor: where red left it
        panel = " ".join(screen[:12])
        assert "choosing:" in panel and "red" in panel.split("choosing:")[1], panel
        blue = _pad(screen, "blue")
        term.keys("1")  # red walks: blue's cursor stays
        assert _pad(term.settled(), "blue") == blue
    finally:
        term.close()
