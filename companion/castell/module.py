"""Castell as a game module (`companion.kit.game.GameModule`): what the layers above ask of it.

>>> MODULE.info.players, MODULE.option_choices()
((2, 4), {'festivals': ('tracked', 'final_only')})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.castell import engine, score_file, views
from companion.castell.bots import PlausibleBot, RandomBot
from companion.castell.options import CHOICES, TableOptions
from companion.castell.state import State
from companion.kit.game import GameBase, GameInfo
from companion.kit.moves import Action, Decision


class Castell(GameBase):
    # A festival's best towers, once announced, and the final count are not taken back.
    undo_barriers = frozenset({"best_tower", "score", "totals", "ranking", "game_over"})
    info = GameInfo(
        id="castell",
        name="Castell",
        players=engine.PLAYERS,
        # The seed names no colours (« 4 pions de joueurs »): these are the device's seat names.
        colours=("red", "blue", "green", "yellow"),
        hidden_information=False,
        seeds=("002_ed22a229d7b30f4a.txt",),
    )
    bots: dict[str, type] = {"plausible": PlausibleBot, "random": RandomBot}

    def option_choices(self) -> dict[str, tuple[Any, ...]]:
        return dict(CHOICES)

    def options_from(self, raw: dict[str, Any]) -> TableOptions:
        return TableOptions.from_dict(raw)

    def new_game(
        self, players: Sequence[str], seed: int, options: TableOptions | None = None
    ) -> State:
        return engine.new_game(players, seed, options)

    def decision(self, state: State) -> Decision | None:
        return engine.decision(state)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        return engine.legal_actions(state, player)

    def apply_in_place(self, state: State, player: str, action: Action) -> None:
        engine.apply_in_place(state, player, action)

    def public_view(self, state: State, events: list[dict[str, Any]]) -> dict[str, Any]:
        return views.public_view(state, events)

    def score_document(self, doc: Any) -> dict[str, Any]:
        return score_file.score_document(doc)


MODULE = Castell()
