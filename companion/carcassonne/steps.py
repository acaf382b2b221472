"""The two menus every player has open: during play, enter a completed feature or end the
game; in the final count, enter an open feature or a field, or say there are no more.

Anyone may press: the player who completed the feature enters it (the device does not follow
turns, so nobody presses for a turn that scores nothing).

>>> from companion.carcassonne.engine import new_game
>>> s = new_game(["red", "blue", "green"], seed=1)
>>> [s.steps[-1].label(a) for a in s.steps[-1].legal(s, "blue")]
['road completed', 'city completed', 'cloister completed', 'end of game']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.carcassonne.form import FeatureForm
from companion.carcassonne.ledger import finish
from companion.carcassonne.state import State
from companion.i18n import N_
from companion.kit.moves import Action
from companion.kit.steps import Step

PLAY_TYPES = ("road", "city", "cloister")
FINAL_TYPES = ("road", "city", "cloister", "field")


def begin_entry(s: State, placer: str, kind: str, final: bool) -> None:
    form = FeatureForm(placer, kind, final)
    form.stage = form.first_stage(s)
    s.steps.append(form)


@dataclass
class Play(Step):
    """During play: whoever completes a road, a city or a cloister enters it; "end of game"
    (after the last tile is placed) starts the final count."""

    kind: ClassVar[str] = "play"

    def deciders(self, s: State) -> tuple[str, ...]:
        return s.players

    def prompt(self, s: State) -> str:
        # Short enough for a 128×32 pad's rows of small print, as its French.
        return N_(
            "Completed a feature? Who placed the tile enters it. After the last tile: end of game"
        )

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("feature", t) for t in PLAY_TYPES] + [Action("end_game")]

    def label(self, action: Action) -> str:
        completed = {
            "road": N_("road completed"),
            "city": N_("city completed"),
            "cloister": N_("cloister completed"),
        }
        return N_("end of game") if action.kind == "end_game" else completed[str(action.target)]

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "feature":
            begin_entry(s, player, str(action.target), final=False)
            return
        s.steps[-1] = FinalCount()
        s.phase = "final"
        s.announce(
            "final",
            f"{player}: end of game. Final count: open roads, open cities, cloisters, fields; "
            "then no more features",
            {"by": player},
        )


@dataclass
class FinalCount(Step):
    """The end-of-game count: each open road, open city, cloister and field, one at a time,
    entered as during play; "no more features" ranks the players."""

    kind: ClassVar[str] = "final_count"

    def deciders(self, s: State) -> tuple[str, ...]:
        return s.players

    def prompt(self, s: State) -> str:
        return N_(
            "Final count: each feature that still has meeples, fields last; then no more features"
        )

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("feature", t) for t in FINAL_TYPES] + [Action("no_more")]

    def label(self, action: Action) -> str:
        names = {
            "road": N_("an open road"),
            "city": N_("an open city"),
            "cloister": N_("a cloister"),
            "field": N_("a field"),
        }
        return N_("no more features") if action.kind == "no_more" else names[str(action.target)]

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "feature":
            begin_entry(s, player, str(action.target), final=True)
            return
        s.steps.pop()
        finish(s)
