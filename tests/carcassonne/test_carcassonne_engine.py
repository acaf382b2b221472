"""The session's engine: entering features on pads, owners confirming in the open, a "wrong"
handing the entry back, the final count, the ranking, and refusals."""

from __future__ import annotations

import copy

import pytest
from play_support import enter

from companion.carcassonne.engine import apply_in_place, decision, legal_actions, new_game
from companion.carcassonne.form import Confirm, FeatureForm
from companion.carcassonne.options import Options
from companion.carcassonne.state import State
from companion.kit.moves import Action, RuleError
from companion.kit.steps import MENU_MAX

A = Action


def kinds(s: State) -> list[str]:
    return [e.kind for e in s.take_events()]


def test_a_typical_city_takes_at_most_twelve_presses_and_scores_at_once() -> None:
    s = new_game(["red", "blue", "green"], seed=1)
    s.take_events()
    presses = enter(
        s,
        "blue",
        A("feature", "city"),
        A("tiles", 4),
        A("pennants", 1),
        A("cathedral", "no"),
        A("meeple", "blue"),
        A("done"),
    )
    assert presses <= 12
    assert s.scores == {"red": 0, "blue": 10, "green": 0}
    assert decision(s).kind == "play"


def test_a_contested_road_costs_the_placer_at_most_twelve_and_the_rival_one() -> None:
    s = new_game(["red", "blue", "green", "yellow"], seed=1)
    placer = enter(
        s,
        "red",
        A("feature", "road"),
        A("tiles", 6),
        A("inn", "yes"),
        A("meeple", "red"),
        A("meeple", "blue"),
        A("done"),
    )
    assert placer <= 12
    assert enter(s, "blue", A("right")) == 1
    assert s.scores == {"red": 12, "blue": 12, "green": 0, "yellow": 0}


def test_owners_confirm_in_parallel_and_nothing_scores_before_all_agree() -> None:
    s = new_game(["red", "blue", "green", "yellow"], seed=1)
    enter(
        s,
        "red",
        A("feature", "road"),
        A("tiles", 6),
        A("inn", "yes"),
        A("meeple", "red"),
        A("meeple", "yellow"),
        A("meeple", "green"),
        A("done"),
    )
    d = decision(s)
    assert d.kind == "confirm" and set(d.players) == {"yellow", "green"}
    assert s.steps[-1].parallel
    enter(s, "green", A("right"))
    assert decision(s).players == ("yellow",) and s.scores["red"] == 0
    enter(s, "yellow", A("right"))
    assert s.scores == {"red": 12, "blue": 0, "green": 12, "yellow": 12}


def test_a_big_meeple_is_its_own_choice_in_the_meeple_menu() -> None:
    s = new_game(["red", "blue"], seed=1)
    enter(
        s,
        "red",
        A("feature", "city"),
        A("tiles", 4),
        A("pennants", 0),
        A("cathedral", "no"),
        A("big_meeple"),
        A("big", "red"),
        A("meeple", "blue"),
        A("done"),
    )
    enter(s, "blue", A("right"))
    assert s.scores == {"red": 8, "blue": 0}
    events = s.take_events()
    assert any(
        e.text.endswith("red 2 meeples (a big meeple) against blue 1: red 8") for e in events
    )


def test_every_menu_fits_a_pad_and_every_label_a_small_display() -> None:
    s = new_game(["red", "blue", "green", "yellow", "black", "pink"], seed=1)
    apply_in_place(s, "pink", A("feature", "city"))
    for a in (A("tiles", 3), A("pennants", 0), A("cathedral", "no")):
        assert len(legal_actions(s, "pink")) > MENU_MAX or a in legal_actions(s, "pink")
        apply_in_place(s, "pink", a)
    menu = legal_actions(s, "pink")
    assert len(menu) <= MENU_MAX and menu[:2] == [A("done"), A("meeple", "pink")]
    apply_in_place(s, "pink", A("big_meeple"))
    assert len(legal_actions(s, "pink")) <= MENU_MAX
    form = s.steps[-1]
    assert all(len(form.label(a)) <= 21 for a in legal_actions(s, "pink"))
    assert all(len(f.label) <= 21 for f in [form.field(s)] if f)


def test_a_number_is_a_stepper_with_a_realistic_range_and_default() -> None:
    s = new_game(["red", "blue"], seed=1)
    apply_in_place(s, "red", A("feature", "road"))
    field = s.steps[-1].field(s)
    assert (field.key, field.low, field.high, field.default) == ("tiles", 1, 60, 3)
    assert legal_actions(s, "red") == [A("tiles", v) for v in range(1, 61)]


