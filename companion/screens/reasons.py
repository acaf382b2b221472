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
from companion.i18n import N_, _, language, ngettext

ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
# Marked for the catalog: the engine's words for a bonus and an empty area, the ordinals said.
SAID_WORDS = (N_("King"), N_("home"), N_("nobody here"), N_("first"), N_("second"))
SAID_WORDS += (N_("third"), N_("fourth"), N_("fifth"))
SAID_BONUS = {"king": N_("King's bonus"), "home": N_("home bonus")}  # as the voice names them


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
    if language() != "en":
        return _short_reason_translated(p)
    place = f"={ordinal(_standing(p))}" if p.tied else ordinal(_standing(p))
    extra = "".join(f" {b.text}" for b in p.bonuses)
    return f"{p.player} {place} with {p.count}: {p.points}{extra}"


def _short_reason_translated(p: Placing) -> str:
    n = _standing(p)
    place = _("1st") if n == 1 else _("{n}th").format(n=n)
    place = f"={place}" if p.tied else place
    extra = "".join(f" +{b.points} {_(BONUS_WORDS[b.kind])}" for b in p.bonuses)
    return (
        _("{player} {place} with {count}: {points}").format(
            player=_(p.player), place=place, count=p.count, points=p.points
        )
        + extra
    )


def spoken_reason(p: Placing) -> str:
    """A placing as said: "red first with 4, 5 points, plus 2 home"."""
    if language() != "en":
        return _spoken_reason_translated(p)
    n = _standing(p)
    place = ORDINAL_WORDS.get(n, ordinal(n))
    place = f"tied for {place}" if p.tied else place
    points = "1 point" if p.points == 1 else f"{p.points} points"
    extra = "".join(f", plus {b.points} {BONUS_WORDS[b.kind]}" for b in p.bonuses)
    return f"{p.player} {place} with {p.count}, {points}{extra}"


def _spoken_reason_translated(p: Placing) -> str:
    n = _standing(p)
    place = _(ORDINAL_WORDS[n]) if n in ORDINAL_WORDS else str(n)
    if p.tied:
        place = _("tied for {place}").format(place=place)
    points = ngettext("{n} point", "{n} points", p.points).format(n=p.points)
    extra = "".join(
        _(", plus {n} {bonus}").format(n=b.points, bonus=_(SAID_BONUS[b.kind])) for b in p.bonuses
    )
    # The count said with its noun where the language wants it ("avec 4 Caballeros").
    counted = ngettext("{n} caballero", "{n} caballeros", p.count).format(n=p.count)
    said = _("{player} {place} with {count}, {points}").format(
        player=_(p.player), place=place, count=p.count, points=points, caballeros=counted
    )
    return said + extra
