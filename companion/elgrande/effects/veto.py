"""The Veto (2a): kept face up, never carried out; its holder may cancel another player's card
action before it runs (placement is never vetoed). A player may hold both copies; each one,
unused, is discarded at the end of the round after the one it was taken in (engine).

The action waiting for the Veto holders is a `PendingAction`: the step that will launch it and
the `VetoWindow` asking the holders hold the same one, so a veto cancels it in plain sight.

>>> pending = PendingAction("red", "4f")
>>> window = VetoWindow(pending, asked=["blue"])
>>> window.pending is pending and not pending.cancelled
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.elgrande.base import Step
from companion.elgrande.moves import Action
from companion.elgrande.state import State


@dataclass
class PendingAction:
    """A card action announced and not yet started; a Veto cancels it."""

    player: str
    card: str
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


def veto_holders(s: State, actor: str) -> list[str]:
    """Who may veto `actor`'s action, clockwise from the actor's left."""
    return [p for p in s.others(actor) if p in s.vetoes]


def spend_veto(s: State, player: str) -> int:
    """The player uses one Veto: the oldest, the first to expire. Returns the round index it
    was taken in; a second Veto, if held, stays."""
    held = s.vetoes[player]
    taken = held.pop(0)
    if not held:
        del s.vetoes[player]
    return taken


@dataclass
class VetoWindow(Step):
    """Before a special action runs, each other Veto holder (clockwise) may cancel it."""

    kind: ClassVar[str] = "veto"
    pending: PendingAction
    asked: list[str]
    vetoed_by: str | None = None

    def deciders(self, s: State) -> tuple[str, ...]:
        return () if self.vetoed_by or not self.asked else (self.asked[0],)

    def prompt(self, s: State) -> str:
        return f"Veto {self.pending.player}'s {s.data.card_named(self.pending.card)}?"

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("allow"), Action("veto", self.pending.card)]

    def apply(self, s: State, player: str, action: Action) -> None:
        self.asked.pop(0)
        if action.kind == "veto":
            self.vetoed_by = player
            spend_veto(s, player)
            s.announce(
                "veto",
                f"{player} vetoes {self.pending.player}'s {s.data.card_named(self.pending.card)}",
            )
            self.pending.cancel()
