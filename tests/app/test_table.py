"""The table app's behaviour at the pads: setup, menus, announcements, faults, writes."""

from __future__ import annotations

import pytest
from PIL import Image
from table_testing import enter_power_card

from companion.app.menus import MenuState, likeliest, presses_to
from companion.app.painter import pad_menu
from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import decision
from companion.elgrande.moves import Action, describe
from companion.screens import render_pad
from companion.screens.model import MAX_MENU
from companion.screens.pages import PAGE_KINDS, announce_page, discs_page, scores_page
from companion.testing import make_bots
from hw.events import DeviceFault

FIVE = ("red", "blue", "yellow", "green", "black")


def test_setup_refuses_fewer_than_two_seats_and_says_how_many_play(make_table):
    table = make_table()
    table.press("green", "right")
    for _ in FIVE[:4]:
        table.press("green", "select", "right")  # red … green sit out
    table.press("green", "long", "select")
    assert table.app.mode == "setup"
    assert table.app.main_ui().footer == "2 to 5 seats play; 1 chosen"


def test_setup_options_change_with_select_and_reach_the_game(make_table):
    table = make_table()
    # Lines: Start, five seats, the game, then Ruleset, Short game, Veto, Bids …
    table.press("red", *["right"] * 10, "select")  # Bids: sealed → open
    table.press("red", "long", "select")
    assert table.session.state.options.bidding == "open"


def test_menus_hold_at_most_ten_entries_and_page_longer_lists():
    menu = MenuState([Action("bid", v) for v in range(1, 14)], describe)
    seen = set()
    for _ in range(3):
        entries = menu.entries()
        assert len(entries) <= MAX_MENU
        seen |= {e for e in entries if e != "more…"}
        menu.cursor = len(entries) - 1
        assert menu.pick() is None  # "more…" turns the page, decides nothing
    assert len(seen) == 13


def test_more_turns_the_pages_in_order_and_from_the_last_back_to_the_first():
    menu = MenuState([Action("place", str(i)) for i in range(25)], describe)  # three pages: 9, 9, 7
    firsts = []
    for _ in range(4):
        firsts.append(menu.entries()[0])
        menu.cursor = len(menu.entries()) - 1
        assert menu.pick() is None
    assert firsts == ["place in 0", "place in 9", "place in 18", "place in 0"]


def test_ten_choices_are_one_page_and_eleven_two():
    ten = MenuState([Action("place", str(i)) for i in range(10)], describe)
    assert len(ten.entries()) == 10 and "more…" not in ten.entries()
    eleven = MenuState([Action("place", str(i)) for i in range(11)], describe)
    assert eleven.entries()[-1] == "more…" and len(eleven.entries()) == 10


def test_after_a_board_page_matched_the_cursor_starts_on_the_next_page_else_the_first_offer():
    matched = Action("matches", "aragon")
    pages = [Action("confirm"), Action("matches", "galicia"), Action("fix_regions")]
    assert likeliest(pages, matched) == Action("matches", "galicia")
    done = [Action("confirm"), Action("fix_regions")]  # every page matched
    assert likeliest(done, matched) == Action("confirm")


def test_the_presses_to_a_choice_are_the_fewest_and_right_on_a_tie():
    four = MenuState([Action("bid", v) for v in (1, 2, 3, 4)], describe)
    assert presses_to(four, Action("bid", 4)) == ["left", "select"]  # not three ▶
    assert presses_to(four, Action("bid", 3)) == ["right", "right", "select"]  # two either way
    bids = MenuState([Action("bid", v) for v in range(1, 14)], describe)  # 9, "more…"; 4, "more…"
    bids.cursor = 5
    assert presses_to(bids, Action("bid", 11)) == [*["right"] * 4, "select", "right", "select"]
    bids.cursor = 4  # "more…" five away either way
    assert presses_to(bids, Action("bid", 10)) == [*["right"] * 5, "select", "select"]


