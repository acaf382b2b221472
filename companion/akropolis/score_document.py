"""Akropolis' `companion score` document: every player's city as hexes in, the count out, each
condition checked by the device (companion/akropolis/city.py).

Input (docs/commands.md has the whole format, in and out)::

    {"game": "akropolis", "variants": ["markets"],
     "players": {"red": {"city": [{"q": 0, "r": 0, "level": 1, "type": "plaza:house"}, ...],
                         "stones": 3}, ...}}

The "game" key is removed by `companion score` before this module sees the document. Bad input
raises InputError naming the JSON path and what is accepted; it changes nothing.
"""

from __future__ import annotations

from typing import Any

from companion.akropolis.city import TYPES, City, Hex, city_tally
from companion.akropolis.data import COLOURS, VARIANTS
from companion.akropolis.engine import PLAYERS
from companion.akropolis.tally import Tally, places, score_lines
from companion.kit.scoring import ScoreLine, totals_of
from companion.kit.strict_json import InputError, clip, json_path

KEYS = ("variants", "players")
PLAYER_KEYS = ("city", "stones")
HEX_KEYS = ("q", "r", "level", "type")
MOST_HEXES = 250  # more than any city holds (61 tiles of 3 hexes, the starting tile's 4)
COORDINATE_MOST = 100  # |q| and |r|: a city never spreads this far from its start
LEVEL_MOST = 20
STONES_MOST = 99


def _obj(raw: Any, path: str, what: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise InputError(path, f"expected {what}, got {clip(raw)}")
    return raw


def _keys(
    raw: dict[str, Any], path: str, accepted: tuple[str, ...], required: tuple[str, ...]
) -> None:
    for key in raw:
        if key not in accepted:
            raise InputError(json_path(path, key), f"unknown key; accepted: {', '.join(accepted)}")
    for key in required:
        if key not in raw:
            raise InputError(f"{path}.{key}", "missing; it is required")


def _whole(raw: Any, path: str, low: int, high: int) -> int:
    # bool is an int, and 2.0 == 2: insist on the type, so the answer prints what was meant.
    if type(raw) is not int or not low <= raw <= high:
        raise InputError(path, f"expected a whole number {low}–{high}, got {clip(raw)}")
    return raw


def _variants(raw: Any) -> tuple[str, ...]:
    accepted = ", ".join(VARIANTS)
    if not isinstance(raw, list):
        raise InputError("$.variants", f"expected a list of variants ({accepted}), got {clip(raw)}")
    for i, v in enumerate(raw):
        if not isinstance(v, str) or v not in VARIANTS:
            raise InputError(
                f"$.variants[{i}]", f"{clip(v)} is not a variant; accepted: {accepted}"
            )
    if len(set(raw)) != len(raw):
        raise InputError("$.variants", "a variant is listed twice")
    return tuple(v for v in VARIANTS if v in raw)


def _hex(raw: Any, path: str) -> tuple[tuple[int, int], Hex]:
    _keys(_obj(raw, path, 'a hex {"q", "r", "level", "type"}'), path, HEX_KEYS, HEX_KEYS)
    q = _whole(raw["q"], f"{path}.q", -COORDINATE_MOST, COORDINATE_MOST)
    r = _whole(raw["r"], f"{path}.r", -COORDINATE_MOST, COORDINATE_MOST)
    level = _whole(raw["level"], f"{path}.level", 1, LEVEL_MOST)
    kind = raw["type"]
    if not isinstance(kind, str) or kind not in TYPES:
        raise InputError(
            f"{path}.type", f"{clip(kind)} is not a hex type; accepted: {' '.join(TYPES)}"
        )
    return (q, r), Hex(level, kind)


def _city(raw: Any, path: str) -> City:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MOST_HEXES:
        shown = f"{len(raw)} hexes" if isinstance(raw, list) else clip(raw)
        raise InputError(path, f"expected a list of 1 to {MOST_HEXES} visible hexes, got {shown}")
    hexes: dict[tuple[int, int], Hex] = {}
    first: dict[tuple[int, int], int] = {}
    for i, item in enumerate(raw):
        cell, top = _hex(item, f"{path}[{i}]")
        if cell in hexes:
            raise InputError(
                f"{path}[{i}]",
                f"q={cell[0]}, r={cell[1]} is already given at [{first[cell]}];"
                " give only the visible hex of each place",
            )
        hexes[cell], first[cell] = top, i
    return City(hexes)


def _players(raw: Any) -> dict[str, tuple[City, int]]:
    fewest, most = PLAYERS
    what = f"an object of {fewest} to {most} players, name → {{city, stones}}"
    players = _obj(raw, "$.players", what)
    if not fewest <= len(players) <= most:
        raise InputError("$.players", f"expected {what}, got {len(players)} players")
    out: dict[str, tuple[City, int]] = {}
    for name, entry in players.items():
        path = json_path("$.players", name)
        if not name:
            raise InputError(path, "a player's name must not be empty")
        _keys(_obj(entry, path, '{"city": [...], "stones": n}'), path, PLAYER_KEYS, PLAYER_KEYS)
        city = _city(entry["city"], f"{path}.city")
        out[name] = (city, _whole(entry["stones"], f"{path}.stones", 0, STONES_MOST))
    return out


def _player_json(lines: list[ScoreLine], stones: int) -> dict[str, Any]:
    by_rule = {line.rule: line for line in lines}
    colours = [(c.key, by_rule[c.variant]) for c in COLOURS]
    return {
        "points": {key: line.points for key, line in colours},
        "stars": {key: line.detail["stars"] for key, line in colours},
        "plazas": {key: line.detail["plazas"] for key, line in colours},
        "values": {key: line.detail["value"] for key, line in colours},
        "doubled": {key: line.detail["doubled"] for key, line in colours},
        "stones": stones,
        "why": [line.text for line in lines],
    }


def score_document(doc: Any) -> dict[str, Any]:
    """Score every player's city; raises InputError on bad input."""
    doc = _obj(doc, "$", 'an object {"variants": [...], "players": {...}}')
    _keys(doc, "$", KEYS, ("players",))
    variants = _variants(doc.get("variants", []))
    cities = _players(doc["players"])
    names = tuple(cities)
    lines: dict[str, list[ScoreLine]] = {}
    for name, (city, stones) in cities.items():
        lines[name] = score_lines(name, Tally(city_tally(city, variants), stones), variants)
    totals = totals_of([line for p in names for line in lines[p]], names)
    stones = {p: cities[p][1] for p in names}
    placed, tiebreak = places(totals, stones)
    return {
        "totals": totals,
        "variants": list(variants),
        "players": {p: _player_json(lines[p], stones[p]) for p in names},
        "tiebreak": tiebreak,
        "ranking": [{"place": place, "players": list(who)} for place, who in placed],
    }
