"""El Grande as a game module (`companion.kit.game.GameModule`): what the layers above ask of it.

>>> from companion import games
>>> game = games.load("elgrande")
>>> s = game.new_game(("red", "blue"), 7, game.options_from({"bidding": "open"}))
>>> game.decision(s).kind, game.info.hidden_information
('bid', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.elgrande import bots, engine, score_file, sentences, views
from companion.elgrande.data import CASTILLO
from companion.elgrande.moves import Action, describe
from companion.elgrande.options import TableOptions
from companion.elgrande.shortcuts import shortcuts
from companion.elgrande.state import State
from companion.elgrande.summary import card_actions
from companion.elgrande.undo_words import board_change, places
from companion.i18n import N_
from companion.kit.game import GameBase, GameInfo, undo_moments

# Events that mark a point no undo may cross: something was revealed, scored or handed over
# (each named as a refused undo says it, "… past the bids").
UNDO_BARRIERS = undo_moments(
    *(N_("bids"), N_("bid"), N_("discs"), N_("castillo discs"), N_("score"), N_("totals")),
    *(N_("round"), N_("turn"), N_("order"), N_("general scoring"), N_("game over")),
    *(N_("take back"), N_("discard"), N_("veto"), N_("setup")),
)


class ElGrande(GameBase):
    info = GameInfo(
        id="elgrande",
        name="El Grande",
        players=(2, 5),
        colours=("red", "blue", "yellow", "green", "black"),
        hidden_information=True,
        seeds=("000_d5ce87a16ed71074.txt", "001_2c063a7d152830d3.txt"),
        page="board",
    )
    undo_barriers = UNDO_BARRIERS
    # The setup screen's lines for the table options, in order, with their labels.
    option_labels = {
        "ruleset": "Ruleset",
        "short_game": "Short game",
        "veto": "Veto",
        "bidding": "Bids",
        "deck": "Deck",
        "first_bidder": "First bidder",
        "castillo_disc_on_king": "King's disc",  # "forbidden" (printed) or "court"
        "tiebreak": "Tie-break",  # "shared" (printed) or "tournament"
        "castillo_public": "Castillo shown",
    }
    bots = {"random": bots.RandomBot, "greedy": bots.GreedyBot, "relative": bots.RelativeBot}

    # -- the engine ------------------------------------------------------------------------------

    engine, views, options_type, score_file = engine, views, TableOptions, score_file

    # -- what leaves the engine ------------------------------------------------------------------

    own_view = staticmethod(views.own_view)
    # Its sentences read back by its own templates and glossary (areas, cards, prepositions).
    localize = staticmethod(sentences.localize)
    describe = staticmethod(describe)
    shortcuts = staticmethod(shortcuts)

    def label(self, state: State, action: Action) -> str:
        return describe(action)

    def number_field(self, state: State, player: str) -> None:
        return None  # every choice is a menu

    def undo_text(self, before: State, after: State, player: str, action: Action) -> str:
        """What the table hears of an undo: what was taken back, and what to change on the
        real board so that it matches the device again."""
        hidden = () if after.options.castillo_public else (CASTILLO,)
        # A colour picked in a correction may be one inside the hidden Castillo: never said.
        secret_pick = bool(hidden) and action.kind == "fix_colour"
        what = "their choice of colour" if secret_pick else describe(action)
        text = f"{player} takes back: {what}"
        data = after.data
        names = {r: data.area_name(r) for r in data.regions}
        change = board_change(places(before), places(after), names, hidden)
        return f"{text}; on the board: {change}" if change else text

    def summary(
        self,
        players: Sequence[str],
        seed: int,
        options: dict[str, Any],
        decisions: Sequence[tuple[str, Action]],
    ) -> dict[str, Any]:
        """What `companion demo --json` says of a finished game besides its scores."""
        return {"actions": card_actions(players, seed, options, decisions)}


MODULE = ElGrande()
