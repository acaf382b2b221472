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
from companion.kit.events import Event


def public_view(s: State, events: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """`events`: the game's events as JSON from whoever keeps the log (the session); without it,
    the events announced since they were last taken."""
    d = decision(s)
    top = s.steps[-1] if s.steps else None
    pending: dict[str, Any] | None = None
    entries: dict[str, dict[str, int]] = {}
    asked: dict[str, dict[str, Any]] = {}
    if isinstance(top, FinalCount):
        entries = {p: dict(top.values.get(p, {})) for p in s.players}
        for p in s.players:
            f = top.field(p)
            if f is not None:
                asked[p] = {"key": f.key, "label": f.label, "prompt": f.prompt}
    if d is not None:
        pending = {
            "players": list(d.players),
            "kind": d.kind,
            "prompt": d.prompt,
            "secret": False,
            "parallel": bool(getattr(top, "parallel", False)),
        }
    return {
        "game": "akropolis",
        "players": list(s.players),
        "round": s.round,
        "rounds": [],
        "phase": s.phase,
        "variants": list(s.options.variants),
        "scores": dict(s.scores),
        "decision": pending,
        "entries": entries,  # each player's numbers so far: open entry, public as made
        "asked": asked,  # the field each player is asked now
        "lines": [line.to_json() for line in s.lines],
        "ranking": [{"place": place, "players": list(who)} for place, who in s.places],
        "tiebreak": s.tiebreak,
        "winners": list(s.winners),
        "over": s.is_over,
        "events": events_json(s.events) if events is None else list(events),
    }


def events_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Events as plain JSON, numbered, each with the round it belongs to (None here)."""
    return [
        {"seq": e.seq, "kind": e.kind, "text": e.text, "detail": e.detail, "round": e.round}
        for e in events
    ]
