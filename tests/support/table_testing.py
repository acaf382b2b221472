"""A table on mock hardware, driven only by presses on its gpiozero mock pins (the app's tests)."""

from __future__ import annotations

from companion.app.config import load_app_config
from companion.app.menus import presses_to
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.elgrande.engine import decision
from companion.elgrande.moves import Action
from companion.elgrande.options import TableOptions
from companion.testing import BotDriver, Presser, VirtualClock, drain, make_bots
from hw.backend import MockBackend
from hw.hardware import build_hardware


class Table:
    """The app on mock hardware; `press` goes through the pins, the hub and the queue.

    Events are handled on the test's thread as soon as they are queued (the loop's job), so each
    press is finished when `press` returns.
    """

    def __init__(
        self,
        config: str = "pi.toml",
        seats=None,
        seed: int = 1,
        store=None,
        hardware=None,  # a HardwareConfig built by the test, instead of `config`
        game: str | None = None,  # another game than El Grande, with its default options
        language: str = "en",
        **options,
    ) -> None:
        hardware = hardware or load_app_config(None, config)[0]
        self.clock = VirtualClock()
        self.hw = build_hardware(hardware, backend=MockBackend(), clock=self.clock, start=False)
        played = tuple(seats) if seats else None
        if game is None:
            defaults = TableDefaults(TableOptions(**options), played, language=language)
        else:
            defaults = TableDefaults(None, played, game, language=language)
        self.app = TableApp(self.hw, defaults, seed=seed, store=store)
        self.presser = Presser(self.hw, self.clock)

    def drain(self) -> None:
        drain(self.app, self.hw.events)

    def press(self, player: str, *buttons: str) -> None:
        for button in buttons:
            self.presser.press(player, button)
            self.drain()

    def seal(self, player: str, *buttons: str) -> None:
        """`buttons`, then the second ● of the last look when they made `player` the last to
        seal a sealed step (their ● then shows the choice, and a second one reveals all)."""
        self.press(player, *buttons)
        if player in self.app.last_look:
            self.press(player, "select")

    def bots(self, bots) -> BotDriver:
        return BotDriver(self.app, self.presser, bots, self.hw.events, sync=True)

    @property
    def session(self):
        return self.app.session

    def close(self) -> None:
        self.hw.close()


def enter_power_card(table: Table, p: str, value: int) -> None:
    """A power card on the player's own pad: thirteen come as two groups, the group first,
    then the card in it."""
    card = Action("bid", value)
    if card not in table.app.menu_for(p).actions:
        group = Action("bid_group", "1-7" if value <= 7 else "8-13")
        table.press(p, *presses_to(table.app.menu_for(p), group))
    table.seal(p, *presses_to(table.app.menu_for(p), card))


def red_plays_until_a_card(table: Table) -> None:
    """From the set-up screen, a person plays red and bots the others (as in the sim) until red
    chooses an action card."""
    table.press("red", "select")  # Start
    bots = table.bots(make_bots(("blue", "yellow", "green"), 1))
    person = make_bots(("red",), 2)["red"]
    for _ in range(400):
        while bots.step():
            pass
        d = decision(table.session.state)
        if d.kind == "card" and "red" in d.players:
            return
        action = person.choose(table.session.state, "red")
        presses = presses_to(table.app.menu_for("red"), action)
        table.press("red", *(["long", *presses] if table.app.needs_privacy("red") else presses))
    raise AssertionError("red never chose an action card")
