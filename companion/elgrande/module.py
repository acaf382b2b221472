"""El Grande as a game module (`companion.kit.game.GameModule`): what the layers above ask of it."""

from __future__ import annotations

from typing import Any

from companion.elgrande import score_file
from companion.elgrande.options import CHOICES
from companion.kit.game import GameInfo


class ElGrande:
    info = GameInfo(
        id="elgrande",
        name="El Grande",
        players=(2, 5),
        colours=("red", "blue", "yellow", "green", "black"),
        hidden_information=True,
        seeds=("000_d5ce87a16ed71074.txt", "001_2c063a7d152830d3.txt"),
    )

    def score_document(self, doc: Any) -> dict[str, Any]:
        return score_file.score_document(doc)

    def option_choices(self) -> dict[str, tuple[Any, ...]]:
        return dict(CHOICES)


MODULE = ElGrande()
