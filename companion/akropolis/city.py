"""A city's visible hexes → each colour's plazas, qualifying value and doubled part, checking every
condition the way BGA's `modules/php/Models/Board.php` does (getPlazaStars, getDistrictSizes,
computeComponents), with the readings of docs/RULES-akropolis.md.

Axial coordinates: the neighbours of (q, r) are (q±1, r), (q, r±1), (q+1, r−1) and (q−1, r+1).
Only the top of each stack counts (what is seen from above); a hex's value is its level.

>>> city = City({(0, 0): Hex(1, "plaza:market"), (1, 0): Hex(2, "market"),
...              (2, 0): Hex(1, "market"), (0, 1): Hex(1, "garden")})
>>> tally = city_tally(city, ("markets",))
>>> tally["market"], tally["garden"]
(Count(plazas=1, value=0, doubled=0), Count(plazas=0, value=1, doubled=0))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from companion.akropolis.data import COLOURS

Cell = tuple[int, int]
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
DISTRICTS: tuple[str, ...] = tuple(c.key for c in COLOURS)
PLAZA = "plaza:"
TYPES: tuple[str, ...] = (*DISTRICTS, "quarry", *(PLAZA + d for d in DISTRICTS))


@dataclass(frozen=True)
class Hex:
    """The visible hex of one place: its level (1 = on the ground) and its type."""

    level: int
    type: str


@dataclass(frozen=True)
class Count:
    """One colour of one city: visible plazas, the qualifying value (heights of the districts
    that count) and the part of that value the colour's variant doubles."""

    plazas: int
    value: int
    doubled: int = 0


def neighbours(cell: Cell) -> Iterator[Cell]:
    q, r = cell
    for dq, dr in DIRECTIONS:
        yield (q + dq, r + dr)


class City:
    """The visible hexes of a city by place, and the empty places open to the outside."""

    def __init__(self, hexes: Mapping[Cell, Hex]) -> None:
        self.hexes = dict(hexes)
        self.outside = _outside(self.hexes)

    def built(self, cell: Cell) -> bool:
        return cell in self.hexes

    def type_at(self, cell: Cell) -> str | None:
        top = self.hexes.get(cell)
        return None if top is None else top.type

    def outside_sides(self, cell: Cell) -> int:
        """Empty neighbours open to the outside (the city's edge there)."""
        return sum(1 for n in neighbours(cell) if n not in self.hexes and n in self.outside)

    def lake_sides(self, cell: Cell) -> int:
        """Empty neighbours closed in on all sides (a lake)."""
        return sum(1 for n in neighbours(cell) if n not in self.hexes and n not in self.outside)

    def cells_of(self, kind: str) -> list[Cell]:
        return sorted(c for c, h in self.hexes.items() if h.type == kind)

    def groups(self, kind: str) -> list[list[Cell]]:
        """The groups of touching hexes of one type (seen from above, at any height)."""
        seen: set[Cell] = set()
        out: list[list[Cell]] = []
        for start in self.cells_of(kind):
            if start in seen:
                continue
            seen.add(start)
            group, todo = [], [start]
            while todo:
                cell = todo.pop()
                group.append(cell)
                for n in neighbours(cell):
                    if n not in seen and self.type_at(n) == kind:
                        seen.add(n)
                        todo.append(n)
            out.append(sorted(group))
        return out


def _outside(hexes: Mapping[Cell, Hex]) -> set[Cell]:
    """The empty places connected to the outside, within the city's bounds widened by one (BGA's
    computeComponents floods the exterior the same way): every other empty place is a lake."""
    if not hexes:
        return set()
    qs = [q for q, _ in hexes]
    rs = [r for _, r in hexes]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    start = (q0, r0)  # a corner: never built, and every border place reaches it
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            q, r = n
            if q0 <= q <= q1 and r0 <= r <= r1 and n not in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def level_sum(city: City, cells: Iterable[Cell]) -> int:
    return sum(city.hexes[c].level for c in cells)


def largest_house_group(city: City) -> list[Cell]:
    """The group with the most hexes; among groups with as many, the highest value (a reading:
    BGA's loop keeps an order-dependent maximum, see the rules doc)."""
    groups = city.groups("house")
    if not groups:
        return []
    return max(groups, key=lambda g: (len(g), level_sum(city, g)))


def _qualifying(city: City, colour: str, variants: tuple[str, ...]) -> tuple[int, int]:
    """(value, doubled part) of one district colour other than houses."""
    value = doubled = 0
    for cell in city.cells_of(colour):
        level = city.hexes[cell].level
        around = [city.type_at(n) for n in neighbours(cell)]
        if colour == "market":
            if "market" in around:
                continue
            double = "markets" in variants and PLAZA + "market" in around
        elif colour == "barracks":
            edge = city.outside_sides(cell)
            if edge == 0:
                continue
            double = "barracks" in variants and edge >= 3
        elif colour == "temple":
            if None in around:
                continue
            double = "temples" in variants and level >= 2
        else:  # gardens: no condition
            double = "gardens" in variants and city.lake_sides(cell) > 0
        value += level
        doubled += level if double else 0
    return value, doubled


def city_tally(city: City, variants: tuple[str, ...] = ()) -> dict[str, Count]:
    """Each colour's count. The houses' doubled part is left to the tally's scoring, which
    doubles a group worth 10 or more whether it was entered or computed."""
    out: dict[str, Count] = {}
    for colour in DISTRICTS:
        plazas = len(city.cells_of(PLAZA + colour))
        if colour == "house":
            out[colour] = Count(plazas, level_sum(city, largest_house_group(city)))
        else:
            out[colour] = Count(plazas, *_qualifying(city, colour, variants))
    return out
