"""A finished game as one JSON-able object (for `companion demo --json` and for tests).

The actions are derived from the session's log by replaying it (what was decided is the one
source of truth); the rounds, scores and winners are the session's public view.
"""

from __future__ import annotations

from typing import Any

from companion.elgrande.engine import apply_in_place
from companion.screens.chart import score_history
from companion.session.replay import start_state
from companion.session.session import Session


def game_summary(session: Session) -> dict[str, Any]:
    """{"seed", "players", "rounds", "scorings", "scores", "winner", "actions"}.

    `winner` is the winner's name, or a list of names when the table shares a tie.
    `actions` has one entry per action card taken: round, player, card, and whether its special
    action was carried out (a Veto's is: when its holder vetoes with it).
    """
    h = session.header
    s = start_state(h)
    actions: list[dict[str, Any]] = []
    for applied in session.applied:
        a, player = applied.action, applied.player
        held = list(s.vetoes.get(player, []))
        if a.kind == "card":
            actions.append(
                {"round": s.round, "player": player, "card": a.target, "carried_out": False}
            )
        elif a.kind == "act":
            mine = [x for x in actions if x["player"] == player and x["round"] == s.round]
            mine[-1]["carried_out"] = True
        apply_in_place(s, player, a)
        if a.kind == "veto":  # the Veto spent is the one no longer held: the round it came from
            (spent,) = set(held) - set(s.vetoes.get(player, []))
            taken_in = s.rounds[spent]
            veto = [x for x in actions if x["player"] == player and x["card"] == "2a"]
            next(x for x in veto if x["round"] == taken_in)["carried_out"] = True
    view = session.table_view()
    winners = list(view.winners)
    return {
        "seed": h.seed,
        "players": list(h.players),
        "rounds": list(view.rounds),
        "scorings": score_history(session.public_events(), general_only=True),
        "scores": dict(view.scores),
        "winner": winners[0] if len(winners) == 1 else winners,
        "actions": actions,
    }