def test_the_presses_to_a_choice_two_pages_on_turn_both_pages_first():
    menu = MenuState([Action("place", str(i)) for i in range(25)], describe)  # three pages: 9, 9, 7
    presses = presses_to(menu, Action("place", "20"))
    # more… one ◀ away on each full page, then two ▶ to the third entry of the last page
    assert presses == ["left", "select", "left", "select", "right", "right", "select"]
    for button in presses:  # pressed, they pick it
        if button == "select":
            picked = menu.pick()
        else:
            menu.move(-1 if button == "left" else 1)
    assert picked == Action("place", "20")


def test_an_empty_menu_has_nothing_under_its_cursor_and_select_picks_nothing():
    empty = MenuState([])
    assert empty.entries() == () and empty.current() is None and empty.pick() is None
    empty.move(1)
    assert empty.cursor == 0


def test_a_choice_not_on_the_menu_is_refused_without_naming_it():
    with pytest.raises(ValueError) as refused:
        presses_to(MenuState([Action("bid", 3)], describe), Action("bid", 12))
    assert str(refused.value) == "that choice is not on this menu"  # a sealed bid stays unsaid


def test_the_cursor_starts_on_the_last_choice_then_on_done():
    place = [Action("place", "aragon"), Action("place", "galicia"), Action("stop_placing")]
    assert likeliest(place, Action("place", "galicia")) == Action("place", "galicia")
    assert likeliest([Action("end_turn")], Action("place", "galicia")) == Action("end_turn")


def test_a_scoring_is_announced_page_by_page_repeated_on_a_long_press(make_table):
    table = make_table(seed=5)
    table.press("red", "select")
    driver = table.bots(make_bots(FIVE, 5))
    while table.app.mode != "announce":
        assert driver.step()
    app, spoken = table.app, table.hw.speaker
    spoken.wait_idle(5)
    first = app.announcer.current
    assert app.main_ui().footer.startswith(f"1/{len(app.announcer.pages)}  ● next")
    # The page is the one `companion screens` draws (docs/screens): the area, then each placing.
    made = [e for e in table.session.events if e["kind"] in PAGE_KINDS][-len(app.announcer.pages) :]
    expected = announce_page(made[0])
    assert (app.main_ui().title, app.main_ui().lines) == (expected.title, expected.lines)
    assert expected.lines and expected.title != made[0]["text"]
    assert spoken.spoken[-1] == first.speech
    table.press("black", "long")  # any pad: say it again
    spoken.wait_idle(5)
    assert spoken.spoken[-2:] == [first.speech, first.speech] and app.announcer.index == 0
    table.press("blue", "select")
    assert app.announcer.index == 1
    pages = len(app.announcer.pages)
    for _ in range(pages - 1):
        table.press("blue", "select")
    assert app.mode == "game"


def test_a_wide_main_display_shows_an_announcement_pages_repeat_key_too(make_table, drawn):
    table = make_table("sim.toml", seed=4, seats=("red", "blue"))  # 256 px wide
    table.press("red", "select")
    s, bots = table.session, {"red": GreedyBot(1), "blue": GreedyBot(2)}
    while table.app.mode != "announce":
        p = decision(s.state).players[0]
        s.decide(p, bots[p].choose(s.state, p))
        table.app.refresh()
    announcer = table.app.announcer
    assert not announcer.current.confirm
    assert f"1/{len(announcer.pages)}  ● next  hold ● repeat" in drawn, drawn


def test_a_general_scorings_score_tables_show_the_totals_at_each_step(make_table):
    # The Castillo's table comes before the regions are scored: it must not show their points.
    table = make_table(seed=5)
    table.press("red", "select")
    driver = table.bots(make_bots(FIVE, 5))
    while True:
        while table.app.mode != "announce":
            assert driver.step()
        app = table.app
        pages = len(app.announcer.pages)
        made = [e for e in table.session.events if e["kind"] in PAGE_KINDS][-pages:]
        shown = []
        for i, event in enumerate(made):
            if event["kind"] == "totals":
                shown.append(app.main_ui().lines)
                assert shown[-1] == scores_page(event["detail"]).lines, i
            table.press("blue", "select")
        if len(shown) > 1 and shown[0] != shown[-1]:
            break
    final = scores_page({"scores": table.session.state.scores}).lines
    assert shown[-1] == final and shown[0] != final


