"""Akropolis as a game module (`companion.kit.game.GameModule`): what the layers above ask of it.

>>> MODULE.info.players, MODULE.option_choices()["markets"]
((2, 4), (False, True))
>>> MODULE.options_from({"gardens": True}).variants
('gardens',)
"""

from __future__ import annotations

from companion.akropolis import engine, score_document, views
from companion.akropolis.bots import TallyBot
from companion.akropolis.options import Options
from companion.akropolis.sentences import SENTENCES
from companion.kit.game import GameBase, GameInfo


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
    engine, views, options_type, score_file = engine, views, Options, score_document
    sentences = SENTENCES


MODULE = Akropolis()
