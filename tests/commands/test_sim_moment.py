"""The sim's header is the moment's: while round 3's scoring is announced it says round 3's
scoring, though the game has moved on to round 4's bids."""

from __future__ import annotations

from companion.commands.sim import SimScreen
from companion.commands.sim_layout import frame
from companion.commands.sim_log import SimLog
from companion.testing import make_bots

SEATS = ("red", "blue", "yellow", "green")


def test_during_round_3s_scoring_the_header_says_round_3s_scoring(make_table):
    table = make_table("sim.toml", seed=4)
    table.press("red", "select")  # Start
    driver = table.bots(make_bots(SEATS, 4))
    screen = SimScreen(table.app, table.hw, SEATS, False, SimLog())
    headers = []
    while driver.step():
        if table.app.mode == "announce" and table.app.announcer.current.round == 3:
            headers.append(frame(screen.snapshot(24, 80, ""), 24, 80)[0])
        if table.app.view.round == 5:
            break
    assert headers, "round 3's scoring was never announced"
    assert table.app.view.round >= 4
    assert all("round 3 of 9 · scoring" in h for h in headers), headers


def test_every_caballero_an_action_card_moves_is_in_the_log_from_where_to_where(make_table):
    table = make_table("sim.toml", seed=4)
    table.press("red", "select")  # Start
    driver = table.bots(make_bots(SEATS, 4))
    log = SimLog()
    screen = SimScreen(table.app, table.hw, SEATS, False, log)
    moves: list[str] = []
    while driver.step() and len(moves) < 3:
        screen.snapshot(24, 80, "")
        moves = [e["text"] for e in table.session.events if e["kind"] in ("move", "return")]
    assert moves, "no action card moved a caballero"
    logged = " ".join(log.lines)
    assert all(text[1:] in logged for text in moves), (moves, log.lines[-10:])


def test_the_players_panel_says_who_holds_a_veto_until_when_and_every_played_power_card():
    from companion.commands.sim_board import player_lines
    from companion.elgrande.engine import new_game
    from companion.elgrande.views import public_view
    from companion.session.views import table_view

    s = new_game(["red", "blue", "yellow"], 3)
    s.round_index = 1  # round 2: a Veto taken now is held to the end of round 3
    s.vetoes = {"blue": [1]}
    s.played = {"red": [13, 2], "blue": [7], "yellow": []}
    view = table_view(public_view(s), None, False)
    panel = player_lines(view, 40)
    assert "veto: blue to R3" in panel, panel
    assert "played: red 13 2, blu 7" in panel, panel
