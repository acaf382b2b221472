"""A scoring's placings in the screens' and the voice's words, from the structured values the
engine's "score" events carry (never from the engine's own sentence).

>>> from companion.elgrande.scoring import Bonus, Placing
>>> blue = Placing("blue", place=1, rank=2, tied=True, count=2, points=3)
>>> red = Placing("red", place=1, rank=1, tied=False, count=4, points=5,
...               bonuses=(Bonus("home", 2),))
>>> short_reason(red), short_reason(blue)
('red 1st with 4: 5 +2 home', 'blue =1st with 2: 3')
>>> spoken_reason(red), spoken_reason(blue)
('red first with 4, 5 points, plus 2 home', 'blue tied for first with 2, 3 points')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.elgrande.scoring import BONUS_WORDS, AreaScore, Placing, ordinal

ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def area_score(detail: Any) -> AreaScore:
    """A "score" event's detail as the engine's AreaScore: the plain JSON an event carries, or
    the object itself."""
    if isinstance(detail, AreaScore):
        return detail
    if not isinstance(detail, Mapping):
        raise TypeError(f"a score's detail is an AreaScore or its JSON, not {type(detail)}")
    return AreaScore.from_json(detail)


def _standing(p: Placing) -> int:
    """The place a reason names: the one tied for, else the one paid (the same when alone)."""
    return p.place if p.tied else p.rank


def short_reason(p: Placing) -> str:
    """A placing in a screen row's length: "red 1st with 4: 5 +2 home", "blue =1st with 2: 3"."""
    place = f"={ordinal(_standing(p))}" if p.tied else ordinal(_standing(p))
    extra = "".join(f" {b.text}" for b in p.bonuses)
    return f"{p.player} {place} with {p.count}: {p.points}{extra}"


def spoken_reason(p: Placing) -> str:
    """A placing as said: "red first with 4, 5 points, plus 2 home"."""
    n = _standing(p)
    place = ORDINAL_WORDS.get(n, ordinal(n))
    place = f"tied for {place}" if p.tied else place
    points = "1 point" if p.points == 1 else f"{p.points} points"
    extra = "".join(f", plus {b.points} {BONUS_WORDS[b.kind]}" for b in p.bonuses)
    return f"{p.player} {place} with {p.count}, {points}{extra}"
