"""Bots that enter plausible features through exactly the presses a person makes,
deterministic from a seed (for `companion demo --game carcassonne` and the tests).

>>> final = play_game(["red", "blue", "green"], seed=3)
>>> final.is_over, len(final.log) > 10, sum(final.scores.values()) > 0
(True, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.carcassonne.engine import apply_in_place, decision, legal_actions, new_game
from companion.carcassonne.options import Options
from companion.carcassonne.state import State
from companion.kit.moves import Action

# A plausible value for each number: (lowest, highest) a bot draws from, before the legal range.
PLAUSIBLE = {
    ("road", False): (2, 6),
    ("road", True): (1, 5),
    ("city", False): (2, 8),
    ("city", True): (1, 5),
    "pennants": (0, 2),
    "neighbours": (2, 7),
    "completed_cities": (0, 4),
}
FINAL_ORDER = ("road", "city", "cloister", "field", "field")


class RandomBot:
    """Completes plausible features: mostly its own meeple, sometimes a rival's or a tie, now
    and then an inn, a cathedral or a big meeple; ends the game after 20 to 31 features."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.features_in_game = 20 + self.rng.randrange(12)

    def choose(self, s: State, player: str, legal: list[Action] | None = None) -> Action:
        legal = legal_actions(s, player) if legal is None else legal
        kinds = {a.kind for a in legal}
        top = s.steps[-1]
        if "right" in kinds:
            return Action("right")
        if "again" in kinds:
            return Action("again")
        if "end_game" in kinds:
            if len(s.log) >= self.features_in_game:
                return Action("end_game")
            return Action("feature", self.rng.choices(("road", "city", "cloister"), (4, 4, 1))[0])
        if "no_more" in kinds:
            done = sum(1 for item in s.log if item["feature"]["phase"] == "final")
            if done >= len(FINAL_ORDER):
                return Action("no_more")
            return Action("feature", FINAL_ORDER[done])
        if "big" in kinds:  # the big meeple menu: its own if free, else a rival's (never
            # "back": a bot choosing from the same state again would open it again forever)
            mine = Action("big", top.placer)
            bigs = [a for a in legal if a.kind == "big"]
            return mine if mine in legal else (bigs[0] if bigs else Action("back"))
        if "done" in kinds:
            return self._meeple(top, legal)
        return self._answer(top, legal)

    def _answer(self, form: Any, legal: list[Action]) -> Action:
        key = legal[0].kind
        if key in ("inn", "cathedral"):
            yes = self.rng.random() < (0.15 if key == "inn" else 0.1)
            return Action(key, "yes" if yes else "no")
        low, high = PLAUSIBLE.get(key) or PLAUSIBLE[(form.type, form.final)]
        value = self.rng.randint(low, high)
        values = [a.target for a in legal]
        return Action(key, min(max(value, min(values)), max(values)))

    def _meeple(self, form: Any, legal: list[Action]) -> Action:
        placed = sum(n + b for n, b in form.meeples.values())
        if placed == 0:
            return Action("meeple", form.placer) if self.rng.random() < 0.92 else Action("done")
        roll = self.rng.random()
        if placed < 3 and roll < 0.2:
            rivals = [a for a in legal if a.kind == "meeple" and a.target != form.placer]
            if rivals:
                return self.rng.choice(rivals)
        if placed < 3 and roll < 0.28 and Action("big_meeple") in legal:
            return Action("big_meeple")
        return Action("done")


def play_game(
    players: Sequence[str],
    seed: int,
    options: Options | None = None,
    bots: dict[str, Any] | None = None,
) -> State:
    """A whole game by bots; at a menu anyone may press, the placer is drawn from the seed."""
    s = new_game(players, seed, options)
    chosen = {p: (bots or {}).get(p) or RandomBot(seed * 31 + i) for i, p in enumerate(s.players)}
    who = random.Random(seed)
    for _ in range(5000):  # far more presses than any game takes
        d = decision(s)
        if d is None:
            return s
        if d.kind in ("play", "final_count"):
            deciders: Sequence[str] = (who.choice(d.players),)
        else:
            deciders = d.players
        for p in deciders:
            if p in (decision(s) or d).players:
                apply_in_place(s, p, chosen[p].choose(s, p, legal_actions(s, p)))
    raise RuntimeError("the bots did not finish the game")
