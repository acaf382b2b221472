"""A finished game as one JSON-able object (for `companion demo --json` and for tests).

The rounds, scores and winners are the session's public view; a game may add what else its
summary says (El Grande: the action cards taken, derived from the log by replaying it).
"""

from __future__ import annotations

from typing import Any

from companion.screens.chart import score_history
from companion.session.session import Session
from companion.session.store import DEFAULT_GAME


def game_summary(session: Session) -> dict[str, Any]:
    """{"seed", "players", "rounds", "scorings", "scores", "winner", …the game's own keys}.

    `winner` is the winner's name, or a list of names when the table shares a tie. A game other
    than the default is named first ("game")."""
    h = session.header
    view = session.table_view()
    winners = list(view.winners)
    named = {} if h.game == DEFAULT_GAME else {"game": h.game}
    summary = {
        **named,
        "seed": h.seed,
        "players": list(h.players),
        "rounds": list(view.rounds),
        "scorings": score_history(session.public_events(), general_only=True),
        "scores": dict(view.scores),
        "winner": winners[0] if len(winners) == 1 else winners,
    }
    extra = getattr(session.game, "summary", None)
    if extra is not None:
        decisions = [(a.player, a.action) for a in session.applied]
        summary |= extra(h.players, h.seed, h.options, decisions)
    return summary
