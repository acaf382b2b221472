"""The final count as the session drives it, through the module's functions only: one open
parallel entry, refusals that change nothing, the score announced line by line, the ranking
with its tie-break said, and the bots."""

from __future__ import annotations

import copy

import pytest

from companion.akropolis.bots import play_game
from companion.akropolis.module import MODULE
from companion.akropolis.options import OptionsError
from companion.kit.moves import Action, RuleError
from companion.kit.steps import ParallelEntry

M = MODULE


def enter(s, player: str, numbers: dict[str, int]) -> None:
    """Enter a player's numbers in the order asked; fields not asked must not be in `numbers`."""
    while (d := M.decision(s)) is not None and player in d.players:
        key = M.legal_actions(s, player)[0].kind
        M.apply_in_place(s, player, Action(key, numbers.pop(key)))
    assert not numbers, f"not asked: {numbers}"


RED = {  # houses 7 × 1, markets 3 × 2 plazas = 12, stones 4 → 23
    "house.plazas": 1,
    "house.value": 7,
    "market.plazas": 2,
    "market.value": 3,
    "barracks.plazas": 0,
    "temple.plazas": 0,
    "garden.plazas": 0,
    "stones": 4,
}
BLUE = {  # gardens 5 × 3 = 15, houses 0, stones 8 → 23
    "house.plazas": 0,
    "market.plazas": 0,
    "barracks.plazas": 0,
    "temple.plazas": 0,
    "garden.plazas": 1,
    "garden.value": 5,
    "stones": 8,
}


def test_new_game_asks_everyone_at_once_in_the_open():
    s = M.new_game(["red", "blue", "green"], seed=1)
    d = M.decision(s)
    assert d.players == ("red", "blue", "green") and not d.secret
    assert isinstance(s.steps[-1], ParallelEntry) and len(s.steps) == 1
    view = M.public_view(s, [])
    assert view["decision"]["parallel"] is True and view["game"] == "akropolis"
    assert view["asked"]["red"]["prompt"].startswith("Houses: how many house plazas")


def test_every_label_fits_a_pad_and_every_prompt_states_the_rule():
    s = M.new_game(
        ["red", "blue"],
        seed=1,
        options=M.options_from(
            dict.fromkeys(["houses", "markets", "barracks", "temples", "gardens"], True)
        ),
    )
    form = s.steps[-1].forms["red"]
    assert all(len(f.label) <= 21 for f in form)
    prompts = {f.key: f.prompt for f in form}
    assert "touching no other market" in prompts["market.value"]
    assert "touching a market plaza" in prompts["market.doubled"]
    assert "10 or more" in prompts["house.value"]
    assert "house.doubled" not in prompts  # the device doubles a group of 10 itself
    assert {f.key: f.asked_if for f in form}["temple.value"] == "temple.plazas"


def test_the_whole_count_end_to_end():
    s = M.new_game(["red", "blue"], seed=1)
    s.take_events()
    enter(s, "red", dict(RED))
    assert M.decision(s).players == ("blue",)
    enter(s, "blue", dict(BLUE))
    assert M.decision(s) is None and s.is_over
    assert s.scores == {"red": 23, "blue": 23}
    events = s.take_events()
    kinds = [e.kind for e in events]
    assert kinds == ["score"] * 12 + ["totals", "ranking", "game_over"]
    assert events[1].text == "red: Markets: 3 × 4 stars = 12"
    assert events[2].text == "red: Barracks: no barracks plaza, 0"
    assert events[12].text == "Scores: red 23, blue 23"
    ranking = events[13]
    assert ranking.detail == {"places": [[1, ["blue"]], [2, ["red"]]], "tiebreak": "stones"}
    assert ranking.text == "blue wins with 23 (8 unused stones against red 4); red 2nd with 23"
    assert s.winners == ("blue",)
    view = M.public_view(s, [])
    assert view["over"] and view["ranking"][0] == {"place": 1, "players": ["blue"]}


def test_a_colour_with_no_plaza_does_not_ask_its_value():
    s = M.new_game(["red", "blue"], seed=1)
    M.apply_in_place(s, "red", Action("house.plazas", 0))
    assert M.legal_actions(s, "red")[0].kind == "market.plazas"
    assert s.steps[-1].values["red"] == {"house.plazas": 0, "house.value": 0}


