"""The table after a restart: the stored game where it stopped, secrets still secret; damage
and a missing disk said on the main display; a game abandoned only by two long presses."""

from __future__ import annotations

import errno
import logging
from pathlib import Path

import pytest
from session_testing import sql
from store_table_testing import THREE, played_opening, stop
from table_testing import Table
from test_secrets import PublicTrace, _enter

from companion.app.screen_state import fingerprint
from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import decision
from companion.screens.pages import PAGE_KINDS
from companion.session.resilient import ResilientStore, open_resilient
from companion.session.sqlite_store import SqliteStore
from companion.session.store import MemoryStore, StoreError

SEATS = ("red", "blue", "yellow", "green")  # sim.toml's seats, the defaults'


def _restart(path: Path, **kw) -> Table:
    return Table("sim.toml", seed=9, store=open_resilient(path), **kw)


def _seal_two(path: Path, red: int, blue: int) -> None:
    table = Table("sim.toml", seed=9, store=open_resilient(path))
    try:
        table.press("red", "select")  # the game starts with the defaults
        _enter(table, "red", red)
        _enter(table, "blue", blue)
    finally:
        table.app.store.close()
        table.close()


def _a_refused_bid_stored(path: Path) -> None:
    """Red and blue sealed (3, 12), then a fifth entry the rules refuse (red bids 99) stored
    with a checksum that holds: the game resumes before it, with damage said."""
    _seal_two(path, red=3, blue=12)
    store = SqliteStore(path)
    store.append(store.load()[1][-1].__class__(5, "red", {"kind": "bid", "target": 99}))
    store.close()


def _resumed_public(path: Path):
    table = _restart(path)
    try:
        trace = PublicTrace(table)
        assert table.app.mode == "resumed"
        table.press("yellow", "select")  # ● goes on
        s = table.session
        waiting = s.public_waiting()
        sealed = dict(s.secret_step().sealed)
        main = table.hw.display.device.image.tobytes()
        return trace.items, waiting, sealed, main, s.view()
    finally:
        table.app.store.close()
        table.close()


def test_a_sealed_step_half_entered_resumes_with_the_choices_kept_and_not_shown(tmp_path):
    _seal_two(tmp_path / "a.db", red=3, blue=12)
    _seal_two(tmp_path / "b.db", red=11, blue=2)
    items_a, waiting_a, sealed_a, main_a, view_a = _resumed_public(tmp_path / "a.db")
    items_b, waiting_b, sealed_b, main_b, view_b = _resumed_public(tmp_path / "b.db")
    assert {p: a.target for p, a in sealed_a.items()} == {"red": 3, "blue": 12}  # kept
    assert {p: a.target for p, a in sealed_b.items()} == {"red": 11, "blue": 2}
    assert waiting_a == waiting_b == ["yellow", "green"]
    assert (items_a, main_a, view_a) == (items_b, main_b, view_b)  # and not shown


def _to_announcement(path: Path) -> Table:
    """A two-seat game played by bots up to its first scoring's announcement."""
    table = Table("sim.toml", seed=4, store=open_resilient(path), seats=("red", "blue"))
    bots = {"red": GreedyBot(1), "blue": GreedyBot(2)}
    table.press("red", "select")
    s = table.session
    while table.app.mode != "announce":
        d = decision(s.state)
        s.decide(d.players[0], bots[d.players[0]].choose(s.state, d.players[0]))
        table.app.refresh()
    return table


def test_a_scoring_announcement_goes_on_from_its_page_after_a_restart(tmp_path):
    path = tmp_path / "game.db"
    table = _to_announcement(path)
    pages = [p.lines for p in table.app.announcer.pages]
    assert len(pages) >= 3
    table.press("red", "select")  # one page on, then the power goes
    stop(table)
    again = _restart(path, seats=("red", "blue"))
    try:
        assert again.app.mode == "resumed"
        again.press("blue", "select")  # ● goes on: the page the table had reached
        assert again.app.mode == "announce" and again.app.announcer.index == 1
        assert [p.lines for p in again.app.announcer.pages] == pages
        assert again.app.main_ui().lines == pages[1]
    finally:
        stop(again)


