"""Castell's engine through the module object: festivals keep each best tower, the final count
in five categories, the ranking, refusals that change nothing."""

import copy

import pytest

from companion.castell import engine
from companion.castell.bots import PlausibleBot, RandomBot, play_game
from companion.castell.module import MODULE
from companion.castell.options import OptionsError, TableOptions
from companion.kit.moves import Action, RuleError

FINAL_ORDER = (
    "best_tower",
    "regions",
    "trophies",
    "medals",
    "ribbons",
    "sizes",
    "further_sizes",
    "local_points",
    "special_tokens",
)


def enter(s, player, values):
    """Enter `values` (key -> number) for `player`, in the order the step asks."""
    for key, value in values.items():
        MODULE.apply_in_place(s, player, Action(key, value))


def festivals(s, towers_by_round):
    """Enter each festival's towers: a list of {player: tower}, one per festival."""
    for towers in towers_by_round:
        assert MODULE.decision(s).kind == "festival"
        for p, tower in towers.items():
            enter(s, p, {"tower": tower})


def final(s, counts_by_player):
    """Enter each player's numbers for the fields the step asks, in its order (a field skipped
    after a 0 takes no number)."""
    for p, counts in counts_by_player.items():
        step = s.steps[-1]
        for value in counts:
            MODULE.apply_in_place(s, p, Action(step.field(p).key, value))
        assert step.field(p) is None


def texts(s, kind=None):
    return [e.text for e in s.take_events() if kind is None or e.kind == kind]


def test_a_festival_is_entered_by_everyone_at_once_and_keeps_the_best():
    s = MODULE.new_game(["red", "blue"], seed=1)
    d = MODULE.decision(s)
    assert (d.kind, d.players, d.secret, s.round) == ("festival", ("red", "blue"), False, 3)
    texts(s)
    festivals(s, [{"red": 9, "blue": 0}, {"red": 7, "blue": 6}, {"red": 11, "blue": 0}])
    assert texts(s, "best_tower") == [
        "red's best tower is now 9",
        "blue's best tower stays 0",
        "red's best tower stays 9",
        "blue's best tower is now 6",
        "red's best tower is now 11",
        "blue's best tower stays 6",
    ]
    assert s.best == s.scores == {"red": 11, "blue": 6}
    assert s.festivals[4] == {"red": 7, "blue": 6}
    assert s.round == 6


def test_the_festival_rounds_are_three_to_ten_then_the_final_count():
    s = MODULE.new_game(["red", "blue"], seed=1)
    seen = []
    while MODULE.decision(s).kind == "festival":
        seen.append(s.round)
        festivals(s, [{"red": 0, "blue": 0}])
    assert seen == [3, 4, 5, 6, 7, 8, 9, 10]
    assert (MODULE.decision(s).kind, s.round, s.phase) == ("final", 10, "final")
    assert MODULE.public_view(s, [])["rounds"] == list(range(1, 11))


def test_an_entry_is_open_while_others_enter():
    s = MODULE.new_game(["red", "blue", "green"], seed=1)
    enter(s, "blue", {"tower": 8})
    view = MODULE.public_view(s, [])
    assert view["decision"]["players"] == ["red", "green"]
    assert view["entered"] == {"blue": {"tower": 8}}
    assert view["decision"]["asking"]["red"]["key"] == "tower"


def play_whole_game(options=None, towers=None, finals=None):
    s = MODULE.new_game(["red", "blue", "green"], seed=4, options=options)
    if s.options.festivals == "tracked":
        rounds = towers or [{"red": 0, "blue": 0, "green": 0}] * 8
        festivals(s, rounds)
    final(s, finals)
    return s


FINALS = {
    "red": (9, 5, 1, 2, 1, 2, 0, 8, 3),
    "blue": (11, 4, 0, 3, 2, 2, 1, 4, 1),
    "green": (8, 6, 1, 1, 0, 0, 5, 3),  # no size: its repeats are not asked
}