def test_a_general_scoring_reveals_the_discs_after_the_castillo_before_any_region(make_table):
    # The real Castillo is emptied before the regions are read out: a page the table confirms.
    table = make_table(seed=5)
    table.press("red", "select")
    driver = table.bots(make_bots(FIVE, 5))
    while "castillo_discs" not in {e["kind"] for e in table.session.events}:
        assert driver.step()
    app = table.app
    pages = len(app.announcer.pages)
    kinds = [e["kind"] for e in table.session.events if e["kind"] in PAGE_KINDS][-pages:]
    assert kinds[:4] == ["score", "totals", "castillo_discs", "score"]
    table.press("blue", "select", "select")
    event = next(e for e in table.session.events if e["kind"] == "castillo_discs")
    ui = app.main_ui()
    assert ui.title == discs_page(event["detail"]).title
    assert ui.footer == f"3/{pages}  ● board matches"
    assert pad_menu(app, "red").title == "Board moved? ● yes"
    table.hw.speaker.wait_idle(5)
    assert table.hw.speaker.spoken[-1].startswith("Discs revealed.")
    for p, move in event["detail"].items():
        if move["count"]:
            assert f"{p}: {move['count']} caballero" in table.hw.speaker.spoken[-1]
    table.press("blue", "select")
    assert app.announcer.current.confirm is False  # the regions' pages just turn
    assert pad_menu(app, "red").title == "Scoring: ● next"


def test_only_a_display_whose_image_changed_is_written(make_table, mocker):
    table = make_table()
    table.press("red", "select")
    shows = {p: mocker.spy(pad.display, "show") for p, pad in table.hw.pads.items()}
    main = mocker.spy(table.hw.display, "show")
    table.press("blue", "left")  # blue walks its sealed menu: blue's pad only
    assert shows["blue"].call_count == 1
    assert all(s.call_count == 0 for p, s in shows.items() if p != "blue")
    assert main.call_count == 0


def _pad_as_drawn_now(app, p):
    """What p's pad shows if drawn now from the app's state, whatever was drawn before."""
    own = app.own(p)
    mine = None if own is None else {"you": {"hand": own[0], "castillo": own[1]}}
    return render_pad(mine, app.pad_menu(p), app.hw.pads[p].display.size).tobytes()


def test_after_every_press_of_a_game_every_pad_shows_where_the_game_stands(make_table):
    """A pad is drawn again only when what it shows may have changed: never left stale."""
    seats = ("red", "blue", "yellow")
    table = make_table(seed=4, seats=seats, short_game=True)
    table.press("red", "select")
    driver = table.bots(make_bots(seats, 4))
    steps = 0
    while driver.step():
        steps += 1
        for p, pad in table.hw.pads.items():
            assert pad.display.device.image.tobytes() == _pad_as_drawn_now(table.app, p), (p, steps)
    assert table.app.mode == "final" and steps > 100


def test_a_device_fault_shows_on_the_main_display_and_the_game_goes_on(make_table):
    table = make_table()
    table.press("red", "select")
    table.hw.events.put(DeviceFault("LED matrix", False, "bus error", at=0.0))
    table.drain()
    assert "LED matrix: fault" in table.app.main_ui().alerts
    table.press("red", "select", "select")  # red's group, then card: the choice is still taken
    assert "red" not in table.session.public_waiting()
    table.hw.events.put(DeviceFault("LED matrix", True, "", at=1.0))
    table.drain()
    assert table.app.main_ui().alerts == ()


