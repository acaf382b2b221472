"""The game's fixed data (board, power cards, action cards), loaded from JSON and validated once.

>>> from companion.elgrande.data import game_data
>>> data = game_data()
>>> data.castillo, len(data.regions), len(data.action_deck())
('castillo', 9, 45)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

CASTILLO = "castillo"
SHORT_NAME_MAX = 9  # a 128x32 pad shows 21 characters; "place in " + a short name fits


class DataError(ValueError):
    """The shipped game data is inconsistent: names the file and the key."""


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    short: str  # at most SHORT_NAME_MAX characters: a pad menu label
    english: str
    values: tuple[int, int, int]


@dataclass(frozen=True)
class ActionCard:
    id: str
    stack: int
    copies: int
    text: str
    title: str  # a short name from the printed wording: a pad label, distinct in its stack

    @property
    def caballeros(self) -> int:
        """How many caballeros the card lets you place: the number on its back, i.e. its stack."""
        return self.stack


@dataclass(frozen=True)
class GameData:
    regions: dict[str, Region]  # the nine regions, in board order; never the Castillo
    castillo_values: tuple[int, int, int]
    castillo_short: str
    neighbours: dict[str, frozenset[str]]
    scoreboards: dict[str, tuple[int, int, int]]
    power_cards: dict[int, int]  # value -> caballeros taken into the court
    action_cards: dict[str, ActionCard]
    caballeros_per_colour: int
    home_caballeros: int
    court_caballeros: int
    rounds: int
    short_game_skips: frozenset[int]
    general_scoring_after: frozenset[int]
    ranks_paid: dict[int, int]  # player count -> ranks paid
    king_bonus: int
    home_bonus: int

    @property
    def castillo(self) -> str:
        return CASTILLO

    @property
    def areas(self) -> tuple[str, ...]:
        """Every place caballeros can stand on the board: the Castillo first, then the regions."""
        return (CASTILLO, *self.regions)

    def printed_values(self, area: str) -> tuple[int, int, int]:
        return self.castillo_values if area == CASTILLO else self.regions[area].values

    def area_name(self, area: str) -> str:
        return "Castillo" if area == CASTILLO else self.regions[area].name

    def short_name(self, area: str) -> str:
        """The area's name for a pad menu (at most SHORT_NAME_MAX characters)."""
        return self.castillo_short if area == CASTILLO else self.regions[area].short

    def card_title(self, card: str) -> str:
        """An action card's name as the table reads it (ids are not printed on the cards)."""
        return self.action_cards[card].title

    def card_named(self, card: str) -> str:
        """An action card in a sentence: its title quoted ("takes “Veto”")."""
        return f"“{self.card_title(card)}”" if card in self.action_cards else f"card {card}"

    def action_deck(self) -> list[str]:
        """Every physical action card, one id per copy (45 in all)."""
        return [c.id for c in self.action_cards.values() for _ in range(c.copies)]

    def round_numbers(self, short_game: bool) -> tuple[int, ...]:
        skips = self.short_game_skips if short_game else frozenset()
        return tuple(r for r in range(1, self.rounds + 1) if r not in skips)


def _read(name: str) -> dict[str, Any]:
    # Beside this module (not importlib.resources: its import alone is ~10 % of a cold start).
    text = (Path(__file__).parent / "data" / name).read_text("utf-8")
    return json.loads(text)


def _values(raw: Any, where: str) -> tuple[int, int, int]:
    ok = isinstance(raw, list) and len(raw) == 3
    if not ok or not all(isinstance(v, int) and v >= 0 for v in raw):
        raise DataError(f"{where}: expected three whole numbers >= 0, got {raw!r}")
    return (raw[0], raw[1], raw[2])


def _short(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or not 0 < len(raw) <= SHORT_NAME_MAX:
        raise DataError(f"{where}: 'short' must be a name of 1 to {SHORT_NAME_MAX} characters")
    return raw


def _load_board(board: dict[str, Any]) -> dict[str, Any]:
    regions: dict[str, Region] = {}
    for i, r in enumerate(board["regions"]):
        where = f"board.json regions[{i}]"
        if r["id"] in regions or r["id"] == CASTILLO:
            raise DataError(f"{where}: region id {r['id']!r} is repeated or reserved")
        short = _short(r.get("short"), where)
        regions[r["id"]] = Region(
            r["id"], r["name"], short, r["english"], _values(r["values"], where)
        )
    neighbours: dict[str, set[str]] = {r: set() for r in regions}
    for a, b in board["borders"]:
        if a not in regions or b not in regions or a == b:
            raise DataError(f"board.json borders: {a!r}-{b!r} must join two different regions")
        neighbours[a].add(b)
        neighbours[b].add(a)
    return {
        "regions": regions,
        "castillo_values": _values(board["castillo"]["values"], "board.json castillo"),
        "castillo_short": _short(board["castillo"].get("short"), "board.json castillo"),
        "neighbours": {r: frozenset(n) for r, n in neighbours.items()},
        "scoreboards": {
            s["id"]: _values(s["values"], f"board.json scoreboards {s['id']}")
            for s in board["scoreboards"]
        },
        "caballeros_per_colour": board["caballeros_per_colour"],
        "home_caballeros": board["setup"]["home"],
        "court_caballeros": board["setup"]["court"],
        "rounds": board["rounds"],
        "short_game_skips": frozenset(board["short_game_skips"]),
        "general_scoring_after": frozenset(board["general_scoring_after"]),
        "ranks_paid": {int(k): v for k, v in board["ranks_paid"].items()},
        "king_bonus": board["bonus"]["king"],
        "home_bonus": board["bonus"]["home"],
    }


def _load_cards(cards: dict[str, Any]) -> dict[str, Any]:
    power = {int(k): v for k, v in cards["power_cards"].items()}
    if sorted(power) != list(range(1, 14)):
        raise DataError("cards.json power_cards: expected values 1 to 13, each once")
    action: dict[str, ActionCard] = {}
    for i, c in enumerate(cards["action_cards"]):
        if c["id"] in action:
            raise DataError(f"cards.json action_cards[{i}]: id {c['id']!r} is repeated")
        action[c["id"]] = ActionCard(c["id"], c["stack"], c["copies"], c["text"], c["title"])
    titles = [(c.stack, c.title) for c in action.values()]
    if len(set(titles)) != len(titles):
        raise DataError("cards.json action_cards: two cards of a stack share a title")
    return {"power_cards": power, "action_cards": action}


@cache
def game_data() -> GameData:
    """The shipped data, loaded and checked once per process."""
    data = GameData(**_load_board(_read("board.json")), **_load_cards(_read("cards.json")))
    stacks = {
        s: sum(c.copies for c in data.action_cards.values() if c.stack == s) for s in range(6)
    }
    if [stacks[s] for s in range(1, 6)] != [11, 11, 11, 11, 1]:
        raise DataError(f"cards.json: stacks 1-4 need 11 cards and stack 5 one card, got {stacks}")
    return data
