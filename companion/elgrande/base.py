"""The step vocabulary every decision is built from: Step, SecretStep, PickOne and small helpers.

The state holds a stack of steps; the top one says who decides what. A step validates nothing
itself: the engine only passes it actions from its own `legal` list, so `apply` may mutate the
state knowing the move is allowed. This module imports neither the round's steps nor the card
effects: they both build on it (engine → steps/effects → base → state).

>>> from companion.elgrande.moves import Action
>>> choices_text([Action("done"), Action("end_turn")])
'you may: done or end the turn'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from companion.elgrande.moves import Action, describe
from companion.elgrande.scoring import AreaScore, score_area
from companion.elgrande.state import State
from companion.kit import steps as kit_steps
from companion.kit.steps import MENU_MAX  # noqa: F401  (the round's steps import it from here)

# How a card's action starts: it announces, changes the state or pushes the steps it needs.
Effect = Callable[[State, str], None]


def caballeros(n: int) -> str:
    """ "1 caballero", "3 caballeros": a count the table reads."""
    return f"{n} caballero" if n == 1 else f"{n} caballeros"


def choices_text(legal: list[Action]) -> str:
    return kit_steps.choices_text([describe(a) for a in legal])


class Step(kit_steps.Step):
    """One pending decision point, its actions named by El Grande's labels."""

    label = staticmethod(describe)


@dataclass(repr=False)
class SecretStep(Step):
    """A simultaneous choice: each player submits once; nothing is public until all are in."""

    secret: ClassVar[bool] = True
    private_options: ClassVar[bool] = True
    players: tuple[str, ...]
    sealed: dict[str, Action] = field(default_factory=dict)
    notices: dict[str, str] = field(default_factory=dict)  # private word to one player

    def deciders(self, s: State) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.sealed)

    def apply(self, s: State, player: str, action: Action) -> None:
        self.sealed[player] = action
        # Kept in seat order, never arrival order: what is revealed cannot tell who was first.
        self.sealed = {p: self.sealed[p] for p in self.players if p in self.sealed}
        self.notices.pop(player, None)
        if not self.deciders(s):
            self.reveal(s)

    def reveal(self, s: State) -> None:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self.sealed)} of {len(self.players)} chosen>"


@dataclass
class PickOne(Step):
    """One player picks one target from a list, then it is carried out. Subclasses say what:
    `purpose` (the action kind), `question`, `rule` (why another pick is refused), `options`
    and `resolve`. With nothing to pick, the step is skipped."""

    kind: ClassVar[str] = "pick"
    purpose: ClassVar[str] = "pick"
    question: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    player: str
    done: bool = False

    def options(self, s: State) -> list[str] | list[int]:
        raise NotImplementedError

    def resolve(self, s: State, target: str | int) -> None:
        raise NotImplementedError

    def deciders(self, s: State) -> tuple[str, ...]:
        return () if self.done or not self.options(s) else (self.player,)

    def prompt(self, s: State) -> str:
        return self.question

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action(self.purpose, t) for t in self.options(s)]

    def apply(self, s: State, player: str, action: Action) -> None:
        self.done = True
        assert action.target is not None
        self.resolve(s, action.target)

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return f"{self.rule}; " + choices_text(legal)


# -- small helpers shared by the round's steps and the cards ------------------------------------


def free_regions(s: State) -> list[str]:
    """Regions a caballero may leave or enter by a card: every region but the King's."""
    return [r for r in s.data.regions if r != s.king]


# The detail of a "place" or "take" event an action card made: those moves are said aloud, the
# turn's own placements and takes are only shown (the player makes them on the board).
BY_CARD = "by_card"


def place_name(s: State, place: object) -> str:
    """'the court', 'the province' or an area's printed name."""
    if place in ("province", "court"):
        return f"the {place}"
    return s.data.area_name(str(place))


def add_scores(s: State, results: list[AreaScore], title: str) -> None:
    for r in results:
        for p, n in r.points.items():
            s.scores[p] += n
        s.announce("score", f"{s.data.area_name(r.area)}: " + "; ".join(r.why), r)
    scores = dict(s.scores)  # the totals at this moment: a later scoring must not change them
    text = f"{title}. Scores: " + ", ".join(f"{p} {n}" for p, n in scores.items())
    s.announce("totals", text, {"scores": scores})


def special_scoring(s: State, areas: list[str], title: str, *, first_only: bool = False) -> None:
    pos = s.position()
    results = [score_area(pos, a, first_only=first_only) for a in areas]
    if not results:
        s.announce("score", f"{title}: no region qualifies")
        return
    add_scores(s, results, title)
