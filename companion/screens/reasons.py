"""The engine's scoring reasons ("red 1st with 4 → 5, +2 home"), read back into their parts so
the screens can shorten them and the voice can say them.

>>> r = parse_reason("blue tied for 1st, paid as 2nd with 2 → 3, +2 King")
>>> r.player, r.tied, r.place, r.count, r.points, r.bonuses
('blue', True, 1, 2, 3, ((2, 'King'),))
>>> parse_reason("nobody here") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.elgrande.scoring import ordinal

_ORD = r"(\d+)(?:st|nd|rd|th)"
_REASON = re.compile(
    rf"^(?P<player>\S+) (?:{_ORD}|tied for {_ORD}, paid as {_ORD}) with (?P<count>\d+) → "
    r"(?P<points>\d+)(?P<bonuses>(?:, \+\d+ \w+)*)$"
)
_BONUS = re.compile(r"\+(\d+) (\w+)")
ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@dataclass(frozen=True)
class Reason:
    player: str
    place: int  # the place held (tied for it when `tied`)
    tied: bool
    count: int  # caballeros
    points: int  # for the place, bonuses not included
    bonuses: tuple[tuple[int, str], ...]  # (points, "home" / "King")


def parse_reason(text: str) -> Reason | None:
    """The parts of one reason, or None when it is not a player's placing ("nobody here")."""
    m = _REASON.match(text)
    if m is None:
        return None
    tied = m.group(3) is not None
    place = int(m.group(3) if tied else m.group(2))
    bonuses = tuple((int(n), what) for n, what in _BONUS.findall(m.group("bonuses")))
    return Reason(m["player"], place, tied, int(m["count"]), int(m["points"]), bonuses)


def short_reason(text: str) -> str:
    """A reason in a screen row's length: "red 1st with 4: 5 +2 home", "blue =1st with 2: 3"."""
    r = parse_reason(text)
    if r is None:
        return text
    place = f"={ordinal(r.place)}" if r.tied else ordinal(r.place)
    extra = "".join(f" +{n} {what}" for n, what in r.bonuses)
    return f"{r.player} {place} with {r.count}: {r.points}{extra}"


def spoken_reason(text: str) -> str:
    """A reason as said: "red first with 4, 5 points, plus 2 home"."""
    r = parse_reason(text)
    if r is None:
        return text.replace("→", "scores")
    place = ORDINAL_WORDS.get(r.place, ordinal(r.place))
    place = f"tied for {place}" if r.tied else place
    points = "1 point" if r.points == 1 else f"{r.points} points"
    extra = "".join(f", plus {n} {what}" for n, what in r.bonuses)
    return f"{r.player} {place} with {r.count}, {points}{extra}"
