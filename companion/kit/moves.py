"""The vocabulary of decisions every game uses: an Action a player can take, the Decision asked
now, a RuleError saying why a choice is refused, and a Piece (one playing piece of a colour in a
place) for games whose choices name pieces on a board.

Decisions are pad-sized: one card, one place, one number, "done".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class RuleError(ValueError):
    """A refused decision. The message says which rule and what is allowed instead.

    For a secret decision the message never repeats what was chosen. `private` is True when
    the allowed choices listed are the player's own (their hand, their sealed options): show
    the message on that player's pad only, and never log or display it publicly.
    """

    def __init__(self, message: str, *, private: bool = False) -> None:
        super().__init__(message)
        self.private = private


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece on the board (a caballero, a meeple): the place it stands in, and its colour.

    >>> Piece("galicia", "red").to_json()
    {'region': 'galicia', 'colour': 'red'}
    """

    region: str
    colour: str

    def to_json(self) -> dict[str, str]:
        return {"region": self.region, "colour": self.colour}

    def __str__(self) -> str:
        return f"{self.colour} in {self.region}"


# The target types an Action may carry; a JSON log stores exactly these.
TARGET_TYPES = (type(None), str, int, Piece)

ECHO_MAX = 60  # the most of a refused kind or target a message repeats
_ECHO_INT = 10**18  # beyond this a number is described, not printed (str() of 4,301 digits fails)


def plain(value: object) -> bool:
    """True for a kind or target a message may repeat as it is: short one-line text, a
    small whole number, None, or a piece of two such texts. No legal choice is anything else.

    >>> plain("galicia"), plain(7), plain("a\\nb"), plain(10**5000), plain("x" * 61)
    (True, True, False, False, False)
    """
    if value is None:
        return True
    if type(value) is str:
        return len(value) <= ECHO_MAX and value.isprintable()
    if type(value) is int:
        return -_ECHO_INT < value < _ECHO_INT
    if type(value) is Piece:
        return all(type(v) is str and plain(v) for v in (value.region, value.colour))
    return False


def echo(value: object) -> str:
    """``value`` as a refusal may repeat it: one line, at most about ECHO_MAX characters.

    >>> echo("a\\nb"), echo(10**5000), len(echo("x" * 10**6)) <= ECHO_MAX
    ("'a\\\\nb'", 'a number of 16610 bits', True)
    """
    if type(value) is int and not plain(value):
        return f"a number of {value.bit_length()} bits"
    if type(value) is str:
        shown = repr(value[: ECHO_MAX + 1])
    elif type(value) is Piece:
        return f"{echo(value.colour)[: ECHO_MAX // 2]} in {echo(value.region)[: ECHO_MAX // 2]}"
    elif value is None or type(value) is int:
        shown = repr(value)
    else:
        shown = f"a {type(value).__name__}"
    return shown if len(shown) <= ECHO_MAX else shown[: ECHO_MAX - 1] + "…"


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One choice. `kind` says what, `target` says which (an area, a card id, a value, a player).

    Two actions are equal only when kind, target *and the target's exact type* agree, so a
    malformed `Action("refill", 2.0)` or `Action("take_back", True)` never passes for a legal one.

    >>> Action("refill", 2) == Action("refill", 2.0), Action("bid", 1) == Action("bid", True)
    (False, False)
    >>> Action.from_json(Action("bid", 7).to_json())
    Action(kind='bid', target=7)
    """

    kind: str
    target: str | int | Piece | None = None

    def _key(self) -> tuple[Any, ...]:
        return (type(self.kind), self.kind, type(self.target), self.target)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return f"{self.kind}:{self.target}" if self.target is not None else self.kind

    def to_json(self) -> dict[str, Any]:
        """A plain dict for a log: `{"kind": ..., "target": ...}`; the target is text, a whole
        number, null or a caballero `{"region": ..., "colour": ...}`."""
        target = self.target.to_json() if isinstance(self.target, Piece) else self.target
        return {"kind": self.kind, "target": target}

    @classmethod
    def from_json(cls, raw: object) -> Action:
        """The Action a `to_json` dict stands for; a malformed dict raises RuleError."""
        accepted = (
            'accepted: {"kind": text, "target": text, a whole number, null or '
            '{"region": text, "colour": text}} ("target" may be left out)'
        )
        if not isinstance(raw, dict):
            got = type(raw).__name__
            raise RuleError(f"an action must be a JSON object, got {got}; {accepted}")
        unknown = sorted(str(k)[:20] for k in raw if k not in ("kind", "target"))
        if unknown:
            raise RuleError(f"unknown key {unknown[0]!r} in an action; {accepted}")
        kind, target = raw.get("kind"), raw.get("target")
        if type(kind) is not str or not kind:
            raise RuleError(f"an action's kind must be non-empty text; {accepted}")
        if type(target) is dict:
            if set(target) != {"region", "colour"} or not all(
                type(v) is str for v in target.values()
            ):
                raise RuleError(f"a caballero target needs text region and colour; {accepted}")
            return cls(kind, Piece(target["region"], target["colour"]))
        if type(target) not in TARGET_TYPES or type(target) is Piece:
            raise RuleError(
                f"an action's target must be text, a whole number, null or a caballero, "
                f"got {type(target).__name__}; {accepted}"
            )
        return cls(kind, target)


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide what now. Several players at once means a simultaneous (sealed) choice."""

    players: tuple[str, ...]
    kind: str  # the step's name, e.g. "bid", "turn", "castillo_disc"
    prompt: str
    secret: bool = False
