"""Scoring a feature: pure functions from a `Feature` to its value and its score lines.

Base game: edition C2's public rules (or C1's two differences, see `options`); the expansion:
seed 004. Each rule is cited in docs/RULES-carcassonne.md.

>>> from companion.carcassonne.features import Feature, Meeples
>>> road = Feature("road", False, tiles=5, inn=True, meeples={"red": Meeples(1)})
>>> [line.text for line in score_feature(road).lines]
['Road with an inn, 5 tiles × 2 = 10 to red']
>>> city = Feature("city", False, tiles=7, pennants=2, cathedral=True,
...                meeples={"blue": Meeples(0, 1), "red": Meeples(1)})
>>> for part in score_feature(city).lines[0].text.split(": "):
...     print(part)
City with a cathedral, 7 tiles and 2 pennants, 9 × 3 = 27
blue 2 meeples (a big meeple) against red 1
blue 27
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.carcassonne.features import Feature, Meeples
from companion.i18n import N_
from companion.kit.scoring import ScoreLine

COMPLETE_CLOISTER = 9  # the cloister and its 8 neighbours

# The features' titles, as a score's reason names them (its first words).
TITLES = (
    N_("Road with an inn"),
    N_("Road"),
    N_("Open road with an inn"),
    N_("Open road"),
    N_("Open city with a cathedral"),
    N_("City with a cathedral"),
    N_("Two-tile city (first edition)"),
    N_("Open city"),
    N_("City"),
    N_("Cloister"),
    N_("Open cloister"),
    N_("Farmers around a city (first edition)"),
    N_("Field"),
)


@dataclass(frozen=True)
class Value:
    """What a feature is worth to its majority, and the words: `title` names the feature,
    `calc` the arithmetic ("5 tiles × 2 = 10")."""

    points: int
    rule: str
    title: str
    calc: str
    quantity: int
    factor: int


@dataclass(frozen=True)
class FeatureScore:
    """A scored feature: its value, one line per colour with meeples there (0 for a minority),
    and the one sentence said when nobody has a meeple there (else None)."""

    feature: Feature
    value: Value
    lines: tuple[ScoreLine, ...]
    nobody: str | None

    def points(self) -> dict[str, int]:
        return {line.player: line.points for line in self.lines}

    def texts(self) -> list[str]:
        return [line.text for line in self.lines] or [self.nobody or ""]


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _sized(tiles: int, factor: int) -> str:
    return f"{_n(tiles, 'tile')} × {factor} = {tiles * factor}"


def road_value(f: Feature) -> Value:
    """Completed: 1 a tile, 2 with an inn (several inns do not stack: « bien qu’elle passe près
    de 2 auberges »). Open at the end: 1 a tile, 0 with an inn."""
    if not f.final:
        factor = 2 if f.inn else 1
        title = "Road with an inn" if f.inn else "Road"
        return Value(
            f.tiles * factor,
            "road.inn" if f.inn else "road",
            title,
            _sized(f.tiles, factor),
            f.tiles,
            factor,
        )
    if f.inn:
        calc = f"an inn scores nothing at the end: {_sized(f.tiles, 0)}"
        return Value(0, "road.open.inn", "Open road with an inn", calc, f.tiles, 0)
    return Value(f.tiles, "road.open", "Open road", _sized(f.tiles, 1), f.tiles, 1)


def city_value(f: Feature, edition: str = "C2") -> Value:
    """Completed: 2 a tile and a pennant, 3 with a cathedral; in edition C1 a two-tile city 1
    each. Open at the end: 1 each, 0 with a cathedral."""
    units = f.tiles + f.pennants
    parts = _n(f.tiles, "tile") + (
        f" and {_n(f.pennants, 'pennant')}, {units}" if f.pennants else ""
    )
    open_ = "Open city" if f.final else "City"
    if f.cathedral and f.final:
        calc = f"a cathedral scores nothing at the end: {parts} × 0 = 0"
        return Value(0, "city.open.cathedral", "Open city with a cathedral", calc, units, 0)
    if f.cathedral:
        factor, rule, title = 3, "city.cathedral", "City with a cathedral"
    elif f.final:
        factor, rule, title = 1, "city.open", open_
    elif edition == "C1" and f.tiles == 2:
        factor, rule, title = 1, "city.two_tiles", "Two-tile city (first edition)"
    else:
        factor, rule, title = 2, "city", open_
    return Value(
        units * factor, rule, title, f"{parts} × {factor} = {units * factor}", units, factor
    )


def cloister_value(f: Feature) -> Value:
    """Completed (surrounded by 8 tiles): 9. Open at the end: 1 + each neighbouring tile."""
    if not f.final:
        calc = f"complete, 1 + 8 neighbours = {COMPLETE_CLOISTER}"
        return Value(COMPLETE_CLOISTER, "cloister", "Cloister", calc, COMPLETE_CLOISTER, 1)
    points = 1 + f.neighbours
    calc = f"1 + {_n(f.neighbours, 'neighbour')} = {points}"
    return Value(points, "cloister.open", "Open cloister", calc, points, 1)


def field_value(f: Feature, edition: str = "C2") -> Value:
    """C2: 3 for each completed city the field touches. C1: each completed city pays 4 to the
    most farmers on all the fields touching it (the entry's cities share the same farmers)."""
    factor = 4 if edition == "C1" else 3
    n = f.completed_cities
    cities = f"{n} completed {'city' if n == 1 else 'cities'}"
    title = "Farmers around a city (first edition)" if edition == "C1" else "Field"
    rule = "field.per_city" if edition == "C1" else "field"
    calc = f"{cities} × {factor} = {f.completed_cities * factor}"
    return Value(f.completed_cities * factor, rule, title, calc, f.completed_cities, factor)


def feature_value(f: Feature, edition: str = "C2") -> Value:
    if f.type == "road":
        return road_value(f)
    if f.type == "city":
        return city_value(f, edition)
    if f.type == "cloister":
        return cloister_value(f)
    return field_value(f, edition)


def majority(meeples: Mapping[str, Meeples]) -> tuple[str, ...]:
    """The colours that score: the most meeples, a big one counting two. Tied colours all
    score in full (« tous les joueurs à égalité … marquent la totalité des points »); nobody
    with a meeple there: nobody."""
    best = max((m.strength for m in meeples.values()), default=0)
    return tuple(c for c, m in meeples.items() if best and m.strength == best)


def _held(m: Meeples, unit: bool) -> str:
    text = _n(m.strength, "meeple") if unit else str(m.strength)
    if m.big:
        text += " (a big meeple)" if not m.normal else f" (a big meeple and {m.normal})"
    return text


def majority_text(meeples: Mapping[str, Meeples]) -> str:
    """'blue 2 meeples against red 1', 'red and black tied at 2 meeples each against blue 1'."""
    owners = [c for c, m in meeples.items() if m.strength]
    order = sorted(owners, key=lambda c: -meeples[c].strength)
    top = [c for c in order if meeples[c].strength == meeples[order[0]].strength]
    rest = order[len(top) :]
    if len(top) == 1:
        head = f"{top[0]} {_held(meeples[top[0]], True)}"
    else:
        names = [c + (" (a big meeple)" if meeples[c].big else "") for c in top]
        each = _n(meeples[top[0]].strength, "meeple")
        head = f"{', '.join(names[:-1])} and {names[-1]} tied at {each} each"
    if not rest:
        return head
    return head + " against " + ", ".join(f"{c} {_held(meeples[c], False)}" for c in rest)


def score_feature(f: Feature, edition: str = "C2") -> FeatureScore:
    """The feature's value to its majority, one ScoreLine per colour with meeples there."""
    value = feature_value(f, edition)
    owners = f.owners()
    head = f"{value.title}, {value.calc}"
    if not owners:
        return FeatureScore(f, value, (), f"{head}: no meeple there, nobody scores")
    winners = majority({c: f.meeples[c] for c in owners})
    contested = len(owners) > 1
    said = majority_text({c: f.meeples[c] for c in owners}) if contested else ""
    lines = []
    for colour in owners:
        points = value.points if colour in winners else 0
        text = f"{head}: {said}: {colour} {points}" if contested else f"{head} to {colour}"
        detail = {
            "majority": colour in winners,
            "tied": len(winners) > 1 and colour in winners,
            "strength": f.meeples[colour].strength,
        }
        lines.append(
            ScoreLine(colour, points, value.rule, text, value.quantity, value.factor, detail)
        )
    return FeatureScore(f, value, tuple(lines), None)
