"""Several decisions of one seat entered with one tap on a phone: a `Shortcut`.

A phone's pad offers, beside each single choice, runs of choices one tap may enter: the same
choice again ("+3" caballeros into one region), or a choice and the one that follows it ("take 4,
then this card"). They are found by looking ahead on a copy of the state through the game's own
rules, never guessed: each run is what the seat would be offered, tap after tap. A run goes on
only while that seat alone decides, in the open: never into a sealed, private or parallel step,
nor into another seat's decision, so a shortcut shows nothing its seat would not see one tap
later, and a sealed choice stays one decision. The table still applies a shortcut's decisions
one by one, each checked legal at its moment (`companion.app.remote`).

>>> from companion import games
>>> game = games.load("elgrande")
>>> s = game.new_game(("red", "blue"), 7, game.options_from({"bidding": "open"}))
>>> alone(game, s, s.first_bidder)  # open bids: a hand may hold a card taken back in secret
False
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from companion.kit.moves import Action, RuleError


@dataclass(frozen=True)
class Shortcut:
    """Decisions one tap enters, in order; `labels`: each one's label as its step names it then
    (a repeat of one choice has the one label)."""

    actions: tuple[Action, ...]
    labels: tuple[str, ...]

    @property
    def repeat(self) -> bool:
        """The same choice several times (a "+k" chip)."""
        return len(set(self.actions)) == 1


def alone(game: Any, state: Any, player: str) -> bool:
    """Does `player` alone decide now, in the open (no sealed, private or parallel step)?"""
    d = game.decision(state)
    if d is None or d.players != (player,) or d.secret:
        return False
    top = state.steps[-1] if state.steps else None
    return not (getattr(top, "private_options", False) or getattr(top, "parallel", False))


def repeats(game: Any, state: Any, player: str, action: Action, most: int) -> list[Shortcut]:
    """`action` 2, 3 … times in a row, as long as it stays legal for `player` alone (at most
    `most` times)."""
    label = game.label(state, action)
    ahead = copy.deepcopy(state)
    out: list[Shortcut] = []
    for n in range(2, most + 1):
        if not _apply(game, ahead, player, action):
            break
        if not alone(game, ahead, player) or action not in game.legal_actions(ahead, player):
            break
        out.append(Shortcut((action,) * n, (label,)))
    return out


def follow_ups(
    game: Any, state: Any, player: str, action: Action, *, most: int, leave_out: frozenset[str]
) -> list[Shortcut]:
    """`action`, then each choice `player` alone is offered next (none of the kinds `leave_out`;
    none at all when more than `most` are offered, or when someone else decides next)."""
    ahead = copy.deepcopy(state)
    if not _apply(game, ahead, player, action) or not alone(game, ahead, player):
        return []
    following = [a for a in game.legal_actions(ahead, player) if a.kind not in leave_out]
    if len(following) > most:
        return []
    first = game.label(state, action)
    return [Shortcut((action, b), (first, game.label(ahead, b))) for b in following]


def _apply(game: Any, state: Any, player: str, action: Action) -> bool:
    try:
        game.apply_in_place(state, player, action)
    except RuleError:
        return False
    return True
