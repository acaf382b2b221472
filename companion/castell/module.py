"""Castell as a game module (`companion.kit.game.GameModule`): what the layers above ask of it.

>>> MODULE.info.players, MODULE.option_choices()
((2, 4), {'festivals': ('tracked', 'final_only')})
"""

from __future__ import annotations

from companion.castell import engine, score_file, views
from companion.castell.bots import PlausibleBot, RandomBot
from companion.castell.options import TableOptions
from companion.castell.sentences import SENTENCES
from companion.i18n import N_
from companion.kit.game import GameBase, GameInfo, undo_moments


class Castell(GameBase):
    # A festival's best towers, once announced, and the final count are not taken back.
    undo_barriers = undo_moments(
        N_("best tower"), N_("score"), N_("totals"), N_("ranking"), N_("game over")
    )
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
    engine, views, options_type, score_file = engine, views, TableOptions, score_file
    sentences = SENTENCES


MODULE = Castell()
