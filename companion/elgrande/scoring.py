"""Scoring, as pure functions of a position: ranks (three tie rulesets), bonuses, general scoring.

Each area's result holds its placings as values; the reasons' words are derived from them here,
and the screens and the voice read the same values (never the words).

>>> from companion.elgrande.scoring import Position, score_areas
>>> pos = Position(players=("red", "blue", "yellow", "green"), king="galicia",
...                grandes={"red": "aragon", "blue": "sevilla", "yellow": "granada",
...                         "green": "valencia"},
...                caballeros={"pais_vasco": {"red": 4, "blue": 4, "yellow": 4, "green": 3}})
>>> result = score_areas(pos, ["pais_vasco"])[0]
>>> result.points
{'red': 3, 'blue': 3, 'yellow': 3, 'green': 1}
>>> result.placings[3]
Placing(player='green', place=3, rank=3, tied=False, count=3, points=1, bonuses=())
>>> result.why[0]
'red tied for 1st, paid as 2nd with 4 → 3'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

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


BONUS_WORDS = {"king": "King", "home": "home"}  # how a bonus is named wherever it is shown
NOBODY = "nobody here"  # an area's only reason when no one has a caballero in it


@dataclass(frozen=True)
class Bonus:
    kind: str  # "king" (the area is the King's) or "home" (the player's Grande stands in it)
    points: int

    @property
    def text(self) -> str:
        return f"+{self.points} {BONUS_WORDS[self.kind]}"


@dataclass(frozen=True)
class Placing:
    """One player's placing in one area: where they stand, what it pays, the bonuses on top."""

    player: str
    place: int  # the first place the player's group occupies (1 = most caballeros)
    rank: int  # the place it is paid as: one lower than `place` for a tie, by the ruleset
    tied: bool
    count: int  # caballeros
    points: int  # for the rank, bonuses not included
    bonuses: tuple[Bonus, ...] = ()

    @property
    def total(self) -> int:
        return self.points + sum(b.points for b in self.bonuses)

    @property
    def reason(self) -> str:
        """The engine's words: "red 1st with 4 → 5, +2 home", "blue tied for 1st, paid as 2nd
        with 2 → 3"."""
        standing = (
            f"tied for {ordinal(self.place)}, paid as {ordinal(self.rank)}"
            if self.tied
            else ordinal(self.rank)
        )
        extra = "".join(f", {b.text}" for b in self.bonuses)
        return f"{self.player} {standing} with {self.count} → {self.points}{extra}"

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "place": self.place,
            "rank": self.rank,
            "tied": self.tied,
            "count": self.count,
            "points": self.points,
            "bonuses": [{"kind": b.kind, "points": b.points} for b in self.bonuses],
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Placing:
        bonuses = tuple(Bonus(str(b["kind"]), int(b["points"])) for b in raw.get("bonuses", ()))
        return cls(
            str(raw["player"]),
            int(raw["place"]),
            int(raw["rank"]),
            bool(raw["tied"]),
            int(raw["count"]),
            int(raw["points"]),
            bonuses,
        )


@dataclass(frozen=True)
class AreaScore:
    """One area scored: every player's points (bonuses included) and the placings that pay."""

    area: str
    points: dict[str, int]  # every player, bonuses included
    placings: tuple[Placing, ...]  # most caballeros first; empty when nobody is here

    @property
    def why(self) -> tuple[str, ...]:
        """Each placing's reason in the engine's words, or NOBODY."""
        return tuple(p.reason for p in self.placings) or (NOBODY,)

    def to_json(self) -> dict[str, object]:
        """As a "score" event's detail carries it."""
        return {
            "area": self.area,
            "points": dict(self.points),
            "placings": [p.to_json() for p in self.placings],
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> AreaScore:
        placings = tuple(Placing.from_json(p) for p in raw.get("placings", ()))
        return cls(str(raw["area"]), {str(p): int(n) for p, n in raw["points"].items()}, placings)


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
    groups = rank_groups(counts, pos.ruleset)
    sole_leader = groups[0].players[0] if groups and len(groups[0].players) == 1 else None
    placings: list[Placing] = []
    for place, rank, group, n in groups:
        value = values[rank - 1] if rank <= paid else 0
        for p in group:
            bonuses = _bonuses(pos, area, p, data) if p == sole_leader else ()
            placings.append(Placing(p, place, rank, len(group) > 1, n, value, bonuses))
    points = dict.fromkeys(pos.players, 0)
    points.update((pl.player, pl.total) for pl in placings)
    return AreaScore(area, points, tuple(placings))


def _bonuses(pos: Position, area: str, leader: str, data: GameData) -> tuple[Bonus, ...]:
    """A sole leader's bonuses in a region (never the Castillo): the King's, then the home one."""
    if area == CASTILLO:
        return ()
    king = (Bonus("king", data.king_bonus),) if area == pos.king else ()
    home = (Bonus("home", data.home_bonus),) if pos.grandes.get(leader) == area else ()
    return king + home


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
