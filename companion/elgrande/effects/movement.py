"""Cards that move caballeros: 1a–1f and 1i move them between regions, 1g places two more, 1h is
1g or 1i.

The rules every move card shares: caballeros come from regions (never from the Castillo, a
court or the King's region) and go to another region or the Castillo (never the King's region);
each caballero moves once per card.

>>> from companion.elgrande.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> step = MoveCaballeros("red", "own", 4)
>>> step.legal(s, "red") == [Action("move_region", s.grandes["red"]), Action("done")]
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from companion.elgrande.base import (
    BY_CARD,
    Effect,
    PickOne,
    Step,
    choices_text,
    free_regions,
    place_name,
)
from companion.elgrande.data import CASTILLO
from companion.elgrande.moves import Action, Piece
from companion.elgrande.state import State


@dataclass
class MoveCaballeros(Step):
    """Move caballeros one at a time: pick a region, then a colour there, then where it goes
    (three pad-sized menus; 1a and 1i fix the region, so they start at the colour).

    `colours`: "any", "own", "opponents" or "split" (1d: up to 2 own and up to 2 opponents').
    """

    kind: ClassVar[str] = "move"
    player: str
    colours: str
    limit: int
    source: str | None = None  # 1a / 1i: only out of this region
    must_empty: bool = False  # 1i: every one of yours there must go
    moved_own: int = 0
    moved_opp: int = 0
    region: str | None = None  # the region picked, while choosing a colour there
    holding: Piece | None = None  # the caballero picked up, while choosing where it goes
    arrived: dict[str, dict[str, int]] = field(default_factory=dict)  # moved in: may not move again
    stopped: bool = False

    def _may_take(self, colour: str) -> bool:
        own = colour == self.player
        if self.moved_own + self.moved_opp >= self.limit:
            return False
        if self.colours == "own":
            return own
        if self.colours == "opponents":
            return not own
        if self.colours == "split":
            return self.moved_own < 2 if own else self.moved_opp < 2
        return True

    def _sources(self, s: State, region: str | None = None) -> list[Piece]:
        regions = [region] if region else [self.source] if self.source else free_regions(s)
        out = []
        for r in regions:
            for colour in s.players:
                left = s.board[r][colour] - self.arrived.get(r, {}).get(colour, 0)
                if left > 0 and self._may_take(colour):
                    out.append(Piece(r, colour))
        return out

    def deciders(self, s: State) -> tuple[str, ...]:
        if self.holding or self.region:
            return (self.player,)
        return () if self.stopped or not self._sources(s) else (self.player,)

    def prompt(self, s: State) -> str:
        if self.holding:
            held = self.holding
            return f"Move {held.colour}'s caballero from {place_name(s, held.region)} to?"
        if self.region:
            return f"Whose caballero in {place_name(s, self.region)}?"
        return f"Choose a caballero to move ({self.moved_own + self.moved_opp} moved)"

    def legal(self, s: State, player: str) -> list[Action]:
        if self.holding:
            areas = [*free_regions(s), CASTILLO]
            return [Action("move_to", a) for a in areas if a != self.holding.region]
        if self.region:
            pieces = self._sources(s, self.region)
            return [*(Action("move_from", p) for p in pieces), Action("back")]
        if self.source:
            picks = [Action("move_from", p) for p in self._sources(s)]
        else:
            regions = dict.fromkeys(p.region for p in self._sources(s))
            picks = [Action("move_region", r) for r in regions]
        return picks if self.must_empty else [*picks, Action("done")]

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "done":
            self.stopped = True
        elif action.kind == "move_region":
            self.region = str(action.target)
        elif action.kind == "back":
            self.region = None
        elif action.kind == "move_from":
            assert isinstance(action.target, Piece)
            self.holding, self.region = action.target, None
        else:
            assert self.holding is not None
            (region, colour), target = (self.holding.region, self.holding.colour), action.target
            assert isinstance(target, str)
            s.move(colour, region, target)
            self.arrived.setdefault(target, {}).setdefault(colour, 0)
            self.arrived[target][colour] += 1
            if colour == self.player:
                self.moved_own += 1
            else:
                self.moved_opp += 1
            self.holding = None
            s.announce(
                "move",
                f"{colour}'s caballero moves from {place_name(s, region)} "
                f"to {place_name(s, target)}",
            )

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        if action.kind == "move_to":
            why = "a moved caballero goes to another region (not the King's) or the Castillo"
        elif action.kind in ("move_from", "move_region"):
            why = (
                "caballeros move out of regions only (never the Castillo, a court or the "
                f"King's region), within this card's limits ({self.colours}, up to {self.limit})"
            )
        else:
            why = "finish this move first" if self.holding else "that is not allowed now"
        return f"{why}; " + choices_text(legal)


@dataclass
class ChooseRegion1a(PickOne):
    """1a: up to 5 caballeros of any colours out of one region."""

    purpose: ClassVar[str] = "region_1a"
    question: ClassVar[str] = "Choose a region to move up to 5 caballeros out of"
    rule: ClassVar[str] = "choose an occupied region other than the King's"

    def options(self, s: State) -> list[str]:
        return [r for r in free_regions(s) if s.total_in(r) > 0]

    def resolve(self, s: State, target: str | int) -> None:
        s.steps.append(MoveCaballeros(self.player, "any", 5, source=str(target)))


@dataclass
class ChooseRegion1i(PickOne):
    """1i: all your caballeros out of one region."""

    purpose: ClassVar[str] = "region_1i"
    question: ClassVar[str] = "Choose a region to move all your caballeros out of"
    rule: ClassVar[str] = "choose a region, not the King's, where you have caballeros"

    def options(self, s: State) -> list[str]:
        return [r for r in free_regions(s) if s.board[r][self.player] > 0]

    def resolve(self, s: State, target: str | int) -> None:
        move = MoveCaballeros(self.player, "own", 99, source=str(target), must_empty=True)
        s.steps.append(move)


@dataclass
class PlaceExtra(Step):
    """1g: up to 2 more from your court into any region (not the King's) or the Castillo."""

    kind: ClassVar[str] = "place_extra"
    player: str
    remaining: int = 2

    def deciders(self, s: State) -> tuple[str, ...]:
        return (self.player,) if self.remaining > 0 and s.court[self.player] > 0 else ()

    def prompt(self, s: State) -> str:
        return f"Place up to {self.remaining} more anywhere (not the King's region)"

    def legal(self, s: State, player: str) -> list[Action]:
        areas = [*free_regions(s), CASTILLO]
        return [*(Action("place", a) for a in areas), Action("done")]

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "done":
            self.remaining = 0
            return
        s.move(player, "court", str(action.target))
        self.remaining -= 1
        text = f"{player} places a caballero in {place_name(s, action.target)}"
        s.announce("place", text, BY_CARD)  # said aloud: a card's move, not the turn's own

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return "the King's region is taboo; " + choices_text(legal)


@dataclass
class ChooseEither(PickOne):
    """1h: played as 1g or as 1i."""

    purpose: ClassVar[str] = "either"
    question: ClassVar[str] = "Play “Move all or place 2” as which card?"
    rule: ClassVar[str] = "choose “Place 2 more” (1g) or “Move all yours out” (1i)"

    def options(self, s: State) -> list[str]:
        return ["1g", "1i"]

    def resolve(self, s: State, target: str | int) -> None:
        s.announce("card", f"{self.player} plays it as {s.data.card_named(str(target))}")
        s.steps.append(PlaceExtra(self.player) if target == "1g" else ChooseRegion1i(self.player))


def start_move(colours: str, limit: int) -> Effect:
    """1b–1f: a move of up to `limit` caballeros of the given colours."""

    def start(s: State, player: str) -> None:
        s.steps.append(MoveCaballeros(player, colours, limit))

    return start
