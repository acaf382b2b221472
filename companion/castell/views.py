"""What the table sees of a Castell game: everything (nothing in it is secret), as plain JSON.

>>> from companion.castell.engine import new_game
>>> view = public_view(new_game(["red", "blue"], seed=1))
>>> view["round"], view["festival_rounds"][0], view["decision"]["parallel"]
(3, 3, True)
>>> view["decision"]["asking"]["red"]["label"]
'Tower score'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.castell import rules
from companion.castell.engine import decision
from companion.castell.state import State
from companion.kit.steps import NumberField, ParallelEntry
from companion.kit.views import public_head


def field_json(f: NumberField) -> dict[str, Any]:
    return {
        "key": f.key,
        "label": f.label,
        "prompt": f.prompt,
        "low": f.low,
        "high": f.high,
        "default": f.default,
    }


def public_view(s: State, events: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """`events`: the game's events as JSON, from whoever keeps the log; without it, those the
    state has announced since they were last taken."""
    d = decision(s)
    top = s.steps[-1] if s.steps else None
    head = public_head(s, "castell", d, events, s.rounds)
    entered: dict[str, dict[str, int]] = {}
    if d is not None and isinstance(top, ParallelEntry):
        asking = {p: top.field(p) for p in d.players}
        head["decision"]["asking"] = {p: field_json(f) for p, f in asking.items() if f is not None}
        entered = {p: dict(v) for p, v in top.values.items()}
    return {
        **head,
        "options": s.options.to_json(),
        "festival_rounds": list(rules.FESTIVAL_ROUNDS) if s.options.festivals == "tracked" else [],
        "best_towers": dict(s.best),
        "festivals": [
            {"round": r, "towers": dict(towers)} for r, towers in sorted(s.festivals.items())
        ],
        "entered": entered,  # this step's entries so far: open, as the table enters them
        "final": [line.to_json() for line in s.lines],
    }
