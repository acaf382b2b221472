"""What the table sees: the public view (everything; nothing in Carcassonne is secret).

>>> from companion.carcassonne.engine import new_game
>>> view = public_view(new_game(["red", "blue"], seed=1))
>>> view["game"], view["decision"]["kind"], view["decision"]["parallel"], view["track"]["red"]
('carcassonne', 'play', False, {'score': 0, 'laps': 0, 'marker': 0, 'tiles': 'no score tile'})
>>> view["events"][0]["kind"]
'setup'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from companion.carcassonne.engine import decision
from companion.carcassonne.form import Confirm, FeatureForm
from companion.carcassonne.state import State
from companion.carcassonne.track import track_json
from companion.kit.views import public_head


def _entry(s: State) -> dict[str, Any] | None:
    """The feature being entered now, as far as it goes, and who still has to confirm it."""
    top = s.steps[-1] if s.steps else None
    form = top.form if isinstance(top, Confirm) else top
    if not isinstance(form, FeatureForm):
        return None
    out: dict[str, Any] = {
        "placer": form.placer,
        "type": form.type,
        "final": form.final,
        "stage": "confirm" if isinstance(top, Confirm) else form.stage,
        "values": dict(form.values),
        "meeples": {c: {"normal": n, "big": b} for c, (n, b) in form.meeples.items()},
    }
    if isinstance(top, Confirm):
        out["confirmed"] = list(top.agreed)
        out["to_confirm"] = list(top.deciders(s))
    field = form.field(s)
    if field is not None and not isinstance(top, Confirm):
        out["field"] = asdict(field)
    return out


def public_view(s: State, events: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """`events`: the game's events as JSON from whoever keeps the log (the session); without
    it, the events the state announced since they were last taken."""
    return {
        **public_head(s, "carcassonne", decision(s), events),
        "options": s.options.to_json(),
        "track": track_json(s.scores),
        "entry": _entry(s),
        "scored": [dict(item) for item in s.log],
    }
