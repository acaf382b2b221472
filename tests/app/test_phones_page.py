"""The Phones page (pair, revoke) reached mid-game by a held ◀ on a pad with nothing to choose,
and "Back" to the game exactly as it was: pressed on the mock pads' pins."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from table_testing import Table, enter_power_card

from companion.app.config import load_app_config
from companion.app.mode import Mode
from companion.app.phones import qr_rows
from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import decision
from companion.screens.main_display import render_main
from hw.config import WebConfig
from hw.config.model import WIFI_QR_BYTES


@dataclass
class Outlet:
    """A web server as the table sees it: records what the table asked of it."""

    seats: set[str] = field(default_factory=set)
    offered: list[str] = field(default_factory=list)
    withdrawn: list[str] = field(default_factory=list)
    revoked: list[str] = field(default_factory=list)

    def publish(self, snapshot) -> None:
        pass

    def offer(self, seat):
        self.offered.append(seat)
        return type("Offer", (), {"code": "0123456789", "digits": "123456"})()

    def withdraw(self, seat: str) -> None:
        self.withdrawn.append(seat)

    def revoke(self, seat: str) -> bool:
        self.revoked.append(seat)
        had = seat in self.seats
        self.seats.discard(seat)
        return had

    def paired(self) -> frozenset[str]:
        return frozenset(self.seats)

    def join_url(self, code: str) -> str:
        return f"HTTP://10.42.0.1:8080/J/{code}"

    def address(self) -> str:
        return "10.42.0.1:8080"


def _table() -> tuple[Table, Outlet]:
    table = Table(seats=("red", "blue", "yellow"))
    outlet = Outlet(seats={"blue"})
    table.app.attach(outlet)
    table.press("red", "select")  # Start
    return table, outlet


def _seen(table: Table) -> tuple:
    """What the table shows and where every cursor stands."""
    app = table.app
    return (
        app.main_ui(),
        {p: app.pad_menu(p) for p in app.pads},
        {p: app.menu_for(p).cursor for p in app.session.players if app.seat(p).options},
        len(app.session.entries),
    )


def test_no_one_opens_the_phones_page_while_a_choice_is_sealed():
    table, outlet = _table()
    try:
        assert table.app.view.sealed_step is not None  # everyone bids
        enter_power_card(table, "red", 5)
        before = _seen(table)
        table.press("red", "hold_left")  # red has sealed: nothing to choose, but bids are open
        table.press("blue", "hold_left")  # blue walks their own cards
        assert table.app.mode == Mode.GAME
        after = _seen(table)
        assert after[0] == before[0] and after[1]["red"] == before[1]["red"]
        assert outlet.offered == []
    finally:
        table.close()


def test_a_held_left_on_a_pad_with_nothing_to_choose_opens_phones_and_back_returns_to_the_game():
    table, outlet = _table()
    try:
        for p, card in (("red", 5), ("blue", 9), ("yellow", 13)):
            enter_power_card(table, p, card)
        app = table.app
        deciding = app.view.decision.waiting
        assert len(deciding) == 1 and app.view.sealed_step is None
        decider = deciding[0]
        table.press(decider, "right")  # the decider's cursor off its start
        idle = next(p for p in ("red", "blue", "yellow") if p != decider)
        before = _seen(table)

        table.press(decider, "hold_left")  # the decider's held ◀ walks their menu, as ever:
        assert app.mode == Mode.GAME  # a press and two repeats
        table.press(decider, "right", "right", "right")
        assert _seen(table) == before

        table.press(idle, "hold_left")
        assert app.mode == Mode.PHONES
        ui = app.main_ui()
        assert ui.title == "Phones" and ui.lines[0] == "red: no phone" and ui.cursor == 0
        assert ui.lines[1] == "blue: phone"  # the held ◀ that opened it walked nothing
        assert all(app.pad_menu(p).title == "Phones: see main display" for p in app.pads)

        table.press(idle, "select")  # red's pairing page: its QR code and six digits
        assert (outlet.offered, app.main_ui().title, app.main_ui().lines[0]) == (
            ["red"],
            "RED",
            "code 123456",
        )
        assert app.main_ui().qr
        table.press(idle, "select")  # closed: the code dies
        assert outlet.withdrawn == ["red"]
        table.press(decider, "right", "long")  # any pad works the page: blue's phone revoked
        assert (outlet.revoked, app.main_ui().footer) == (["blue"], "blue: phone revoked")

        table.press(idle, "left", "left")  # round to "Back"
        assert app.main_ui().lines[app.main_ui().cursor] == "Back"
        table.press(idle, "select")
        assert app.mode == Mode.GAME
        assert _seen(table) == before  # the game exactly as it was, every cursor where it stood
    finally:
        table.close()


def test_the_phones_page_opened_on_the_setup_screen_goes_back_to_it():
    table = Table(seats=("red", "blue"))
    try:
        table.app.attach(Outlet())
        table.press("red", "left", "left")  # round from Start, past Language
        ui = table.app.main_ui()
        assert ui.lines[ui.cursor] == "Phones: pair, revoke"
        table.press("red", "select")
        assert table.app.mode == Mode.PHONES
        table.press("red", "left", "select")  # "Back"
        assert table.app.mode == Mode.SETUP
    finally:
        table.close()


def _wifi_table(password: str = "change-this-phrase") -> tuple[Table, Outlet]:
    hardware = load_app_config(None, "pi.toml")[0]
    web = WebConfig(wifi_ssid="ElGrande", wifi_password=password)
    table = Table(hardware=dataclasses.replace(hardware, web=web), seats=("red", "blue"))
    outlet = Outlet()
    table.app.attach(outlet)
    table.press("red", "left", "left", "select")  # the setup screen's Phones line
    return table, outlet


def test_the_phones_page_offers_the_wifi_code_first_and_shows_its_password_there_only():
    table, outlet = _wifi_table()
    published = []
    outlet.publish = published.append
    try:
        app = table.app
        ui = app.main_ui()
        assert (ui.lines[:2], ui.cursor) == (("Join the Wi-Fi", "red: no phone"), 0)
        table.press("blue", "select")
        ui = app.main_ui()
        assert (ui.title, ui.lines) == ("Wi-Fi", ("ElGrande", "change-this-phrase"))
        assert ui.qr == qr_rows("WIFI:T:WPA;S:ElGrande;P:change-this-phrase;;")
        image = render_main({}, ui, (128, 64), "1")  # 2 px a module, its quiet zone in 64 px
        lit = image.crop((0, 0, 64, 64)).getbbox()
        assert lit == (0, 0, 62, 62) and len(ui.qr) == 29
        # Nowhere else: not on the pads, not in anything handed to the web server.
        assert all("change-this" not in repr(app.pad_menu(p)) for p in app.pads)
        assert published and all("change-this" not in repr(s) for s in published)
        table.press("blue", "left")  # any press closes it
        assert app.main_ui().title == "Phones"
        assert "change-this" not in repr(app.main_ui())
        assert outlet.offered == []
        table.press("blue", "right", "select")  # then the seat's code, as before
        assert (app.main_ui().title, outlet.offered) == ("RED", ["red"])
    finally:
        table.close()


def test_the_largest_wifi_code_the_config_accepts_is_drawn_at_two_px_a_module():
    # 53 bytes in all, the most the config takes: the text as long as it may be.
    password = "p" * (WIFI_QR_BYTES - len("WIFI:T:WPA;S:ElGrande;P:;;"))
    table, _ = _wifi_table(password)
    try:
        table.press("red", "select")
        ui = table.app.main_ui()
        assert len(ui.qr) <= 29  # version 3 at most
        assert render_main({}, ui, (128, 64), "1").crop((0, 0, 64, 64)).getbbox() == (0, 0, 62, 62)
    finally:
        table.close()


def test_during_a_scoring_any_pad_opens_phones_and_back_returns_to_the_same_page():
    table = Table("sim.toml", seed=4, seats=("red", "blue"))
    try:
        table.app.attach(Outlet())
        table.press("red", "select")  # Start
        s, bots = table.session, {"red": GreedyBot(1), "blue": GreedyBot(2)}
        while table.app.mode != Mode.ANNOUNCE:
            p = decision(s.state).players[0]
            s.decide(p, bots[p].choose(s.state, p))
            table.app.refresh()
        table.press("red", "select")  # to the scoring's second page
        before = (table.app.announcer.index, table.app.main_ui())
        table.press("blue", "hold_left")
        assert table.app.mode == Mode.PHONES
        table.press("blue", "left", "select")  # "Back"
        assert table.app.mode == Mode.ANNOUNCE
        assert (table.app.announcer.index, table.app.main_ui()) == before
    finally:
        table.close()
