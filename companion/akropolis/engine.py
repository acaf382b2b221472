"""The rules engine's public face: set up the final count, ask who decides what, apply a decision.

Pure and deterministic: no I/O, clock or hardware. The device keeps no turn ledger for Akropolis:
the game is played on the table and the device counts its end.

>>> from companion.kit.moves import Action
>>> s = new_game(["red", "blue"], seed=7)
>>> d = decision(s)
>>> d.kind, d.players, legal_actions(s, "red")[1]
('final_count', ('red', 'blue'), Action(kind='house.plazas', target=1))
>>> apply_in_place(s, "red", Action("house.plazas", 9))
Traceback (most recent call last):
...
companion.kit.moves.RuleError: Houses: plazas: enter a whole number from 0 to 8
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from companion.akropolis.options import Options
from companion.akropolis.state import State
from companion.akropolis.steps import FinalCount, tally_form
from companion.kit.moves import Action, Decision, RuleError, echo, plain

PLAYERS = (2, 4)


def checked_players(players: object) -> tuple[str, ...]:
    """The seats as a tuple: 2 to 4 distinct, non-empty names (RuleError, or TypeError for what
    is not a list of names)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a list of names, got {type(players).__name__}")
    names = tuple(players)
    fewest, most = PLAYERS
    if not fewest <= len(names) <= most:
        raise RuleError(f"Akropolis takes {fewest} to {most} players, got {len(names)}")
    for seat, p in enumerate(names, 1):
        if type(p) is not str or not p:
            what = "an empty name" if type(p) is str else f"a {type(p).__name__}"
            raise RuleError(f"players must be distinct, non-empty names; seat {seat} holds {what}")
    if len(set(names)) != len(names):
        raise RuleError("players must be distinct, non-empty names; a player is named twice")
    return names


def new_game(players: Sequence[str], seed: int, options: Options | None = None) -> State:
    """The final count for 2–4 players: one open entry, every player's form at once."""
    names = checked_players(players)
    if type(seed) is not int:
        raise TypeError(
            f"seed must be an int so the game can be replayed, got {type(seed).__name__}"
        )
    if options is None:
        options = Options()
    elif not isinstance(options, Options):
        raise TypeError(
            f"options must be an akropolis Options (Options.from_dict builds one), "
            f"got {type(options).__name__}"
        )
    s = State(players=names, options=options, seed=seed, scores=dict.fromkeys(names, 0))
    form = tally_form(options)
    s.steps.append(FinalCount(forms=dict.fromkeys(names, form)))
    variants = ", ".join(options.variants) or "none"
    s.announce(
        "setup",
        f"Akropolis final count (variants: {variants}): everyone enters their city on their pad",
        {"variants": list(options.variants)},
    )
    return s


def decision(s: State) -> Decision | None:
    """Who must decide what now; None once the game is over."""
    if s.is_over:
        return None
    top = s.steps[-1]
    return Decision(top.deciders(s), top.kind, top.prompt(s), top.secret)


def legal_actions(s: State, player: str) -> list[Action]:
    """The player's legal choices now (empty when it is not their decision)."""
    if s.is_over:
        return []
    top = s.steps[-1]
    return top.legal(s, player) if player in top.deciders(s) else []


def apply(s: State, player: str, action: Action) -> State:
    """The state after `player` takes `action`; `s` itself is unchanged."""
    new = copy.deepcopy(s)
    apply_in_place(new, player, action)
    return new


def apply_in_place(s: State, player: str, action: Action) -> None:
    """As `apply`, mutating `s`. A refused action changes nothing: RuleError says why and what is
    allowed; TypeError when `action` is not an Action at all (a programming error)."""
    if not isinstance(action, Action):
        raise TypeError(f"apply takes an Action, got {type(action).__name__}")
    if s.is_over:
        raise RuleError("the game is over; no more decisions are taken")
    if type(player) is not str or player not in s.players:
        shown = repr(player) if type(player) is str else f"a {type(player).__name__}"
        raise RuleError(f"{shown[:40]} is not playing; players: {', '.join(s.players)}")
    top = s.steps[-1]
    deciders = top.deciders(s)
    if player not in deciders:
        raise RuleError(
            f"{player} has entered everything; waiting for {', '.join(deciders)}: {top.prompt(s)}"
        )
    legal = top.legal(s, player)
    if action not in legal:
        raise RuleError(_refusal(s, top, player, action, legal))
    top.apply(s, player, action)
    if top.finished(s) and s.steps and s.steps[-1] is top:
        s.steps.pop()


def _refusal(s: State, top: FinalCount, player: str, action: Action, legal: list[Action]) -> str:
    """Why the action is refused; an odd kind or target is answered here, never repeated whole."""
    odd = type(action.kind) is not str or type(action.target) is not int
    if odd or not (plain(action.kind) and plain(action.target)):
        return (
            f"{echo(action.kind)} {echo(action.target)} is not a whole number to enter; "
            + top.refusal(s, player, action, legal)
        )
    return top.refusal(s, player, action, legal)
