"""The vocabulary of decisions: an Action a player can take, the Decision asked now, a RuleError.

Decisions are pad-sized: one power card, one action card, one caballero into one area, "done".
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.elgrande.data import game_data


class RuleError(ValueError):
    """A refused decision. The message says which rule and what is allowed instead.

    For a secret decision the message never repeats what was chosen: it may be logged.
    """


@dataclass(frozen=True, slots=True)
class Action:
    """One choice. `kind` says what, `target` says which (an area, a card id, a value, a player)."""

    kind: str
    target: str | int | None = None

    def __str__(self) -> str:
        return f"{self.kind}:{self.target}" if self.target is not None else self.kind


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide what now. Several players at once means a simultaneous (sealed) choice."""

    players: tuple[str, ...]
    kind: str  # the step's name, e.g. "bid", "turn", "castillo_disc"
    prompt: str
    secret: bool = False


def area_label(area: str) -> str:
    return game_data().area_name(area)


def describe(action: Action) -> str:
    """A short human label for a pad menu or a log of public moves."""
    k, t = action.kind, action.target
    labels = {
        "bid": lambda: f"power card {t}",
        "take": lambda: f"take {t} from the province",
        "take_from": lambda: f"take one back from {area_label(str(t))}",
        "card": lambda: f"action card {t}",
        "place": lambda: f"place one in {area_label(str(t))}",
        "disc": lambda: f"disc on {area_label(str(t))}",
        "first_bidder": lambda: f"{t} bids first",
        "reveal": lambda: f"card {t} was turned up",
    }
    if k in labels:
        return labels[k]()
    return str(action).replace("_", " ")
