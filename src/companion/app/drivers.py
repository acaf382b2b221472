"""Bots at the table: they choose with the engine's bots, then press the pad's buttons.

A bot sees what a person at that seat would do: it picks one of its legal choices, then walks the
pad menu to it with ◀ ▶ and presses ● (holding ● first when its pad has no display and the choice
is secret). Presses go through the mock pins, the input hub and the queue like anyone's.
"""

from __future__ import annotations

import queue
from typing import Any

from companion.app.menus import presses_to
from companion.app.presses import Presser
from companion.app.table import TableApp
from companion.elgrande.bots import Bot
from companion.elgrande.engine import decision


class BotDriver:
    def __init__(
        self, app: TableApp, presser: Presser, bots: dict[str, Bot], events: queue.Queue[Any]
    ) -> None:
        self.app, self.presser, self.bots, self.events = app, presser, bots, events

    def plan(self) -> tuple[str, list[str]] | None:
        """The next presses a bot makes now (player, buttons), or None if no bot has a move.

        Call only while the app is idle (every queued event handled)."""
        app = self.app
        seats = [p for p in app.pads if p in self.bots]
        if not seats or app.mode == "final":
            return None
        if app.mode in ("setup", "announce", "resumed", "abandon"):
            return seats[0], ["select"]
        s = app.session
        assert s is not None
        d = decision(s.state)
        if d is None:
            return None
        for p in d.players:
            if p not in self.bots:
                continue
            privacy = app.needs_privacy(p)
            if privacy and app.privacy is not None:
                continue  # someone else is looking at the main display
            action = self.bots[p].choose(s.state, p)
            presses = presses_to(app.menu_for(p), action)
            return p, (["long", *presses] if privacy else presses)
        return None

    def step(self) -> bool:
        """Make one bot's presses and wait until the app has handled them; False: none to make."""
        self.events.join()
        with self.app.lock:
            planned = self.plan()
        if planned is None:
            return False
        player, buttons = planned
        for button in buttons:
            self.presser.press(player, button)
        self.events.join()
        return True
