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