def with_markets_variant():
    s = M.new_game(["red", "blue"], seed=1, options=M.options_from({"markets": True}))
    for key, value in (
        ("house.plazas", 1),
        ("house.value", 4),
        ("market.plazas", 1),
        ("market.value", 3),
    ):
        M.apply_in_place(s, "red", Action(key, value))
    return s


def test_a_doubled_part_above_the_value_is_refused_and_changes_nothing():
    s = with_markets_variant()
    before = copy.deepcopy(s.steps[-1].values)
    with pytest.raises(RuleError, match=r"part of the value \(3\).*from 0 to 3"):
        M.apply_in_place(s, "red", Action("market.doubled", 4))
    assert s.steps[-1].values == before
    M.apply_in_place(s, "red", Action("market.doubled", 3))


@pytest.mark.parametrize(
    ("player", "action", "message"),
    [
        ("red", Action("house.plazas", 9), "Houses: plazas: enter a whole number from 0 to 8"),
        ("red", Action("stones", 3), "Houses: plazas is asked now"),
        ("red", Action("house.plazas", "1"), "is not a whole number to enter"),
        ("red", Action("house.plazas", True), "'house.plazas' a bool is not a whole number"),
        ("red", Action("house.plazas", 10**40), "a number of 133 bits is not a whole number"),
        ("pink", Action("house.plazas", 1), "'pink' is not playing; players: red, blue"),
    ],
)
def test_illegal_entries_are_refused_saying_what_is_allowed(player, action, message):
    s = M.new_game(["red", "blue"], seed=1)
    with pytest.raises(RuleError, match=message):
        M.apply_in_place(s, player, action)
    assert s.steps[-1].values == {}


def test_a_player_who_entered_everything_waits():
    s = M.new_game(["red", "blue"], seed=1)
    enter(s, "red", dict(RED))
    with pytest.raises(RuleError, match="red has entered everything; waiting for blue"):
        M.apply_in_place(s, "red", Action("stones", 1))


def test_nothing_is_taken_once_the_game_is_over():
    s = play_game(["red", "blue"], seed=2)
    with pytest.raises(RuleError, match="the game is over"):
        M.apply_in_place(s, "red", Action("stones", 1))


def test_options_and_players_are_checked():
    with pytest.raises(OptionsError, match="unknown table option 'castles'"):
        M.options_from({"castles": True})
    with pytest.raises(OptionsError, match="accepted: False or True"):
        M.options_from({"gardens": 1})
    assert M.option_choices() == {
        v: (False, True) for v in ("houses", "markets", "barracks", "temples", "gardens")
    }
    with pytest.raises(RuleError, match="2 to 4 players, got 5"):
        M.new_game(["a", "b", "c", "d", "e"], seed=1)


def test_bots_enter_plausible_numbers_deterministically():
    a = play_game(["red", "blue", "green", "yellow"], seed=5, bot_seed=9)
    b = play_game(["red", "blue", "green", "yellow"], seed=5, bot_seed=9)
    assert a.scores == b.scores and a.is_over
    for p in a.players:
        assert 0 <= s_stones(a, p) <= 8
    bot = M.bots["random"](3)
    s = M.new_game(["red", "blue"], seed=1)
    legal = M.legal_actions(s, "red")
    assert bot.choose(s, "red", legal) in legal
    assert 0 <= bot.choose(s, "red", legal).target <= 3  # plazas 0–3


def s_stones(s, player: str) -> int:
    return next(line.points for line in s.lines if line.player == player and line.rule == "stones")


def test_a_bot_never_enters_a_doubled_part_above_its_value():
    options = M.options_from(dict.fromkeys(("markets", "barracks", "temples", "gardens"), True))
    for seed in range(20):
        s = play_game(["red", "blue"], seed=seed, options=options, bot_seed=seed)
        for line in s.lines:
            if line.rule != "stones":
                assert line.detail["doubled"] <= line.detail["value"]


def test_the_state_copies_and_its_repr_is_short():
    s = M.new_game(["red", "blue"], seed=1)
    c = copy.deepcopy(s)
    M.apply_in_place(c, "red", Action("house.plazas", 2))
    assert s.steps[-1].values == {}
    assert len(repr(s)) < 120