def test_a_whole_game_through_the_module_functions():
    towers = [{"red": 9, "blue": 0, "green": 0}, {"red": 0, "blue": 11, "green": 8}]
    towers += [{"red": 0, "blue": 0, "green": 0}] * 6
    s = play_whole_game(towers=towers, finals=FINALS)
    events = s.take_events()
    scores = [e.text for e in events if e.kind == "score"]
    assert scores[:5] == [
        "red: Best tower: 9",
        "red: Region variety: 5 regions = 7",
        "red: Prizes: 1 trophy × 5 + 2 medals × 3 + 1 ribbon = 12",
        "red: Size tokens: 2 sizes × 2 + 0 further = 4",
        "red: Local performances: 8 + 3 tokens = 11",
    ]
    assert scores[-2:] == [
        "green: Size tokens: none, 0",
        "green: Local performances: 5 + 3 tokens = 8",
    ]
    kinds = [e.kind for e in events]
    assert kinds[-3:] == ["totals", "ranking", "game_over"]
    assert "correction" not in kinds  # every best tower kept as the track said
    totals = next(e for e in events if e.kind == "totals")
    assert totals.text == "Scores: red 43, blue 37, green 34"
    assert totals.detail == {"scores": {"red": 43, "blue": 37, "green": 34}}
    ranking = next(e for e in events if e.kind == "ranking")
    assert ranking.text == "red wins with 43; blue 2nd with 37; green 3rd with 34"
    assert ranking.detail == {
        "places": [[1, ["red"]], [2, ["blue"]], [3, ["green"]]],
        "tiebreak": None,
    }
    assert events[-1].text == "Game over. Winner: red"
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert MODULE.decision(s) is None and s.is_over
    view = MODULE.public_view(s, [])
    assert (view["over"], view["winners"], view["scores"]["red"]) == (True, ["red"], 43)
    assert view["final"][0] == {
        "player": "red",
        "points": 9,
        "rule": "best_tower",
        "quantity": 9,
        "why": "Best tower: 9",
    }


def test_the_final_best_tower_defaults_to_the_track_and_a_change_is_announced():
    s = MODULE.new_game(["red", "blue"], seed=2)
    festivals(s, [{"red": 9, "blue": 6}] + [{"red": 0, "blue": 0}] * 7)
    step = s.steps[-1]
    assert step.field("red").default == 9 and step.field("blue").default == 6
    s.take_events()
    final(s, {"red": (10, 0, 0, 0, 0, 0, 0), "blue": (6, 0, 0, 0, 0, 0, 0)})
    events = s.take_events()
    corrections = [e for e in events if e.kind == "correction"]
    assert [e.text for e in corrections] == [
        "red's best tower corrected from 9 to 10 (the track's marker counts)"
    ]
    assert s.scores == {"red": 10, "blue": 6}


def test_final_only_asks_nothing_until_the_end():
    s = MODULE.new_game(
        ["red", "blue"], seed=2, options=MODULE.options_from({"festivals": "final_only"})
    )
    d = MODULE.decision(s)
    assert (d.kind, s.round) == ("final", 10)
    assert s.steps[-1].field("red").default == 0
    assert not [e for e in s.take_events() if e.kind == "festival"]
    assert MODULE.public_view(s, [])["festival_rounds"] == []
    final(s, {"red": (12, 0, 0, 0, 0, 0, 0), "blue": (0, 0, 0, 0, 0, 0, 0)})
    assert "correction" not in [e.kind for e in s.take_events()]
    assert s.winners == ("red",)


def test_a_tie_is_shared():
    s = play_whole_game(finals={p: (7, 0, 0, 0, 0, 0, 0) for p in ("red", "blue", "green")})
    events = {e.kind: e for e in s.take_events()}
    assert events["ranking"].text == "blue and green and red share 1st with 7"
    assert events["ranking"].detail["tiebreak"] == "a tie is shared: the seed names no tie-break"
    assert s.winners == ("blue", "green", "red")
    assert "shared" in events["game_over"].text


def test_every_field_fits_the_pad_and_says_its_rule():
    s = MODULE.new_game(["red", "blue"], seed=1, options=TableOptions("final_only"))
    fields = s.steps[-1].forms["red"]
    assert [f.key for f in fields] == list(FINAL_ORDER)
    assert all(len(f.label) <= 21 for f in fields)
    prompts = {f.key: f.prompt for f in fields}
    assert "1 → 0, 2 → 1, 3 → 3, 4 → 5, 5 → 7, 6 → 10, 7 → 14" in prompts["regions"]
    assert "5 points each" in prompts["trophies"] and "3 points each" in prompts["medals"]
    assert "scores 2" in prompts["sizes"] and "scores 1" in prompts["further_sizes"]
    tower = MODULE.new_game(["red", "blue"], seed=1).steps[-1].forms["red"][0]
    assert len(tower.label) <= 21 and "1 per level + 1 per casteller" in tower.prompt


