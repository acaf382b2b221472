"""table.toml checked whole (check_table) and said back in one line (describe_table): each
problem names its key and what is accepted, the seats are checked at load."""

from __future__ import annotations

from companion.app.setup import TableDefaults
from companion.app.table_file import SEATS_ACCEPT, check_table, describe_table

COLOURS = "red, blue, yellow, green, black, pink"


def test_seats_given_as_a_table_or_with_a_table_in_them_are_refused_in_tomls_words():
    assert check_table({"seats": {"red": 1}}) == (
        None,
        [f"seats: got table; accepted: {SEATS_ACCEPT}"],
    )
    assert check_table({"seats": [{"red": 1}, "red"]}) == (
        None,
        ["seats[0]: got table; accepted: a player colour"],
    )


def test_every_seat_is_checked_after_one_that_is_not_a_colour_name():
    table, problems = check_table({"seats": [1, "red", "red", "purple"]}, pads=("red", "blue"))
    assert table is None
    assert problems == [
        "seats[0]: got integer 1; accepted: a player colour",
        'seats: "red" is listed twice; each seat plays once',
        f'seats: "purple" is not a player colour; accepted: {COLOURS}',
    ]


def test_five_seats_play_and_six_are_one_too_many():
    five = ["red", "blue", "yellow", "green", "black"]
    table, problems = check_table({"seats": five})
    assert problems == [] and table is not None and table.seats == tuple(five)
    _, problems = check_table({"seats": [*five, "red"]})
    assert problems == [
        'seats: "red" is listed twice; each seat plays once',
        "seats: 6 listed; El Grande is played by 2–5",
    ]


def test_a_table_without_seats_is_described_as_played_by_every_pad():
    assert describe_table(TableDefaults()).endswith("; seats: every pad")
