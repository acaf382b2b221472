"""The score track: laps of 50 and what to do with the 50/100 score tiles, in the seed's words."""

from __future__ import annotations

from companion.carcassonne.track import (
    ANOTHER,
    TAKE,
    TURN,
    lap_messages,
    marker,
    tiles_text,
    track_json,
)

SEED = "/work/shared/seeds/004_85dcf735b27398d2.txt"


def test_the_quotes_are_the_seeds_words() -> None:
    import pathlib

    path = pathlib.Path(SEED)
    if path.exists():  # the seed lives beside the project, not in it
        text = path.read_text(encoding="utf-8")
        assert all(quote in text for quote in (TAKE, TURN, ANOTHER))
    assert TAKE == "vous prenez une tuile de score"
    assert ANOTHER == "Utilisez une tuile de score supplémentaire"


def test_the_seed_example_48_plus_4_takes_a_tile() -> None:
    # « Vous avez 48 points et marquez 4 points … vous prenez une tuile de score »
    (message,) = lap_messages("red", 48, 52, expansion=True)
    assert (message.lap, message.marker, message.action, message.quote) == (1, 2, "take", TAKE)
    assert message.text.startswith("red passes 50: take a score tile, 50 side up")


def test_no_message_without_a_lap() -> None:
    assert lap_messages("red", 10, 49, expansion=True) == []
    assert lap_messages("red", 50, 99, expansion=True) == []


def test_second_lap_turns_the_tile_third_takes_another() -> None:
    second = lap_messages("red", 95, 103, expansion=True)
    third = lap_messages("red", 149, 150, expansion=True)
    assert [m.action for m in second] == ["turn"] and second[0].quote == TURN
    assert [m.action for m in third] == ["another"] and third[0].quote == ANOTHER


def test_one_big_scoring_can_pass_several_laps_in_order() -> None:
    messages = lap_messages("blue", 45, 160, expansion=True)
    assert [(m.lap, m.action) for m in messages] == [(1, "take"), (2, "turn"), (3, "another")]
    assert all(m.marker == 10 for m in messages)


def test_without_the_expansion_there_is_no_tile_to_take() -> None:
    (message,) = lap_messages("red", 48, 52, expansion=False)
    assert message.action == "note" and message.quote is None
    assert "remember 50" in message.text


def test_the_tiles_in_front_of_a_player() -> None:
    assert [tiles_text(s) for s in (49, 50, 112, 160, 210)] == [
        "no score tile",
        "one score tile, 50 side up",
        "one score tile, 100 side up",
        "one score tile, 100 side up and one score tile, 50 side up",
        "2 score tiles, 100 side up",
    ]
    assert marker(112) == 12
    assert track_json({"red": 112})["red"] == {
        "score": 112,
        "laps": 2,
        "marker": 12,
        "tiles": "one score tile, 100 side up",
    }
