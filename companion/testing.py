"""The harness that `demo`, `sim`, `bench`, `screens` and the tests share: one clock, fingers that
press mock buttons, bots that drive them, and a table whose queue is drained on the caller's thread.

Pressing goes through the same gpiozero mock pins, input hub and event queue as a person's press.
With the input hub not started and a `VirtualClock`, each press is: pin down, time passes, the hub
is pumped (debounce, long press), pin up, time passes, pumped. No real time is spent, so a whole
game can run flat out and still go through debounce and long-press detection.

>>> clock = VirtualClock(10.0)
>>> clock(), clock.advance(2.5), clock()
(10.0, 12.5, 12.5)
"""

from __future__ import annotations

import queue
import time
import zlib
from collections.abc import Mapping
from typing import Any

from companion import games
from companion.app.menus import presses_to
from companion.app.mode import Mode
from companion.app.table import TableApp
from companion.elgrande.bots import Bot, GreedyBot, RandomBot, RelativeBot
from companion.kit.moves import Action
from companion.session.store import DEFAULT_GAME
from hw.backend import MockBackend
from hw.events import Btn, Kind, PadEvent
from hw.hardware import Hardware

HOLD = 0.05  # longer than any sensible debounce
LONG = 1.0  # longer than the long press (0.8 s by default)


class VirtualClock:
    """Time that moves only when told to (the hub, the devices and the stores read it)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


class Presser:
    """Presses buttons on `hw` built on a `MockBackend`, a finger on its mock pins. With a
    VirtualClock the hub must be built with that clock and `start=False` (this pumps it);
    without, the hub's own thread runs in real time."""

    def __init__(self, hw: Hardware, clock: VirtualClock | None = None) -> None:
        if not isinstance(hw.backend, MockBackend):
            raise TypeError(f"only mock pins can be pressed; this table is on {hw.backend.name}")
        self.hw, self.clock, self.pins = hw, clock, hw.backend
        hold = max(HOLD, hw.config.input.debounce * 2)
        self.hold = hold
        self.long = max(LONG, hw.config.input.long_press + hold)

    def _step(self, seconds: float) -> None:
        if self.clock is None:
            time.sleep(seconds)
            return
        self.clock.advance(seconds)
        self.hw.input.pump()

    def press(self, player: str, button: str) -> None:
        """'left', 'right', 'select', 'long' (● held past the long-press time) or 'hold_left'
        (◀ held until it repeats twice)."""
        btn = {"long": Btn.SELECT, "hold_left": Btn.LEFT}.get(button) or Btn(button)
        wired = self.hw.config.players.get(player)
        if wired is None:  # a seat played by phone only has no pins: its press is queued as is
            kind = Kind.LONG_PRESS if button == "long" else Kind.PRESS
            self.hw.events.put(PadEvent(player, btn, kind, at=0.0))
            if button == "hold_left":
                self.hw.events.put(PadEvent(player, btn, Kind.REPEAT, at=0.0))
            return
        gpio = wired.pin(btn)
        self.pins.drive(gpio, True)
        self._step(self.hold)
        if button == "long":
            self._step(self.long)
        if button == "hold_left":
            timing = self.hw.config.input
            self._step(timing.repeat_delay)
            self._step(timing.repeat_interval)
        self.pins.drive(gpio, False)
        self._step(self.hold)


def drain(app: TableApp, events: queue.Queue[Any]) -> int:
    """Handle every queued event now, on this thread (the loop's job in the app); how many."""
    handled = 0
    while True:
        try:
            event = events.get_nowait()
        except queue.Empty:
            return handled
        app.handle(event)
        events.task_done()
        handled += 1


class StateSeeded:
    """A bot whose every choice depends on the game's seed and the state alone (no RNG state
    carried between choices), so a game resumed from its log goes on exactly as it would have.

    >>> from companion.elgrande.engine import new_game
    >>> s = new_game(["red", "blue"], seed=1)
    >>> a, b = StateSeeded(GreedyBot, 4), StateSeeded(GreedyBot, 4)
    >>> a.choose(s, "red") == b.choose(s, "red")
    True
    """

    def __init__(self, kind: type[Any], seed: int, game: str = DEFAULT_GAME) -> None:
        self.kind, self.seed, self.game = kind, seed, games.load(game)

    def choose(self, s: Any, player: str) -> Action:
        # The number of public events and the menu offered tell one decision from the next.
        offered = ",".join(str(a) for a in self.game.legal_actions(s, player))
        key = f"{self.seed}|{player}|{s.event_count}|{offered}".encode()
        return self.kind(zlib.crc32(key)).choose(s, player)


