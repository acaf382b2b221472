"""What a finished game's summary says of El Grande besides its scores: each action card taken,
and whether its special action was carried out (`companion demo --json`'s `actions`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.elgrande.engine import apply_in_place, new_game
from companion.elgrande.moves import Action
from companion.elgrande.options import TableOptions


def card_actions(
    players: Sequence[str],
    seed: int,
    options: dict[str, Any],
    decisions: Sequence[tuple[str, Action]],
) -> list[dict[str, Any]]:
    """One entry per action card taken: round, player, card, and whether its special action was
    carried out (a Veto's is: when its holder vetoes with it). `decisions` are the decisions in
    force, in order, replayed here from a fresh game."""
    s = new_game(players, seed, TableOptions.from_dict(options))
    actions: list[dict[str, Any]] = []
    for player, a in decisions:
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
    return actions
