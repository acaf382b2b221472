"""Action-card special actions (to come): which cards have one, and starting it."""

from __future__ import annotations

from companion.elgrande.state import State


def has_effect(card: str) -> bool:
    return False


def begin_effect(s: State, player: str, card: str) -> None:
    raise NotImplementedError(card)
