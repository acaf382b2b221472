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

from collections.abc import Sequence

from companion.akropolis.options import Options
from companion.akropolis.state import State
from companion.akropolis.steps import FinalCount, tally_form
from companion.kit import engine as kit_engine
from companion.kit.moves import Action, echo, plain

PLAYERS = (2, 4)


def new_game(players: Sequence[str], seed: int, options: Options | None = None) -> State:
    """The final count for 2–4 players: one open entry, every player's form at once."""
    names = kit_engine.checked_players(players, *PLAYERS, "Akropolis")
    options = kit_engine.checked_setup(
        seed, options, Options, "an akropolis Options (Options.from_dict builds one)"
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


decision = kit_engine.decision
legal_actions = kit_engine.legal_actions


def apply(s: State, player: str, action: Action) -> State:
    """The state after `player` takes `action`; `s` itself is unchanged."""
    return kit_engine.applied(s, player, action, apply_in_place)


def apply_in_place(s: State, player: str, action: Action) -> None:
    """As `apply`, mutating `s`. A refused action changes nothing: RuleError says why and what is
    allowed; TypeError when `action` is not an Action at all (a programming error)."""
    top = kit_engine.apply_step(s, player, action, waiting=_waiting, refusal=_refusal)
    if top.finished(s) and s.steps and s.steps[-1] is top:
        s.steps.pop()


def _waiting(s: State, top: FinalCount, player: str, deciders: tuple[str, ...]) -> str:
    return f"{player} has entered everything; waiting for {', '.join(deciders)}: {top.prompt(s)}"


def _refusal(s: State, top: FinalCount, player: str, action: Action, legal: list[Action]) -> str:
    """Why the action is refused; an odd kind or target is answered here, never repeated whole."""
    odd = type(action.kind) is not str or type(action.target) is not int
    if odd or not (plain(action.kind) and plain(action.target)):
        return (
            f"{echo(action.kind)} {echo(action.target)} is not a whole number to enter; "
            + top.refusal(s, player, action, legal)
        )
    return top.refusal(s, player, action, legal)
