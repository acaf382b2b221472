"""Castell's `companion score` document: each player's end-of-game counts in, the five
categories, totals and ranking out (docs/commands.md has the format, in and out)::

    {"game": "castell",
     "players": {"red": {"best_tower": 9, "regions": 5, "trophies": 1, "medals": 2,
                         "ribbons": 1, "size_tokens": [2, 5], "local_tiles": [3, 5],
                         "special_tokens": 3}}}

>>> out = score_document({"players": {"red": {"regions": 2, "size_tokens": [4, 4, 4]}}})
>>> out["totals"], out["why"]["red"][3]
({'red': 5}, 'Size tokens: 1 size × 2 + 2 further = 4')
>>> try:
...     score_document({"players": {"red": {"regions": 8}}})
... except InputError as e:
...     print(e)
$.players.red.regions: expected a whole number 0–7 (the board has 7 regions), got 8
"""

from __future__ import annotations

from typing import Any

from companion.castell import rules
from companion.castell.steps import TIEBREAK_NOTE
from companion.kit.scoring import ranking, totals_of
from companion.kit.strict_json import InputError, clip, json_path

# key -> (most, what the number is): every count a player's entry may hold.
COUNTS: dict[str, tuple[int, str]] = {
    "best_tower": (rules.LARGEST_TOWER, "the best tower score on the track"),
    "regions": (rules.REGIONS, "the board has 7 regions"),
    "trophies": (rules.PRIZE_TOKENS, "the box holds 40 prize tokens"),
    "medals": (rules.PRIZE_TOKENS, "the box holds 40 prize tokens"),
    "ribbons": (rules.PRIZE_TOKENS, "the box holds 40 prize tokens"),
    "special_tokens": (rules.SPECIAL_TOKENS, "the box holds 28 special action tokens"),
}
# key -> (most items, largest item, what an item is)
LISTS: dict[str, tuple[int, int, str]] = {
    "size_tokens": (rules.SIZE_TOKENS, rules.LARGEST_SIZE, "each token's size"),
    "local_tiles": (rules.LOCAL_TILES_IN_PLAY, rules.LARGEST_TILE, "each tile's points"),
}
KEYS = ("best_tower", "regions", "trophies", "medals", "ribbons", "size_tokens", "local_tiles")
KEYS += ("special_tokens",)
PLAYERS_MOST = 4  # « 2 à 4 joueurs »; one player alone may be scored (a score pad)


def _count(raw: Any, path: str, most: int, why: str) -> int:
    # bool is an int and 2.0 == 2: insist on the type, so the answer is what was meant.
    if type(raw) is not int or not 0 <= raw <= most:
        raise InputError(path, f"expected a whole number 0–{most} ({why}), got {clip(raw)}")
    return raw


def _items(raw: Any, path: str, longest: int, largest: int, what: str) -> list[int]:
    accepted = f"a list of at most {longest} whole numbers 1–{largest} ({what})"
    if not isinstance(raw, list):
        raise InputError(path, f"expected {accepted}, got {clip(raw)}")
    if len(raw) > longest:
        raise InputError(path, f"expected {accepted}, got a list of {len(raw)}")
    for i, item in enumerate(raw):
        if type(item) is not int or not 1 <= item <= largest:
            raise InputError(
                f"{path}[{i}]", f"expected a whole number 1–{largest} ({what}), got {clip(item)}"
            )
    return raw


def _counts(raw: Any, path: str) -> rules.FinalCounts:
    """One player's entry: every key optional (0, or an empty list), none unknown."""
    if not isinstance(raw, dict):
        raise InputError(path, f"expected an object with {', '.join(KEYS)}; got {clip(raw)}")
    for key in raw:
        if key not in KEYS:
            raise InputError(json_path(path, key), f"unknown key; accepted: {', '.join(KEYS)}")
    n = {k: _count(raw.get(k, 0), f"{path}.{k}", most, why) for k, (most, why) in COUNTS.items()}
    lists = {k: _items(raw.get(k, []), f"{path}.{k}", *spec) for k, spec in LISTS.items()}
    prizes = n["trophies"] + n["medals"] + n["ribbons"]
    if prizes > rules.PRIZE_TOKENS:
        raise InputError(path, f"{prizes} prizes in all; the box holds {rules.PRIZE_TOKENS}")
    if n["special_tokens"] and not lists["local_tiles"]:
        raise InputError(
            f"{path}.special_tokens",
            "special action tokens are collected by completing a local performance, and "
            "local_tiles is empty; list the tiles' points, or give 0",
        )
    sizes, further = rules.size_token_counts(lists["size_tokens"])
    return rules.FinalCounts(
        best_tower=n["best_tower"],
        regions=n["regions"],
        trophies=n["trophies"],
        medals=n["medals"],
        ribbons=n["ribbons"],
        sizes=sizes,
        further_sizes=further,
        local_points=sum(lists["local_tiles"]),
        special_tokens=n["special_tokens"],
    )


def parse_players(doc: Any) -> dict[str, rules.FinalCounts]:
    """Validate a document (its "game" key already removed): player -> their counts."""
    if not isinstance(doc, dict):
        raise InputError("$", f'expected an object {{"players": {{...}}}}, got {clip(doc)}')
    if "game" in doc and doc["game"] != "castell":  # `companion score` has removed it already
        raise InputError("$.game", f'expected "castell", got {clip(doc["game"])}')
    for key in doc:
        if key not in ("game", "players"):
            raise InputError(json_path("$", key), 'unknown key; accepted: "game", "players"')
    if "players" not in doc:
        raise InputError("$.players", "missing; it is required (player name → their counts)")
    players = doc["players"]
    if not isinstance(players, dict) or not 1 <= len(players) <= PLAYERS_MOST:
        got = f"{len(players)} players" if isinstance(players, dict) else clip(players)
        raise InputError(
            "$.players", f"expected an object of 1 to {PLAYERS_MOST} players, got {got}"
        )
    out: dict[str, rules.FinalCounts] = {}
    for name, entry in players.items():
        if not name.strip():
            raise InputError(json_path("$.players", name), "a player's name must not be blank")
        out[name] = _counts(entry, json_path("$.players", name))
    return out


def score_document(doc: Any) -> dict[str, Any]:
    """Score a document: totals first, each player's points by category and reasons, ranking."""
    players = parse_players(doc)
    lines = {p: rules.final_lines(p, c) for p, c in players.items()}
    totals = totals_of((line for ls in lines.values() for line in ls), players)
    places = ranking(totals)
    return {
        "totals": totals,
        "categories": {p: {line.rule: line.points for line in ls} for p, ls in lines.items()},
        "why": {p: [line.text for line in ls] for p, ls in lines.items()},
        "ranking": [{"place": place, "players": list(ps)} for place, ps in places],
        "tiebreak": TIEBREAK_NOTE if any(len(ps) > 1 for _, ps in places) else None,
    }
