"""The games this device knows: an id → the module that provides it (see `companion.kit.game`).

Modules are imported when first asked for, so a table playing one game never loads another.

>>> available()[0]
'elgrande'
>>> load("elgrande").info.name
'El Grande'
>>> try:
...     load("chess")
... except UnknownGame as e:
...     print(str(e)[:40])
unknown game 'chess'; accepted: elgrande
"""

from __future__ import annotations

import importlib

from companion.kit.game import GameModule

# The default game first: a saved game that names none is El Grande's (stores written before
# games were named).
CATALOGUE: dict[str, str] = {
    "elgrande": "companion.elgrande.module",
    "akropolis": "companion.akropolis.module",
    "castell": "companion.castell.module",
    "carcassonne": "companion.carcassonne.module",
}
DEFAULT = "elgrande"


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def available() -> tuple[str, ...]:
    return tuple(CATALOGUE)


def load(game_id: str) -> GameModule:
    """The module object of `game_id`; UnknownGame names the accepted ids."""
    try:
        path = CATALOGUE[game_id]
    except (KeyError, TypeError):
        accepted = ", ".join(CATALOGUE)
        raise UnknownGame(f"unknown game {game_id!r}; accepted: {accepted}") from None
    return importlib.import_module(path).MODULE
