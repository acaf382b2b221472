"""Entering one feature: the player who completed it (the placer) answers its questions, then
says who has meeples there, one meeple a press; every other owner named then confirms it on
their own pad, all at once and in the open, or says it is wrong, which hands it back.

A typical feature takes the placer a handful of presses: the type (from the play menu), the
tiles on a stepper, pennants for a city, inn or cathedral (a two-choice menu, "no" first),
then their own colour (second in the menu) and "done" (first).

>>> from companion.carcassonne.engine import new_game, apply_in_place, decision
>>> from companion.kit.moves import Action
>>> s = new_game(["red", "blue"], seed=1)
>>> for press in (Action("feature", "road"), Action("tiles", 5), Action("inn", "yes"),
...               Action("meeple", "red"), Action("done")):
...     apply_in_place(s, "red", press)
>>> s.scores, decision(s).kind
({'red': 10, 'blue': 0}, 'play')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.carcassonne.features import BOUNDS, YES_NO, Feature, Meeples, asked
from companion.carcassonne.ledger import record
from companion.carcassonne.scoring import feature_value
from companion.carcassonne.state import State
from companion.i18n import N_
from companion.kit.moves import Action
from companion.kit.steps import NumberField, Step

NAMES = {"road": "Road", "city": "City", "cloister": "Cloister", "field": "Field"}

# The most likely value of each number, where a pad's stepper starts: (type, final, key).
DEFAULTS = {"tiles": 3, "pennants": 0, "neighbours": 5, "completed_cities": 2}
FINAL_DEFAULTS = {("road", "tiles"): 2, ("city", "tiles"): 2}

LABELS = {  # at most 21 characters: a 128×32 pad
    "tiles": "{name}: tiles",
    "pennants": N_("City: pennants"),
    "neighbours": N_("Cloister: neighbours"),
    "completed_cities": N_("Completed cities"),
    "inn": N_("Inn beside the road?"),
    "cathedral": N_("Cathedral in it?"),
}


def question(kind: str, final: bool, key: str, edition: str) -> str:
    """The rule to count by, in full, so nobody needs the rulebook."""
    if key == "tiles":
        end = " (open at the end: 1 a tile)" if final else ""
        return f"{NAMES[kind]}: count its tiles, each tile once{end}"
    if key == "pennants":
        return N_("City: count the pennants (coats of arms) inside it")
    if key == "neighbours":
        return N_("Open cloister: count the tiles around it (0–7); it scores 1 + that")
    if key == "completed_cities" and edition == "C1":
        return N_("Completed cities these farmers surround (4 each to the most farmers)")
    if key == "completed_cities":
        return N_("Field: count the completed cities it touches (3 each)")
    if key == "inn":
        return N_("An inn on a lake beside the road? 2 a tile; open at the end: 0")
    return N_("A cathedral in the city? 3 a tile and pennant; open at the end: 0")


@dataclass
class FeatureForm(Step):
    """The placer's entry of one feature. Stages: "ask" (the numbers and yes/no questions),
    "meeples" (add one meeple at a time, "done"), "big" (whose big meeple), "returned" (an
    owner said it is wrong: enter it again or cancel it)."""

    kind: ClassVar[str] = "feature"
    placer: str
    type: str
    final: bool
    values: dict[str, Any] = field(default_factory=dict)
    meeples: dict[str, list[int]] = field(default_factory=dict)  # colour -> [normal, big]
    stage: str = "ask"
    previous: dict[str, Any] = field(default_factory=dict)  # the entry handed back

    # -- what is asked now -------------------------------------------------------------------
    def first_stage(self, s: State) -> str:
        """A cloister completed during play asks no question: straight to its meeples."""
        return "ask" if self.questions(s) else "meeples"

    def questions(self, s: State) -> tuple[str, ...]:
        return asked(self.type, self.final, s.options.expansion)

    def current(self, s: State) -> str | None:
        return next((k for k in self.questions(s) if k not in self.values), None)

    def field(self, s: State) -> NumberField | None:
        """The number asked now, as a pad's stepper shows it (None: a menu is asked)."""
        key = self.current(s) if self.stage == "ask" else None
        if key is None or key in YES_NO:
            return None
        low, high = BOUNDS[key]
        default = self.previous.get(
            key,
            FINAL_DEFAULTS.get((self.type, key), DEFAULTS[key]) if self.final else DEFAULTS[key],
        )
        label = LABELS[key].format(name=NAMES[self.type])
        prompt = question(self.type, self.final, key, s.options.edition)
        return NumberField(key, label, prompt, low, high, min(max(default, low), high))

    def deciders(self, s: State) -> tuple[str, ...]:
        return (self.placer,)

    def prompt(self, s: State) -> str:
        what = ("open " if self.final and self.type != "field" else "") + self.type
        if self.stage == "returned":
            return f"{self.placer}: the {what} was said to be wrong; enter it again or cancel it"
        if self.stage == "meeples":
            held = self.held_text()
            return f"Meeples on the {what}? One press a meeple, then done ({held})"
        if self.stage == "big":
            return f"Whose big meeple is on the {what}? (it counts as 2 for the majority)"
        key = self.current(s)
        return question(self.type, self.final, key, s.options.edition) if key else what

    def held_text(self) -> str:
        held = [f"{c} {n}" + (" + big" if b else "") for c, (n, b) in self.meeples.items()]
        return ", ".join(held) or N_("none yet")

    def legal(self, s: State, player: str) -> list[Action]:
        if self.stage == "returned":
            return [Action("again"), Action("cancel")]
        colours = s.seats_from(self.placer)
        if self.stage == "big":
            free = [c for c in colours if self.meeples.get(c, [0, 0])[1] < BOUNDS["big"][1]]
            return [Action("big", c) for c in free] + [Action("back")]
        if self.stage == "meeples":
            out = [Action("done")]
            out += [
                Action("meeple", c)
                for c in colours
                if self.meeples.get(c, [0, 0])[0] < BOUNDS["normal"][1]
            ]
            if s.options.expansion and any(self.meeples.get(c, [0, 0])[1] < 1 for c in colours):
                out.append(Action("big_meeple"))
            return out
        key = self.current(s)
        if key in YES_NO:
            return [Action(key, "no"), Action(key, "yes")]
        f = self.field(s)
        assert f is not None
        return [Action(key, v) for v in range(f.low, f.high + 1)]

    def label(self, action: Action) -> str:
        t = action.target
        words = {
            "done": N_("done"),
            "big_meeple": N_("a big meeple…"),
            "back": N_("back"),
            "again": N_("enter again"),
            "cancel": N_("cancel it"),
            "meeple": f"+1 {t}",
            "big": f"big meeple {t}",
        }
        if action.kind in YES_NO:
            yes = {"inn": N_("an inn"), "cathedral": N_("a cathedral")}
            no = {"inn": N_("no inn"), "cathedral": N_("no cathedral")}
            return (yes if t == "yes" else no)[action.kind]
        if action.kind in LABELS:  # a number entered: the stepper's label and the number
            return f"{LABELS[action.kind].format(name=NAMES[self.type])} {t}"
        return words.get(action.kind, f"{action.kind} {t}")

    # -- answers -------------------------------------------------------------------------------
    def apply(self, s: State, player: str, action: Action) -> None:
        kind, target = action.kind, action.target
        if kind == "again":
            self.stage = self.first_stage(s)
        elif kind == "cancel":
            s.steps.pop()
            s.announce("cancelled", f"{self.placer} cancels the {self.type} entry; nothing scored")
        elif kind == "meeple":
            self.meeples.setdefault(str(target), [0, 0])[0] += 1
        elif kind == "big_meeple":
            self.stage = "big"
        elif kind == "big":
            self.meeples.setdefault(str(target), [0, 0])[1] += 1
            self.stage = "meeples"
        elif kind == "back":
            self.stage = "meeples"
        elif kind == "done":
            self.submit(s)
        else:
            self.values[kind] = (target == "yes") if kind in YES_NO else target
            if self.current(s) is None:
                self.stage = "meeples"

    def feature(self) -> Feature:
        meeples = {c: Meeples(n, b) for c, (n, b) in self.meeples.items() if n or b}
        return Feature(self.type, self.final, meeples=meeples, **self.values)

    def submit(self, s: State) -> None:
        """Done: score at once when no other owner must agree, else ask them."""
        feature = self.feature()
        others = tuple(c for c in feature.owners() if c != self.placer)
        if not others:
            s.steps.pop()
            record(s, feature, self.placer)
            return
        value = feature_value(feature, s.options.edition)
        s.announce(
            "entry",
            f"{self.placer} enters: {value.title}, {value.calc}; meeples {self.held_text()}; "
            f"{', '.join(others)} to confirm",
            {"feature": feature.to_json(), "by": self.placer, "confirm": list(others)},
        )
        s.steps.append(Confirm(self, others))

    def hand_back(self, s: State) -> None:
        """An owner said it is wrong: the placer enters it again, the old answers as defaults."""
        self.previous = dict(self.values)
        self.values, self.meeples, self.stage = {}, {}, "returned"