def test_wrong_hands_the_entry_back_and_nothing_is_scored() -> None:
    s = new_game(["red", "blue"], seed=1)
    enter(
        s,
        "red",
        A("feature", "road"),
        A("tiles", 7),
        A("inn", "no"),
        A("meeple", "red"),
        A("meeple", "blue"),
        A("done"),
    )
    s.take_events()
    enter(s, "blue", A("wrong"))
    assert kinds(s) == ["wrong"] and s.scores == {"red": 0, "blue": 0}
    d = decision(s)
    assert d.players == ("red",) and legal_actions(s, "red") == [A("again"), A("cancel")]
    enter(s, "red", A("again"))
    assert s.steps[-1].field(s).default == 7  # the first answer is the stepper's start
    enter(s, "red", A("tiles", 7), A("inn", "no"), A("meeple", "red"), A("done"))
    assert s.scores == {"red": 7, "blue": 0}


def test_the_placer_may_cancel_an_entry_handed_back() -> None:
    s = new_game(["red", "blue"], seed=1)
    enter(s, "red", A("feature", "cloister"), A("meeple", "blue"), A("done"))
    enter(s, "blue", A("wrong"))
    enter(s, "red", A("cancel"))
    assert decision(s).kind == "play" and s.scores == {"red": 0, "blue": 0} and s.log == []


def test_laps_are_announced_with_the_tile_to_take() -> None:
    s = new_game(["red", "blue"], seed=1)
    for _ in range(2):
        enter(
            s,
            "red",
            A("feature", "city"),
            A("tiles", 9),
            A("pennants", 4),
            A("cathedral", "no"),
            A("meeple", "red"),
            A("done"),
        )
    laps = [e for e in s.take_events() if e.kind == "lap"]
    assert s.scores["red"] == 52
    assert [e.detail["action"] for e in laps] == ["take"]
    assert "« vous prenez une tuile de score »" in laps[0].text


def test_a_whole_short_game_through_the_module_functions() -> None:
    s = new_game(["red", "blue", "green"], seed=4)
    enter(
        s,
        "red",
        A("feature", "road"),
        A("tiles", 5),
        A("inn", "yes"),
        A("meeple", "red"),
        A("done"),
    )
    enter(
        s,
        "blue",
        A("feature", "city"),
        A("tiles", 7),
        A("pennants", 2),
        A("cathedral", "yes"),
        A("big_meeple"),
        A("big", "blue"),
        A("meeple", "red"),
        A("done"),
    )
    enter(s, "red", A("right"))
    enter(s, "green", A("feature", "cloister"), A("meeple", "green"), A("done"))
    enter(s, "green", A("end_game"))
    assert s.phase == "final" and decision(s).kind == "final_count"
    enter(
        s,
        "red",
        A("feature", "road"),
        A("tiles", 4),
        A("inn", "yes"),
        A("meeple", "red"),
        A("done"),
    )
    enter(
        s,
        "blue",
        A("feature", "city"),
        A("tiles", 3),
        A("pennants", 1),
        A("cathedral", "no"),
        A("meeple", "blue"),
        A("done"),
    )
    enter(s, "green", A("feature", "cloister"), A("neighbours", 6), A("meeple", "green"), A("done"))
    enter(
        s,
        "red",
        A("feature", "field"),
        A("completed_cities", 2),
        A("meeple", "red"),
        A("meeple", "green"),
        A("done"),
    )
    enter(s, "green", A("right"))
    s.take_events()
    enter(s, "blue", A("no_more"))
    # red 10 + 0 + 0 (inn) + 6 = 16; blue 27 + 4 = 31; green 9 + 7 + 6 = 22
    assert s.scores == {"red": 16, "blue": 31, "green": 22}
    assert s.is_over and decision(s) is None and s.winners == ("blue",)
    ranking, over = s.take_events()
    assert ranking.kind == "ranking" and ranking.text == "blue wins with 31; green 22, red 16"
    assert ranking.detail == {
        "places": [[1, ["blue"]], [2, ["green"]], [3, ["red"]]],
        "tiebreak": None,
    }
    assert over.kind == "game_over"
    assert len(s.log) == 7


def test_tied_players_share_the_win() -> None:
    s = new_game(["red", "blue"], seed=1)
    enter(
        s,
        "red",
        A("feature", "road"),
        A("tiles", 3),
        A("inn", "no"),
        A("meeple", "red"),
        A("meeple", "blue"),
        A("done"),
    )
    enter(s, "blue", A("right"))
    enter(s, "red", A("end_game"))
    enter(s, "red", A("no_more"))
    assert s.winners == ("blue", "red") or s.winners == ("red", "blue")
    assert s.places == [(1, s.winners)]


