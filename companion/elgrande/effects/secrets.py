"""Cards decided in secret: the disc cards 2f, 2g, 4e and 4g (everyone sets a disc, all are
revealed together) and 4b (a played power card back into the hand; nobody sees which).

4g in full: the player picks a region (`ChooseEvacuation`); every opponent with caballeros there
secretly sets a disc on where they all go (`CardDiscs`, card "4g"); then they move.

>>> from companion.elgrande.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> card_disc_options(s, "2g", "red") == [s.grandes["red"]]  # only where red has caballeros
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.elgrande.base import (
    Effect,
    PickOne,
    SecretStep,
    free_regions,
    place_name,
    special_scoring,
)
from companion.elgrande.moves import Action
from companion.elgrande.state import State

# Worded to fit three rows of the narrow main display and two of a pad's small print.
DISC_PROMPTS = {
    "2f": "Secret disc: a region with 2+ of yours; you return 2 there",
    "2g": "Secret disc: a region of yours; you return all yours there",
    "4e": "Secret disc: a region; a region only one picks is scored",
}


def card_disc_options(s: State, card: str, player: str, region: str = "") -> list[str]:
    """Where a player may set their disc for this card; the King's region is taboo for moves."""
    if card == "2f":
        return [r for r in free_regions(s) if s.board[r][player] >= 2]
    if card == "2g":
        return [r for r in free_regions(s) if s.board[r][player] >= 1]
    if card == "4e":
        return list(s.data.regions)
    return [r for r in free_regions(s) if r != region]  # 4g


@dataclass(repr=False)
class CardDiscs(SecretStep):
    """Secret discs for 2f, 2g, 4e and 4g: all chosen, then revealed and carried out together."""

    kind: ClassVar[str] = "card_disc"
    card: str = ""
    region: str = ""  # 4g: the region being emptied

    def prompt(self, s: State) -> str:
        if self.card == "4g":
            return f"Secret disc: where yours in {place_name(s, self.region)} go"
        return DISC_PROMPTS[self.card]

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("disc", r) for r in card_disc_options(s, self.card, player, self.region)]

    def reveal(self, s: State) -> None:
        discs = {p: str(self.sealed[p].target) for p in self.players}
        shown = ", ".join(f"{p} → {place_name(s, r)}" for p, r in discs.items())
        s.announce("discs", f"Discs ({s.data.card_named(self.card)}): {shown}", discs)
        if self.card == "4e":
            picked = list(discs.values())
            once = [r for r in s.data.regions if picked.count(r) == 1]
            special_scoring(s, once, "Regions picked by exactly one player")
            return
        for p, r in discs.items():
            if self.card == "2f":
                n, source, target = 2, r, "province"
            elif self.card == "2g":
                n, source, target = s.board[r][p], r, "province"
            else:
                n, source, target = s.board[self.region][p], self.region, r
            s.move(p, source, target, n)
            s.announce("move", f"{p}: {n} from {place_name(s, source)} to {place_name(s, target)}")


def start_discs(card: str) -> Effect:
    """2f, 2g, 4e: everyone who can set a disc for this card does, in secret."""

    def start(s: State, player: str) -> None:
        who = tuple(p for p in s.players if card_disc_options(s, card, p))
        if who:
            s.steps.append(CardDiscs(who, card=card))
        else:
            s.announce("card", f"{s.data.card_named(card)}: nobody can set a disc")

    return start


@dataclass
class ChooseEvacuation(PickOne):
    """4g: a region; every opponent there must move all their caballeros away (by disc)."""

    purpose: ClassVar[str] = "evacuate"
    question: ClassVar[str] = "Choose a region: opponents there move all theirs away"
    rule: ClassVar[str] = "choose a region, not the King's, where an opponent has caballeros"

    def options(self, s: State) -> list[str]:
        others = s.others(self.player)
        return [r for r in free_regions(s) if any(s.board[r][o] for o in others)]

    def resolve(self, s: State, target: str | int) -> None:
        region = str(target)
        s.announce("card", f"{self.player} chooses {place_name(s, region)}")
        hit = tuple(o for o in s.others(self.player) if s.board[region][o])
        s.steps.append(CardDiscs(hit, card="4g", region=region))


@dataclass(repr=False)
class TakeBackPower(SecretStep):
    """4b: take one of your played power cards back into your hand; nobody sees which."""

    kind: ClassVar[str] = "take_back"

    def prompt(self, s: State) -> str:
        return "Take back which played power card? (secret)"

    def legal(self, s: State, player: str) -> list[Action]:
        back = sorted(set(s.played[player]) - set(s.hands[player]))
        return [Action("take_back", v) for v in back]

    def reveal(self, s: State) -> None:
        (player,) = self.players
        s.hands[player].append(int(self.sealed[player].target or 0))
        s.hands[player].sort()
        s.announce("take_back", f"{player} takes a power card back")  # which one stays private


def take_back(s: State, player: str) -> None:
    """4b: only a player with a played card not already back in hand has anything to choose."""
    if set(s.played[player]) - set(s.hands[player]):
        s.steps.append(TakeBackPower((player,)))
