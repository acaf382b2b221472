"""What the players see and hear at the table, driven by presses on the pads' mock pins: undo and
withdraw, the pad menus' cursor, a clashed sealed bid, an open bid, the scoring's pages and the
sentences held back behind them, a kept setup cursor, a scoring after a restart."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from table_testing import Table, enter_power_card

from companion.app.config import load_app_config
from companion.session.resilient import open_resilient
from companion.testing import make_bots
from hw.buzzer import cue_notes

THREE = ("red", "blue", "yellow")
FINISHING = ("end the turn", "done placing", "done")


def _play_until(table: Table, done, seed: int = 3, seats=THREE) -> None:
    """Bots press their pads until `done(table)` holds."""
    driver = table.bots(make_bots(seats, seed))
    for _ in range(2000):
        if done(table):
            return
        assert driver.step(), "the bots ran out of moves first"
    raise AssertionError("never reached")


def _deciding_a_turn(table: Table) -> bool:
    d = table.app.view.decision
    return d is not None and d.kind == "turn"


def _seen(table: Table, p: str) -> tuple[tuple[str, ...], int]:
    menu = table.app.pad_menu(p)
    return menu.entries, menu.cursor


def _heard(table: Table) -> list[str]:
    """What the voice has said so far (it speaks on its own thread)."""
    table.hw.speaker.wait_idle(5)
    return list(table.hw.speaker.spoken)


def test_a_long_select_in_a_public_step_takes_back_the_players_last_decision(make_table):
    table = make_table(seed=3, seats=THREE)
    table.press("red", "select")
    _play_until(table, _deciding_a_turn)
    (p,) = table.app.view.decision.waiting
    before = _seen(table, p)
    table.press(p, "select")  # a caballero placed
    assert _seen(table, p) != before
    table.press(p, "long")  # undo
    assert _seen(table, p)[0] == before[0]
    assert not any("no undo" in line for line in table.app.main_ui().lines)


def test_an_undo_or_a_withdraw_is_not_followed_by_the_whole_game_said_again(make_table):
    table = make_table(seed=3, seats=THREE)
    table.press("red", "select")
    enter_power_card(table, "red", 5)
    heard = _heard(table)
    table.press("red", "long")  # red withdraws the sealed card
    assert table.app.pad_menu("red").entries  # red chooses again
    assert _heard(table) == heard  # the withdraw says nothing of what was said before
    _play_until(table, _deciding_a_turn)
    (p,) = table.app.view.decision.waiting
    table.press(p, "select")
    heard = _heard(table)
    table.press(p, "long")
    said = _heard(table)[len(heard) :]
    assert _heard(table)[: len(heard)] == heard  # nor does the undo: only what it takes back
    assert len(said) == 1 and said[0].startswith(f"{p} takes back: "), said


def test_the_cursor_starts_on_a_placing_not_on_ending_the_turn(make_table):
    table = make_table(seed=3, seats=THREE)
    table.press("red", "select")
    _play_until(table, _deciding_a_turn)
    (p,) = table.app.view.decision.waiting
    entries, cursor = _seen(table, p)
    assert any(e.startswith("place in") for e in entries) and "end the turn" in entries
    assert entries[cursor] not in FINISHING


def test_a_walk_through_the_menu_leaves_no_note_and_a_seat_that_sits_out_changes_nothing(
    make_table,
):
    table = make_table(seed=3, seats=THREE)  # pi.toml: green's and black's pads sit out
    table.press("red", "select")
    _play_until(table, _deciding_a_turn)
    (p,) = table.app.view.decision.waiting
    other = next(q for q in THREE if q != p)
    table.press(other, "select")
    assert table.app.main_ui().lines == (f"{other}: not your turn; waiting for {p}",)
    table.press(p, "right")  # the player deciding walks their menu: the note goes, none comes
    assert table.app.main_ui().lines == ()
    table.press(other, "select")
    main, heard = table.hw.display.device.image.tobytes(), _heard(table)
    buzzer = table.hw.buzzer
    assert buzzer.wait_idle(5)
    played = len(buzzer.played)
    for out in ("green", "black"):  # no turn to wait for, no undo to refuse: nothing at all
        table.press(out, "select", "long", "left")
    assert table.app.main_ui().lines == (f"{other}: not your turn; waiting for {p}",)
    assert table.hw.display.device.image.tobytes() == main and _heard(table) == heard
    assert buzzer.wait_idle(5) and len(buzzer.played) == played


def test_a_clashed_sealed_bid_is_told_to_its_player_alone_on_their_pad(make_table, small_print):
    table = make_table(seed=3, seats=THREE)  # yellow bids first, then red, then blue
    table.press("red", "select")
    enter_power_card(table, "yellow", 4)
    enter_power_card(table, "red", 4)  # the same card: red's is the later bid
    small_print.clear()
    enter_power_card(table, "blue", 9)  # the reveal
    note = table.app.pad_menu("red").note
    assert "4 is taken: choose again" in note
    assert any(t and note.startswith(t.rstrip(".…")) for t in small_print)  # drawn, cut to fit
    assert not any("earlier bidder" in table.app.pad_menu(p).note for p in ("yellow", "blue"))
    assert not any("earlier bidder" in line for line in table.app.main_ui().lines)
    assert not any("earlier bidder" in s for s in _heard(table))
    # The main display names nobody: red's choosing again is red's alone to know.
    assert table.app.main_ui().lines == ("waiting…",)


def test_an_open_bid_is_spoken_as_it_is_played(make_table):
    table = make_table(seed=3, seats=THREE, bidding="open")
    table.press("red", "select")
    (first,) = table.app.view.decision.waiting
    heard = len(_heard(table))
    enter_power_card(table, first, 6)
    said = _heard(table)[heard:]
    assert any(first.capitalize() in s and "6" in s for s in said), said


def _announcing(table: Table) -> bool:
    return table.app.mode == "announce"


def test_what_happened_behind_a_scorings_pages_is_said_once_they_are_heard(make_table):
    table = make_table(seed=3, seats=THREE)
    table.press("red", "select")
    _play_until(table, _announcing)
    # A special scoring in round 2; the next round is said once its pages are heard.
    rounds = [s for s in _heard(table) if s.startswith("Round ")]
    assert rounds[-1].startswith("Round 2 of 9")  # held back while the pages are shown
    while table.app.mode == "announce":
        table.press("blue", "select")
    heard = _heard(table)
    assert heard[-1].startswith("Round 3 of 9") and heard.count(heard[-1]) == 1


def _footer_page(table: Table) -> str:
    return table.app.main_ui().footer.split()[0]  # "1/7"


def test_after_a_restart_in_a_scoring_the_next_scoring_opens_on_its_first_page(tmp_path: Path):
    path = tmp_path / "game.db"
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    table.press("red", "select")
    _play_until(table, _announcing)
    table.press("red", "select")  # page 2, then the power goes
    assert _footer_page(table).startswith("2/")
    table.app.store.close()
    table.close()
    again = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        again.press("red", "select")  # ● goes on, from page 2
        assert _footer_page(again).startswith("2/")
        while again.app.mode == "announce":
            again.press("red", "select")
        _play_until(again, _announcing)  # the scoring after round 6
        assert _footer_page(again).startswith("1/")
        first = again.app.announcer.pages[0]
        assert again.app.main_ui().title == first.title
        assert _heard(again)[-1] == first.speech
    finally:
        again.app.store.close()
        again.close()


def test_a_kept_setup_cursor_past_the_last_line_of_a_smaller_table_starts_on_a_line(tmp_path):
    path = tmp_path / "game.db"
    table = Table(store=open_resilient(path))
    table.press("red", "left")  # the last line
    assert table.app.main_ui().cursor is not None
    table.app.store.close()
    table.close()
    hardware, _ = load_app_config(None, "pi.toml")
    four = {p: c for p, c in hardware.players.items() if p != "black"}
    again = Table(hardware=replace(hardware, players=four), store=open_resilient(path))
    try:
        ui = again.app.main_ui()
        assert ui.cursor is not None and 0 <= ui.cursor < len(ui.lines)
        shown = ui.lines[ui.cursor]
        again.press("red", "select")  # ● changes the highlighted line
        after = again.app.main_ui()
        assert again.app.mode == "game" or after.lines[after.cursor] != shown
    finally:
        again.app.store.close()
        again.close()


def test_an_undo_is_said_and_shown_with_its_round_and_a_refused_one_says_why_with_a_cue(
    make_table,
):
    two = ("red", "blue")  # round 2 comes sooner with two seats
    table = make_table(seed=3, seats=two)
    said: list[tuple[str, int | None]] = []
    table.app.outputs.on_say.append(lambda text, round_: said.append((text, round_)))
    table.press("red", "select")
    _play_until(table, lambda t: _deciding_a_turn(t) and t.app.view.round == 2, seats=two)
    (p,) = table.app.view.decision.waiting
    round_ = table.app.view.round  # the undo's line is tagged with its own round
    table.press(p, "select")  # a caballero placed
    table.press(p, "long")  # undo: the voice and the main display say what to take back
    text, tagged = said[-1]
    assert text.startswith(f"{p} takes back: ") and tagged == round_, said[-1]
    assert table.app.main_ui().lines[-1] == text
    buzzer = table.hw.buzzer
    for _ in range(10):  # p takes back their turn's choices until the turn's start
        assert buzzer.wait_idle(5)
        played = len(buzzer.played)
        table.press(p, "long")
        note = table.app.main_ui().lines[-1]
        if not note.startswith(f"{p} takes back: "):
            break
    assert note.startswith(f"{p}: no undo, "), note
    assert buzzer.wait_idle(5) and tuple(buzzer.played[played:]) == cue_notes(
        "error", buzzer.device.mid_tone.note
    )


def test_each_pad_says_where_its_seat_stands(make_table, drawn, small_print):
    table = make_table(seed=3, seats=THREE)  # pi.toml: green's and black's pads sit out
    assert small_print.count("Set-up: see main display") == len(table.hw.pads), small_print
    drawn.clear(), small_print.clear()
    table.press("red", "select")  # the game starts: sealed power cards
    shown = [*drawn, *small_print]
    assert shown.count("Not playing") == 2, shown
    # No note yet on a pad that chooses: its small print is the question, n/m, the hand and
    # the Castillo.
    prompt = table.app.view.decision.prompt
    rows = r"\d+/\d+|Castillo \d+|[\d -]+"
    assert all(t == prompt or re.fullmatch(rows, t) for t in small_print), small_print
    drawn.clear(), small_print.clear()
    enter_power_card(table, "red", 5)
    sealed = table.app.seat("red").sealed_choice  # red's own pad shows it, as its note
    assert any(t and sealed.startswith(t.rstrip(".…")) for t in small_print), (sealed, small_print)
    enter_power_card(table, "yellow", 9)
    drawn.clear(), small_print.clear()
    enter_power_card(table, "blue", 13)  # the reveal: one player's turn, the others wait
    (p,) = table.app.view.decision.waiting
    shown = [*drawn, *small_print]
    assert shown.count("Waiting: see main display") == len(THREE) - 1, shown


def test_a_sealed_pads_title_keeps_its_button(make_table, drawn, small_print):
    # The title in the big font, its ● whole: the small print has no ● (it drew "hold ? to").
    table = make_table(seed=3, seats=THREE)  # pi.toml: 128 px pads
    table.press("red", "select")
    drawn.clear(), small_print.clear()
    enter_power_card(table, "red", 5)
    assert "Hold ● to withdraw" in drawn and not any("?" in t for t in small_print), small_print
