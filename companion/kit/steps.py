"""The step vocabulary every game's decisions are built from.

A game state holds a stack of steps; the top one says who decides what. A step validates nothing
itself: the engine passes it only actions from its own `legal` list. Two kinds of step have more
than one decider at once: a sealed step (a game's own, with `secret` set: nothing is public until
all are in) and `ParallelEntry`, the open kind: everyone enters their own numbers at once, in the
open, and the step finishes when all have entered.

>>> form = (NumberField("plazas", "Markets: plazas", "market plazas"),
...         NumberField("value", "Markets: value", "isolated markets", high=40, asked_if="plazas"))
>>> step = ParallelEntry(forms={"red": form, "blue": form})
>>> step.deciders(None), step.field("red").key
(('red', 'blue'), 'plazas')
>>> step.apply(None, "red", Action("plazas", 0))  # no plaza: its value is not asked
>>> step.deciders(None), step.values["red"]
(('blue',), {'plazas': 0, 'value': 0})
>>> choices_text(["done", "end the turn"])
'you may: done or end the turn'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.kit.moves import Action

# No decision offers more than this many choices: a pad menu. Larger ones are split in steps,
# except a number, which a pad enters with a stepper (`NumberField`).
MENU_MAX = 10


def choices_text(labels: list[str]) -> str:
    """What a refusal says is allowed, from the choices' labels."""
    if not labels:
        return "nothing is allowed now"
    if len(labels) == 1:
        return f"you may: {labels[0]}"
    return f"you may: {', '.join(labels[:-1])} or {labels[-1]}"


class Step:
    """One pending decision point. `label` names an action as a pad and a refusal show it."""

    kind: ClassVar[str] = "step"
    secret: ClassVar[bool] = False  # a sealed step: nothing public until all have chosen
    parallel: ClassVar[bool] = False  # an open parallel step: each decider undoes their own
    # Do the legal choices show what only the decider knows (their hand, their sealed options)?
    private_options: ClassVar[bool] = False

    @staticmethod
    def label(action: Action) -> str:
        return str(action)

    def number(self, s: Any, player: str) -> NumberField | None:
        """The number `player` is asked, when the choice is one (a pad shows a stepper)."""
        return None

    def deciders(self, s: Any) -> tuple[str, ...]:
        raise NotImplementedError

    def prompt(self, s: Any) -> str:
        raise NotImplementedError

    def legal(self, s: Any, player: str) -> list[Action]:
        raise NotImplementedError

    def apply(self, s: Any, player: str, action: Action) -> None:
        raise NotImplementedError

    def finished(self, s: Any) -> bool:
        return not self.deciders(s)

    def on_finish(self, s: Any) -> None:
        """Called once, when the step leaves the stack."""

    def refusal(self, s: Any, player: str, action: Action, legal: list[Action]) -> str:
        """Why `action` is refused, and what is allowed. Secret steps never echo the action."""
        allowed = choices_text([self.label(a) for a in legal])
        if self.secret:
            return f"that is not an allowed choice for this secret {self.kind}; " + allowed
        return f"{self.label(action)} is not allowed now; " + allowed


@dataclass(frozen=True)
class NumberField:
    """One number a player enters: a pad shows `label` over a stepper (◀ ▶, ● confirms), a phone
    a number field. `prompt` is the question in full (the rule to count by), so nobody needs the
    rulebook. A field with `asked_if` is asked only when that earlier field is above 0 (no plaza
    of a colour: its value is not asked, and counts as `low`)."""

    key: str
    label: str
    prompt: str
    low: int = 0
    high: int = 20
    default: int = 0
    asked_if: str | None = None


@dataclass
class ParallelEntry(Step):
    """Open parallel entry: every player fills in their own form of numbers at once. Nothing is
    sealed: each entry is public as it is made. The step finishes when all have entered
    (`complete`, which a game overrides to score); until then each player may take back their
    own latest entry (the session's undo in a parallel step)."""

    kind: ClassVar[str] = "entry"
    parallel: ClassVar[bool] = True
    forms: Mapping[str, tuple[NumberField, ...]]
    values: dict[str, dict[str, int]] = field(default_factory=dict)
    title: str = "Enter your counts"

    def field(self, player: str) -> NumberField | None:
        """The field `player` is asked now (None: they have entered everything)."""
        mine = self.values.get(player, {})
        for f in self.forms.get(player, ()):
            if f.key not in mine:
                return f
        return None

    def deciders(self, s: Any) -> tuple[str, ...]:
        return tuple(p for p in self.forms if self.field(p) is not None)

    def number(self, s: Any, player: str) -> NumberField | None:
        return self.field(player)

    def label(self, action: Action) -> str:  # type: ignore[override]
        """ "Markets: value 12": the field's label and the number."""
        for form in self.forms.values():
            for f in form:
                if f.key == action.kind:
                    return f"{f.label} {action.target}"
        return str(action)

    def entered(self, player: str) -> bool:
        """Has `player` entered anything here? (Their latest decision is then this step's: the
        one an undo of theirs takes back.)"""
        return bool(self.values.get(player))

    def prompt(self, s: Any) -> str:
        return self.title

    def legal(self, s: Any, player: str) -> list[Action]:
        f = self.field(player)
        return [] if f is None else [Action(f.key, v) for v in range(f.low, f.high + 1)]

    def apply(self, s: Any, player: str, action: Action) -> None:
        mine = self.values.setdefault(player, {})
        assert isinstance(action.target, int)
        mine[action.kind] = action.target
        # Fields that depend on a 0 just entered are not asked: they take their lowest value.
        for f in self.forms[player]:
            if f.asked_if is not None and mine.get(f.asked_if) == 0 and f.key not in mine:
                mine[f.key] = f.low
        if not self.deciders(s):
            self.complete(s)

    def complete(self, s: Any) -> None:
        """Everyone has entered: a game scores here."""

    def refusal(self, s: Any, player: str, action: Action, legal: list[Action]) -> str:
        f = self.field(player)
        if f is None:
            return "you have entered everything; wait for the others (a long ● takes back)"
        return f"{f.label}: enter a whole number from {f.low} to {f.high}"
