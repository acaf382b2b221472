"""The round's own decisions: who bids first, the bids, each player's turn. The general
scoring's live in `scoring_steps`, card actions in `effects`; the step vocabulary in `base`.

>>> from companion.elgrande.engine import new_game
>>> from companion.elgrande.options import TableOptions
>>> s = new_game(["red", "blue"], seed=1, options=TableOptions(bidding="open"))
>>> step = s.steps[-1]
>>> type(step).__name__, step.deciders(s) == (s.first_bidder,)
('OpenBids', True)
>>> [str(a) for a in step.legal(s, s.first_bidder)]  # 13 cards: a group first
['bid_group:1-7', 'bid_group:8-13']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from companion.elgrande.base import (
    MENU_MAX,
    SecretStep,
    Step,
    caballeros,
    choices_text,
)
from companion.elgrande.data import CASTILLO
from companion.elgrande.effects import begin_effect, has_effect
from companion.elgrande.moves import Action, describe
from companion.elgrande.state import State

# -- round set-up --------------------------------------------------------------------------------


@dataclass
class ChooseFirstBidder(Step):
    """Round 1 with first_bidder = "choose": the first seat enters who the table picked."""

    kind: ClassVar[str] = "first_bidder"

    def deciders(self, s: State) -> tuple[str, ...]:
        return () if s.first_bidder else (s.players[0],)

    def prompt(self, s: State) -> str:
        return "Who bids first in round 1?"

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("first_bidder", p) for p in s.players]

    def apply(self, s: State, player: str, action: Action) -> None:
        s.first_bidder = str(action.target)
        s.announce("first_bidder", f"{s.first_bidder} bids first")


@dataclass
class RevealCard(Step):
    """Physical deck: the table says which card of `stack` was turned up."""

    kind: ClassVar[str] = "reveal"
    stack: int
    done: bool = False

    def deciders(self, s: State) -> tuple[str, ...]:
        return () if self.done else (s.first_bidder or s.players[0],)

    def prompt(self, s: State) -> str:
        return f"Which card was turned up from stack {self.stack}?"

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("reveal", c) for c in sorted(set(s.stacks[self.stack]))]

    def apply(self, s: State, player: str, action: Action) -> None:
        s.stacks[self.stack].remove(str(action.target))
        s.face_up.insert(len(s.face_up) - 1, str(action.target))  # the King's card stays last
        self.done = True

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return (
            f"{s.data.card_named(str(action.target))} is not left in stack {self.stack} "
            f"(each copy is turned up once per game); " + choices_text(legal)
        )


# -- power cards ---------------------------------------------------------------------------------


# More than MENU_MAX power cards (rounds 1-3) are offered as two groups first, then the card.
BID_GROUPS = {"1-7": range(1, 8), "8-13": range(8, 14)}


def bid_menu(values: list[int], group: str | None) -> list[Action]:
    """The power cards `values` as a pad-sized menu; `group` is the group picked, if any.

    >>> [str(a) for a in bid_menu(list(range(1, 14)), None)]
    ['bid_group:1-7', 'bid_group:8-13']
    >>> [str(a) for a in bid_menu(list(range(3, 14)), "1-7")]
    ['bid:3', 'bid:4', 'bid:5', 'bid:6', 'bid:7', 'back']
    """
    if len(values) <= MENU_MAX:
        return [Action("bid", v) for v in values]
    if group is None:
        return [
            Action("bid_group", g) for g, r in BID_GROUPS.items() if any(v in r for v in values)
        ]
    return [*(Action("bid", v) for v in values if v in BID_GROUPS[group]), Action("back")]


def _reveal_bids(s: State, bids: dict[str, int]) -> None:
    for p, v in bids.items():
        s.play_power_card(p, v)
    shown = ", ".join(f"{p} {v}" for p, v in bids.items())
    s.announce("bids", f"Power cards: {shown}", dict(bids))


@dataclass(repr=False)
class SealedBids(SecretStep):
    """Everyone enters a power card at once. A later bidder (seat order) whose value an earlier
    one holds is told privately and enters again; then all are revealed together."""

    kind: ClassVar[str] = "bid"
    blocked: dict[str, set[int]] = field(default_factory=dict)
    groups: dict[str, str] = field(default_factory=dict)  # a bidder's menu group: private too

    def prompt(self, s: State) -> str:
        return "Choose your power card (sealed)"

    def legal(self, s: State, player: str) -> list[Action]:
        taken = self.blocked.get(player, set())
        values = [v for v in sorted(s.hands[player]) if v not in taken]
        return bid_menu(values, self.groups.get(player))

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "bid_group":
            self.groups[player] = str(action.target)
            self.groups = {p: self.groups[p] for p in self.players if p in self.groups}
            return
        self.groups.pop(player, None)
        if action.kind != "back":
            super().apply(s, player, action)

    def reveal(self, s: State) -> None:
        held: set[int] = set()
        for p in self.players:  # seat order from the first bidder
            value = int(self.sealed[p].target or 0)
            if value in held:
                del self.sealed[p]
                self.blocked.setdefault(p, set()).add(value)
                # Short enough for a pad's small print: an earlier bidder holds it.
                self.notices[p] = f"{value} is taken: choose again"
            else:
                held.add(value)
        if not self.deciders(s):
            _reveal_bids(s, {p: int(self.sealed[p].target or 0) for p in self.players})


@dataclass
class OpenBids(Step):
    """The printed rule: in seat order, each power card face up as it is played."""

    kind: ClassVar[str] = "bid"
    private_options: ClassVar[bool] = True  # a hand may hold a card taken back in secret (4b)
    players: tuple[str, ...]
    group: str | None = None  # the menu group the bidder picked

    def deciders(self, s: State) -> tuple[str, ...]:
        waiting = [p for p in self.players if p not in s.bids]
        return (waiting[0],) if waiting else ()

    def prompt(self, s: State) -> str:
        return "Play a power card"

    def _values(self, s: State, player: str) -> list[int]:
        played = set(s.bids.values())
        return [v for v in sorted(s.hands[player]) if v not in played]

    def legal(self, s: State, player: str) -> list[Action]:
        return bid_menu(self._values(s, player), self.group)

    def apply(self, s: State, player: str, action: Action) -> None:
        self.group = str(action.target) if action.kind == "bid_group" else None
        if action.kind != "bid":
            return
        value = int(action.target or 0)
        s.play_power_card(player, value)
        s.announce("bid", f"{player} plays power card {value}", value)

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        by = next((p for p, v in s.bids.items() if v == action.target), None)
        if by is not None:
            why = f"power card {action.target} was already played this round by {by}"
        elif action.kind == "bid" and action.target in s.played[player]:
            why = f"power card {action.target} was already used by {player} this game"
        elif action.kind == "bid" and action.target in self._values(s, player):
            why = f"power card {action.target}: choose its group first"
        else:
            why = f"{describe(action)} is not a power card {player} holds"
        values = ", ".join(str(v) for v in self._values(s, player))
        return f"{why}; you may play {values}"


# -- a player's turn -----------------------------------------------------------------------------


@dataclass
class TakeCaballeros(Step):
    """Province → court, up to the power card's number; from your own regions (never the
    Castillo or the King's region) only once the province is empty."""

    kind: ClassVar[str] = "take"
    player: str
    remaining: int

    def _sources(self, s: State) -> list[str]:
        return [r for r in s.data.regions if r != s.king and s.board[r][self.player] > 0]

    def deciders(self, s: State) -> tuple[str, ...]:
        if self.remaining <= 0:
            return ()
        if s.province[self.player] == 0 and not self._sources(s):
            return ()
        return (self.player,)

    def prompt(self, s: State) -> str:
        # The offer is what can be taken: the card's number, or fewer if the province holds fewer.
        most = min(self.remaining, s.province[self.player])
        if most:
            return f"Take up to {caballeros(most)} into your court"
        return f"Province empty: take up to {self.remaining} from your regions"

    def legal(self, s: State, player: str) -> list[Action]:
        province = s.province[player]
        if province:
            most = min(self.remaining, province)
            return [Action("take", n) for n in range(most, -1, -1)]
        return [*(Action("take_from", r) for r in self._sources(s)), Action("done")]

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "take":
            n = int(action.target or 0)
            province_before = s.province[player]
            s.move(player, "province", "court", n)
            # Taking fewer than you could ends the step; taking the whole province may go on.
            self.remaining = self.remaining - n if n == province_before else 0
            s.announce("take", f"{player} takes {n} into the court")
        elif action.kind == "take_from":
            s.move(player, str(action.target), "court")
            self.remaining -= 1
            s.announce(
                "take", f"{player} takes one back from {s.data.area_name(str(action.target))}"
            )
        else:
            self.remaining = 0

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        if action.kind == "take_from" and s.province[player]:
            why = "you may take from your regions only once your province is empty"
        elif action.kind == "take_from" and action.target in (CASTILLO, s.king):
            why = "caballeros never leave the Castillo or the King's region this way"
        elif action.kind == "take" and not s.province[player]:
            why = "your province is empty: take from your regions, one at a time"
        elif action.kind == "take":
            why = f"you may take at most {min(self.remaining, s.province[player])} now"
        else:
            why = f"{describe(action)} is not allowed now"
        return f"{why}; " + choices_text(legal)


