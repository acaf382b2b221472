"""El Grande's `companion score` document: a position as JSON in, its scoring as JSON out.

Input (docs/commands.md has the whole format, in and out)::

    {"players": ["red", "blue", "yellow"], "ruleset": "2015", "king": "castilla_nueva",
     "grandes": {"red": "aragon", "blue": "galicia", "yellow": "sevilla"},
     "caballeros": {"aragon": {"red": 3, "blue": 1}, "castillo": {"red": 2}},
     "scoreboards": {"valencia": [8, 4, 0]},
     "castillo_discs": {"red": "granada"},
     "scoring": "general"}

Bad input exits with status 2 and one line on stderr naming the JSON path and what is accepted;
no input gives a traceback (strict_json refuses what the json module would crash on).
"""

from __future__ import annotations

import json
from typing import Any

from companion.elgrande.data import CASTILLO, game_data
from companion.elgrande.engine import checked_players
from companion.elgrande.moves import RuleError
from companion.elgrande.options import CHOICES
from companion.elgrande.scoring import (
    AreaScore,
    Position,
    general_scoring,
    score_areas,
    totals,
)
from companion.kit.strict_json import InputError, clip, json_path, key_text

KEYS = (
    "players",
    "ruleset",
    "castillo_disc_on_king",
    "king",
    "grandes",
    "caballeros",
    "scoreboards",
    "castillo_discs",
    "scoring",
)
OPTIONAL = ("ruleset", "castillo_disc_on_king", "scoreboards", "castillo_discs", "scoring")


class PositionError(InputError):
    """Bad input: the message names the JSON path and what is accepted."""


def _choices(items: Any) -> str:
    return ", ".join(items)


def _names(players: tuple[str, ...]) -> str:
    return ", ".join(key_text(p) for p in players)


