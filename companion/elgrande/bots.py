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

CONFIRM = Action("confirm")


class RandomBot:
    """Picks uniformly among the legal choices."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, s: State, player: str) -> Action:
        legal = legal_actions(s, player)
        if CONFIRM in legal:  # a bot's game is tracked exactly: the board needs no correction
            return CONFIRM
        return self.rng.choice([a for a in legal if a.kind != "back"] or legal)


class GreedyBot(RandomBot):
    """Picks the choice that looks best right now: more caballeros, places that pay, the card's
    action always carried out. Ties are broken at random."""

    def choose(self, s: State, player: str) -> Action:
        legal = legal_actions(s, player)
        if CONFIRM in legal:
            return CONFIRM
        legal = [a for a in legal if a.kind != "back"] or legal  # never wander back and forth
        if len(legal) == 1:
            return legal[0]
        scored = [(self._value(s, player, a), self.rng.random(), a) for a in legal]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _value(self, s: State, p: str, a: Action) -> float:
        t = a.target
        if a.kind == "bid":
            return -abs(int(str(t)) - 7)  # middling cards: a fair turn order, a fair intake
        if a.kind == "bid_group":
            return 0 if t == "1-7" else -1
        if a.kind in ("take", "refill"):
            return int(str(t))
        if a.kind == "card":
            return s.data.action_cards[str(t)].stack
        if a.kind in ("place", "disc", "move_to") and t in s.board:
            colour = p if a.kind != "move_to" else _held_colour(s, p)
            gain = _gain(s, colour, str(t), +1)
            return gain if colour == p else -gain
        if a.kind in ("move_from", "return_of") and isinstance(t, Piece):
            return _piece_value(s, p, t)
        if a.kind in ("move_region", "return_region"):  # worth its best caballero
            pieces = [Piece(str(t), c) for c in s.players if s.board[str(t)][c]]
            return max((_piece_value(s, p, piece) for piece in pieces), default=-1)
        if a.kind == "act":
            return 1
        if a.kind in ("stop_placing", "end_turn", "done"):
            return -1
        return 0


def _piece_value(s: State, p: str, piece: Piece) -> float:
    """Taking this caballero away: good when it costs an opponent points, poor when it is ours."""
    return -_gain(s, piece.colour, piece.region, -1) if piece.colour != p else -1


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
    max_decisions: int = 20_000,
) -> State:
    """Play a whole game by bots; `on_step(state, player, action)` runs after each decision.

    A game takes a few hundred decisions; one that has not ended after `max_decisions` raises
    RuntimeError instead of looping for ever (an engine that stopped advancing)."""
    s = new_game(players, seed, options)
    bots = dict(bots or {})
    for i, p in enumerate(players):
        bots.setdefault(p, default(seed * 10 + i))
    for _ in range(max_decisions):
        if s.is_over:
            return s
        d = decision(s)
        assert d is not None
        p = d.players[0]  # a sealed choice: everyone in turn, as pads would
        action = bots[p].choose(s, p)
        apply_in_place(s, p, action)
        if on_step:
            on_step(s, p, action)
    if not s.is_over:
        raise RuntimeError(f"the game did not end within {max_decisions} decisions: {s!r}")
    return s


class RelativeBot(GreedyBot):
    """Greedy, but a caballero is worth what it changes between this player and the others: a
    place that takes points from a leader counts, one that only adds to a safe lead counts less.
    Everything else is chosen as GreedyBot does."""

    def _value(self, s: State, p: str, a: Action) -> float:
        t = a.target
        if a.kind in ("place", "disc", "move_to") and t in s.board:
            colour = p if a.kind != "move_to" else _held_colour(s, p)
            return _relative(s, p, colour, str(t), +1)
        if a.kind in ("move_from", "return_of") and isinstance(t, Piece):
            return _relative(s, p, t.colour, t.region, -1)
        return super()._value(s, p, a)


def _relative(s: State, p: str, colour: str, area: str, delta: int) -> float:
    """How `delta` caballeros of `colour` in `area` change p's points there less the others'
    mean change, as if the area were scored now."""
    pos = s.position()
    counts = {**pos.caballeros[area], colour: pos.count(area, colour) + delta}
    moved = replace(pos, caballeros={**pos.caballeros, area: counts})
    before, after = score_area(pos, area).points, score_area(moved, area).points
    change = {q: after[q] - before[q] for q in s.players}
    others = [change[q] for q in s.players if q != p]
    value = change[p] - sum(others) / max(len(others), 1)
    return value if area != CASTILLO or colour != p else max(value, 1)