def test_a_scoring_stopped_on_its_last_page_goes_on_from_that_page(tmp_path):
    path = tmp_path / "game.db"
    table = _to_announcement(path)
    pages = [p.lines for p in table.app.announcer.pages]
    table.press("red", *["select"] * (len(pages) - 1))  # the last page, not yet heard to its end
    assert table.app.mode == "announce"
    stop(table)
    again = _restart(path, seats=("red", "blue"))
    try:
        again.press("blue", "select")  # ● goes on: the last page again
        assert again.app.announcer.index == len(pages) - 1
        assert again.app.main_ui().lines == pages[-1]
    finally:
        stop(again)


def test_going_on_after_a_restart_says_the_page_reached_and_nothing_said_before_it(tmp_path):
    path = tmp_path / "game.db"
    table = _to_announcement(path)
    pages = list(table.app.announcer.pages)
    table.press("red", "select")  # one page on, then the power goes
    stop(table)
    again = _restart(path, seats=("red", "blue"))
    try:
        said: list[str] = []
        again.app.outputs.on_say.append(lambda text, _round: said.append(text))
        again.press("blue", "select")  # ● goes on
        assert said == [pages[1].speech]  # the game before the scoring is not told again
    finally:
        stop(again)


def test_a_game_stopped_before_its_first_decision_goes_on_after_a_restart(tmp_path):
    path = tmp_path / "game.db"
    table = _restart(path)
    table.press("red", "select")  # the game starts; nobody has decided anything yet
    stop(table)
    again = _restart(path)
    try:
        assert again.app.mode == "resumed" and again.session.entries == []
        again.press("red", "select")  # ● goes on
        assert again.app.mode == "game" and again.app.main_ui().title != "Game resumed"
    finally:
        stop(again)


def test_a_scoring_heard_to_the_end_is_not_announced_again_after_a_restart(tmp_path):
    path = tmp_path / "game.db"
    table = _to_announcement(path)
    while table.app.mode == "announce":
        table.press("red", "select")
    stop(table)
    again = _restart(path, seats=("red", "blue"))
    try:
        again.press("blue", "select")
        assert again.app.mode == "game" and not again.app.announcer.active
    finally:
        stop(again)


def test_the_setup_screens_choices_survive_a_restart(tmp_path):
    path = tmp_path / "game.db"
    table = _restart(path)
    table.press("red", "right", "select")  # red sits out
    table.press("blue", *["right"] * 6, "select")  # short game
    chosen, cursor = table.app.setup.to_json(), table.app.setup.cursor
    main = table.hw.display.device.image.tobytes()
    stop(table)
    again = _restart(path)
    try:
        assert again.app.mode == "setup" and again.app.setup.to_json() == chosen
        assert again.app.setup.cursor == cursor
        assert again.hw.display.device.image.tobytes() == main  # the same screen
        again.press("green", *["left"] * 7, "select")  # start
        assert again.session.players == ("blue", "yellow", "green")
        assert again.session.state.options.short_game is True
    finally:
        stop(again)


def test_abandoning_a_resumed_game_takes_two_long_presses_and_keeps_it_stored(tmp_path):
    path = tmp_path / "game.db"
    _seal_two(path, red=3, blue=12)
    table = _restart(path)
    try:
        table.press("red", "long")
        assert table.app.mode == "abandon" and table.app.main_ui().title == "Abandon this game?"
        table.press("red", "select")  # no: back into the game
        assert table.app.mode == "game" and len(table.session.entries) == 4
        table.app.mode = "resumed"
        table.press("red", "long", "long")
        assert table.app.mode == "setup" and table.session is None
    finally:
        table.app.store.close()
        table.close()
    header, entries = SqliteStore(path).load()
    assert header is not None and len(entries) == 4  # nothing was thrown away


