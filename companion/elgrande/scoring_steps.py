"""The general scoring's decisions: the table's corrections of the device's board, then every
player's secret Castillo disc, revealed together; the Castillo and the regions are then scored.
The round's other decisions live in `steps`; the step vocabulary in `base`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.elgrande.base import (
    SecretStep,
    Step,
    add_scores,
    caballeros,
    choices_text,
    place_name,
)
from companion.elgrande.data import CASTILLO
from companion.elgrande.moves import Action
from companion.elgrande.scoring import general_scoring
from companion.elgrande.state import State

COURTS, SCOREBOARDS = "court", "scoreboards"  # the board check's pages that are not areas
PROVINCE = "province"


def check_pages(regions: Sequence[str], scoreboards: bool) -> list[str]:
    """The pages of the board check before a general scoring, in the order ◀ ▶ walk them:
    every region, the Castillo (its total only while its contents are hidden), the courts,
    and the mobile scoreboards when one lies on the board.

    >>> check_pages(["aragon", "galicia"], True)
    ['aragon', 'galicia', 'castillo', 'court', 'scoreboards']
    """
    return [*regions, CASTILLO, COURTS, *((SCOREBOARDS,) if scoreboards else ())]


@dataclass
class Corrections(Step):
    """Before a general scoring the table compares the device's board with the real one —
    page by page in `check_pages` order, a region, the Castillo, the courts or the scoreboards
    at a time ("Sevilla matches" turns to the next page; the main display shows the device's
    counts of the page) — and, where they differ, moves one caballero at a time between the
    device's places (a region, the Castillo, a court, or back to the province) until they
    match; the page then comes up again. "board is right" ends it. Three pad-sized menus: the
    place it leaves (the page's "fix …", or any region by way of "fix a region"), its colour,
    where it goes.

    Decided on one pad: the first bidder of the coming round (the lowest power card of the round
    just played), who is also the next to be asked anything. A correction out of a hidden
    Castillo shows its colours on that pad only; the prompt and the event name no colour (the
    court or region it lands in still shows a count change, as the cube on the board does).
    """

    kind: ClassVar[str] = "correct"
    player: str
    regions_menu: bool = False  # "fix a region" picked: the regions are listed
    to_regions: bool = False  # "to a region" picked as the destination: the regions are listed
    source: str | None = None  # the place a caballero leaves
    colour: str | None = None  # whose caballero
    confirmed: bool = False
    # The places the table has compared page by page and found right (◀ ▶ walk the pages).
    matched: list[str] = field(default_factory=list)

    @property
    def private_options(self) -> bool:  # type: ignore[override]
        """The colours offered out of the Castillo show its contents: the decider's pad only."""
        return self.source == CASTILLO

    def _places(self, s: State) -> list[str]:
        return ["court", CASTILLO, *s.data.regions]

    def _count(self, s: State, place: str, colour: str) -> int:
        return s.court[colour] if place == "court" else s.board[place][colour]

    def _hidden(self, s: State, place: str) -> bool:
        """Is `place` the Castillo while its contents are secret?"""
        return place == CASTILLO and not s.options.castillo_public

    def _occupied(self, s: State, place: str) -> bool:
        return any(self._count(s, place, p) for p in s.players)

    def deciders(self, s: State) -> tuple[str, ...]:
        return () if self.confirmed else (self.player,)

    def prompt(self, s: State) -> str:
        if self.colour and self.source:
            whose = "the" if self._hidden(s, self.source) else f"{self.colour}'s"
            return f"Move {whose} caballero from {place_name(s, self.source)} to?"
        if self.source:
            return "Whose caballero is one too many there?"
        return "Before scoring: does the board match? Fix a place or confirm"

    def legal(self, s: State, player: str) -> list[Action]:
        if self.colour and self.to_regions:
            regions = [r for r in s.data.regions if r != self.source]
            return [*(Action("fix_to", r) for r in regions), Action("back")]
        if self.colour:
            # The province too (a caballero the device placed that never left it): with the
            # nine regions that is more than a menu holds, so the regions come one menu on.
            places = [p for p in ("court", CASTILLO, PROVINCE) if p != self.source]
            return [*(Action("fix_to", p) for p in places), Action("to_regions")]
        if self.source:
            colours = [p for p in s.players if self._count(s, self.source, p) > 0]
            return [*(Action("fix_colour", c) for c in colours), Action("back")]
        if self.regions_menu:
            regions = [r for r in s.data.regions if self._occupied(s, r)]
            return [*(Action("fix_from", r) for r in regions), Action("back")]
        # One page at a time, in order: the first not yet found right. "… matches" turns to the
        # next; "fix …" moves a caballero out of it (the page is then looked at again).
        page = next((p for p in self.pages(s) if p not in self.matched), None)
        if page is None:  # every page found right: a last fix is still possible
            fixes = [Action("fix_from", p) for p in ("court", CASTILLO) if self._occupied(s, p)]
            return [Action("confirm"), *fixes, Action("fix_regions")]
        fixable = page in self._places(s) and self._occupied(s, page)
        fix = [Action("fix_from", page)] if fixable else []
        return [Action("confirm"), Action("matches", page), *fix, Action("fix_regions")]

    def pages(self, s: State) -> list[str]:
        """The pages the table compares one by one (`check_pages`)."""
        return check_pages(s.data.regions, bool(s.scoreboards))

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "confirm":
            self.confirmed = True
            s.announce("confirm", f"{player} confirms the board for scoring")
        elif action.kind == "matches":
            self.matched.append(str(action.target))
        elif action.kind == "fix_regions":
            self.regions_menu = True
        elif action.kind == "to_regions":
            self.to_regions = True
        elif action.kind == "back":
            if self.to_regions:
                self.to_regions = False
            elif self.source:
                self.source = None
            else:
                self.regions_menu = False
        elif action.kind == "fix_from":
            self.source = str(action.target)
        elif action.kind == "fix_colour":
            self.colour = str(action.target)
        else:
            assert self.source and self.colour
            source, colour, target = self.source, self.colour, str(action.target)
            s.move(colour, source, target)
            self.matched = [m for m in self.matched if m not in (source, target)]  # look again
            self.regions_menu, self.source, self.colour = False, None, None
            self.to_regions = False
            # Into or out of a hidden Castillo, no colour is said (as undo's words).
            hidden = self._hidden(s, source) or self._hidden(s, target)
            whose = "a caballero" if hidden else f"one of {colour}'s caballeros"
            move = f"from {place_name(s, source)} to {place_name(s, target)}"
            s.announce(
                "correction",
                f"Correction: {whose} moves {move}",
                {"from": source, "to": target} | ({} if hidden else {"colour": colour}),
            )


@dataclass(repr=False)
class CastilloDiscs(SecretStep):
    """Every player secretly sets a disc; the Castillo is scored, the discs revealed, the
    Castillo emptied where they point (the King's region: back to court), all regions scored."""

    kind: ClassVar[str] = "castillo_disc"

    def prompt(self, s: State) -> str:
        return "Secret disc: where your Castillo caballeros go"

    def legal(self, s: State, player: str) -> list[Action]:
        forbidden = s.king if s.options.castillo_disc_on_king == "forbidden" else None
        return [Action("disc", r) for r in s.data.regions if r != forbidden]

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        # The King's region is public; saying why it is closed echoes no one's sealed disc.
        if action == Action("disc", s.king) and action not in legal:
            why = "the King's region is closed to Castillo discs under castillo_disc_on_king"
            return f"{why} = {s.options.castillo_disc_on_king}; " + choices_text(legal)
        return super().refusal(s, player, action, legal)

    def reveal(self, s: State) -> None:
        discs = {p: str(self.sealed[p].target) for p in self.players}
        result = general_scoring(s.position(), discs)
        castillo, *regions = result.areas
        add_scores(s, [castillo], "Castillo scored")
        # Before any region is read out, the table empties the real Castillo as the discs say.
        moves = self._moves_text(s, discs)
        s.announce("castillo_discs", f"Discs revealed. {moves}", self._moves(s, discs))
        for area in s.board:
            s.board[area] = {p: result.caballeros_after.get(area, {}).get(p, 0) for p in s.players}
        for p, n in result.to_court.items():
            s.court[p] += n
        add_scores(s, regions, "Regions scored")

    @staticmethod
    def _moves(s: State, discs: dict[str, str]) -> dict[str, dict[str, Any]]:
        """Per player: the disc, how many caballeros leave the Castillo, and where they go
        (a disc on the King's region sends them back to the court)."""
        return {
            p: {
                "disc": r,
                "count": s.board[CASTILLO][p],
                "to": "court" if r == s.king else r,
            }
            for p, r in discs.items()
        }

    def _moves_text(self, s: State, discs: dict[str, str]) -> str:
        said = []
        for p, move in self._moves(s, discs).items():
            n, disc = move["count"], s.data.area_name(discs[p])
            if not n:
                said.append(f"{p} → {disc}, none in the Castillo")
            elif move["to"] == "court":
                said.append(f"{p}: {caballeros(n)} → the court (disc on the King's {disc})")
            else:
                said.append(f"{p}: {caballeros(n)} → {disc}")
        return "; ".join(said)
