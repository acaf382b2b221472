"""The main display names the cards on offer by title. Five titles do not fit one row of either
display, so the row shows whole titles a page at a time and the loop turns the page on a slow
timer, only while the game page shows a row of more than one page."""

from __future__ import annotations

import pytest
from loop_testing import Notes, ScriptedQueue

from companion.app.loop import MAINTAIN_EVERY_S, run_loop
from companion.app.table import TURN_EVERY_S
from companion.elgrande.data import game_data
from companion.testing import make_bots

SEATS = ("red", "blue", "yellow")


def _cards_rows(tiny: list[str], drawn: list[str]) -> list[str]:
    """Every text drawn on the main display whose row names cards, in the order drawn."""

    def rows() -> list[str]:
        return [t for t in [*tiny, *drawn] if t.startswith("Cards")]

    return rows


def _game_page_with_cards(make_table, config: str):
    table = make_table(config, seats=SEATS, seed=2)
    driver = table.bots(make_bots(SEATS, 2))
    while driver.step():
        app = table.app
        if app.mode == "game" and app.main_ui().screen == "game" and app.view.face_up:
            return table
    raise AssertionError("no cards on offer reached")


@pytest.mark.parametrize("config", ["pi.toml", "sim.toml"])
def test_the_cards_row_turns_through_every_title_on_offer(
    make_table, main_small_print, drawn, config
):
    table = _game_page_with_cards(make_table, config)
    app = table.app
    rows = _cards_rows(main_small_print, drawn)
    assert app.turn_every() == TURN_EVERY_S
    pages, before = 7, len(rows())  # 28 s: before the first maintenance
    events = ScriptedQueue(table.clock, [(0, None)] * pages)
    run_loop(app, events, Notes(None), clock=table.clock)
    assert events.timeouts[:pages] == [TURN_EVERY_S] * pages
    shown = rows()[before:]  # page 1 was up before the first turn
    total = int(shown[0].split()[1].split("/")[1])
    assert [r.split()[1] for r in shown] == [f"{(k + 1) % total + 1}/{total}" for k in range(pages)]
    data = game_data()
    titles = " ".join(shown)
    for card in app.view.face_up:  # every card on offer is named by its title, whole
        assert data.card_title(card) in titles, (data.card_title(card), shown)
        assert card not in titles.split()  # not by its id


def test_nothing_turns_without_cards_on_offer(make_table):
    table = make_table("pi.toml", seats=SEATS, seed=2)  # the setup screen
    assert table.app.turn_every() is None
    events = ScriptedQueue(table.clock, [(0, None)])
    run_loop(table.app, events, Notes(None), clock=table.clock)
    assert events.timeouts[0] == MAINTAIN_EVERY_S


def _frames_sent(hw) -> int:
    displays = [hw.display, *(pad.display for pad in hw.pads.values())]
    return sum(d.writes for d in displays if d is not None)


@pytest.mark.parametrize("config", ["pi.toml", "sim.toml"])
def test_a_page_that_turns_is_on_the_timer_and_a_row_on_one_page_is_not(
    make_table, main_small_print, drawn, config
):
    # A page missing from the timer is never seen (a cards row of two pages); a timer for a row
    # of one page wakes the table for nothing. Both rows come up in a round's first 130 steps.
    table = make_table(config, seats=SEATS, seed=2)
    driver = table.bots(make_bots(SEATS, 2))
    app, whole_row_turning = table.app, set()
    for _ in range(130):
        drawn.clear()
        main_small_print.clear()
        assert driver.step()
        turning = app.turn_every() is not None
        if any(text.startswith("Cards: ") for text in [*drawn, *main_small_print]):
            whole_row_turning.add(turning)  # the cards on offer fit one page, drawn now
        before = _frames_sent(table.hw)
        app.turn()
        if _frames_sent(table.hw) != before:  # the turn showed another page
            assert turning, app.main_ui()
    assert False in whole_row_turning


def test_the_resumed_page_does_not_turn_and_the_game_page_it_opens_on_does(make_table, tmp_path):
    # Cards are on offer from the round's start, but the resumed page shows no cards row: no
    # timer wakes the table for it until ● opens the game page, whose row has pages to turn.
    from store_table_testing import THREE, played_opening

    from companion.session.resilient import open_resilient

    played_opening(tmp_path / "game")
    table = make_table(seats=THREE, seed=3, store=open_resilient(tmp_path / "game"))
    app = table.app
    assert app.mode == "resumed" and len(app.view.face_up) == 5
    events = ScriptedQueue(table.clock, [(0, None)])
    run_loop(app, events, Notes(None), clock=table.clock)
    assert events.timeouts[0] == MAINTAIN_EVERY_S
    table.press("red", "select")
    assert app.main_ui().screen == "game" and app.turn_every() == TURN_EVERY_S
    app.store.close()


def test_a_cards_row_of_two_pages_turns_to_its_second_page(make_table, main_small_print, drawn):
    # Two cards left on offer whose titles do not fit one row: the second page comes up too.
    rows = _cards_rows(main_small_print, drawn)
    table = make_table("pi.toml", seats=SEATS, seed=1)
    driver = table.bots(make_bots(SEATS, 1))
    while not any(r.startswith("Cards 1/2 ") for r in rows()):
        assert driver.step(), "no cards row of two pages reached"
    app = table.app
    assert app.turn_every() == TURN_EVERY_S
    before = len(rows())
    app.turn()
    assert [r.split()[1] for r in rows()[before:]] == ["2/2"]
