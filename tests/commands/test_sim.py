"""`companion sim` without a terminal: the key rows, --bots, and bots waiting for a person."""

from __future__ import annotations

import pytest

from companion.commands.sim import key_map, parse_bots
from companion.elgrande.engine import decision
from companion.testing import make_bots

SEATS = ("red", "blue", "yellow", "green")


def test_each_seat_has_a_row_of_four_keys():
    keys = key_map(SEATS)
    assert keys["1"] == ("red", "left") and keys["4"] == ("red", "long")
    assert keys["d"] == ("yellow", "select") and keys["v"] == ("green", "long")
    assert len(keys) == 16


def test_bots_must_name_seats_of_the_config():
    assert parse_bots("blue, green", SEATS) == ("blue", "green")
    with pytest.raises(ValueError, match="'purple' is not a seat; seats: red, blue"):
        parse_bots("blue,purple", SEATS)


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
