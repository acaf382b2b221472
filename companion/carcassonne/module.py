"""Carcassonne with Inns & Cathedrals as a game module (`companion.kit.game.GameModule`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.carcassonne import engine, score_file, views
from companion.carcassonne.bots import RandomBot
from companion.carcassonne.options import CHOICES, Options
from companion.carcassonne.state import State
from companion.kit.game import GameBase, GameInfo
from companion.kit.moves import Action, Decision
from companion.kit.steps import NumberField


class Carcassonne(GameBase):
    info = GameInfo(
        id="carcassonne",
        name="Carcassonne",
        players=(2, 6),  # 6 with the expansion's pink set, 5 without
        colours=("red", "blue", "green", "yellow", "black", "pink"),
        hidden_information=False,
        seeds=("004_85dcf735b27398d2.txt",),
    )
    bots: dict[str, type] = {"random": RandomBot}
    # Event kinds that end a scoring or the game. A "score" during play is not final: the last
    # owner who confirmed may take the entry back (the track is replayed without it).
    undo_barriers = frozenset({"ranking", "game_over"})

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

    def number_field(self, state: State, player: str) -> NumberField | None:
        return engine.number_field(state, player)

    def apply_in_place(self, state: State, player: str, action: Action) -> None:
        engine.apply_in_place(state, player, action)

    def public_view(self, state: State, events: list[dict[str, Any]]) -> dict[str, Any]:
        return views.public_view(state, events)

    def score_document(self, doc: Any) -> dict[str, Any]:
        return score_file.score_document(doc)


MODULE = Carcassonne()