def test_damage_is_said_on_the_main_display_and_the_game_resumes_before_it(tmp_path):
    path = tmp_path / "game.db"
    _a_refused_bid_stored(path)
    table = _restart(path)
    try:
        ui = table.app.main_ui()
        assert ui.title == "Game resumed"
        assert any(line.startswith("Damaged: ") for line in ui.lines)
        assert len(table.session.entries) == 4
        table.press("red", "select")
        assert "saved game was damaged: resumed before it" in table.app.main_ui().alerts
    finally:
        table.app.store.close()
        table.close()


def test_no_disk_says_not_saved_on_every_page_and_the_game_goes_on():
    def full_disk():
        raise StoreError(errno.ENOSPC, "No space left on device")

    store = ResilientStore(full_disk, where="/var/lib/elgrande-companion/game.db")
    table = Table("sim.toml", seed=9, store=store)
    try:
        pages = [table.app.main_ui()]  # setup
        table.press("red", "select")
        pages.append(table.app.main_ui())  # game
        table.press("yellow", "long")
        pages.append(table.app.main_ui())  # privacy
        assert pages[-1].screen == "privacy"
        table.press("yellow", "long")
        _enter(table, "red", 5)
        assert "red" not in table.session.public_waiting()
        pages.append(table.app.main_ui())
        for ui in pages:
            assert "NOT SAVED: disk full at /var/lib/elgrande-companion/game.db" in ui.alerts
    finally:
        table.close()


def test_a_kept_setup_state_that_no_longer_fits_keeps_the_defaults_where_it_does_not():
    from companion.app.setup import SetupScreen, TableDefaults

    screen = SetupScreen(("red", "blue", "yellow"), TableDefaults())
    defaults = screen.to_json()
    screen.restore({"playing": "everyone", "options": {"veto": 1, "deck": "marked"}, "cursor": 99})
    assert screen.to_json() == defaults  # wrong types, values and ranges: nothing taken
    screen.restore(
        {"playing": ["blue", "purple"], "options": {"veto": False, "colour": "x"}, "cursor": 2}
    )
    assert screen.playing == {"red": False, "blue": True, "yellow": False}
    assert screen.options["veto"] is False and "colour" not in screen.options
    assert screen.cursor == 2


def test_a_kept_setup_state_on_its_first_line_puts_the_cursor_back_there():
    from companion.app.setup import SetupScreen, TableDefaults

    kept = SetupScreen(("red", "blue", "yellow"), TableDefaults()).to_json()  # on "Start"
    screen = SetupScreen(("red", "blue", "yellow"), TableDefaults())
    screen.press("right")
    screen.restore(kept)
    assert screen.ui().cursor == 0 and screen.press("select") is not None  # the game starts


def test_the_damage_goes_to_the_log_in_the_stores_words(tmp_path, caplog):
    path = tmp_path / "game.db"
    _a_refused_bid_stored(path)
    with caplog.at_level(logging.WARNING, logger="companion.app.core"):
        table = _restart(path)
    try:
        damage = table.app.damage
        assert damage is not None and "a copy is at " in damage.message
        said = [r.getMessage() for r in caplog.records if r.name == "companion.app.core"]
        assert said == [damage.message]
    finally:
        stop(table)


SUMMARY = "Damaged: entry 5 was refused by the rules engine. A copy is kept aside."


