"""El Grande's runs of decisions one tap on a phone enters (`companion.kit.shortcuts`):

- "+k" into one area: several caballeros placed there, taken back from a region (province
  empty), or returned from it, as many as may still go;
- the most caballeros the court may take, then the action card (the usual start of a turn);
- the card's action carried out, then its first choice (the King's region, the scoreboard …).

The board check is never folded into a run: it is there to be looked at.

>>> from companion.elgrande.engine import apply, new_game
>>> from companion.elgrande.moves import Action
>>> s = new_game(("red", "blue"), 7)
>>> for p in s.players:
...     s = apply(apply(s, p, Action("bid_group", "1-7")), p, Action("bid", 7 - (p == "red")))
>>> [" + ".join(map(str, c.actions)) for c in shortcuts(s, "blue")][:2]
['take:3 + card:1d', 'take:3 + card:2a']
"""

from __future__ import annotations

from companion.elgrande.engine import apply_in_place, decision, legal_actions
from companion.elgrande.moves import Action, describe
from companion.elgrande.state import State
from companion.kit import shortcuts as kit
from companion.kit.shortcuts import Shortcut

REPEATED = frozenset({"place", "take_from", "return_from"})
MOST_REPEATS = 10
MOST_FOLLOW_UPS = 12
# The board check, and a sub-menu's way back: never the second half of a run.
NOT_FOLLOWED = frozenset(
    {"confirm", "matches", "fix_regions", "fix_from", "fix_colour", "fix_to", "to_regions", "back"}
)


class _Rules:
    """The engine as kit.shortcuts asks for it."""

    decision = staticmethod(decision)
    legal_actions = staticmethod(legal_actions)
    apply_in_place = staticmethod(apply_in_place)

    @staticmethod
    def label(state: State, action: Action) -> str:
        return describe(action)


def shortcuts(state: State, player: str) -> tuple[Shortcut, ...]:
    """What one tap of `player` may enter now besides a single choice."""
    rules = _Rules()
    if not kit.alone(rules, state, player):
        return ()
    legal = legal_actions(state, player)
    out: list[Shortcut] = []
    for a in legal:
        if a.kind in REPEATED:
            out += kit.repeats(rules, state, player, a, MOST_REPEATS)
    most = next((a for a in legal if a.kind == "take"), None)  # offered first: the most
    if most is not None:
        then = kit.follow_ups(
            rules, state, player, most, most=MOST_FOLLOW_UPS, leave_out=NOT_FOLLOWED
        )
        out += [c for c in then if c.actions[-1].kind == "card"]
    for a in legal:
        if a.kind == "act":
            out += kit.follow_ups(
                rules, state, player, a, most=MOST_FOLLOW_UPS, leave_out=NOT_FOLLOWED
            )
    return tuple(out)