def test_each_scoring_announces_lines_then_totals() -> None:
    s = new_game(["red", "blue"], seed=1)
    s.take_events()
    enter(
        s,
        "red",
        A("feature", "road"),
        A("tiles", 2),
        A("inn", "no"),
        A("meeple", "red"),
        A("meeple", "blue"),
        A("done"),
    )
    enter(s, "blue", A("right"))
    events = s.take_events()
    assert [e.kind for e in events] == ["entry", "score", "score", "totals"]
    assert events[1].detail["player"] == "red" and events[1].detail["points"] == 2
    assert events[3].text == "Scores: red 2, blue 2"


def test_without_the_expansion_no_inn_cathedral_or_big_meeple_is_asked() -> None:
    s = new_game(["red", "blue"], seed=1, options=Options(expansion=False))
    enter(s, "red", A("feature", "city"), A("tiles", 3), A("pennants", 0))
    assert A("big_meeple") not in legal_actions(s, "red")
    enter(s, "red", A("meeple", "red"), A("done"))
    assert s.scores["red"] == 6


def test_player_counts() -> None:
    assert len(new_game(list("abcdef"), seed=1).players) == 6
    with pytest.raises(RuleError, match="2 to 5 players without the expansion"):
        new_game(list("abcdef"), seed=1, options=Options(expansion=False))
    with pytest.raises(RuleError, match="2 to 6"):
        new_game(["red"], seed=1)
    with pytest.raises(RuleError, match="named twice"):
        new_game(["red", "red"], seed=1)


@pytest.mark.parametrize(
    ("player", "action", "words"),
    [
        ("red", A("tiles", 3), "you may: road completed, city completed"),
        ("mauve", A("feature", "road"), "'mauve' is not playing"),
        ("red", A("feature", "river"), "is not allowed now"),
        ("red", A("feature", "x" * 500), "you may:"),
    ],
)
def test_refusals_say_why_and_change_nothing(player: str, action: Action, words: str) -> None:
    s = new_game(["red", "blue"], seed=1)
    before = copy.deepcopy(s)
    with pytest.raises(RuleError, match=words.replace("(", r"\(")):
        apply_in_place(s, player, action)
    assert repr(s) == repr(before) and s.steps == before.steps


def test_a_number_out_of_range_names_the_range() -> None:
    s = new_game(["red", "blue"], seed=1)
    apply_in_place(s, "red", A("feature", "city"))
    with pytest.raises(RuleError, match="City: tiles: enter a whole number from 1 to 60"):
        apply_in_place(s, "red", A("tiles", 61))
    with pytest.raises(RuleError, match="not blue's decision"):
        apply_in_place(s, "blue", A("tiles", 3))


def test_only_owners_named_confirm_and_only_once() -> None:
    s = new_game(["red", "blue", "green"], seed=1)
    enter(s, "red", A("feature", "cloister"), A("meeple", "blue"), A("done"))
    assert isinstance(s.steps[-1], Confirm) and isinstance(s.steps[-2], FeatureForm)
    with pytest.raises(RuleError, match="not green's decision"):
        apply_in_place(s, "green", A("right"))
    enter(s, "blue", A("right"))
    assert s.scores == {"red": 0, "blue": 9, "green": 0}
    with pytest.raises(RuleError):
        apply_in_place(s, "blue", A("right"))


def test_the_game_over_takes_no_more_decisions() -> None:
    s = new_game(["red", "blue"], seed=1)
    enter(s, "red", A("end_game"))
    enter(s, "red", A("no_more"))
    with pytest.raises(RuleError, match="the game is over"):
        apply_in_place(s, "red", A("end_game"))
    assert legal_actions(s, "red") == []


def test_the_press_counts_the_rules_doc_gives() -> None:
    s = new_game(["red", "blue", "green"], seed=1)
    city = enter(
        s,
        "red",
        A("feature", "city"),
        A("tiles", 4),
        A("pennants", 1),
        A("cathedral", "no"),
        A("meeple", "red"),
        A("done"),
    )
    road = enter(
        s,
        "red",
        A("feature", "road"),
        A("tiles", 5),
        A("inn", "no"),
        A("meeple", "red"),
        A("meeple", "blue"),
        A("done"),
    )
    assert (city, road) == (10, 10)


def test_a_copy_taken_while_owners_confirm_plays_on_alone() -> None:
    from companion.carcassonne.engine import apply
    from companion.carcassonne.views import public_view

    s = new_game(["red", "blue"], seed=1)
    enter(
        s,
        "red",
        A("feature", "road"),
        A("tiles", 2),
        A("inn", "no"),
        A("meeple", "blue"),
        A("done"),
    )
    entry = public_view(s)["entry"]
    assert entry["stage"] == "confirm" and entry["to_confirm"] == ["blue"]
    after = apply(s, "blue", A("right"))
    assert after.scores == {"red": 0, "blue": 2} and after.steps[-1].kind == "play"
    assert s.scores == {"red": 0, "blue": 0} and s.steps[-1].kind == "confirm"
