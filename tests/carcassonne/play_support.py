"""Pressing a 3-button pad in the tests: a menu choice costs its place in the menu (◀ ▶ to
it, ● to choose; the cursor starts on the first item), a number on a stepper costs ● alone
when it is the default, else one held ▶ or ◀ and ●."""

from __future__ import annotations

from companion.carcassonne.engine import apply_in_place, legal_actions, number_field
from companion.carcassonne.state import State
from companion.kit.moves import Action


def press(s: State, player: str, action: Action) -> int:
    """Apply `action` for `player`; return what it cost on a pad."""
    field = number_field(s, player)
    if field is not None:
        cost = 1 if action.target == field.default else 2
    else:
        cost = legal_actions(s, player).index(action) + 1
    apply_in_place(s, player, action)
    return cost


def enter(s: State, player: str, *actions: Action) -> int:
    return sum(press(s, player, a) for a in actions)
