"""What the table sees: `public_view`, a plain JSON-able dict. Nothing in Akropolis is secret, so
every entry made so far is public, and once all are in, the score lines and the ranking.

>>> from companion.akropolis.engine import new_game, apply_in_place
>>> from companion.kit.moves import Action
>>> s = new_game(["red", "blue"], seed=1)
>>> apply_in_place(s, "red", Action("house.plazas", 1))
>>> view = public_view(s)
>>> view["entries"]["red"], view["decision"]["parallel"], view["asked"]["red"]["label"]
({'house.plazas': 1}, True, 'Houses: value')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.akropolis.engine import decision
from companion.akropolis.state import State
from companion.akropolis.steps import FinalCount
from companion.kit.views import public_head


def public_view(s: State, events: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """`events`: the game's events as JSON from whoever keeps the log (the session); without it,
    the events announced since they were last taken."""
    top = s.steps[-1] if s.steps else None
    entries: dict[str, dict[str, int]] = {}
    asked: dict[str, dict[str, Any]] = {}
    if isinstance(top, FinalCount):
        entries = {p: dict(top.values.get(p, {})) for p in s.players}
        for p in s.players:
            f = top.field(p)
            if f is not None:
                asked[p] = {"key": f.key, "label": f.label, "prompt": f.prompt}
    return {
        **public_head(s, "akropolis", decision(s), events),
        "variants": list(s.options.variants),
        "entries": entries,  # each player's numbers so far: open entry, public as made
        "asked": asked,  # the field each player is asked now
        "lines": [line.to_json() for line in s.lines],
        "ranking": [{"place": place, "players": list(who)} for place, who in s.places],
        "tiebreak": s.tiebreak,
    }
