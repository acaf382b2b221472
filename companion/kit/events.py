"""Events: what happened in a game, for everyone, numbered so an output takes only the new ones."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for everyone: shown, spoken and logged as it is. `seq` numbers
    the game's events 1, 2, … so an output can take only those it has not shown yet. `round` is
    the round it belongs to (None before round 1): a general scoring is the round's it follows,
    and a round's last turn is that round's, even once the next round has begun."""

    kind: str
    text: str
    detail: Any = None
    seq: int = 0
    round: int | None = None


def events_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Events as `event_json` gives them, in order (a new list)."""
    return [event_json(e) for e in events]


def event_json(e: Event) -> dict[str, Any]:
    """An event as the view lists it: numbered, so an output takes only the new ones, and with
    the round it belongs to."""
    detail = _plain(e.detail)
    return {"seq": e.seq, "kind": e.kind, "text": e.text, "detail": detail, "round": e.round}


def _plain(value: Any) -> Any:
    """A detail as plain JSON: a score's own `to_json`, tuples as lists."""
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class EventLog:
    """What a game state does with its events, for a state that holds `events` (announced, not
    yet taken), `event_count` (the last one's seq) and a `round`: the one way steps make an
    event, and the one way its keeper (the session) takes them.

    >>> class Log(EventLog):
    ...     def __init__(self) -> None:
    ...         self.events, self.event_count, self.round = [], 0, 2
    >>> log = Log()
    >>> log.announce("turn", "red's turn"); log.announce("turn", "blue's turn")
    >>> [(e.seq, e.round, e.text) for e in log.take_events()], log.take_events()
    ([(1, 2, "red's turn"), (2, 2, "blue's turn")], [])
    """

    events: list[Event]
    event_count: int
    round: int | None

    def announce(self, kind: str, text: str, detail: Any = None) -> None:
        """The one way steps make an event: numbered after every one before it."""
        self.event_count += 1
        self.events.append(Event(kind, text, detail, seq=self.event_count, round=self.round))

    def take_events(self) -> list[Event]:
        """The events announced since the last take, in order; the state keeps none of them."""
        taken, self.events = self.events, []
        return taken