def make_bots(seats: tuple[str, ...], seed: int, game: str = DEFAULT_GAME) -> dict[str, Bot]:
    """El Grande: greedy bots with one random one among them; another game: its own first bot
    kind at every seat. Each is seeded from the game's seed."""
    if game != DEFAULT_GAME:
        kind = next(iter(games.load(game).bots.values()))
        return {p: StateSeeded(kind, seed * 10 + i, game) for i, p in enumerate(seats)}
    return {
        p: StateSeeded(RandomBot if i == len(seats) - 1 else GreedyBot, seed * 10 + i)
        for i, p in enumerate(seats)
    }


# The bots a seat may be given by name (`companion sim --bots blue=random`).
# "relative" wins about 37% of 4-player games against three greedy ones (benchmarks/).
BOT_KINDS: dict[str, type[RandomBot]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
    "relative": RelativeBot,
}


def bot_kinds(game: str = DEFAULT_GAME) -> Mapping[str, type[Any]]:
    """The bots a seat may be given by name, the default first: El Grande's BOT_KINDS, or the
    game's own."""
    return BOT_KINDS if game == DEFAULT_GAME else games.load(game).bots


class SeatBot:
    """A seat's bot, named by kind, for whichever game the table starts (the setup screen may
    change the game): the kind of that name in the game's bots, else the game's first kind."""

    def __init__(self, kind: str, seed: int) -> None:
        self.kind, self.seed = kind, seed
        self._made: dict[str, StateSeeded] = {}

    def for_game(self, game: str) -> StateSeeded:
        if game not in self._made:
            known = bot_kinds(game)
            kind = known.get(self.kind) or next(iter(known.values()))
            self._made[game] = StateSeeded(kind, self.seed, game)
        return self._made[game]


def table_bots(kinds: Mapping[str, str], seed: int) -> dict[str, SeatBot]:
    """One bot a seat, by kind name, each seeded from the game's seed, for any game."""
    return {p: SeatBot(kind, seed * 10 + i) for i, (p, kind) in enumerate(kinds.items())}


def seat_bots(kinds: Mapping[str, str], seed: int, game: str = DEFAULT_GAME) -> dict[str, Bot]:
    """The bots `table_bots` gives, for `game` now.

    >>> sorted(seat_bots({"blue": "greedy", "green": "random"}, 3))
    ['blue', 'green']
    """
    return {p: bot.for_game(game) for p, bot in table_bots(kinds, seed).items()}


# Where a bot could press ● only to move the table on: pages a person reads or fills in.
PAGE_MODES = (Mode.SETUP, Mode.ANNOUNCE, Mode.RESUMED, Mode.ABANDON)


class BotDriver:
    """Bots at the table: they choose with the engine's bots, then press the pad's buttons.

    A bot sees what a person at that seat would do: it picks one of its legal choices, then walks
    the pad menu to it with ◀ ▶ and presses ● (holding ● first when its pad has no display and the
    choice is secret). Presses go through the mock pins, the input hub and the queue like anyone's.
    With `sync` the queue is drained on the caller's thread after each press (no loop running);
    otherwise the app's loop handles it and `step` waits for it. With `pages=False` the bots
    leave the setup screen, the announcements and the resume page to the person.
    """

    def __init__(
        self,
        app: TableApp,
        presser: Presser,
        bots: dict[str, Bot],
        events: queue.Queue[Any],
        *,
        sync: bool = False,
        pages: bool = True,
    ) -> None:
        self.app, self.presser, self.bots, self.events = app, presser, bots, events
        self.sync, self.pages = sync, pages

    def plan(self) -> tuple[str, list[str]] | None:
        """The next presses a bot makes now (player, buttons), or None if no bot has a move.

        Call only while the app is idle (every queued event handled)."""
        app = self.app
        seats = [p for p in app.pads if p in self.bots]
        if not seats or app.mode in (Mode.FINAL, Mode.PHONES):  # the Phones page is people's
            return None
        if app.mode in PAGE_MODES:
            return (seats[0], ["select"]) if self.pages else None
        s = app.session
        assert s is not None
        d = s.decision()
        if d is None:
            return None
        for p in d.players:
            if p not in self.bots:
                continue
            privacy = app.needs_privacy(p)
            if privacy and app.privacy is not None:
                continue  # someone else is looking at the main display
            bot = self.bots[p]
            if isinstance(bot, SeatBot):
                bot = bot.for_game(s.header.game)
            action = bot.choose(s.state, p)
            presses = presses_to(app.menu_for(p), action)
            return p, (["long", *presses] if privacy else presses)
        return None

    def press(self, player: str, button: str) -> None:
        """One press, handled before this returns."""
        self.presser.press(player, button)
        if self.sync:
            drain(self.app, self.events)

    def step(self) -> bool:
        """Make one bot's presses and wait until the app has handled them; False: none to make."""
        if not self.sync:
            self.events.join()
        with self.app.lock:
            planned = self.plan()
        if planned is None:
            return False
        player, buttons = planned
        for button in buttons:
            self.press(player, button)
        if not self.sync:
            self.events.join()
        return True
