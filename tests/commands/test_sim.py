"""`companion sim` without a terminal: the key rows, --bots, bots waiting for a person, and
the screen composed from the public view."""

from __future__ import annotations

import curses
import os
import signal
import threading

import pytest

from companion.app.menus import presses_to
from companion.commands.sim import _ui, catch_stop_signals, parse_bots
from companion.commands.sim_board import board_lines, board_width, player_lines
from companion.commands.sim_keys import Keys, key_map
from companion.commands.sim_layout import Snapshot, frame
from companion.commands.sim_seats import hide_bot_page, person_lines
from companion.elgrande.data import game_data
from companion.elgrande.engine import decision
from companion.screens import MainUI
from companion.session.session import Session
from companion.session.store import MemoryStore
from companion.testing import BotDriver, make_bots, seat_bots

SEATS = ("red", "blue", "yellow", "green")


def test_each_seat_has_a_row_of_four_keys():
    keys = key_map(SEATS)
    assert keys["1"] == ("red", "left") and keys["4"] == ("red", "long")
    assert keys["d"] == ("yellow", "select") and keys["v"] == ("green", "long")
    assert len(keys) == 16


def test_bots_must_name_seats_of_the_config_and_a_kind_of_bot():
    assert parse_bots("blue, green=random", SEATS) == {"blue": "greedy", "green": "random"}
    with pytest.raises(ValueError, match="'purple' is not a seat; seats: red, blue"):
        parse_bots("blue,purple", SEATS)
    with pytest.raises(ValueError, match="'clever' is not a bot; bots: greedy, random, relative"):
        parse_bots("blue=clever", SEATS)
    with pytest.raises(ValueError, match="leave at least one seat to yourself"):
        parse_bots(",".join(SEATS), SEATS)


def test_only_esc_quits_and_asks_first_when_the_game_is_not_kept():
    keys = Keys(key_map(SEATS), ("red",), kept=False)
    assert keys.handle(27, alt=True) is None and not keys.question  # Alt+key
    assert keys.handle(27) is None and "not kept" in keys.question
    assert keys.handle(ord("n")) is None and not keys.question  # plays on
    assert keys.handle(ord("q")) is None  # blue is a bot's seat: its keys do nothing
    kept = Keys(key_map(SEATS), ("red",), kept=True)
    assert kept.handle(27) == ("quit",)


def test_the_sim_bots_leave_pages_to_the_person(make_table):
    table = make_table("sim.toml", seed=4)
    driver = BotDriver(
        table.app,
        table.presser,
        seat_bots({"blue": "greedy"}, 1),
        table.hw.events,
        sync=True,
        pages=False,
    )
    assert table.app.mode == "setup" and not driver.step()  # the setup screen is the person's


def _view(seed=7, players=("red", "blue", "yellow", "green")):
    return Session.new(MemoryStore(), players, seed=seed).table_view()


def test_the_board_panel_has_every_area_with_the_public_counts():
    view = _view()
    rows = board_lines(view)[1:]
    assert len(rows) == 10 and rows[0].startswith("Castillo") and "secret" in rows[0]
    for row in rows[1:]:
        cells = row.split()[-len(view.players) - ("K" in row.split()[-1:]) :]
        assert len(cells) >= len(view.players)
    king = [r for r in rows if r.endswith(" K")]
    assert len(king) == 1
    counts = player_lines(view, 32)
    assert counts[1].split()[:4] == ["red", "0", "7", "21"]


def test_a_bots_private_page_is_hidden_unless_shown():
    page = MainUI("privacy", "Only blue looks", ("your choice: power card 9",))
    hidden = hide_bot_page(page, "blue", ("blue",))
    assert "9" not in " ".join(hidden.lines) and hidden.title == "Only blue looks"
    assert hide_bot_page(page, "red", ("blue",)) is page  # the person's own page


@pytest.mark.parametrize("size", [(24, 80), (60, 200), (30, 100)])
def test_every_layout_fits_its_terminal_and_keeps_the_legend(size):
    rows, cols = size
    snap = Snapshot(_view(), MainUI("game"), ("● red: pad",), ("said",) * 99, 0, "LEGEND", "")
    lines = frame(snap, rows, cols)
    assert len(lines) == rows and all(len(line) < cols for line in lines)
    assert lines[-1] == "LEGEND" and any("Castilla la Nueva" in line for line in lines)


def test_at_80x24_the_private_page_keeps_the_entry_the_person_picks():
    """Once a bid is in, the players' panel takes rows under the board: the main display's
    pane keeps its title, the entry and the keys; the prompt gives way."""
    session = Session.new(MemoryStore(), SEATS, seed=5)
    bots = make_bots(SEATS, 5)
    while len(session.table_view().decision.chosen) < 3:  # all but yellow have bid
        p = next(p for p in decision(session.state).players if p != "yellow")
        session.decide(p, bots[p].choose(session.state, p))
    lines = ("Choose your power card (sealed)", "◀ power cards 1-7 ▶  1/2")
    page = MainUI("privacy", "Only yellow looks", lines, 1, "● pick  hold ● leave")
    seats = ("● yellow: no pad display: hold ● to choose", "  yellow's hand: 1 2 3 4 5")
    shown = frame(Snapshot(session.table_view(), page, seats, (), 0, "LEGEND", ""), 24, 80)
    assert "◀ power cards 1-7 ▶  1/2" in shown, shown
    assert not any("▶ ◀" in line for line in shown)  # the entry's arrows are its mark
    assert "Only yellow looks" in shown and "[● pick  hold ● leave]" in shown