def test_the_final_screen_ranks_the_players_and_shows_the_chart_on_select(
    make_table, tmp_path, drawn
):
    table = make_table(seed=6, seats=("red", "blue"), short_game=True)
    table.app.out_dir = tmp_path
    table.press("red", "select")
    driver = table.bots(make_bots(("red", "blue"), 6))
    while driver.step():
        pass
    app, state = table.app, table.session.state
    assert app.mode == "final"
    ui = app.main_ui()
    best = max(state.scores, key=state.scores.get)
    assert ui.screen == "final"
    drawn.clear()
    app.painter.forget()  # draw the final page again, to read what it shows
    app.refresh()
    assert f"1 {best} {state.scores[best]}" in drawn and f"Winner: {best}" in drawn
    ranking = table.hw.display.device.image.copy()
    table.press("blue", "select")
    assert table.hw.display.device.image.tobytes() != ranking.tobytes()
    assert (tmp_path / "scores.png").is_file()


def test_the_score_chart_is_saved_greyscale_in_a_games_folder_made_for_it(make_table, tmp_path):
    table = make_table(seed=6, seats=("red", "blue"), short_game=True)
    table.app.out_dir = tmp_path / "state" / "games"  # neither folder is there yet
    table.press("red", "select")
    driver = table.bots(make_bots(("red", "blue"), 6))
    while driver.step():
        pass
    assert table.app.mode == "final"
    with Image.open(tmp_path / "state" / "games" / "scores.png") as chart:
        assert (chart.size, chart.mode) == ((480, 240), "L")


def test_a_press_out_of_turn_changes_nothing_and_says_who_is_awaited(make_table):
    table = make_table(seed=3, seats=("red", "blue"))
    table.press("red", "select")
    driver = table.bots(make_bots(("red", "blue"), 3))
    while table.session.secret_step() is not None or table.app.mode != "game":
        assert driver.step()
    (active,) = table.session.public_waiting()
    idle = "blue" if active == "red" else "red"
    entries = len(table.session.entries)
    table.press(idle, "select")
    assert len(table.session.entries) == entries
    assert table.app.public_note == f"{idle}: not your turn; waiting for {active}"


def test_before_a_general_scoring_the_table_confirms_the_board_with_one_press(make_table):
    table = make_table(seed=5, seats=("red", "blue"), short_game=True)
    table.press("red", "select")
    bots = {"red": GreedyBot(1), "blue": GreedyBot(2)}
    s = table.session
    while (d := decision(s.state)).kind != "correct":
        if table.app.mode == "announce":
            table.press("red", "select")
            continue
        s.decide(d.players[0], bots[d.players[0]].choose(s.state, d.players[0]))
        table.app.refresh()
    (p,) = d.players
    assert table.app.menu_for(p).current() == Action("confirm")
    table.press(p, "select")
    assert decision(s.state).kind == "castillo_disc"
    assert s.events[-1]["kind"] != "correction"


def test_the_main_display_shows_a_menu_only_for_a_pad_without_a_display(make_table):
    from companion.testing import make_bots

    table = make_table("sim.toml", bidding="open")  # yellow and green have no pad display
    table.press("red", "select")  # set-up: every seat of sim.toml plays
    driver = table.bots(make_bots(table.app.session.players, 3))
    shown = {"with display": 0, "without": 0}
    for _ in range(600):
        session = table.app.session
        if table.app.mode == "game" and session.secret_step() is None:
            lines = table.app.main_ui().lines
            for p in session.public_waiting():
                kind = "without" if table.hw.pads[p].display is None else "with display"
                shown[kind] += any(line.startswith(f"{p}: ") for line in lines)
        if not driver.step():
            break
    assert shown["with display"] == 0  # options may be private: only that pad shows them
    assert shown["without"] > 0  # a pad with no display still sees its menu somewhere


