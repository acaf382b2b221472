"""What is said aloud, from the session's numbered public events (texts only; hw/ speaks them).

A placeholder until the voice module proper is merged: it says each public event's own text.

>>> speech_for({"seq": 1, "kind": "round", "text": "Round 1", "detail": 1})
'Round 1'
"""

from __future__ import annotations

from typing import Any

# Every event in the session's feed is public; these are the ones worth saying aloud.
SPOKEN = frozenset(
    {
        "setup", "round", "bids", "bid", "order", "turn", "card", "act", "score", "totals",
        "discs", "general_scoring", "game_over", "undo", "withdraw", "veto", "take_back",
        "king", "grande", "scoreboard", "first_bidder",
    }
)  # fmt: skip


def speech_for(event: dict[str, Any]) -> str | None:
    """The sentence to speak for `event`, or None to stay silent."""
    if event.get("kind") in SPOKEN and event.get("text"):
        return str(event["text"])
    return None