@pytest.mark.parametrize("config", ["pi.toml", "sim.toml"])
def test_the_resumed_page_says_the_damage_and_its_keys_whole(
    tmp_path, config, drawn, main_small_print, small_print, caplog
):
    path = tmp_path / "game.db"
    _a_refused_bid_stored(path)
    drawn.clear()
    table = Table(config, seed=9, store=open_resilient(path))
    try:
        assert table.app.mode == "resumed"
        shown = [*drawn, *main_small_print]
        assert not [t for t in shown if t.endswith("…") or t.endswith("..")], shown
        words = " ".join(shown).split()
        for word in SUMMARY.split():
            assert word in words, (word, shown)
        # The keys as the display's width takes them: "end" only where "abandon" would be cut.
        keys = {"pi.toml": "● go on  hold ● end", "sim.toml": "● go on  hold ● abandon"}
        assert keys[config] in drawn, drawn
        # Each pad with a display of its own, a seat of this game's, points at the main display.
        pads = [p for p in table.session.players if table.hw.pads[p].display is not None]
        assert small_print.count("Resumed: see main display") == len(pads) > 0, small_print
        # Where the copy is, too long for the display, is in the log.
        assert "a copy is at " in caplog.text
    finally:
        table.app.store.close()
        table.close()


def test_a_game_stopped_before_round_1_resumes_with_no_round_to_name(tmp_path):
    path = tmp_path / "game.db"
    table = Table("sim.toml", seed=9, store=open_resilient(path), first_bidder="choose")
    table.press("red", "select")  # the game starts: the table picks who bids first in round 1
    stop(table)
    again = _restart(path)
    try:
        assert again.app.mode == "resumed"
        assert again.app.main_ui().lines == ()  # no "Round None", nothing else either
    finally:
        stop(again)


def test_a_damage_that_fits_the_big_font_on_the_reference_display_is_drawn_in_it(tmp_path, drawn):
    path = tmp_path / "game.db"
    played_opening(path)
    sql(path, "UPDATE entry SET player = 'blue' WHERE seq = 2")  # the journal gives it back
    drawn.clear()
    table = Table(seed=3, seats=THREE, store=open_resilient(path))  # pi.toml: 128 px wide
    try:
        assert table.app.mode == "resumed"
        # "A copy is kept aside." is 126 px, the whole room beside the display's edges.
        rows = ["Damaged: entry 2", "failed its checksum.", "A copy is kept aside."]
        assert [t for t in drawn if t in rows] == rows, drawn
    finally:
        stop(table)


def test_a_damage_too_long_for_the_resumed_page_is_marked_cut_and_the_keys_keep_their_row(
    tmp_path, drawn, main_small_print
):
    path = tmp_path / "game.db"
    played_opening(path)
    sql(path, "DELETE FROM entry")  # the file lost its rows; the journal gives them back
    drawn.clear()
    table = Table(seed=3, seats=THREE, store=open_resilient(path))  # pi.toml: 128×64
    try:
        assert table.app.mode == "resumed"
        summary = table.app.store.damage.summary
        shown = [*drawn, *main_small_print]
        words = " ".join(shown).split()
        # Every word on the page, or its last row says that more is left (the log has it all).
        assert all(w in words for w in summary.split()) or any(t.endswith("..") for t in shown)
        assert "● go on  hold ● end" in drawn, drawn  # never pushed off by the damage
    finally:
        stop(table)


def test_the_abandon_question_says_what_abandoning_does_and_keeps_the_alerts(tmp_path, drawn):
    path = tmp_path / "game.db"
    _a_refused_bid_stored(path)
    table = _restart(path)  # sim.toml: 256 px wide, room for the page and an alert
    try:
        drawn.clear()
        table.press("red", "long")
        assert table.app.mode == "abandon"
        page = ["Abandon this game?", "The game stays in the store", "as an older game."]
        assert [t for t in drawn if t in page] == page, drawn
        assert "hold ● abandon  ● no" in drawn, drawn
        # The store's alert stays up on this page too: the game resumed before a damage.
        assert "! saved game was damaged: resumed before" in drawn, drawn  # its two rows
        assert "it" in drawn, drawn
    finally:
        stop(table)