def test_the_main_display_counts_a_blind_pads_entry_as_a_pad_does(make_table):
    table = make_table("sim.toml", seed=9)  # yellow and green have no pad display
    table.press("red", "select")
    s, app = table.session, table.app
    bots = {p: GreedyBot(i) for i, p in enumerate(s.players)}

    def a_blind_pad_walks_a_public_menu() -> bool:
        d = app.view.decision
        if app.mode != "game" or d is None or app.view.sealed_step is not None:
            return False
        (p,) = d.waiting
        return app.hw.pads[p].display is None and len(app.menu_for(p).entries()) > 2

    while not a_blind_pad_walks_a_public_menu():
        if app.mode == "announce":
            table.press("red", "select")
            continue
        p = decision(s.state).players[0]
        s.decide(p, bots[p].choose(s.state, p))
        app.refresh()
    (p,) = app.view.decision.waiting
    entries = app.menu_for(p).entries()
    n, start = len(entries), app.menu_for(p).cursor
    for step in range(n + 1):  # all the way round, to where it started
        at = (start + step) % n
        assert app.main_ui().lines == (f"{p}: {entries[at]} {at + 1}/{n}",), (step, n)
        table.press(p, "right")


def test_a_fault_sounds_the_fault_cue_and_a_recovery_never_seen_as_a_fault_is_let_be(make_table):
    from hw.buzzer import cue_notes

    table = make_table()
    buzzer = table.hw.buzzer
    table.hw.events.put(DeviceFault("LED matrix", True, "", at=0.0))  # no fault was shown
    table.drain()
    assert table.app.main_ui().alerts == ()
    table.hw.events.put(DeviceFault("LED matrix", False, "bus error", at=1.0))
    table.drain()
    assert buzzer.wait_idle(5)
    assert buzzer.played == list(cue_notes("fault", buzzer.device.mid_tone.note))


def test_a_stuck_button_is_named_on_the_main_display_and_a_stray_event_changes_nothing(
    make_table, drawn
):
    from hw.events import Btn, Kind, PadEvent

    table = make_table()
    before = table.hw.display.device.image.tobytes()
    table.hw.events.put(PadEvent("nobody", Btn.SELECT, Kind.PRESS, at=0.0))  # no such pad
    table.drain()
    assert table.hw.display.device.image.tobytes() == before and table.app.mode == "setup"
    drawn.clear()
    table.hw.events.put(PadEvent("red", Btn.SELECT, Kind.STUCK, at=1.0))
    table.drain()
    assert sorted(drawn[:2]) == ["! red's pad: select", "stuck"], drawn  # the bottom rows, first


def test_a_waiting_pad_shows_its_players_hand_and_castillo(make_table, small_print):
    table = make_table(seed=3, seats=("red", "yellow", "black"))
    table.press("red", "select")  # the game starts: sealed power cards
    enter_power_card(table, "red", 5)
    enter_power_card(table, "yellow", 9)
    table.press("black", *presses_to(table.app.menu_for("black"), Action("bid_group", "8-13")))
    table.press("black", *presses_to(table.app.menu_for("black"), Action("bid", 13)))
    assert table.app.pad_menu("black").title == "Last: ● reveals"  # the last one looks first
    small_print.clear()
    table.press("black", "select")  # the reveal: black plays first, red and yellow wait
    assert table.app.view.decision.waiting == ("black",)
    assert small_print.count("Castillo 0") == 2, small_print
    assert "1-4 6-13" in small_print and "1-8 10-13" in small_print, small_print


def test_the_matrix_follows_the_game(make_table):
    table = make_table(seed=3, seats=("red", "yellow", "black"))
    frames = [table.hw.matrix.device.image.tobytes()]
    table.press("red", "select")  # the game starts: round 1
    frames.append(table.hw.matrix.device.image.tobytes())
    assert frames[1] != frames[0]


def test_a_table_without_a_matrix_plays(make_table):
    from dataclasses import replace

    from companion.app.config import load_app_config

    hardware = replace(load_app_config(None, "pi.toml")[0], matrix=None)
    table = make_table(hardware=hardware, seed=3, seats=("red", "yellow", "black"))
    setup = table.hw.display.device.image.tobytes()
    table.press("red", "select")
    assert table.app.mode == "game" and table.hw.display.device.image.tobytes() != setup


