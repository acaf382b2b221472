"""The head every game's public view starts with: whose game, who plays, where it stands, who
decides what now, who won, and the events.

>>> from companion.kit.steps import NumberField, ParallelEntry
>>> class Game:
...     players, round, phase, scores, winners = ("red",), None, "entry", {"red": 0}, ()
...     is_over, events = False, []
...     steps = [ParallelEntry(forms={"red": (NumberField("n", "N", "a number"),)})]
>>> head = public_head(Game(), "demo", Decision(("red",), "entry", "Enter your counts"))
>>> head["decision"]["parallel"], head["decision"]["secret"], head["over"], head["events"]
(True, False, False, [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.kit.events import events_json
from companion.kit.moves import Decision


def decision_json(s: Any, d: Decision | None) -> dict[str, Any] | None:
    """The decision asked now as the table sees it: who, what, and whether it is sealed or an
    open parallel entry (each decider undoes their own); None once nobody is asked."""
    if d is None:
        return None
    top = s.steps[-1] if s.steps else None
    return {
        "players": list(d.players),
        "kind": d.kind,
        "prompt": d.prompt,
        "secret": d.secret,
        "parallel": bool(getattr(top, "parallel", False)),
    }


def public_head(
    s: Any,
    game: str,
    d: Decision | None,
    events: Sequence[dict[str, Any]] | None = None,
    rounds: Sequence[int] = (),
) -> dict[str, Any]:
    """`game`, `players`, `round`, `rounds`, `phase`, `scores`, `decision` (`decision_json` of
    `d`), `winners`, `over` and `events`: the game's events as JSON from whoever keeps the log
    (the session), or without it those the state announced since they were last taken. A game
    adds its own keys to it."""
    return {
        "game": game,
        "players": list(s.players),
        "round": s.round,
        "rounds": list(rounds),
        "phase": s.phase,
        "scores": dict(s.scores),
        "decision": decision_json(s, d),
        "winners": list(s.winners),
        "over": s.is_over,
        "events": events_json(s.events) if events is None else list(events),
    }
