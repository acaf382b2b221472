"""Action-card special actions (RULES.md §6): the index of every card first, then one module per
family — movement (1a–1i), returns (2b–2e), scorings (2h, 3a–3h), secrets (2f, 2g, 4b, 4e, 4g),
crown (4a, 4c, 4d, 4f, 5) and veto (2a).

A turn reaches a card's action only through `begin_effect`: Veto holders are asked first, then
the card's `Effect` starts (it changes the state or pushes the steps it needs).

>>> from companion.elgrande.data import game_data
>>> set(CARD_EFFECTS) == set(game_data().action_cards) - {"2a"}
True
>>> has_effect("2a"), has_effect("4f")
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.elgrande.base import Effect, Step
from companion.elgrande.effects import crown, movement, returns, scorings, secrets
from companion.elgrande.effects.veto import PendingAction, VetoWindow, veto_holders
from companion.elgrande.state import State


def _push(step_type: type[Step]) -> Effect:
    """An effect that asks the card's player one step of `step_type`."""

    def start(s: State, player: str) -> None:
        s.steps.append(step_type(player))  # type: ignore[call-arg]

    return start


# Card id -> how its action starts (45 cards: 11 each in stacks 1–4, the King's card 5). The
# Veto, 2a (2 copies), has no action: it is kept and played against another's action.
CARD_EFFECTS: dict[str, Effect] = {
    # movement: 1a–1f and 1i move caballeros, 1g places two more, 1h is 1g or 1i
    "1a": _push(movement.ChooseRegion1a),
    "1b": movement.start_move("any", 4),
    "1c": movement.start_move("own", 4),
    "1d": movement.start_move("split", 4),
    "1e": movement.start_move("opponents", 3),
    "1f": movement.start_move("any", 3),
    "1g": _push(movement.PlaceExtra),
    "1h": _push(movement.ChooseEither),
    "1i": _push(movement.ChooseRegion1i),
    # returns to the province
    "2b": lambda s, player: returns.return_from_courts(s, player, None),
    "2c": lambda s, player: returns.return_from_courts(s, player, 3),
    "2d": _push(returns.ReturnThree),
    "2e": _push(returns.ReturnOneEach),
    # secret discs and the hidden take-back
    "2f": secrets.start_discs("2f"),
    "2g": secrets.start_discs("2g"),
    "4b": secrets.take_back,
    "4e": secrets.start_discs("4e"),
    "4g": _push(secrets.ChooseEvacuation),
    # special scorings
    "2h": _push(scorings.ScoreRegion),
    "3a": scorings.score_now(
        "Special scoring: regions with first value 4", scorings.first_value_in({4})
    ),
    "3b": scorings.score_now("Special scoring: 5-point regions", scorings.first_value_in({5})),
    "3c": scorings.score_now(
        "Special scoring: 6- and 7-point regions", scorings.first_value_in({6, 7})
    ),
    "3d": scorings.score_now("Special scoring: the Castillo", scorings.castillo),
    "3e": scorings.score_now(
        "Special scoring: first places", scorings.every_region, first_only=True
    ),
    "3f": scorings.score_now("Special scoring: the fullest region(s)", scorings.fullest),
    "3g": scorings.score_now("Special scoring: the emptiest region(s)", scorings.emptiest),
    "3h": _push(scorings.ScoreArea),
    # the King, the Grandes, the scoreboards, the court
    "4a": _push(crown.ChooseScoreboard),
    "4c": _push(crown.MoveGrande),
    "4d": _push(crown.RefillCourt),
    "4f": _push(crown.MoveKingAdjacent),
    "5": _push(crown.MoveKingAnywhere),
}


def has_effect(card: str) -> bool:
    """Every card but the Veto (which is kept, not carried out) has a special action."""
    return card in CARD_EFFECTS


def begin_effect(s: State, player: str, card: str) -> None:
    """The player carries out the card's action: Veto holders are asked first."""
    s.announce("act", f"{player} carries out {s.data.card_named(card)}", card)
    pending = PendingAction(player, card)
    s.steps.append(LaunchEffect(pending))
    holders = veto_holders(s, player) if s.options.veto else []
    if holders:
        s.steps.append(VetoWindow(pending, holders))


@dataclass
class LaunchEffect(Step):
    """Starts the pending action when it leaves the stack, unless a Veto cancelled it."""

    kind: ClassVar[str] = "launch"
    pending: PendingAction

    def deciders(self, s: State) -> tuple[str, ...]:
        return ()

    def on_finish(self, s: State) -> None:
        if not self.pending.cancelled:
            CARD_EFFECTS[self.pending.card](s, self.pending.player)