def _obj(raw: Any, path: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise PositionError(path, f"expected an object, got {clip(raw)}")
    return raw


def _region(raw: Any, path: str, *, castillo: bool = False) -> str:
    data = game_data()
    accepted = [*data.regions, CASTILLO] if castillo else list(data.regions)
    if not isinstance(raw, str) or raw not in accepted:
        what = "an area" if castillo else "a region (not the Castillo)"
        raise PositionError(path, f"{clip(raw)} is not {what}; accepted: {_choices(accepted)}")
    return raw


def _player(raw: str, players: tuple[str, ...], path: str) -> str:
    if raw not in players:
        raise PositionError(path, f"{key_text(raw)} is not a player; players: {_names(players)}")
    return raw


def _players(raw: Any) -> tuple[str, ...]:
    """A list of JSON strings, then the engine's own rules for the seats (2 to 5, distinct,
    non-empty), its message under the JSON path."""
    if not isinstance(raw, list):
        raise PositionError("$.players", f"expected a list of 2 to 5 player names, got {clip(raw)}")
    for i, p in enumerate(raw):
        if not isinstance(p, str):
            raise PositionError(f"$.players[{i}]", f"expected a name (a string), got {clip(p)}")
    try:
        return checked_players(raw)
    except RuleError as e:
        raise PositionError("$.players", str(e)) from None


def _choice(doc: dict[str, Any], option: str) -> str:
    """A table option's value, one of TableOptions' choices (its default when left out)."""
    accepted = CHOICES[option]
    value = doc.get(option, accepted[0])
    if not isinstance(value, str) or value not in accepted:
        shown = " or ".join(json.dumps(a) for a in accepted)
        raise PositionError(f"$.{option}", f"expected {shown}, got {clip(value)}")
    return value


def _count(raw: Any, path: str, most: int) -> int:
    # bool is an int, and 2.0 == 2: insist on the type, so the answer prints what was meant.
    if type(raw) is not int or not 0 <= raw <= most:
        raise PositionError(path, f"expected a whole number 0–{most}, got {clip(raw)}")
    return raw


def _caballeros(raw: Any, players: tuple[str, ...]) -> dict[str, dict[str, int]]:
    per_colour = game_data().caballeros_per_colour
    out: dict[str, dict[str, int]] = {}
    for area, counts in _obj(raw, "$.caballeros").items():
        path = json_path("$.caballeros", area)
        _region(area, path, castillo=True)
        out[area] = {}
        for p, n in _obj(counts, path).items():
            _player(p, players, json_path(path, p))
            out[area][p] = _count(n, json_path(path, p), per_colour)
    for p in players:
        total = sum(c.get(p, 0) for c in out.values())
        if total > per_colour:
            raise PositionError(
                "$.caballeros",
                f"{key_text(p)} has {total} caballeros on the board;"
                f" a colour has {per_colour} in all",
            )
    return out


def _scoreboards(raw: Any) -> dict[str, tuple[int, int, int]]:
    boards = game_data().scoreboards
    accepted = " or ".join(json.dumps(list(v)) for v in boards.values())
    out: dict[str, tuple[int, int, int]] = {}
    for region, values in _obj(raw, "$.scoreboards").items():
        path = json_path("$.scoreboards", region)
        _region(region, path)
        # Exactly a printed board, as ints: [8.0, 4.0, 0.0] or [4, false, false] compare equal.
        exact = isinstance(values, list) and all(type(v) is int for v in values)
        if not exact or tuple(values) not in boards.values():
            raise PositionError(
                path, f"expected a mobile scoreboard, {accepted}; got {clip(values)}"
            )
        if tuple(values) in out.values():
            raise PositionError(path, f"the scoreboard {json.dumps(values)} is already placed")
        out[region] = tuple(values)
    return out


def _scoring(raw: Any) -> tuple[list[str] | None, bool]:
    """(areas to score, first_only); areas None means a general scoring."""
    if raw == "general":
        return None, False
    accepted = '"general" or {"areas": [...], "first_only": false}'
    if not isinstance(raw, dict):
        raise PositionError("$.scoring", f"expected {accepted}, got {clip(raw)}")
    for key in raw:
        if key not in ("areas", "first_only"):
            raise PositionError(json_path("$.scoring", key), f"unknown key; accepted: {accepted}")
    areas = raw.get("areas")
    if not isinstance(areas, list) or not areas:
        raise PositionError("$.scoring.areas", "expected a non-empty list of areas")
    for i, a in enumerate(areas):
        _region(a, f"$.scoring.areas[{i}]", castillo=True)
    if len(set(areas)) != len(areas):
        raise PositionError("$.scoring.areas", "an area is listed twice")
    first_only = raw.get("first_only", False)
    if not isinstance(first_only, bool):
        raise PositionError(
            "$.scoring.first_only", f"expected true or false, got {clip(first_only)}"
        )
    return areas, first_only


def _discs(raw: Any, players: tuple[str, ...], king: str, on_king: str) -> dict[str, str]:
    discs: dict[str, str] = {}
    for p, region in _obj(raw, "$.castillo_discs").items():
        path = json_path("$.castillo_discs", p)
        _player(p, players, path)
        discs[p] = _region(region, path)
        if region == king and on_king == "forbidden":
            others = _choices(r for r in game_data().regions if r != king)
            raise PositionError(
                path,
                f"a disc on the King's region ({king}) is not allowed with"
                f' "castillo_disc_on_king": "forbidden"; accepted: {others}',
            )
    return discs


def parse_position(doc: Any) -> tuple[Position, dict[str, str], list[str] | None, bool]:
    """Validate a position document: (position, discs, areas or None for general, first_only)."""
    doc = _obj(doc, "$")
    for key in doc:
        if key not in KEYS:
            raise PositionError(json_path("$", key), f"unknown key; accepted: {_choices(KEYS)}")
    for key in KEYS:
        if key not in doc and key not in OPTIONAL:
            raise PositionError(f"$.{key}", "missing; it is required")
    players = _players(doc["players"])
    ruleset = _choice(doc, "ruleset")
    on_king = _choice(doc, "castillo_disc_on_king")
    king = doc["king"]
    if king == CASTILLO:
        raise PositionError("$.king", "the King never stands on the Castillo; name a region")
    _region(king, "$.king")
    grandes: dict[str, str] = {}
    for p, region in _obj(doc["grandes"], "$.grandes").items():
        _player(p, players, json_path("$.grandes", p))
        grandes[p] = _region(region, json_path("$.grandes", p))
    for p in players:
        if p not in grandes:
            raise PositionError("$.grandes", f"no Grande for {key_text(p)}; every player has one")
    caballeros = _caballeros(doc["caballeros"], players)
    scoreboards = _scoreboards(doc.get("scoreboards", {}))
    areas, first_only = _scoring(doc.get("scoring", "general"))
    discs = _discs(doc.get("castillo_discs", {}), players, king, on_king)
    if areas is None:
        for p in players:
            if caballeros.get(CASTILLO, {}).get(p, 0) and p not in discs:
                raise PositionError(
                    "$.castillo_discs",
                    f"{key_text(p)} has caballeros in the Castillo but no disc;"
                    " give a region for them",
                )
    pos = Position(players, king, grandes, caballeros, scoreboards, ruleset)
    return pos, discs, areas, first_only


def area_json(result: AreaScore) -> dict[str, Any]:
    """One area as this command prints it: its points, then each placing's reason in words."""
    return {"area": result.area, "points": dict(result.points), "why": list(result.why)}


def score_document(doc: Any) -> dict[str, Any]:
    """Score a position document; raises PositionError on bad input."""
    pos, discs, areas, first_only = parse_position(doc)
    results: list[AreaScore]
    if areas is None:
        general = general_scoring(pos, discs)
        results = general.areas
        after = {"caballeros": general.caballeros_after, "returned_to_court": general.to_court}
    else:
        results = score_areas(pos, areas, first_only=first_only)
        after = {
            "caballeros": {a: {p: n for p, n in c.items() if n} for a, c in pos.caballeros.items()},
            "returned_to_court": {},
        }
    return {
        "totals": totals(results, pos.players),
        "areas": [area_json(r) for r in results],
        "board_after": after,
    }
