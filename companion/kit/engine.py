"""The part of every game's engine that only walks its stack of steps: who decides what now,
their legal choices, the checks before a step takes an action, and the settling after it.

A game's engine keeps what is its own (setting up, what comes once no step is pending, its
words for a refusal) and hands the rest here.

>>> from companion.kit.steps import NumberField, ParallelEntry
>>> class Game:
...     players, is_over = ("red", "blue"), False
...     def __init__(self) -> None:
...         form = (NumberField("tower", "Tower", "your tower"),)
...         self.steps = [ParallelEntry(forms={"red": form, "blue": form})]
>>> s = Game()
>>> decision(s).players, legal_actions(s, "red")[2]
(('red', 'blue'), Action(kind='tower', target=2))
>>> apply_step(s, "red", Action("tower", 3)).values
{'red': {'tower': 3}}
>>> apply_step(s, "red", Action("tower", 3))
Traceback (most recent call last):
...
companion.kit.moves.RuleError: it is not red's decision now; waiting for blue: Enter your counts
>>> try:
...     checked_players(["red", ""], 2, 4, "Castell")
... except RuleError as e:
...     print(str(e).split("; ")[1])
seat 2 holds a str that is empty
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from companion.kit.moves import Action, Decision, RuleError
from companion.kit.steps import Step

S = TypeVar("S")
Opts = TypeVar("Opts")


def checked_players(players: object, low: int, high: int, game_name: str) -> tuple[str, ...]:
    """The seats as a tuple: `low` to `high` distinct, non-empty names (RuleError, or TypeError
    for what is not a list of names, saying what is wrong)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a list of names, got {type(players).__name__}")
    names = tuple(players)
    if not low <= len(names) <= high:
        raise RuleError(f"{game_name} takes {low} to {high} players, got {len(names)}")
    for seat, p in enumerate(names, 1):
        if type(p) is not str or not p:
            raise RuleError(
                f"players must be distinct, non-empty names; seat {seat} holds a "
                f"{type(p).__name__}" + ("" if type(p) is not str else " that is empty")
            )
    if len(set(names)) != len(names):
        raise RuleError("players must be distinct, non-empty names; a player is named twice")
    return names


def checked_setup(seed: object, options: Any, options_type: type[Opts], what: str) -> Opts:
    """A new game's seed and options: `seed` an int (a game is replayed from its seed and
    decisions), `options` one of the game's `options_type` (`what` names it in the TypeError),
    or None for the defaults."""
    if type(seed) is not int:
        raise TypeError(
            f"seed must be an int so the game can be replayed, got {type(seed).__name__}"
        )
    if options is None:
        return options_type()
    if not isinstance(options, options_type):
        raise TypeError(f"options must be {what}, got {type(options).__name__}")
    return options


def decision(s: Any) -> Decision | None:
    """Who must decide what now; None once the game is over."""
    if s.is_over or not s.steps:
        return None
    top = s.steps[-1]
    return Decision(top.deciders(s), top.kind, top.prompt(s), top.secret)


def legal_actions(s: Any, player: str) -> list[Action]:
    """The player's legal choices now (empty when it is not their decision)."""
    if s.is_over or not s.steps:
        return []
    top = s.steps[-1]
    return top.legal(s, player) if player in top.deciders(s) else []


def applied(
    s: S, player: str, action: Action, apply_in_place: Callable[[S, str, Action], None]
) -> S:
    """The state after `player` takes `action` by the game's `apply_in_place`; `s` itself is
    unchanged."""
    new = copy.deepcopy(s)
    apply_in_place(new, player, action)
    return new


def seat_shown(player: object) -> str:
    """A player who is not seated, as a refusal names them: quoted and cut, or their type."""
    shown = repr(player) if type(player) is str else f"a {type(player).__name__}"
    return shown[:40]


def not_deciding(s: Any, top: Step, player: str, deciders: tuple[str, ...]) -> str:
    """Why a seated player who is not asked now is refused."""
    return f"it is not {player}'s decision now; waiting for {', '.join(deciders)}: {top.prompt(s)}"


def step_refusal(s: Any, top: Step, player: str, action: Action, legal: list[Action]) -> str:
    """Why a choice the step does not offer is refused: the step's own words."""
    return top.refusal(s, player, action, legal)


def apply_step(
    s: Any,
    player: str,
    action: Action,
    *,
    not_an_action: str = "apply takes an Action, got",
    over: str = "the game is over; no more decisions are taken",
    shown: Callable[[object], str] = seat_shown,
    waiting: Callable[[Any, Step, str, tuple[str, ...]], str] = not_deciding,
    refusal: Callable[[Any, Step, str, Action, list[Action]], str] = step_refusal,
) -> Step:
    """Check `player` may take `action` now and have the top step take it; the step, returned,
    may now be finished (the game settles it). A refused action changes nothing: RuleError
    says why (the game's words for each case: `not_an_action`, `over`, `shown`, `waiting`,
    `refusal`); TypeError when `action` is not an Action at all (a programming error)."""
    if not isinstance(action, Action):
        raise TypeError(f"{not_an_action} {type(action).__name__}")
    if s.is_over:
        raise RuleError(over)
    if type(player) is not str or player not in s.players:
        raise RuleError(f"{shown(player)} is not playing; players: {', '.join(s.players)}")
    top = s.steps[-1]
    deciders = top.deciders(s)
    if player not in deciders:
        raise RuleError(waiting(s, top, player, deciders))
    legal = top.legal(s, player)
    if action not in legal:
        raise RuleError(refusal(s, top, player, action, legal), private=top.private_options)
    top.apply(s, player, action)
    return top


def settle(s: Any, advance: Callable[[Any], None]) -> None:
    """Pop finished steps (each told as it leaves, `on_finish`); when none is pending, the game's
    `advance` says what comes next. Stops once a step waits for a decision or the game is over."""
    while not s.is_over:
        if s.steps:
            top = s.steps[-1]
            if not top.finished(s):
                return
            s.steps.pop()
            top.on_finish(s)
            continue
        advance(s)
