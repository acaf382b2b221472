"""Akropolis as a game module (`companion.kit.game.GameModule`): what the layers above ask of it.

>>> MODULE.info.players, MODULE.option_choices()["markets"]
((2, 4), (False, True))
>>> MODULE.options_from({"gardens": True}).variants
('gardens',)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.akropolis import engine, score_document, views
from companion.akropolis.bots import TallyBot
from companion.akropolis.options import CHOICES, Options
from companion.akropolis.state import State
from companion.kit.game import GameBase, GameInfo
from companion.kit.moves import Action, Decision


class Akropolis(GameBase):
    info = GameInfo(
        id="akropolis",
        name="Akropolis",
        players=engine.PLAYERS,
        colours=("red", "blue", "yellow", "green"),
        hidden_information=False,
        seeds=("003_f684270626dca2d8.txt",),
    )
    bots: dict[str, type] = {"random": TallyBot}

    def option_choices(self) -> dict[str, tuple[Any, ...]]:
        return dict(CHOICES)

    def options_from(self, raw: dict[str, Any]) -> Options:
        return Options.from_dict(raw)

    def new_game(self, players: Sequence[str], seed: int, options: Options | None = None) -> State:
        return engine.new_game(players, seed, options)

    def decision(self, state: State) -> Decision | None:
        return engine.decision(state)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        return engine.legal_actions(state, player)

    def apply_in_place(self, state: State, player: str, action: Action) -> None:
        engine.apply_in_place(state, player, action)

    def public_view(self, state: State, events: list[dict[str, Any]] | None = None) -> dict:
        return views.public_view(state, events)

    def score_document(self, doc: Any) -> dict[str, Any]:
        return score_document.score_document(doc)


MODULE = Akropolis()
