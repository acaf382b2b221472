"""Cards that send caballeros back to the province: 2b and 2c (from the courts), 2d (each
opponent returns 3), 2e (one of each opponent's, chosen by the card's player).

>>> from companion.elgrande.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> return_from_courts(s, "red", most=3)
>>> s.court
{'red': 7, 'blue': 4}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from companion.elgrande.base import Step, caballeros, choices_text, free_regions, place_name
from companion.elgrande.moves import Action, Piece
from companion.elgrande.state import State


def return_from_courts(s: State, player: str, most: int | None) -> None:
    """2b (most None: all) and 2c (most 3): every opponent returns caballeros from the court."""
    for o in s.others(player):
        n = s.court[o] if most is None else min(most, s.court[o])
        s.move(o, "court", "province", n)
        s.announce("return", f"{o} returns {n} from the court to the province")


@dataclass
class ReturnThree(Step):
    """2d: clockwise from the card player's left, each opponent returns 3 from court and/or
    regions (never the Castillo or the King's region); as many as they can if fewer."""

    kind: ClassVar[str] = "return"
    player: str
    returned: dict[str, int] = field(default_factory=dict)

    def _sources(self, s: State, o: str) -> list[str]:
        court = ["court"] if s.court[o] else []
        return court + [r for r in free_regions(s) if s.board[r][o]]

    def _left(self, o: str) -> int:
        return 3 - self.returned.get(o, 0)

    def deciders(self, s: State) -> tuple[str, ...]:
        # Only this step moves caballeros meanwhile, so who is next is derived, never stored.
        for o in s.others(self.player):
            if self._left(o) and self._sources(s, o):
                return (o,)
        return ()

    def prompt(self, s: State) -> str:
        (o,) = self.deciders(s)
        return f"Return {caballeros(self._left(o))} (court or regions) to the province"

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("return_from", a) for a in self._sources(s, player)]

    def apply(self, s: State, player: str, action: Action) -> None:
        s.move(player, str(action.target), "province")
        self.returned[player] = self.returned.get(player, 0) + 1
        s.announce("return", f"{player} returns a caballero from {place_name(s, action.target)}")

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return "return from your court or a region (not the Castillo or the King's region); " + (
            choices_text(legal)
        )


@dataclass
class ReturnOneEach(Step):
    """2e: the card player returns 1 caballero of each opponent, from regions of their choice:
    a region, then whose caballero there. Every number on a card is a maximum: "done" stops
    with opponents left untouched."""

    kind: ClassVar[str] = "return_each"
    player: str
    hit: list[str] = field(default_factory=list)
    region: str | None = None  # the region picked, while choosing whose caballero
    stopped: bool = False

    def _targets(self, s: State) -> list[Piece]:
        return [
            Piece(r, o)
            for o in s.others(self.player)
            if o not in self.hit
            for r in free_regions(s)
            if s.board[r][o]
        ]

    def deciders(self, s: State) -> tuple[str, ...]:
        return (self.player,) if self._targets(s) and not self.stopped else ()

    def prompt(self, s: State) -> str:
        if self.region:
            return f"Whose caballero in {place_name(s, self.region)} goes back?"
        return "Return one caballero of each opponent: from which region?"

    def legal(self, s: State, player: str) -> list[Action]:
        if self.region:
            pieces = [p for p in self._targets(s) if p.region == self.region]
            return [*(Action("return_of", p) for p in pieces), Action("back")]
        regions = [r for r in free_regions(s) if any(p.region == r for p in self._targets(s))]
        return [*(Action("return_region", r) for r in regions), Action("done")]

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "done":
            self.stopped = True
            return
        if action.kind in ("return_region", "back"):
            self.region = str(action.target) if action.kind == "return_region" else None
            return
        self.region = None
        piece = action.target
        assert isinstance(piece, Piece)
        s.move(piece.colour, piece.region, "province")
        self.hit.append(piece.colour)
        s.announce(
            "return",
            f"{player} returns one of {piece.colour}'s caballeros "
            f"from {place_name(s, piece.region)}",
        )

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return "one caballero per opponent, from a region that is not the King's; " + (
            choices_text(legal)
        )
