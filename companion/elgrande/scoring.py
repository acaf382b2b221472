"""Scoring, as pure functions of a position: ranks (three tie rulesets), bonuses, general scoring.

>>> from companion.elgrande.scoring import Position, score_areas
>>> pos = Position(players=("red", "blue", "yellow", "green"), king="galicia",
...                grandes={"red": "aragon", "blue": "sevilla", "yellow": "granada",
...                         "green": "valencia"},
...                caballeros={"pais_vasco": {"red": 4, "blue": 4, "yellow": 4, "green": 3}})
>>> score_areas(pos, ["pais_vasco"])[0].points
{'red': 3, 'blue': 3, 'yellow': 3, 'green': 1}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from companion.elgrande.data import CASTILLO, GameData, game_data

RULESETS = ("2015", "1995", "bga")  # tie rules, RULES.md §4; "bga" from BGA's help page


@dataclass(frozen=True)
class Position:
    """What scoring needs to know of the board. Counts of 0 may be present or left out."""

    players: tuple[str, ...]
    king: str
    grandes: Mapping[str, str]
    caballeros: Mapping[str, Mapping[str, int]]  # area -> player -> count
    scoreboards: Mapping[str, tuple[int, int, int]] = field(
        default_factory=dict
    )  # region -> values
    ruleset: str = "2015"

    def values(self, area: str, data: GameData) -> tuple[int, int, int]:
        """The area's current values: a mobile scoreboard replaces the printed ones."""
        return self.scoreboards.get(area) or data.printed_values(area)

    def count(self, area: str, player: str) -> int:
        return self.caballeros.get(area, {}).get(player, 0)


@dataclass(frozen=True)
class AreaScore:
    area: str
    points: dict[str, int]  # every player, bonuses included
    why: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"area": self.area, "points": dict(self.points), "why": list(self.why)}


def ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix}"


class RankGroup(NamedTuple):
    place: int  # the first place the group occupies (1 = most caballeros)
    rank: int  # the place it is paid as
    players: list[str]
    count: int


def rank_groups(counts: Mapping[str, int], ruleset: str) -> list[RankGroup]:
    """Groups of tied players, most caballeros first, with the place each is paid as.

    Players with no caballeros are not ranked. RULES.md §4: in "2015" and "1995" a tied group is
    paid one place lower than the place it ties for, and they differ in where the next group
    starts; in "bga" a tied group is paid as the last place it occupies (three tied for 1st: 3rd).
    """
    if ruleset not in RULESETS:
        raise ValueError(f"unknown tie ruleset {ruleset!r}; accepted: {', '.join(RULESETS)}")
    by_count: dict[int, list[str]] = {}
    for player, n in counts.items():
        if n > 0:
            by_count.setdefault(n, []).append(player)
    groups = []
    pos, ahead = 1, 0  # "2015" advances pos by 1 or 2; the others count the players ahead
    for n in sorted(by_count, reverse=True):
        group = by_count[n]
        lower = 1 if len(group) > 1 else 0  # a tie is paid one place lower ("2015", "1995")
        if ruleset == "2015":
            place, rank = pos, pos + lower
        elif ruleset == "1995":
            place, rank = ahead + 1, ahead + 1 + lower
        else:  # "bga"
            place, rank = ahead + 1, ahead + len(group)
        groups.append(RankGroup(place, rank, group, n))
        pos += 1 + lower
        ahead += len(group)
    return groups


def score_area(
    pos: Position,
    area: str,
    *,
    first_only: bool = False,
    data: GameData | None = None,
) -> AreaScore:
    """Score one area now: ranks by player count, King's and home bonus to a sole leader."""
    data = data or game_data()
    values = pos.values(area, data)
    paid = 1 if first_only else data.ranks_paid[len(pos.players)]
    counts = {p: pos.count(area, p) for p in pos.players}
    points = dict.fromkeys(pos.players, 0)
    why: list[str] = []
    groups = rank_groups(counts, pos.ruleset)
    for place, rank, group, n in groups:
        value = values[rank - 1] if rank <= paid else 0
        tie = f"tied for {ordinal(place)}, paid as {ordinal(rank)}" if len(group) > 1 else None
        for p in group:
            points[p] = value
            why.append(f"{p} {tie or ordinal(rank)} with {n} → {value}")
    sole_leader = groups[0].players[0] if groups and len(groups[0].players) == 1 else None
    if sole_leader is not None and area != CASTILLO:
        line = why[0]
        if area == pos.king:
            points[sole_leader] += data.king_bonus
            line += f", +{data.king_bonus} King"
        if pos.grandes.get(sole_leader) == area:
            points[sole_leader] += data.home_bonus
            line += f", +{data.home_bonus} home"
        why[0] = line
    return AreaScore(area, points, tuple(why) or ("nobody here",))


def score_areas(
    pos: Position, areas: Iterable[str], *, first_only: bool = False
) -> list[AreaScore]:
    return [score_area(pos, a, first_only=first_only) for a in areas]


@dataclass(frozen=True)
class GeneralScoring:
    areas: list[AreaScore]  # the Castillo first, then the nine regions
    caballeros_after: dict[str, dict[str, int]]
    to_court: dict[str, int]  # caballeros sent from the Castillo back to each court


def castillo_moves(
    pos: Position, discs: Mapping[str, str | None]
) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """Empty the Castillo where the discs say; a disc on the King's region (or none) means court."""
    after = {a: {p: n for p, n in c.items() if n} for a, c in pos.caballeros.items()}
    after.pop(CASTILLO, None)
    to_court: dict[str, int] = {}
    for p in pos.players:
        n = pos.count(CASTILLO, p)
        if not n:
            continue
        target = discs.get(p)
        if target is None or target == pos.king:
            to_court[p] = n
        else:
            after.setdefault(target, {})
            after[target][p] = after[target].get(p, 0) + n
    return after, to_court


def general_scoring(pos: Position, discs: Mapping[str, str | None]) -> GeneralScoring:
    """RULES.md §5: score the Castillo, move its caballeros by the discs, score all nine regions."""
    data = game_data()
    castillo = score_area(pos, CASTILLO, data=data)
    after, to_court = castillo_moves(pos, discs)
    moved = Position(pos.players, pos.king, pos.grandes, after, pos.scoreboards, pos.ruleset)
    regions = [score_area(moved, r, data=data) for r in data.regions]
    return GeneralScoring([castillo, *regions], after, to_court)


def totals(results: Iterable[AreaScore], players: Iterable[str]) -> dict[str, int]:
    out = dict.fromkeys(players, 0)
    for r in results:
        for p, n in r.points.items():
            out[p] += n
    return out
