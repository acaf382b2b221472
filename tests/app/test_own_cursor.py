"""A seat's cursor belongs to that seat: two people press in turn in a sealed step (power cards,
Castillo discs, an action card's secret disc), and neither's presses, nor a bot's decision, move
the other's cursor. Red and blue have pad displays in sim.toml."""

from __future__ import annotations

import pytest
from table_testing import Table

from companion.app.menus import presses_to
from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import decision
from companion.elgrande.moves import Action

SEATS = ("red", "blue", "yellow", "green")


@pytest.fixture
def table():
    table = Table("sim.toml", seed=9)
    table.press("red", "select")  # one ● starts with the defaults
    assert table.session.players == SEATS
    yield table
    table.close()


def _under_cursor(table: Table, p: str) -> str:
    menu = table.app.pad_menu(p)
    return menu.entries[menu.cursor]


def test_two_people_bidding_in_turn_keep_each_their_cursor_and_seal_what_they_pointed_at(table):
    group = Action("bid_group", "8-13")
    table.press("red", *presses_to(table.app.menu_for("red"), group))
    table.press("red", *presses_to(table.app.menu_for("red"), Action("bid", 11))[:-1])
    assert _under_cursor(table, "red").startswith("power 11")
    table.press("blue", "select")  # blue opens a group …
    assert _under_cursor(table, "red").startswith("power 11")
    table.press("blue", "right")  # … walks in it …
    table.press("blue", "select")  # … and seals a card
    assert "blue" in table.session.secret_step().sealed
    assert _under_cursor(table, "red").startswith("power 11")
    table.press("blue", "long")  # blue withdraws: red's cursor still where red left it
    assert _under_cursor(table, "red").startswith("power 11")
    table.press("red", "select")
    assert table.session.secret_step().sealed["red"] == Action("bid", 11)


def test_a_withdrawn_choice_comes_back_under_the_cursor_when_it_is_still_legal(table):
    table.press("red", *presses_to(table.app.menu_for("red"), Action("bid_group", "1-7")))
    table.press("red", *presses_to(table.app.menu_for("red"), Action("bid", 3)))
    assert table.session.secret_step().sealed["red"] == Action("bid", 3)
    table.press("red", "long")  # withdrawn: the cards 1-7 again, on the card sealed before
    assert _under_cursor(table, "red").startswith("power 3")
    table.press("red", "right", "select")
    assert table.session.secret_step().sealed["red"] == Action("bid", 4)


def _to_the_castillo_discs(table: Table) -> None:
    """Bots decide straight into the session until the Castillo discs are asked."""
    bots = {p: GreedyBot(i) for i, p in enumerate(SEATS)}
    for _ in range(2000):
        if table.app.mode == "announce":
            table.press("red", "select")
            continue
        d = decision(table.session.state)
        if d.kind == "castillo_disc":
            return
        p = d.players[0]
        table.session.decide(p, bots[p].choose(table.session.state, p))
        table.app.refresh()
    raise AssertionError("no Castillo discs asked")


def test_two_people_choosing_castillo_discs_in_turn_keep_each_their_cursor(table):
    _to_the_castillo_discs(table)
    assert len(table.app.menu_for("red").actions) > 1
    table.press("red", "right")
    pointed = _under_cursor(table, "red")
    table.press("blue", "right", "select")  # blue chooses a disc
    assert "blue" in table.session.secret_step().sealed
    assert _under_cursor(table, "red") == pointed
    table.press("red", "select")
    sealed = table.session.secret_step()
    chosen = sealed.sealed["red"] if sealed is not None else None
    if chosen is not None:  # still open (yellow and green to choose): red's own choice
        assert table.session.label(chosen) == pointed


def _to_a_card_secret(table: Table) -> None:
    """Bots decide straight into the session until an action card asks red and blue for a
    secret disc at once (physical deck: the cards are turned up as the table wants)."""
    bots = {p: GreedyBot(i) for i, p in enumerate(SEATS)}
    s = table.session
    for _ in range(4000):
        if table.app.mode == "announce":
            table.press("red", "select")
            continue
        d = decision(s.state)
        if d is None:
            break
        both = {"red", "blue"} <= set(table.session.public_waiting())
        if d.kind == "card_disc" and both and len(s.legal("red")) > 2:
            return
        p = d.players[0]
        legal = s.legal(p)
        wanted = [a for a in legal if a.kind in ("reveal", "card") and a.target in DISC_CARDS]
        acts = [a for a in legal if a.kind == "act" and s.state.taken.get(p) in DISC_CARDS]
        s.decide(p, next(iter([*wanted, *acts]), None) or bots[p].choose(s.state, p))
        table.app.refresh()
    raise AssertionError("no card secret asked of red and blue in this game")


DISC_CARDS = ("2f", "2g", "4e", "4g")


def test_two_people_setting_a_cards_secret_disc_in_turn_keep_each_their_cursor():
    table = Table("sim.toml", seed=9, deck="physical")
    try:
        table.press("red", "select")
        _to_a_card_secret(table)
        assert len(table.app.menu_for("red").actions) > 2
        table.press("red", "right", "right")
        pointed = _under_cursor(table, "red")
        table.press("blue", "right", "select")  # blue sets a disc
        assert "blue" not in table.session.public_waiting()
        assert _under_cursor(table, "red") == pointed
    finally:
        table.close()
