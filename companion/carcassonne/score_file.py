"""Carcassonne's `companion score` document: features as JSON in, their points with reasons,
the totals, the track and the ranking out (docs/commands.md has the format).

>>> doc = {"features": [{"phase": "during", "type": "road", "tiles": 5, "inn": True,
...                      "meeples": {"red": {"normal": 1}}}]}
>>> out = score_document(doc)
>>> out["totals"], out["features"][0]["why"]
({'red': 10}, ['Road with an inn, 5 tiles × 2 = 10 to red'])
"""

from __future__ import annotations

from typing import Any

from companion.carcassonne.features import BOUNDS, QUESTIONS, TYPES, YES_NO, Feature, Meeples
from companion.carcassonne.options import CHOICES, Options
from companion.carcassonne.scoring import score_feature
from companion.carcassonne.track import track_json
from companion.kit.scoring import ranking
from companion.kit.strict_json import InputError, clip, json_path, key_text

TOP_KEYS = ("players", "expansion", "edition", "features")
PHASES = ("during", "final")
COMMON = ("phase", "type", "meeples")
DEFAULTS = {"pennants": 0, "inn": False, "cathedral": False}


def _join(items: Any) -> str:
    return ", ".join(str(i) for i in items)


def _object(raw: Any, path: str, what: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise InputError(path, f"expected {what} (a JSON object), got {clip(raw)}")
    return raw


def _whole(raw: Any, path: str, key: str) -> int:
    low, high = BOUNDS[key]
    if type(raw) is not int or not low <= raw <= high:
        raise InputError(path, f"expected a whole number {low}–{high}, got {clip(raw)}")
    return raw


def _options(doc: dict[str, Any]) -> Options:
    raw = {k: doc[k] for k in ("expansion", "edition") if k in doc}
    for key, value in raw.items():
        if not any(type(value) is type(a) and value == a for a in CHOICES[key]):
            accepted = " or ".join(clip(a) for a in CHOICES[key])
            raise InputError(f"$.{key}", f"got {clip(value)}; accepted: {accepted}")
    return Options(**raw)


def _players(raw: Any, options: Options) -> list[str]:
    most = options.most_players
    if not isinstance(raw, list) or not 2 <= len(raw) <= most:
        raise InputError("$.players", f"expected a list of 2 to {most} names, got {clip(raw)}")
    for i, p in enumerate(raw):
        if not isinstance(p, str) or not p:
            raise InputError(f"$.players[{i}]", f"expected a non-empty name, got {clip(p)}")
    if len(set(raw)) != len(raw):
        raise InputError("$.players", "a player is named twice; names must be distinct")
    return list(raw)


def _meeples(
    raw: Any, path: str, players: list[str] | None, options: Options
) -> dict[str, Meeples]:
    raw = _object(raw, path, 'colour → {"normal": n, "big": n}')
    out = {}
    for colour, counts in raw.items():
        here = json_path(path, colour)
        if not colour or (players is not None and colour not in players):
            known = _join(key_text(p) for p in players or [])
            raise InputError(here, f"{key_text(colour)} is not a player; players: {known}")
        counts = _object(counts, here, '{"normal": n, "big": n}')
        for key in counts:
            if key not in ("normal", "big"):
                raise InputError(here, f"unknown key {key_text(key)}; accepted: normal, big")
        normal = _whole(counts.get("normal", 0), f"{here}.normal", "normal")
        big = _whole(counts.get("big", 0), f"{here}.big", "big")
        if big and not options.expansion:
            raise InputError(
                f"{here}.big", "big meeples come with the expansion, which is off; accepted: 0"
            )
        out[colour] = Meeples(normal, big)
    return out


def read_feature(raw: Any, path: str, players: list[str] | None, options: Options) -> Feature:
    """One feature of the document, checked; InputError names the path and what is accepted."""
    raw = _object(raw, path, "a feature")
    kind = raw.get("type")
    if kind not in TYPES:
        raise InputError(f"{path}.type", f"got {clip(kind)}; accepted: {_join(TYPES)}")
    phase = raw.get("phase")
    if phase not in PHASES:
        raise InputError(f"{path}.phase", f"got {clip(phase)}; accepted: during, final")
    final = phase == "final"
    if kind == "field" and not final:
        raise InputError(f"{path}.phase", 'a field is scored only at the end; accepted: "final"')
    asked = QUESTIONS[(kind, final)]
    accepted = (*COMMON, *(() if kind == "field" else ("complete",)), *asked)
    for key in raw:
        if key not in accepted:
            raise InputError(
                path,
                f"unknown key {key_text(key)} for a {kind} ({phase}); accepted: {_join(accepted)}",
            )
    if "complete" in raw and raw["complete"] is not (not final):
        raise InputError(
            f"{path}.complete",
            f"got {clip(raw['complete'])}; a feature scored during play is complete (true), "
            "one counted at the end is open (false)",
        )
    values: dict[str, Any] = {}
    for key in asked:
        here = f"{path}.{key}"
        if key not in raw and key not in DEFAULTS:
            raise InputError(
                path, f"missing key {key} (a whole number {BOUNDS[key][0]}–{BOUNDS[key][1]})"
            )
        value = raw.get(key, DEFAULTS.get(key))
        if key in YES_NO:
            if type(value) is not bool:
                raise InputError(here, f"expected true or false, got {clip(value)}")
            if value and not options.expansion:
                raise InputError(
                    here, f"{key}s come with the expansion, which is off; accepted: false"
                )
        else:
            value = _whole(value, here, key)
        values[key] = value
    if "meeples" not in raw:
        raise InputError(
            path, 'missing key meeples (colour → {"normal": n, "big": n}; {} for nobody)'
        )
    meeples = _meeples(raw["meeples"], f"{path}.meeples", players, options)
    return Feature(kind, final, meeples=meeples, **values)


def score_document(doc: Any) -> dict[str, Any]:
    """Score every feature of `doc`; the totals, the track and the ranking of all players."""
    doc = _object(doc, "$", "a document")
    for key in doc:
        if key not in TOP_KEYS:
            raise InputError("$", f"unknown key {key_text(key)}; accepted: game, {_join(TOP_KEYS)}")
    options = _options(doc)
    players = _players(doc["players"], options) if "players" in doc else None
    raw_features = doc.get("features")
    if not isinstance(raw_features, list):
        raise InputError("$.features", f"expected a list of features, got {clip(raw_features)}")
    features = [
        read_feature(f, f"$.features[{i}]", players, options) for i, f in enumerate(raw_features)
    ]
    if players is None:  # the colours named, in the order they first appear
        players = list(dict.fromkeys(c for f in features for c in f.meeples))
    totals = dict.fromkeys(players, 0)
    out_features = []
    for feature in features:
        result = score_feature(feature, options.edition)
        for line in result.lines:
            totals[line.player] += line.points
        out_features.append(
            {
                "phase": "final" if feature.final else "during",
                "type": feature.type,
                "points": result.points(),
                "why": result.texts(),
                "lines": [line.to_json() for line in result.lines],
            }
        )
    places = ranking(totals) if totals else []
    return {
        "totals": totals,
        "features": out_features,
        "track": track_json(totals),
        "ranking": [{"place": place, "players": list(group)} for place, group in places],
        "tiebreak": None,
    }
