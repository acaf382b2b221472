"""The module object the session and the commands use, the doctests, and the bots."""

from __future__ import annotations

import doctest
import importlib

import pytest

from companion import games
from companion.carcassonne.bots import RandomBot, play_game
from companion.carcassonne.engine import decision, legal_actions
from companion.carcassonne.options import Options, OptionsError
from companion.kit.steps import MENU_MAX

MODULES = (
    "bots",
    "engine",
    "features",
    "form",
    "ledger",
    "options",
    "score_file",
    "scoring",
    "state",
    "steps",
    "track",
    "views",
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"companion.carcassonne.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0


def test_the_registry_finds_the_module_and_its_options() -> None:
    module = games.load("carcassonne")
    assert module.info.id == "carcassonne" and module.info.players == (2, 6)
    assert len(module.info.colours) == 6 and not module.info.hidden_information
    assert module.option_choices() == {"expansion": (True, False), "edition": ("C2", "C1")}
    assert module.options_from({}) == Options()
    with pytest.raises(
        OptionsError, match="unknown table option 'farms'; accepted: expansion, edition"
    ):
        module.options_from({"farms": 1})
    with pytest.raises(OptionsError, match="edition: got 'C3'"):
        module.options_from({"edition": "C3"})
    assert module.bots == {"random": RandomBot}


def test_the_public_view_has_what_the_protocol_asks() -> None:
    module = games.load("carcassonne")
    s = module.new_game(["red", "blue"], 1)
    view = module.public_view(s, [])
    for key in (
        "game",
        "players",
        "round",
        "rounds",
        "phase",
        "scores",
        "decision",
        "winners",
        "over",
        "events",
    ):
        assert key in view
    assert view["decision"]["parallel"] is False and view["events"] == []


def test_bots_are_deterministic_and_finish() -> None:
    players = ["red", "blue", "green", "yellow", "black", "pink"]
    one, two = play_game(players, seed=9), play_game(players, seed=9)
    assert one.is_over and one.scores == two.scores and one.log == two.log
    assert play_game(players, seed=10).log != one.log
    assert len(one.log) >= 20


def test_bots_only_choose_legal_pad_sized_choices() -> None:
    seen = set()
    for seed in range(6):
        s = play_game(["red", "blue", "green"], seed=seed, options=Options(expansion=seed % 2 == 0))
        seen.update(item["feature"]["type"] for item in s.log)
    assert seen == {"road", "city", "cloister", "field"}
    # Every menu (not a stepper) stays within MENU_MAX, over a whole game.
    from companion.carcassonne.engine import apply_in_place, new_game, number_field

    s = new_game(["red", "blue", "green", "yellow", "black", "pink"], seed=2)
    bot = RandomBot(2)
    while (d := decision(s)) is not None:
        p = d.players[0]
        legal = legal_actions(s, p)
        assert number_field(s, p) is not None or len(legal) <= MENU_MAX
        apply_in_place(s, p, bot.choose(s, p, legal))