def _until_a_scoring_is_stored(table: Table, bots: dict) -> None:
    """Bots decide until a decision makes a scoring, which the table is not told of: the power
    goes once the decision is stored, before the screen state is kept."""
    s = table.session
    while True:
        if table.app.mode == "announce":
            table.press("red", "select")
            continue
        before = len(s.events)
        p = decision(s.state).players[0]
        s.decide(p, bots[p].choose(s.state, p))
        if any(ev["kind"] in PAGE_KINDS for ev in s.events[before:]):
            return
        table.app.refresh()


def _resumed_announcement(store: MemoryStore) -> Table:
    again = Table("sim.toml", seed=9, store=store)
    assert again.app.mode == "resumed"
    again.press("red", "select")  # ● goes on: into the scoring, from its first page
    assert again.app.mode == "announce"
    return again


def _at_a_stored_scoring() -> tuple[MemoryStore, Table, dict]:
    """A game on a store in memory, played by bots until a scoring is stored (not yet heard);
    the store's screen state is the setup screen's, kept before the game."""
    store = MemoryStore()
    table = Table("sim.toml", seed=9, store=store)
    table.press("red", "select")
    bots = {p: GreedyBot(i) for i, p in enumerate(SEATS)}
    _until_a_scoring_is_stored(table, bots)
    return store, table, bots


def _opens_on_its_first_page(store: MemoryStore) -> None:
    again = _resumed_announcement(store)
    try:
        assert again.app.announcer.index == 0
        assert again.app.main_ui().footer.startswith("1/")
    finally:
        again.close()


def test_a_scoring_stored_before_its_first_page_was_kept_opens_on_its_first_page():
    store, table, _ = _at_a_stored_scoring()
    table.close()
    _opens_on_its_first_page(store)


def test_the_page_kept_of_an_earlier_scoring_is_not_the_next_ones_after_a_restart():
    store, table, bots = _at_a_stored_scoring()
    table.app.refresh()  # the table hears it, to its last page: that page is kept
    heard = len(table.app.announcer.pages)
    while table.app.mode == "announce":
        table.press("red", "select")
    assert store.load_screen()["announce"] == heard
    _until_a_scoring_is_stored(table, bots)  # the next one, stored as the power goes
    table.close()
    _opens_on_its_first_page(store)


def test_a_scoring_decided_at_the_pads_after_an_earlier_one_opens_on_its_first_page():
    # The press that makes the decision keeps the screen state before the table hears the new
    # scoring: what it keeps must not be the earlier scoring's page under the new decision.
    store = MemoryStore()
    table = Table("sim.toml", seed=9, store=store)
    table.press("red", "select")
    driver = table.bots({p: GreedyBot(i) for i, p in enumerate(SEATS)})
    while table.app.mode != "announce":
        assert driver.step()
    heard = len(table.app.announcer.pages)
    while table.app.mode == "announce":  # heard to its last page, which is kept
        table.press("red", "select")
    assert store.load_screen()["announce"] == heard
    while table.app.mode != "announce":  # the next scoring, decided at a pad
        assert driver.step()
    table.close()  # the power goes before another press
    _opens_on_its_first_page(store)


@pytest.mark.parametrize("page", [None, -1, "1", 1.0, True])
def test_a_kept_page_that_is_no_page_opens_the_scoring_on_its_first_page(page):
    # A screen state no table writes (a store edited by hand, its checksum made again).
    store, table, _ = _at_a_stored_scoring()
    store.save_screen({"game": fingerprint(table.session), "announce": page})
    table.close()
    _opens_on_its_first_page(store)


