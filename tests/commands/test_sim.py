"""`companion sim` without a terminal: the key rows, --bots, bots waiting for a person, and
the screen composed from the public view."""

from __future__ import annotations

import curses
import dataclasses
import os
import signal
import threading
import time

import pytest
from table_testing import enter_power_card, red_plays_until_a_card

from companion.commands.sim import SimScreen, _bots_thread, _ui, catch_stop_signals, parse_bots
from companion.commands.sim_board import (
    board_lines,
    board_width,
    listed,
    player_lines,
    round_line,
    status,
)
from companion.commands.sim_keys import Keys, key_map, scrolled
from companion.commands.sim_layout import (
    Snapshot,
    _fit,
    _fit_cursor,
    _log_title,
    frame,
    main_lines,
    wrapped,
)
from companion.commands.sim_log import SimLog
from companion.commands.sim_seats import bot_line, hide_bot_page, person_lines
from companion.elgrande.data import game_data
from companion.elgrande.engine import decision
from companion.screens import MainUI
from companion.session.session import Session
from companion.session.store import MemoryStore
from companion.testing import BotDriver, make_bots, seat_bots

SEATS = ("red", "blue", "yellow", "green")
BOTS = ("blue", "yellow", "green")


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
    red_plays_until_a_card(table)
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


# -- the panels' exact rows, the log's scrolling and the bots' lines (mutation tests) ----------


def _played_until(kind, chosen, seed=7, players=SEATS):
    """The public view once the engine asks for `kind` and `chosen` seats have sealed theirs."""
    session = Session.new(MemoryStore(), players, seed=seed)
    bots = make_bots(players, seed)
    while (
        decision(session.state).kind != kind or len(session.table_view().decision.chosen) < chosen
    ):
        p = decision(session.state).players[0]
        session.decide(p, bots[p].choose(session.state, p))
    return session.table_view()


def test_the_players_panel_heads_its_columns_and_drops_the_cards_left_below_26_columns():
    view = _view()
    assert player_lines(view, 26)[:2] == [
        "       pts crt prv crd bid",
        "red      0   7  21  13   -",
    ]
    assert player_lines(view, 25)[:2] == ["       pts crt prv bid", "red      0   7  21   -"]
    long_name = _view(players=("magenta", "blue"))  # a seat's name: its first six letters
    assert player_lines(long_name, 40)[1] == "magent   0   7  21  13   -"


def test_during_the_castillo_discs_the_panel_shows_the_bids_the_order_and_who_chose():
    view = _played_until("castillo_disc", 2)  # round 3: red and blue have set their discs
    assert view.decision.waiting == ("yellow", "green") and view.turn_order[0] == "green"
    assert player_lines(view, 24) == [
        "       pts crt prv bid",
        "red     12   6  13   5",
        "blue    13   5  13   7",
        "yellow  18   6  13   6",
        "green    2   8  16  12",
        "choosing: yellow, green",  # first: a short panel cuts the lines after it
        "chose: red, blue",
        "order: gre > blu > yel >",  # a sealed step marks no one in the order
        "  red",
        "cards: -",
        "played: red 6 7 5,",  # each player's power cards played so far
        "  blu 5 6 7, yel 7 5 6,",
        "  gre 4 2 12",
    ]
    assert "chose: red, blu" in player_lines(view, 15)  # too long: the colours shortened


def test_a_turn_names_no_one_as_having_chosen():
    view = _played_until("take", 0)  # round 1's first turn: yellow decides in the open
    panel = player_lines(view, 40)
    assert panel[1] == "red      0   7  21  12   6"  # the bids, revealed
    assert "order: [yellow] > red > blue > green" in panel and panel[-2] == "  King's card"
    assert panel[-1] == "played: red 6, blu 5, yel 7, gre 4"
    assert [status(view, p) for p in view.players] == ["", "", "choosing", ""]


def test_at_the_end_the_panel_names_the_winners_wrapped_to_its_width():
    view = dataclasses.replace(_view(), decision=None, over=True, winners=("red", "blue"))
    panel = player_lines(view, 20)
    assert panel[0] == "       pts crt prv b" and panel[5:7] == ["game over: red, blue", "won"]
    assert status(view, "red") == ""


