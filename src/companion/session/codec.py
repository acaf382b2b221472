"""Actions to and from the JSON kept in the log: the one place that knows the encoding.

Kept apart so that it can become `Action.to_json()` / `Action.from_json()` in one edit.

>>> from companion.elgrande.moves import Action
>>> action_from_json(action_to_json(Action("bid", 13)))
Action(kind='bid', target=13)
"""

from __future__ import annotations

from typing import Any

from companion.elgrande.moves import Action


def action_to_json(action: Action) -> dict[str, Any]:
    return action.to_json()  # a caballero target (Piece) becomes {"region", "colour"}


def action_from_json(raw: dict[str, Any]) -> Action:
    return Action.from_json(raw)
