"""What an undo asks of the real board: the device's caballeros before and after it, compared,
in words a player can follow ("on the board: red's caballero from Sevilla back to the court").

Counts inside a hidden Castillo are secret: a change there is said without a colour.

>>> before = {"court": {"red": 3}, "sevilla": {"red": 1}}
>>> after = {"court": {"red": 4}, "sevilla": {"red": 0}}
>>> board_change(before, after, {"sevilla": "Sevilla"}, hidden=())
"red's caballero from Sevilla back to the court"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.elgrande.data import CASTILLO
from companion.elgrande.state import State

Places = Mapping[str, Mapping[str, int]]


def places(s: State) -> dict[str, dict[str, int]]:
    """Every place a caballero may be, with its count per colour."""
    return {"province": dict(s.province), "court": dict(s.court)} | {
        area: dict(counts) for area, counts in s.board.items()
    }


def board_change(
    before: Places, after: Places, names: Mapping[str, str], hidden: Iterable[str]
) -> str:
    """The moves that turn `before` into `after`, one phrase per colour and pair of places."""
    hidden = set(hidden)
    phrases: list[str] = []
    colours = sorted({c for counts in before.values() for c in counts})
    for colour in colours:
        lost = _deltas(before, after, colour, -1)
        gained = _deltas(before, after, colour, 1)
        while lost and gained:
            (source, n_out), (target, n_in) = lost[0], gained[0]
            n = min(n_out, n_in)
            secret = bool(hidden & {source, target})
            if n == 1:
                what = "a caballero" if secret else f"{colour}'s caballero"
            else:
                what = f"{n} caballeros" if secret else f"{n} of {colour}'s caballeros"
            phrases.append(f"{what} from {_name(source, names)} back to {_name(target, names)}")
            lost[0], gained[0] = (source, n_out - n), (target, n_in - n)
            lost = [x for x in lost if x[1]]
            gained = [x for x in gained if x[1]]
    return "; ".join(phrases)


def _deltas(before: Places, after: Places, colour: str, sign: int) -> list[tuple[str, int]]:
    out = []
    for place in before:
        d = (after[place].get(colour, 0) - before[place].get(colour, 0)) * sign
        if d > 0:
            out.append((place, d))
    return out


def _name(place: str, names: Mapping[str, str]) -> str:
    if place in ("court", "province"):
        return f"the {place}"
    return "the Castillo" if place == CASTILLO else names.get(place, place)
