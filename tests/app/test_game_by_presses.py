"""Whole games at the table, driven only by presses on the pads' mock pins."""

from __future__ import annotations

from companion.elgrande.bots import play_game
from companion.elgrande.options import TableOptions
from companion.screens.chart import score_history
from companion.testing import make_bots

FIVE = ("red", "blue", "yellow", "green", "black")


def _lit(table) -> set[str]:
    return {p for p, pad in table.hw.pads.items() if pad.led is not None and pad.led.is_lit}


def test_a_two_player_short_game_runs_from_setup_to_final_scores_by_presses(make_table):
    table = make_table(seed=5, short_game=True)
    app = table.app
    assert app.mode == "setup" and _lit(table) == set(FIVE)
    # Set-up from blue's pad: yellow, green and black sit out, then back up to "Start".
    table.press("blue", "right", "right", "right", "select")  # yellow sits out
    table.press("blue", "right", "select", "right", "select")  # green, black sit out
    table.press("blue", "long", "select")  # long ● goes back to "Start"; ● starts
    assert app.mode == "game" and app.session.players == ("red", "blue")
    assert app.session.state.options.short_game

    bots = make_bots(("red", "blue"), 5)
    driver = table.bots(bots)
    scoring_pages = 0
    while driver.step():
        if app.mode == "announce":
            scoring_pages += 1
            assert _lit(table) == set(FIVE)  # any pad goes on
        elif app.mode == "game":
            # The LED is lit for the players the device waits for; in a sealed step where
            # a clash is chosen again, for all in it. Every pad that asks has its LED lit.
            waiting = set(app.session.public_waiting())
            assert _lit(table) == (waiting or set(app.view.sealed_step or ()))
            asking = {p for p in app.session.players if app.seat(p).options}
            assert asking <= _lit(table)
    assert app.mode == "final" and app.session.over
    assert scoring_pages > 0

    # The pads reproduced the bots' decisions exactly: the same game as the engine alone.
    alone = play_game(("red", "blue"), 5, options=TableOptions(short_game=True), bots=bots_again())
    assert app.session.state.scores == alone.scores
    assert app.session.state.winners == alone.winners
    assert _lit(table) == set()


def bots_again():
    return make_bots(("red", "blue"), 5)


def test_five_players_play_a_short_game_from_setup_to_final_scores_by_presses(make_table):
    table = make_table(seed=2)
    # From green's pad: "Short game" is the 9th line below "Start"; ● turns it on, ● starts.
    table.press("green", *["right"] * 8, "select", "long", "select")
    app = table.app
    assert app.session.players == FIVE and app.session.state.options.short_game
    driver = table.bots(make_bots(FIVE, 2))
    while driver.step():
        pass
    assert app.mode == "final"

    reference = []
    final = play_game(
        FIVE,
        2,
        options=TableOptions(short_game=True),
        bots=make_bots(FIVE, 2),
        on_step=lambda state, player, action: reference.append((player, action)),
    )
    assert [(a.player, a.action) for a in app.session.applied] == reference
    assert app.session.state.scores == final.scores
    general = score_history(app.session.public_events(), general_only=True)
    assert [h["round"] for h in general] == [3, 6, 9]
