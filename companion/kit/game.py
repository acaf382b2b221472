"""What a game module provides, for the layers above it: `GameInfo` and the `GameModule` protocol.

The model is OpenSpiel's `GameType` (the game's nature declared, not discovered) and boardgame.io's
game object (the game as data and pure moves, `playerView` applied before anything leaves).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class GameInfo:
    """A game's nature: its id (stored in every saved game's header), its name on the setup
    screen, how many may play, the seat colours in the box, and the documents it follows."""

    id: str
    name: str
    players: tuple[int, int]  # fewest, most
    colours: tuple[str, ...]
    hidden_information: bool  # does a seat ever hold a secret (a sealed choice)?
    seeds: tuple[str, ...]  # the source documents every default traces to


class GameModule(Protocol):
    """One game, as the session, the app and the commands see it."""

    info: GameInfo

    def score_document(self, doc: Any) -> dict[str, Any]:
        """`companion score FILE` for this game: a parsed JSON document in, the JSON result out
        (`totals` by player first); bad input raises `companion.kit.strict_json.InputError`."""
        ...

    def option_choices(self) -> Mapping[str, tuple[Any, ...]]:
        """The table options and their accepted values, the default first."""
        ...