def test_below_the_minimum_a_message_instead_of_the_screen():
    snap = Snapshot(_view(), MainUI("game"), (), (), 0, "LEGEND", "")
    assert "at least 80×24" in " ".join(frame(snap, 23, 100))


def test_bots_play_their_seats_and_wait_for_the_person(make_table):
    table = make_table("sim.toml", seed=4)
    driver = table.bots(make_bots(("blue", "yellow", "green"), 1))
    assert driver.step()  # a bot may start the game from its own pad
    while driver.step():
        pass
    # Nothing left for the bots: the person at red's pad is asked.
    assert "red" in decision(table.session.state).players
    assert "red" in table.session.public_waiting()


def test_bots_finish_a_game_where_two_pads_have_no_display(make_table):
    # yellow and green enter every secret (bids, Castillo discs, card discs) on the private page.
    table = make_table("sim.toml", seed=8, short_game=True)
    driver = table.bots(make_bots(SEATS, 8))
    while driver.step():
        pass
    assert table.app.mode == "final" and table.session.over
    assert table.app.privacy is None
    kinds = {e["kind"] for e in table.session.events}
    assert {"bids", "castillo_discs"} <= kinds


def test_the_persons_pad_shows_the_text_of_the_card_under_the_cursor(make_table):
    table = make_table("sim.toml", seed=4)
    table.press("red", "select")  # Start
    bots = table.bots(make_bots(("blue", "yellow", "green"), 1))
    person = make_bots(("red",), 2)["red"]
    for _ in range(400):  # the person plays red until red chooses an action card
        while bots.step():
            pass
        d = decision(table.session.state)
        if d.kind == "card" and "red" in d.players:
            break
        action = person.choose(table.session.state, "red")
        presses = presses_to(table.app.menu_for("red"), action)
        table.press("red", *(["long", *presses] if table.app.needs_privacy("red") else presses))
    else:
        raise AssertionError("red never chose an action card")
    card = table.app.menu_for("red").current()
    assert card is not None and card.kind == "card"
    text = game_data().action_cards[card.target].text
    shown = " ".join(" ".join(person_lines(table.app, "red")).split())
    assert text[:40] in shown


@pytest.mark.parametrize("players", [SEATS, (*SEATS, "black")])
def test_the_players_panel_names_the_cards_on_offer_whole_at_80x24(players):
    session = Session.new(MemoryStore(), players, seed=7)
    bots = make_bots(players, 7)
    while not session.table_view().decision.chosen:  # a bid in: "choosing" and "chose"
        p = decision(session.state).players[0]
        session.decide(p, bots[p].choose(session.state, p))
    view = session.table_view()
    snap = Snapshot(view, MainUI("game"), ("● red: pad",), (), 0, "LEGEND", "")
    lines = frame(snap, 24, 80)
    panel = [line[board_width(view) + 1 :].strip() for line in lines[1:16]]
    text = " ".join(panel)
    data = game_data()
    for card in view.face_up:
        assert data.card_title(card) in text, (data.card_title(card), panel)
    assert not any(card in text.split() for card in view.face_up)  # no ids
    assert any(row.startswith("choosing:") for row in panel)
    assert any(row.startswith("chose:") for row in panel), panel
    assert "…" not in text and any("main display" in line for line in lines)


def test_a_player_deciding_in_the_open_is_marked_in_the_order_and_not_named_again():
    session = Session.new(MemoryStore(), SEATS, seed=7)
    bots = make_bots(SEATS, 7)
    while decision(session.state).kind != "card":  # a turn: one player decides in the open
        p = decision(session.state).players[0]
        session.decide(p, bots[p].choose(session.state, p))
    view = session.table_view()
    (deciding,) = view.decision.waiting
    panel = player_lines(view, 40)
    order = next(row for row in panel if row.startswith("order:"))
    assert f"[{deciding}]" in order, panel
    assert not any(row.startswith("choosing:") for row in panel), panel


def test_ctrl_c_and_sigterm_are_only_noted_and_the_ui_loop_ends_at_its_next_turn(monkeypatch):
    """A handler that took the stop event's lock could wait for ever on a second Ctrl-C landing
    inside the first's `Event.set` (the terminal and `timeout` each send one): the handlers
    only note the signal, and the UI loop ends on it."""
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        caught = catch_stop_signals()
        for sig in (signal.SIGINT, signal.SIGINT, signal.SIGTERM):
            os.kill(os.getpid(), sig)
        assert caught == [signal.SIGINT, signal.SIGINT, signal.SIGTERM]
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)

    class Window:  # the loop must end before it draws or reads a key
        def keypad(self, on):
            pass

        def timeout(self, ms):
            pass

        def getmaxyx(self):
            raise AssertionError("the loop went on after a caught signal")

    monkeypatch.setattr(curses, "curs_set", lambda n: None)
    _ui(Window(), None, None, None, threading.Event(), caught)
