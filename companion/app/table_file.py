"""table.toml: how a table plays (the setup screen's starting options and seats), checked whole.

Every problem is collected, each naming its key and what is accepted in TOML's words, and the
seats are checked here, at load, not when *Start* is pressed.

>>> print(*check_table({"bidding": "closed", "seats": ["red", "red"]}, pads=("red",))[1], sep="\\n")
bidding: got string "closed"; accepted: "sealed" or "open"
seats: "red" is listed twice; each seat plays once
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion import games
from companion.app.setup import TableDefaults
from companion.session.store import DEFAULT_GAME
from hw.checked import show, shown, shown_key, shown_path, type_name
from hw.config.model import PLAYER_COLOURS

# At the top: the game, the seats and the default game's options (as tables wrote them before
# other games were known); each other game's options in a section named by its id.
TABLE_KEYS = (
    *games.load(DEFAULT_GAME).option_choices(),
    "seats",
    "game",
    *(g for g in games.available() if g != DEFAULT_GAME),
)


def seats_accept(game: str = DEFAULT_GAME) -> str:
    """What `seats` accepts for `game`: as many colours as it seats."""
    low, high = games.load(game).info.players
    colours = ", ".join(PLAYER_COLOURS)
    return f'an array of {low}–{high} player colours, e.g. ["red", "blue"]; colours: {colours}'


SEATS_ACCEPT = seats_accept()  # El Grande's, the default game's


def _seat_problems(
    seats: object, pads: Sequence[str] | None, pads_file: str, game: str
) -> list[str]:
    low, high = games.load(game).info.players
    if not isinstance(seats, list):
        got = f"seats: got {type_name(seats)} {show(seats)}".rstrip()
        return [got + f"; accepted: {seats_accept(game)}"]
    if not seats:
        return [f"seats: empty; list {low}–{high} seats, or leave seats out for every pad"]
    problems, seen = [], set()
    for i, seat in enumerate(seats):
        if not isinstance(seat, str):
            got = f"got {type_name(seat)} {show(seat)}".rstrip()
            problems.append(f"seats[{i}]: {got}; accepted: a player colour")
            continue
        if seat in seen:
            problems.append(f"seats: {shown(seat)} is listed twice; each seat plays once")
        elif seat not in PLAYER_COLOURS:
            colours = ", ".join(PLAYER_COLOURS)
            problems.append(f"seats: {shown(seat)} is not a player colour; accepted: {colours}")
        elif pads is not None and seat not in pads:
            where = shown_path(pads_file)
            problems.append(f"seats: {shown(seat)} has no pad in {where}; pads: {', '.join(pads)}")
        seen.add(seat)
    if not low <= len(seats) <= high:
        name = games.load(game).info.name
        problems.append(f"seats: {len(seats)} listed; {name} is played by {low}–{high}")
    return problems


def _option_problems(raw: dict[str, Any], game: str, where: str) -> tuple[Any, list[str]]:
    """A game's options from its TOML keys (`where` prefixes each key: "" or "akropolis.")."""
    module = games.load(game)
    choices = module.option_choices()
    problems, options = [], {}
    for key, value in raw.items():
        if key not in choices:
            problems.append(
                f"{where}{shown_key(key)}: unknown key; accepted here: {', '.join(choices)}"
            )
            continue
        # bool is an int: compare types too, as the games' options do.
        if any(type(value) is type(a) and value == a for a in choices[key]):
            options[key] = value
        else:
            words = " or ".join(shown(a) for a in choices[key])
            problems.append(
                f"{where}{key}: got {type_name(value)} {show(value)}".rstrip()
                + f"; accepted: {words}"
            )
    return (None if problems else module.options_from(options)), problems


def check_table(
    raw: dict[str, Any], pads: Sequence[str] | None = None, pads_file: str = "the hardware file"
) -> tuple[TableDefaults | None, list[str]]:
    """The table's defaults and no problems, or None and every problem. ``pads``: the colours
    the hardware file gives a pad (None: not known, seats are checked against the colours)."""
    problems = [
        f"{shown_key(key)}: unknown key; accepted here: {', '.join(TABLE_KEYS)}"
        for key in raw
        if key not in TABLE_KEYS
    ]
    game = raw.get("game", DEFAULT_GAME)
    if game not in games.available():
        accepted = " or ".join(shown(g) for g in games.available())
        problems.append(f"game: got {type_name(game)} {show(game)}; accepted: {accepted}")
        game = DEFAULT_GAME
    top = {k: v for k, v in raw.items() if k not in ("seats", "game") and k in TABLE_KEYS}
    default_keys = {k: v for k, v in top.items() if k not in games.available()}
    chosen: dict[str, Any] = {}
    for g in games.available():
        section = default_keys if g == DEFAULT_GAME else raw.get(g, {})
        if not isinstance(section, dict):
            problems.append(f"{g}: got {type_name(section)}; accepted: a table of its options")
            continue
        chosen[g], found = _option_problems(section, g, "" if g == DEFAULT_GAME else f"{g}.")
        problems += found
    seats = raw.get("seats")
    if "seats" in raw:
        problems += _seat_problems(seats, pads, pads_file, game)
    if problems:
        return None, problems
    others = {g: o for g, o in chosen.items() if g != game}
    played = tuple(seats) if seats is not None else None
    return TableDefaults(chosen[game], played, game, others), []


def describe_table(table: TableDefaults) -> str:
    """One line: the options in TOML's words and who plays."""
    options = table.options_of(table.game)
    opts = ", ".join(f"{k} = {shown(v)}" for k, v in options.items())
    seats = ", ".join(table.seats) if table.seats is not None else "every pad"
    game = "" if table.game == DEFAULT_GAME else f"game = {shown(table.game)}; "
    return f"{game}{opts}; seats: {seats}"