def test_listed_wraps_whole_items_and_a_long_one_over_indented_rows():
    assert listed("order:", ["red", "blue"], 17, " >", short=True) == ["order: red > blue"]
    assert listed("cards:", ["Veto", "King"], 16, ",") == ["cards: Veto,", "  King"]
    long = "Move five caballeros from one region"
    assert listed("cards:", ["Veto", long], 16, ",") == [
        "cards: Veto,",
        "  Move five",
        "  caballeros",
        "  from one",
        "  region",
    ]


def test_the_board_shows_a_mobile_scoreboards_values_and_the_secret_castillo():
    view = _view()
    rows = board_lines(dataclasses.replace(view, scoreboards={"aragon": "8-4-0"}))
    assert next(r for r in rows if r.startswith("Aragón")).split()[1:4] == ["8", "4", "0"]
    assert next(r for r in board_lines(view) if r.startswith("Aragón")).split()[1:4] == [
        "5",
        "4",
        "1",
    ]
    assert rows[1].startswith("Castillo ") and rows[1].endswith("  (secret)")


def test_the_players_panel_stands_one_column_right_of_the_board():
    view = _view()
    snap = Snapshot(view, MainUI("game"), ("● red: pad",), (), 0, "LEGEND", "")
    lines = frame(snap, 24, 80)
    assert len(board_lines(view)[0]) == 45 and lines[1][:45] == board_lines(view)[0]
    assert lines[2][45:] == " red      0   7  21  13   -"


def test_the_header_says_the_round_the_phase_and_the_king():
    assert round_line(_view()) == "round 1 of 9 · bidding · King in Castilla la Nueva"


def test_the_main_display_pane_marks_the_cursors_line_and_takes_the_prompt_in_a_game():
    page = MainUI("privacy", "Only red looks", ("◀ a ▶", "◀ b ▶", "c"), 1)
    assert main_lines(page, None, 40) == ["Only red looks", "  ◀ a ▶", "◀ b ▶", "  c"]
    setup = MainUI("setup", "", ("Start", "Options"), 0)
    assert main_lines(setup, _view(), 40) == ["▶ Start", "  Options"]
    assert main_lines(MainUI("game"), _view(), 40) == ["Choose your power card (sealed)"]


@pytest.mark.parametrize(
    ("back", "how", "total", "now"),
    [
        (5, "page_down", 100, 2),
        (0, "up", 100, 1),
        (4, "newest", 100, 0),
        (0, "oldest", 3, 0),
        (0, "down", 100, 0),
        (0, "page_up", 4, 1),
        (0, "up", 3, 0),
    ],
)
def test_a_scroll_key_moves_the_log_within_its_lines(back, how, total, now):
    assert scrolled(back, how, 3, total) == now


def test_the_log_file_gets_each_line_and_a_page_is_logged_once(tmp_path):
    log = SimLog(tmp_path / "log.txt")
    log.take_page("k", "Scoring", ["red 5"])
    log.take_page("k", "Scoring", ["red 5"])
    log.add("said")
    log.close()
    assert (tmp_path / "log.txt").read_text(encoding="utf-8") == "» Scoring\n    red 5\nsaid\n"


def test_show_bots_lines_say_a_bots_hand_and_sealed_choice_and_scroll_moves_the_log(make_table):
    table = make_table("sim.toml", seed=4)
    assert bot_line(table.app, "blue") == "  [bot blue] not playing"
    table.press("red", "select")  # Start
    hand = "hand 1 2 3 4 5 6 7 8 9 10 11 12 13 · Castillo 0"
    assert bot_line(table.app, "blue") == f"  [bot blue] choosing · {hand}"
    driver = table.bots(make_bots(BOTS, 1))
    while driver.step():
        pass
    sealed = " · sealed: power 7: 3 to court"
    assert bot_line(table.app, "blue") == f"  [bot blue] chose · {hand}{sealed}"
    log = SimLog()
    screen = SimScreen(table.app, table.hw, BOTS, False, log)
    screen.snapshot(24, 80, "")
    for i in range(20):
        log.add(f"line {i}")
    screen.scroll("page_up", 24, 80)  # at 80×24 the log shows 3 lines
    snap = screen.snapshot(24, 80, "")
    assert snap.back == 3 and snap.log == ("line 14", "line 15", "line 16")
    for i in range(20, 200):
        log.add(f"line {i}")
    screen.scroll("newest", 60, 200)
    screen.scroll("page_up", 60, 200)  # at 200×60 the log beside the board shows 58
    assert screen.snapshot(60, 200, "").log[-1] == "line 141"


