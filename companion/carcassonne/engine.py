"""The game engine's public face: set up a game, ask who decides what, apply a decision.

Pure: no I/O, clock or hardware. Nothing is drawn at random (the tiles stay physical), so the
seed is only recorded, for the bots and for a replay's header.

>>> from companion.kit.moves import Action
>>> s = new_game(["red", "blue", "green"], seed=7)
>>> d = decision(s)
>>> d.kind, d.players
('play', ('red', 'blue', 'green'))
>>> try:
...     apply_in_place(s, "blue", Action("tiles", 3))
... except RuleError as e:
...     print(str(e)[:60])
tiles:3 is not allowed now; you may: road completed, city co
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.carcassonne.options import Options
from companion.carcassonne.state import State
from companion.carcassonne.steps import Play
from companion.kit import engine as kit_engine
from companion.kit.moves import Action, RuleError, echo, plain
from companion.kit.steps import NumberField, Step, choices_text


def checked_players(players: object, options: Options) -> tuple[str, ...]:
    """The seats as a tuple: 2 to 6 distinct, non-empty names (5 without the expansion)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a list of names, got {type(players).__name__}")
    names = tuple(players)
    most = options.most_players
    if not 2 <= len(names) <= most:
        without = "" if options.expansion else " without the expansion (its pink set makes 6)"
        raise RuleError(f"Carcassonne takes 2 to {most} players{without}, got {len(names)}")
    if not all(type(p) is str and p and plain(p) for p in names):
        raise RuleError(
            "players must be distinct, non-empty one-line names of 60 characters at most"
        )
    if len(set(names)) != len(names):
        raise RuleError("players must be distinct, non-empty names; a player is named twice")
    return names


def new_game(players: Sequence[str], seed: int, options: Options | None = None) -> State:
    """A game for 2–6 players (names in seat order), scores at 0, the play menu open."""
    options = kit_engine.checked_setup(
        seed, options, Options, "an Options (Options.from_dict builds one from a dict)"
    )
    names = checked_players(players, options)
    s = State(players=names, options=options, seed=seed, scores=dict.fromkeys(names, 0))
    s.steps.append(Play())
    expansion = "with Inns & Cathedrals" if options.expansion else "without the expansion"
    s.announce(
        "setup",
        f"Carcassonne {expansion}, edition {options.edition}: {', '.join(names)}; "
        "the device keeps the score track",
        {"players": list(names), "expansion": options.expansion, "edition": options.edition},
    )
    return s


decision = kit_engine.decision
legal_actions = kit_engine.legal_actions


def number_field(s: State, player: str) -> NumberField | None:
    """The number `player` is asked now, for a pad's stepper (None: a menu, or not theirs)."""
    top = s.steps[-1] if s.steps and not s.is_over else None
    field = getattr(top, "field", None)
    if top is None or field is None or player not in top.deciders(s):
        return None
    return field(s)


def apply(s: State, player: str, action: Action) -> State:
    """The state after `player` takes `action`; `s` itself is unchanged."""
    return kit_engine.applied(s, player, action, apply_in_place)


def apply_in_place(s: State, player: str, action: Action) -> None:
    """As `apply`, changing `s`. A refused action raises RuleError (why, and what is allowed)
    and changes nothing; TypeError when `action` is not an Action at all."""
    kit_engine.apply_step(
        s,
        player,
        action,
        not_an_action="apply takes an Action (e.g. Action('tiles', 5)), got",
        shown=_shown,
        refusal=_refusal,
    )


def _shown(player: object) -> str:
    return echo(player) if type(player) is str else f"a {type(player).__name__}"


def _refusal(s: State, top: Step, player: str, action: Action, legal: list[Action]) -> str:
    """Why `action` is refused: a number out of range says the range, anything else the menu."""
    field = number_field(s, player)
    if field is not None and action.kind == field.key:
        return f"{field.label}: enter a whole number from {field.low} to {field.high}"
    allowed = choices_text([top.label(a) for a in legal])
    if not (plain(action.kind) and plain(action.target)):
        return f"{echo(action.kind)} {echo(action.target)} is not allowed now; {allowed}"
    return f"{action} is not allowed now; {allowed}"