def test_a_game_left_for_the_setup_screen_stays_left_over_every_restart_after(tmp_path):
    path = tmp_path / "game.db"
    _seal_two(path, red=3, blue=12)
    table = _restart(path)
    table.press("red", "long", "long")  # abandoned: the setup screen
    table.press("red", "right", "select")  # red sits out
    stop(table)
    again = _restart(path)
    assert again.app.mode == "setup"
    again.press("blue", *["right"] * 6, "select")  # short game
    chosen = again.app.setup.to_json()
    stop(again)
    third = _restart(path)
    try:
        assert third.app.mode == "setup" and third.session is None
        assert third.app.setup.to_json() == chosen
        assert third.app.setup.playing["red"] is False and chosen["options"]["short_game"]
    finally:
        stop(third)
    header, entries = SqliteStore(path).load()
    assert header is not None and len(entries) == 4  # the abandoned game is still stored


def test_a_setup_state_kept_in_the_stores_format_for_the_stored_game_is_put_back():
    # The screen state as the store keeps it (as a table of an earlier version wrote it): the
    # game named by its seed, its players and how many decisions it holds.
    store = MemoryStore()
    table = Table("sim.toml", seed=9, store=store)
    table.press("red", "select")  # a game stored, no decision yet
    table.close()
    game = {"seed": 9, "players": list(SEATS), "entries": 0}
    setup = {"playing": ["red", "blue"], "options": {"short_game": True}, "cursor": 2}
    store.save_screen({"game": game, "setup": setup})
    again = Table("sim.toml", seed=9, store=store)
    try:
        assert again.app.mode == "setup" and again.session is None
        assert again.app.main_ui().lines[:3] == ("Start the game", "red: plays", "blue: plays")
        again.press("red", "long", "select")
        assert again.session.players == ("red", "blue") and again.session.state.options.short_game
    finally:
        again.close()


class _ScreenStore(MemoryStore):
    """A store that counts the screen states written, or refuses them with `refusal`."""

    def __init__(self, refusal: StoreError | None = None) -> None:
        super().__init__()
        self.refusal, self.screens_written = refusal, 0

    def save_screen(self, state) -> None:
        if self.refusal is not None:
            raise self.refusal
        self.screens_written += 1
        super().save_screen(state)


@pytest.mark.parametrize(
    ("refusal", "why"),
    [
        (StoreError(errno.ENOSPC, "No space left on device"), "No space left on device"),
        (StoreError("the disk went away"), "StoreError"),
    ],  # no strerror: the error's kind
)
def test_a_screen_state_the_store_refuses_is_logged_and_the_table_goes_on(caplog, refusal, why):
    table = Table("sim.toml", seed=9, store=_ScreenStore(refusal))
    try:
        with caplog.at_level(logging.WARNING, logger="companion.app.screen_state"):
            table.press("red", "right")  # a setup screen's state to keep
        said = [r.getMessage() for r in caplog.records if r.name == "companion.app.screen_state"]
        assert said == [f"the screen state was not kept ({why})"]
        table.press("red", "left", "select")
        assert table.app.mode == "game"
    finally:
        table.close()


def test_a_screen_state_is_written_only_when_it_changes():
    store = _ScreenStore()
    table = Table("sim.toml", seed=9, store=store)
    try:
        table.press("red", "select")
        _until_a_scoring_is_stored(table, {p: GreedyBot(i) for i, p in enumerate(SEATS)})
        table.app.refresh()  # the scoring's first page
        table.press("red", "long")  # said again: the page is kept
        written = store.screens_written
        assert store.load_screen()["announce"] == 0
        table.press("red", "long", "long")  # the same page again, and again
        assert store.screens_written == written
        table.press("red", "select")
        assert store.screens_written == written + 1
    finally:
        table.close()


def test_a_game_played_in_the_language_chosen_on_the_setup_screen_resumes_in_it(tmp_path):
    path = tmp_path / "game.db"
    table = _restart(path)
    table.press("red", "left", "select")  # the last line: the language, now French
    table.press("red", "long", "select")  # back to Start, and start
    assert table.session is not None
    stop(table)
    again = _restart(path)
    try:
        assert again.app.mode == "resumed"
        assert again.app.main_ui().title == "Partie reprise"
    finally:
        stop(again)