def test_the_first_pad_then_the_main_display_then_the_other_pads_are_drawn(make_table, mocker):
    """Every bus gets its first frame early: the mux's (the first pad), then the main
    display's, while the other pads follow on the mux."""
    table = make_table(seed=3, seats=("red", "yellow", "black"))
    order: list[str] = []
    for p, pad in table.hw.pads.items():
        if pad.display is not None:
            mocker.patch.object(pad.display, "show", side_effect=lambda img, p=p: order.append(p))
    mocker.patch.object(table.hw.display, "show", side_effect=lambda img: order.append("main"))
    table.press("red", "select")  # the game starts: every display changes
    pads = [p for p, pad in table.hw.pads.items() if pad.display is not None]
    assert order == [pads[0], "main", *pads[1:]]


def test_when_the_first_pad_is_as_it_was_the_first_pad_that_changed_comes_before_the_main(
    make_table, mocker
):
    """The mux's bus starts on the first pad drawn, not after the main display's drawing."""
    table = make_table(seed=3, seats=("red", "yellow", "black"))
    table.press("red", "select")  # the game starts: every player chooses a power card
    order: list[str] = []
    for p, pad in table.hw.pads.items():
        if pad.display is not None:
            mocker.patch.object(pad.display, "show", side_effect=lambda img, p=p: order.append(p))
    mocker.patch.object(table.hw.display, "show", side_effect=lambda img: order.append("main"))
    table.press("yellow", "select")  # yellow's pad opens a stack; red's is as it was
    assert order == ["yellow", "main"]


def _tick(table, seconds: float) -> None:
    """`seconds` pass; the hub reads the pins and the table handles what they said."""
    table.clock.advance(seconds)
    table.hw.input.pump()
    table.drain()


def test_a_held_arrow_moves_the_cursor_again_at_every_repeat(make_table):
    from hw.events import Btn

    table = make_table()  # pi.toml: repeats after 0.5 s, then every 0.15 s
    gpio = table.hw.config.players["red"].pin(Btn.RIGHT)
    table.presser.pins.drive(gpio, True)
    for _ in range(17):  # 0.85 s: the press, then repeats at 0.5, 0.65 and 0.8 s
        _tick(table, 0.05)
    table.presser.pins.drive(gpio, False)
    _tick(table, 0.05)
    ui = table.app.main_ui()
    assert ui.lines[ui.cursor] == "green: plays", ui  # four lines on from "Start the game"


def test_a_stuck_button_is_named_until_it_is_released_and_a_recovery_never_seen_stuck_is_let_be(
    make_table,
):
    from hw.events import Btn, Kind, PadEvent

    table = make_table()  # pi.toml: a button held 30 s is stuck
    gpio = table.hw.config.players["red"].pin(Btn.SELECT)
    table.presser.pins.drive(gpio, True)
    _tick(table, 0.05)
    _tick(table, 31.0)
    assert table.app.main_ui().alerts == ("red's pad: select stuck",)
    table.presser.pins.drive(gpio, False)
    _tick(table, 0.05)
    assert table.app.main_ui().alerts == ()  # released: the pad works again
    # hw sends a pad's recovery only after its stuck report; one without is let be all the same.
    table.hw.events.put(PadEvent("blue", Btn.SELECT, Kind.RECOVERED, at=table.clock()))
    table.drain()
    assert table.app.main_ui().alerts == () and table.app.mode == "setup"


def test_a_press_asks_again_only_for_the_menu_of_the_pad_it_moved(make_table, mocker):
    """What a pad shows is worked out again only when what it is drawn from changed: walking
    one's menu asks for that pad's menu alone, not the other four (a press's CPU time)."""
    from companion.app import painter

    table = make_table()
    table.press("red", "select")  # the game starts: sealed power cards, every pad's menu built
    asked = mocker.patch.object(painter, "pad_menu", wraps=painter.pad_menu)
    table.press("blue", "left")  # blue walks its sealed menu
    assert [call.args[1] for call in asked.call_args_list] == ["blue"]
    asked.reset_mock()
    table.press("blue", "right")
    table.press("green", "left")  # green's cursor moves: green alone, blue as it was
    assert [call.args[1] for call in asked.call_args_list] == ["blue", "green"]
