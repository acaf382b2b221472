"""Carcassonne with Inns & Cathedrals as a game module (`companion.kit.game.GameModule`)."""

from __future__ import annotations

from companion.carcassonne import engine, score_file, views
from companion.carcassonne.bots import RandomBot
from companion.carcassonne.options import Options
from companion.carcassonne.sentences import SENTENCES
from companion.carcassonne.state import State
from companion.i18n import N_
from companion.kit.game import GameBase, GameInfo, undo_moments
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
    engine, views, options_type, score_file = engine, views, Options, score_file
    sentences = SENTENCES
    # Event kinds that end a scoring or the game. A "score" during play is not final: the last
    # owner who confirmed may take the entry back (the track is replayed without it).
    undo_barriers = undo_moments(N_("ranking"), N_("game over"))

    def number_field(self, state: State, player: str) -> NumberField | None:
        return engine.number_field(state, player)


MODULE = Carcassonne()
