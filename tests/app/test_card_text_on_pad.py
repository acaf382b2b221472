"""The player choosing an action card reads what the card under the cursor does on their own pad:
its whole printed text below the entry, a page at a time, turned by the loop (no press is spent:
◀ ▶ still walk the cards, ● takes one). No other pad shows it."""

from __future__ import annotations

from loop_testing import Notes, ScriptedQueue

from companion.app.loop import run_loop
from companion.elgrande.data import game_data
from companion.testing import make_bots

SEATS = ("red", "blue", "yellow", "green", "black")  # pi.toml: blue and green have no display


def _choosing_a_card(make_table, seed: int = 5):
    table = make_table("pi.toml", seats=SEATS, seed=seed)
    driver = table.bots(make_bots(SEATS, seed))
    while driver.step():
        d = table.app.session.table_view().decision if table.app.session else None
        if d is not None and d.kind == "card" and table.app.has_display(d.waiting[0]):
            return table, d.waiting[0]
    raise AssertionError("no card choice on a pad with a display")


def _turn(table, times: int) -> None:
    """The loop waits `times` periods with nobody pressing: the pages turn."""
    run_loop(
        table.app, ScriptedQueue(table.clock, [(0, None)] * times), Notes(None), clock=table.clock
    )


def test_the_choosers_pad_pages_through_the_whole_text_of_each_card(make_table, small_print):
    from companion.screens.pad import text_pages

    table, p = _choosing_a_card(make_table)
    app, data = table.app, game_data()
    paged = 0
    for _ in app.view.face_up:  # ▶ once a card: every card on offer comes under the cursor
        start = len(small_print)
        table.press(p, "right")
        card = app.menu_for(p).current().target
        paged += len(text_pages(app.pad_menu(p), (128, 32))) > 1
        _turn(table, 3)  # no card's text takes more than three pages
        shown = " ".join(small_print[start:]).split()
        text = data.action_cards[card].text.replace("’", "'")
        assert all(w in shown for w in text.split()), (text, small_print[start:])
    assert paged  # a text longer than one page was among them, and turned
    assert app.menu_for(p).current().kind == "card"  # the presses only moved the cursor
    assert app.session.table_view().decision.kind == "card"


def test_no_other_pad_shows_the_card_text(make_table):
    table, p = _choosing_a_card(make_table)
    app = table.app
    assert app.pad_menu(p).text
    for other in SEATS:
        if other != p:
            assert not app.pad_menu(other).text, other


def test_a_card_coming_under_the_cursor_shows_its_text_from_the_first_page(make_table, small_print):
    from companion.screens.pad import text_pages

    table, p = _choosing_a_card(make_table, seed=2)  # 1h on offer: a text of three pages
    app = table.app
    for _ in range(3 * len(app.view.face_up)):  # each card at turns of every remainder by 3
        _turn(table, 1)
        start = len(small_print)
        table.press(p, "right")
        first = text_pages(app.pad_menu(p), (128, 32))[0]
        assert all(line in small_print[start:] for line in first), (first, small_print[start:])


def test_while_only_the_choosers_card_text_turns_the_main_display_is_left_as_it_is(
    make_table, mocker
):
    from companion.screens.game_page import row_pages
    from companion.screens.pad import text_pages

    table = make_table("pi.toml", seats=SEATS, seed=4)
    driver = table.bots(make_bots(SEATS, 4))
    app = table.app
    while True:  # the last card on offer: the cards row is one page, the card's text is more
        assert driver.step(), "no last card with a long text reached"
        d = app.session.table_view().decision if app.session else None
        one_page = len(row_pages(app.view.to_json(), 128)) == 1  # no Veto held either
        if d is not None and d.kind == "card" and len(app.view.face_up) == 1 and one_page:
            p = d.waiting[0]
            if app.has_display(p) and len(text_pages(app.pad_menu(p), (128, 32))) > 1:
                break
    main = mocker.spy(table.hw.display, "show")
    pad = mocker.spy(table.hw.pads[p].display, "show")
    _turn(table, 2)
    assert pad.call_count == 2  # its text turned twice
    assert main.call_count == 0  # nothing of the main display's turned: not even rendered


def test_a_one_page_text_does_not_turn_and_a_turn_of_the_cards_row_asks_no_pad_again(
    make_table, mocker
):
    # What a pad shows is worked out again at a turn only for a pad whose text has pages to
    # turn (a turn's CPU time): here only the main display's cards row has.
    from companion.app import painter
    from companion.screens.pad import text_pages

    table, p = _choosing_a_card(make_table)
    app = table.app
    for _ in app.view.face_up:
        if len(text_pages(app.pad_menu(p), (128, 32))) == 1:
            break
        table.press(p, "right")
    else:
        raise AssertionError("no card on offer with a text of one page")
    assert app.turn_every() is not None  # the cards row turns
    asked = mocker.patch.object(painter, "pad_menu", wraps=painter.pad_menu)
    shown = mocker.spy(table.hw.pads[p].display, "show")
    app.turn()
    assert asked.call_count == 0 and shown.call_count == 0
