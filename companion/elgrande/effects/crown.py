"""Cards that move the King, a Grande or a mobile scoreboard, and 4d's court refill: 4a, 4c, 4d,
4f and the King's card 5.

>>> from companion.elgrande.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> sorted(MoveKingAdjacent("red").options(s)) == sorted(s.data.neighbours[s.king])
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.elgrande.base import BY_CARD, PickOne, free_regions, place_name
from companion.elgrande.state import State


@dataclass
class ChooseScoreboard(PickOne):
    """4a: pick a mobile scoreboard, then the region it goes on."""

    purpose: ClassVar[str] = "scoreboard"
    question: ClassVar[str] = "Which mobile scoreboard?"
    rule: ClassVar[str] = "a scoreboard never leaves the King's region"

    def options(self, s: State) -> list[str]:
        on_king = s.scoreboards.get(s.king)  # a scoreboard in the King's region stays there
        movable = [b for b in s.data.scoreboards if b != on_king]
        return movable if PlaceScoreboard(self.player).options(s) else []

    def resolve(self, s: State, target: str | int) -> None:
        s.steps.append(PlaceScoreboard(self.player, board_id=str(target)))


@dataclass
class PlaceScoreboard(PickOne):
    purpose: ClassVar[str] = "scoreboard_to"
    question: ClassVar[str] = "Put the scoreboard on which region?"
    rule: ClassVar[str] = (
        "a scoreboard goes on a region without one, never the King's region or the Castillo"
    )
    board_id: str = ""

    def options(self, s: State) -> list[str]:
        return [r for r in free_regions(s) if r not in s.scoreboards]

    def resolve(self, s: State, target: str | int) -> None:
        s.scoreboards = {r: b for r, b in s.scoreboards.items() if b != self.board_id}
        s.scoreboards[str(target)] = self.board_id
        s.announce(
            "scoreboard",
            f"{self.player} puts scoreboard {self.board_id} on {place_name(s, target)}",
        )


@dataclass
class MoveGrande(PickOne):
    """4c: your Grande to another region; never into or out of the King's region."""

    purpose: ClassVar[str] = "grande_to"
    question: ClassVar[str] = "Move your Grande to which region?"
    rule: ClassVar[str] = (
        "a Grande never enters or leaves the King's region, nor goes to the Castillo"
    )

    def options(self, s: State) -> list[str]:
        if s.grandes[self.player] == s.king:
            return []  # a Grande never leaves the King's region
        return [r for r in free_regions(s) if r != s.grandes[self.player]]

    def resolve(self, s: State, target: str | int) -> None:
        s.grandes[self.player] = str(target)
        s.announce("grande", f"{self.player} moves the Grande to {place_name(s, target)}")


@dataclass
class RefillCourt(PickOne):
    """4d: up to 2 caballeros from the province into the court."""

    purpose: ClassVar[str] = "refill"
    question: ClassVar[str] = "Take how many from the province into your court?"
    rule: ClassVar[str] = "at most 2, and no more than your province holds"

    def options(self, s: State) -> list[int]:
        return list(range(min(2, s.province[self.player]), -1, -1))

    def resolve(self, s: State, target: str | int) -> None:
        assert isinstance(target, int)
        s.move(self.player, "province", "court", target)
        text = f"{self.player} takes {target} from the province into the court"
        s.announce("take", text, BY_CARD if target else None)  # a card's move is said aloud


@dataclass
class MoveKingAdjacent(PickOne):
    """4f: the King to a region bordering his own."""

    purpose: ClassVar[str] = "king_adjacent"
    question: ClassVar[str] = "Move the King to which neighbouring region?"
    rule: ClassVar[str] = "the King moves to a region bordering his own"

    def options(self, s: State) -> list[str]:
        return sorted(s.data.neighbours[s.king])

    def resolve(self, s: State, target: str | int) -> None:
        s.king = str(target)
        s.announce("king", f"{self.player} moves the King to {place_name(s, target)}")


@dataclass
class MoveKingAnywhere(MoveKingAdjacent):
    """5, the King's card: the King to any other region."""

    purpose: ClassVar[str] = "king_any"
    question: ClassVar[str] = "Put the King into which region?"
    rule: ClassVar[str] = "the King goes to another region"

    def options(self, s: State) -> list[str]:
        return [r for r in s.data.regions if r != s.king]
