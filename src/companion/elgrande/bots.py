"""Bots that play through exactly the decisions a person makes, deterministic from a seed.

>>> from companion.elgrande.bots import play_game, GreedyBot, RandomBot
>>> final = play_game(["red", "blue", "yellow"], seed=3, bots={"red": GreedyBot(1)},
...                   default=RandomBot)
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from companion.elgrande.data import CASTILLO
from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import Action, Piece
from companion.elgrande.options import TableOptions
from companion.elgrande.scoring import score_area
from companion.elgrande.state import State


class RandomBot:
    """Picks uniformly among the legal choices."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, s: State, player: str) -> Action:
        return self.rng.choice(legal_actions(s, player))


class GreedyBot(RandomBot):
    """Picks the choice that looks best right now: more caballeros, places that pay, the card's
    action always carried out. Ties are broken at random."""

    def choose(self, s: State, player: str) -> Action:
        legal = legal_actions(s, player)
        if len(legal) == 1:
            return legal[0]
        scored = [(self._value(s, player, a), self.rng.random(), a) for a in legal]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _value(self, s: State, p: str, a: Action) -> float:
        t = a.target
        if a.kind == "bid":
            return -abs(int(str(t)) - 7)  # middling cards: a fair turn order, a fair intake
        if a.kind in ("take", "refill"):
            return int(str(t))
        if a.kind == "card":
            return s.data.action_cards[str(t)].stack
        if a.kind in ("place", "disc", "move_to") and t in s.board:
            colour = p if a.kind != "move_to" else _held_colour(s, p)
            gain = _gain(s, colour, str(t), +1)
            return gain if colour == p else -gain
        if a.kind in ("move_from", "return_of") and isinstance(t, Piece):
            gain = _gain(s, t.colour, t.region, -1)
            return -gain if t.colour != p else -1
        if a.kind == "act":
            return 1
        if a.kind in ("stop_placing", "end_turn", "done"):
            return -1
        return 0


def _held_colour(s: State, p: str) -> str:
    holding = getattr(s.steps[-1], "holding", None)
    return holding.colour if holding else p


def _gain(s: State, colour: str, area: str, delta: int) -> int:
    """How many points `colour` would score in `area` now with `delta` more caballeros there."""
    pos = s.position()
    counts = {**pos.caballeros[area], colour: pos.count(area, colour) + delta}
    moved = replace(pos, caballeros={**pos.caballeros, area: counts})
    before = score_area(pos, area).points[colour]
    after = score_area(moved, area).points[colour]
    return after - before if area != CASTILLO else max(after - before, 1)


class Bot(Protocol):
    """Anything that picks one of a player's legal actions."""

    def choose(self, s: State, player: str) -> Action: ...


def play_game(
    players: Sequence[str],
    seed: int,
    *,
    options: TableOptions | None = None,
    bots: dict[str, Bot] | None = None,
    default: Callable[[int], Bot] = RandomBot,
    on_step: Callable[[State, str, Action], None] | None = None,
) -> State:
    """Play a whole game by bots; `on_step(state, player, action)` runs after each decision."""
    s = new_game(players, seed, options)
    bots = dict(bots or {})
    for i, p in enumerate(players):
        bots.setdefault(p, default(seed * 10 + i))
    while not s.is_over:
        d = decision(s)
        assert d is not None
        p = d.players[0]  # a sealed choice: everyone in turn, as pads would
        action = bots[p].choose(s, p)
        apply_in_place(s, p, action)
        if on_step:
            on_step(s, p, action)
    return s
