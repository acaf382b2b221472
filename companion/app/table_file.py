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

from companion.app.setup import TableDefaults
from companion.elgrande.options import CHOICES, TableOptions
from hw.checked import show, shown, shown_key, shown_path, type_name
from hw.config.model import PLAYER_COLOURS

TABLE_KEYS = (*CHOICES, "seats")
SEATS_ACCEPT = (
    f'an array of 2–5 player colours, e.g. ["red", "blue"]; colours: {", ".join(PLAYER_COLOURS)}'
)


def _seat_problems(seats: object, pads: Sequence[str] | None, pads_file: str) -> list[str]:
    if not isinstance(seats, list):
        return [
            f"seats: got {type_name(seats)} {show(seats)}".rstrip() + f"; accepted: {SEATS_ACCEPT}"
        ]
    if not seats:
        return ["seats: empty; list 2–5 seats, or leave seats out for every pad"]
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
    if not 2 <= len(seats) <= 5:
        problems.append(f"seats: {len(seats)} listed; El Grande is played by 2–5")
    return problems


def check_table(
    raw: dict[str, Any], pads: Sequence[str] | None = None, pads_file: str = "the hardware file"
) -> tuple[TableDefaults | None, list[str]]:
    """The table's defaults and no problems, or None and every problem. ``pads``: the colours
    the hardware file gives a pad (None: not known, seats are checked against the colours)."""
    problems = []
    for key in raw:
        if key not in TABLE_KEYS:
            problems.append(
                f"{shown_key(key)}: unknown key; accepted here: {', '.join(TABLE_KEYS)}"
            )
    options = {}
    for key, accepted in CHOICES.items():
        if key not in raw:
            continue
        value = raw[key]
        # bool is an int: compare types too, as TableOptions does.
        if any(type(value) is type(a) and value == a for a in accepted):
            options[key] = value
        else:
            words = " or ".join(shown(a) for a in accepted)
            problems.append(
                f"{key}: got {type_name(value)} {show(value)}".rstrip() + f"; accepted: {words}"
            )
    seats = raw.get("seats")
    if "seats" in raw:
        problems += _seat_problems(seats, pads, pads_file)
    if problems:
        return None, problems
    return TableDefaults(TableOptions(**options), tuple(seats) if seats is not None else None), []


def describe_table(table: TableDefaults) -> str:
    """One line: the options in TOML's words and who plays."""
    opts = ", ".join(f"{k} = {shown(getattr(table.options, k))}" for k in CHOICES)
    seats = ", ".join(table.seats) if table.seats is not None else "every pad"
    return f"{opts}; seats: {seats}"