@dataclass
class ChooseActionCard(Step):
    kind: ClassVar[str] = "card"
    player: str
    chosen: bool = False

    def deciders(self, s: State) -> tuple[str, ...]:
        return () if self.chosen else (self.player,)

    def prompt(self, s: State) -> str:
        return "Take an action card"

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("card", c) for c in s.face_up]

    def apply(self, s: State, player: str, action: Action) -> None:
        card = str(action.target)
        s.face_up.remove(card)
        s.taken[player] = card
        self.chosen = True
        if card == "2a":  # the Veto is kept face up until used or the next round ends
            s.vetoes.setdefault(player, []).append(s.round_index)
        s.announce("card", f"{player} takes {s.data.card_named(card)}", card)

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return (
            f"{s.data.card_named(str(action.target))} is not on offer this round; "
            + choices_text(legal)
        )


@dataclass
class Turn(Step):
    """Placement (up to the card's number, into areas bordering the King, or the Castillo) and
    the card's special action, in either order, never interleaved."""

    kind: ClassVar[str] = "turn"
    player: str
    placed: int = 0
    placing: bool = False
    placement_done: bool = False
    action_done: bool = False

    def _card(self, s: State) -> str:
        return s.taken[self.player]

    def _limit(self, s: State) -> int:
        return s.data.action_cards[self._card(s)].caballeros

    def _can_place(self, s: State) -> bool:
        return not self.placement_done and self.placed < self._limit(s) and s.court[self.player] > 0

    def _can_act(self, s: State) -> bool:
        return not self.action_done and not self.placing and has_effect(self._card(s))

    def deciders(self, s: State) -> tuple[str, ...]:
        busy = self.placing or self._can_place(s) or self._can_act(s)
        return (self.player,) if busy else ()

    def prompt(self, s: State) -> str:
        limit = self._limit(s)
        if self.placing:
            return f"Place caballeros ({self.placed} of {limit} placed)"
        card = s.data.card_named(self._card(s))
        return f"{card}: place up to {limit} and/or act"

    def legal(self, s: State, player: str) -> list[Action]:
        acts = []
        if self._can_place(s):
            acts += [Action("place", a) for a in s.placement_areas()]
        if self.placing:
            acts.append(Action("stop_placing"))
            return acts
        if self._can_act(s):
            acts.append(Action("act", self._card(s)))
        acts.append(Action("end_turn"))
        return acts

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "place":
            area = str(action.target)
            s.move(player, "court", area)
            self.placed += 1
            self.placing = self._can_place(s)
            self.placement_done = not self.placing
            s.announce("place", f"{player} places a caballero in {s.data.area_name(area)}")
        elif action.kind == "stop_placing":
            self.placing, self.placement_done = False, True
        elif action.kind == "act":
            self.action_done = True
            begin_effect(s, player, self._card(s))
        else:
            self.placement_done = self.action_done = True

    def on_finish(self, s: State) -> None:
        s.turn_index += 1

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        area = action.target
        if action.kind == "place" and area == s.king:
            why = "the King's region is taboo: no caballero may enter it"
        elif action.kind == "place" and area not in (*s.data.regions, CASTILLO):
            why = f"a caballero goes into a region or the Castillo, not {str(area)[:20]!r}"
        elif action.kind == "place" and area in s.data.regions and self._can_place(s):
            why = f"{s.data.area_name(str(area))} does not border the King's region"
        elif action.kind == "place" and s.court[player] == 0:
            why = "your court is empty"
        elif action.kind == "place" and self.placed >= self._limit(s):
            card = s.data.card_named(self._card(s))
            why = f"{card} lets you place at most {caballeros(self._limit(s))}"
        elif action.kind == "place":
            why = "your placement is over: placement and action are never interleaved"
        elif action.kind == "act" and self.placing:
            why = "finish placing first: placement and action are never interleaved"
        else:
            why = f"{describe(action)} is not allowed now"
        return f"{why}; " + choices_text(legal)