def test_a_zero_skips_what_depends_on_it():
    s = MODULE.new_game(["red", "blue"], seed=1, options=TableOptions("final_only"))
    enter(
        s,
        "red",
        {"best_tower": 5, "regions": 1, "trophies": 0, "medals": 0, "ribbons": 0, "sizes": 0},
    )
    assert s.steps[-1].field("red").key == "local_points"  # no size: no repeats asked
    enter(s, "red", {"local_points": 0})
    assert s.steps[-1].field("red") is None  # no tile: no special tokens asked
    assert s.steps[-1].values["red"]["special_tokens"] == 0


@pytest.mark.parametrize(
    ("player", "action", "words"),
    [
        ("red", Action("tower", 31), "Tower score: enter a whole number from 0 to 30"),
        ("red", Action("tower", -1), "Tower score: enter a whole number from 0 to 30"),
        ("red", Action("tower", True), "Tower score: enter a whole number from 0 to 30"),
        ("red", Action("medals", 2), "Tower score: enter a whole number from 0 to 30"),
        ("black", Action("tower", 3), "'black' is not playing; players: red, blue"),
        ("blue", Action("tower", 3), "blue has entered everything for now; waiting for red"),
    ],
)
def test_a_refused_entry_says_why_and_changes_nothing(player, action, words):
    s = MODULE.new_game(["red", "blue"], seed=1)
    enter(s, "blue", {"tower": 5})
    before = MODULE.public_view(s, [])
    with pytest.raises(RuleError) as refused:
        MODULE.apply_in_place(s, player, action)
    assert str(refused.value).startswith(words)
    assert MODULE.public_view(s, []) == before


def test_nothing_is_taken_once_the_game_is_over():
    s = play_whole_game(finals={p: (7, 0, 0, 0, 0, 0, 0) for p in ("red", "blue", "green")})
    with pytest.raises(RuleError, match="the game is over"):
        MODULE.apply_in_place(s, "red", Action("tower", 3))
    assert MODULE.legal_actions(s, "red") == []
    with pytest.raises(TypeError, match="takes an Action"):
        MODULE.apply_in_place(MODULE.new_game(["red", "blue"], seed=1), "red", ("tower", 3))


@pytest.mark.parametrize(
    ("players", "error", "words"),
    [
        (["red"], RuleError, "Castell takes 2 to 4 players, got 1"),
        (["a", "b", "c", "d", "e"], RuleError, "Castell takes 2 to 4 players, got 5"),
        (["red", "red"], RuleError, "players must be distinct, non-empty names"),
        (["red", ""], RuleError, "players must be distinct, non-empty names"),
        ("red", TypeError, "players must be a list of names"),
    ],
)
def test_the_seats_are_two_to_four_names(players, error, words):
    with pytest.raises(error, match=words):
        MODULE.new_game(players, seed=1)


def test_a_seed_and_options_of_the_wrong_kind_are_refused():
    with pytest.raises(TypeError, match="seed must be an int"):
        engine.new_game(["red", "blue"], seed="7")
    with pytest.raises(TypeError, match="options must be a TableOptions"):
        engine.new_game(["red", "blue"], seed=7, options={"festivals": "tracked"})
    with pytest.raises(OptionsError, match="table option festivals: got 'sometimes'"):
        MODULE.options_from({"festivals": "sometimes"})
    with pytest.raises(ValueError, match="unknown table option 'prizes'; accepted: festivals"):
        MODULE.options_from({"prizes": "chart"})
    assert MODULE.option_choices() == {"festivals": ("tracked", "final_only")}


def test_a_state_copies_deeply_and_shows_little():
    s = MODULE.new_game(["red", "blue"], seed=1)
    twin = copy.deepcopy(s)
    enter(twin, "red", {"tower": 9})
    assert s.steps[-1].values == {} and twin.steps[-1].values == {"red": {"tower": 9}}
    assert repr(s) == "<Castell round=3 phase=festival best={'red': 0, 'blue': 0} pending=1>"


def test_bots_enter_plausible_values_the_same_way_from_the_same_seed():
    one = play_game(["red", "blue", "green", "yellow"], seed=11)
    two = play_game(["red", "blue", "green", "yellow"], seed=11)
    assert one.scores == two.scores and one.festivals == two.festivals
    towers = [t for f in one.festivals.values() for t in f.values()]
    assert all(t == 0 or 5 <= t <= 9 for t in towers) and any(towers)
    # The bot kept the track's best tower at the end: no correction to announce.
    assert "correction" not in [e.kind for e in one.take_events()]
    assert one.lines[0].points == one.best["red"]
    assert play_game(["red", "blue"], seed=3, bot=RandomBot).is_over
    assert MODULE.bots == {"plausible": PlausibleBot, "random": RandomBot}