def test_the_final_page_ranks_the_players_under_the_winners():
    scores = {"red": 30, "blue": 41, "yellow": 12, "green": 30}
    view = dataclasses.replace(_view(), decision=None, over=True, winners=("blue",), scores=scores)
    final = MainUI("final", "ignored")
    assert main_lines(final, view, 60) == [
        "Game over. Winner: blue",
        "1. blue 41  2. red 30  3. green 30  4. yellow 12",
    ]
    assert main_lines(final, view, 20) == [
        "Game over. Winner:",
        "blue",
        "1. blue 41  2. red",
        "30  3. green 30 …",
    ]
    tie = dataclasses.replace(view, winners=("blue", "red"))
    assert main_lines(final, tie, 60)[0] == "Game over. Winner: blue, red"
    long = MainUI("game", "Choose where your Castillo caballeros go")
    assert main_lines(long, view, 16) == ["Choose where", "your Castillo …"]


def test_cut_panes_keep_the_cursors_line_or_say_the_rest_is_in_the_log():
    more = "… (the rest is in the log)"
    assert _fit(["a", "b", "c"], 2) == ["a", more] and _fit(["a", "b", "c"], 1) == [more]
    assert _fit(["a", "b"], 0) == []
    assert _fit_cursor(["T", "x", "▶ c"], 2) == ["T", "▶ c"]
    assert _fit_cursor(["T", "▶ b", "c"], 2) == ["T", "▶ b"]
    assert _fit_cursor(["▶ a", "b", "c"], 2) == ["▶ a", more]
    assert _fit_cursor(["▶ a", "b"], 1) == [more]


def test_the_log_pane_is_titled_with_its_scroll_keys_or_how_far_back_it_is():
    assert _log_title(0, 30) == "── log (PgUp/PgDn scroll) ────"
    assert _log_title(4, 40) == "── log (scrolled back 4, End: newest) ──"
    assert wrapped(["said", "", "done"], 20) == ["said", "", "done"]  # an empty line stays


def test_a_closed_log_takes_lines_but_writes_no_more(tmp_path):
    SimLog().close()  # no --log: nothing to close
    log = SimLog(tmp_path / "log.txt")
    log.add("said")
    log.close()
    log.add("late")
    log.close()
    assert log.lines == ["said", "late"]
    assert (tmp_path / "log.txt").read_text(encoding="utf-8") == "said\n"


def test_the_bots_thread_plays_the_bots_then_waits_for_the_person_and_stops(make_table):
    table = make_table("sim.toml", seed=4)
    table.press("red", "select")  # Start
    bots = seat_bots(dict.fromkeys(BOTS, "greedy"), 1)
    driver = BotDriver(table.app, table.presser, bots, table.hw.events, sync=True, pages=False)
    stop = threading.Event()
    args = (table.app, driver, table.hw.events, stop, 0.0)
    thread = threading.Thread(target=_bots_thread, args=args, daemon=True)
    thread.start()
    try:
        for _ in range(100):  # up to 5 s: the three bots bid, red is asked
            if table.session.table_view().decision.chosen == BOTS:
                break
            time.sleep(0.05)
        assert table.session.table_view().decision.waiting == ("red",)
        enter_power_card(table, "red", 1)  # the lowest bid: red plays last
        for _ in range(100):  # the bots play their turns while red waits; then red is asked
            d = table.session.table_view().decision
            if d.kind != "bid" and d.waiting == ("red",):
                break
            time.sleep(0.05)
        assert table.session.table_view().turn_order[-1] == "red" and d.waiting == ("red",)
    finally:
        stop.set()
        thread.join(timeout=2)
    assert not thread.is_alive()  # waiting for a press, it still sees the stop