@dataclass
class Confirm(Step):
    """Every owner named but the placer confirms the entry, all at once in the open; one
    "wrong" hands it back to the placer. The placer entered it: their "done" is their yes."""

    kind: ClassVar[str] = "confirm"
    parallel: ClassVar[bool] = True
    form: FeatureForm
    owners: tuple[str, ...]
    agreed: list[str] = field(default_factory=list)

    def deciders(self, s: State) -> tuple[str, ...]:
        return tuple(p for p in self.owners if p not in self.agreed)

    def prompt(self, s: State) -> str:
        f = self.form.feature()
        value = feature_value(f, s.options.edition)
        return (
            f"{self.form.placer} entered {value.title}, {value.calc}, meeples "
            f"{self.form.held_text()}: is it right?"
        )

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("right"), Action("wrong")]

    def label(self, action: Action) -> str:
        return N_("right") if action.kind == "right" else N_("wrong: back to placer")

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "wrong":
            s.steps.pop()
            self.form.hand_back(s)
            s.announce(
                "wrong",
                f"{player} says the entry is wrong: back to {self.form.placer}",
                {"by": player, "placer": self.form.placer},
            )
            return
        self.agreed.append(player)
        if not self.deciders(s):
            s.steps.pop()  # this step
            s.steps.pop()  # the form
            record(s, self.form.feature(), self.form.placer)
