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

import functools
import importlib
import importlib.util

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


@functools.cache
def available() -> tuple[str, ...]:
    """The games this installation can play, the default first (a package left out of a build
    is not offered)."""
    return tuple(g for g, path in CATALOGUE.items() if _installed(path))


def _installed(path: str) -> bool:
    return importlib.util.find_spec(path.rpartition(".")[0]) is not None


def load(game_id: str) -> GameModule:
    """The module object of `game_id`; UnknownGame names the accepted ids."""
    path = CATALOGUE.get(game_id) if isinstance(game_id, str) else None
    try:
        if path is not None:
            return importlib.import_module(path).MODULE
    except ModuleNotFoundError as e:
        if not path.startswith(str(e.name)):  # a module the game itself imports: a real fault
            raise
    accepted = ", ".join(available())
    raise UnknownGame(f"unknown game {game_id!r}; accepted: {accepted}")
