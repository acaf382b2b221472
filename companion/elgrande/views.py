"""What each audience may see: `public_view` (main display, LED matrix, voice, logs) and
`player_view` (one player's own pad). Pure functions of the state; plain JSON-able dicts.

The public view is built only from public fields, so a secret cannot reach it by accident: no
hands, no face-down stacks, no sealed choice, and no Castillo contents unless the table made
them public.

>>> from companion.elgrande.engine import new_game
>>> view = public_view(new_game(["red", "blue"], seed=1))
>>> view["decision"]["kind"], "hands" in view, view["hand_counts"]
('bid', False, {'red': 13, 'blue': 13})
>>> view["events"][0]["seq"], view["events"][0]["kind"]
(1, 'setup')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.elgrande.base import SecretStep
from companion.elgrande.data import CASTILLO
from companion.elgrande.engine import decision, legal_actions
from companion.elgrande.moves import describe
from companion.elgrande.state import State
from companion.kit.events import event_json, events_json  # noqa: F401  (named here for callers)


def public_view(s: State, events: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """`events`: the game's events as JSON, from whoever keeps the log (the session); without
    it, the events the state has announced since they were last taken (the whole game when
    nobody takes them)."""
    d = decision(s)
    top = s.steps[-1] if s.steps else None
    show_castillo = s.options.castillo_public
    board = {a: dict(c) for a, c in s.board.items() if a != CASTILLO or show_castillo}
    pending: dict[str, Any] | None = None
    if d is not None:
        pending = {
            "players": list(d.players),
            "kind": d.kind,
            "prompt": d.prompt,
            "secret": d.secret,
        }
        if isinstance(top, SecretStep):
            pending["chosen"] = [p for p in top.players if p in top.sealed]  # who, never what
        # No options here: a bid's options would show the bidder's hand. Pads get them.
    return {
        "players": list(s.players),
        "round": s.round,
        "rounds": list(s.rounds),
        "phase": s.phase,
        "king": s.king,
        "grandes": dict(s.grandes),
        "scoreboards": dict(s.scoreboards),
        "board": board,
        "castillo_public": show_castillo,
        # How many caballeros the Castillo holds, all colours together: what the table sees of
        # a hidden Castillo (never whose they are).
        "castillo_total": sum(s.board[CASTILLO].values()),
        "court": dict(s.court),
        "province": dict(s.province),
        "scores": dict(s.scores),
        "played": {p: list(v) for p, v in s.played.items()},
        "bids": dict(s.bids),
        "turn_order": list(s.turn_order),
        "face_up": list(s.face_up),
        "taken": dict(s.taken),
        "vetoes": sorted(p for p, held in s.vetoes.items() for _ in held),  # a name per Veto
        # Until when each Veto is held: the round after the one it was taken in, to its end.
        "veto_until": {
            p: [s.rounds[min(taken + 1, len(s.rounds) - 1)] for taken in held]
            for p, held in sorted(s.vetoes.items())
        },
        # How many power cards each player has left: public (a 4b take-back is announced),
        # which cards they are is not (a take-back may be hidden).
        "hand_counts": {p: len(s.hands[p]) for p in s.players},
        "decision": pending,
        "events": events_json(s.events) if events is None else list(events),
        "winners": list(s.winners),
    }


def own_view(s: State, player: str) -> dict[str, Any]:
    """What only `player` may know: their hand, their caballeros in the Castillo, the private
    notice and their sealed choice (described) in a sealed step open now."""
    top = s.steps[-1] if s.steps else None
    sealed = isinstance(top, SecretStep)
    return {
        "hand": sorted(s.hands[player]),
        "castillo": s.board[CASTILLO][player],
        "notice": top.notices.get(player) if sealed else None,
        "sealed": describe(top.sealed[player]) if sealed and player in top.sealed else None,
    }


def player_view(s: State, player: str) -> dict[str, Any]:
    """The public view plus what only this player may know, and their choices now."""
    view = public_view(s)
    options = [describe(a) for a in legal_actions(s, player)]
    view["you"] = {"player": player, **own_view(s, player), "options": options}
    return view
