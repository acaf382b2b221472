"""Rebuild the game from its log, through the engine; a row the engine refuses is damage.

Every stored decision goes through `apply_in_place` exactly as it did live, so a resumed game is
the game that was played, and a torn or edited row shows up as a refusal rather than a crash.

>>> from companion.session.store import GameHeader, LogEntry
>>> header = GameHeader(seed=7, players=("red", "blue"), options={})
>>> bid = [LogEntry(1, "red", {"kind": "bid_group", "target": "8-13"}),
...        LogEntry(2, "red", {"kind": "bid", "target": 13})]
>>> state, good = replay(header, bid)
>>> good, state.steps[-1].deciders(state)
(2, ('blue',))
>>> replay(header, bid + [LogEntry(3, "red", {"kind": "bid", "target": 12})])[1]  # red again
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.elgrande.engine import apply_in_place, new_game
from companion.elgrande.moves import Action, RuleError
from companion.elgrande.options import OptionsError, TableOptions
from companion.elgrande.state import State
from companion.session.sqlite_store import Damage
from companion.session.store import GameHeader, LogEntry


class BadEntry(ValueError):
    """A stored entry is not something the session ever writes."""


def action_to_json(action: Action) -> dict[str, Any]:
    """What a decision entry stores."""
    return action.to_json()


def action_from_json(raw: dict[str, Any]) -> Action:
    """The Action a stored entry stands for; a malformed one is damage (BadEntry)."""
    try:
        return Action.from_json(raw)
    except RuleError as e:
        raise BadEntry(str(e)) from None


def start_state(header: GameHeader) -> State:
    """The game as set up from the header (seed, seats, table options)."""
    return new_game(header.players, header.seed, TableOptions.from_dict(header.options))


def replay(header: GameHeader, entries: Sequence[LogEntry]) -> tuple[State, int]:
    """The state after the log's good prefix, and how many entries that prefix holds.

    An "undo" entry cancels the latest decision not already cancelled (the game is rebuilt
    without it). Replay stops at the first entry that is refused: an engine RuleError, a
    malformed action, an unknown kind, or an undo with nothing to cancel.
    Raises RuleError/OptionsError only when the header itself cannot set up a game.
    """
    state = start_state(header)
    kept: list[tuple[str, Action]] = []  # the decisions in force, for rebuilding after an undo
    for good, entry in enumerate(entries):
        try:
            if entry.kind == "decision":
                action = action_from_json(entry.action)
                apply_in_place(state, entry.player, action)  # refuses without changing state
                kept.append((entry.player, action))
            elif entry.kind == "undo" and kept:
                kept.pop()
                state = start_state(header)
                for player, action in kept:
                    apply_in_place(state, player, action)
            else:
                return state, good
        except (RuleError, BadEntry):
            return state, good
    return state, len(entries)


class PrefixStore(Protocol):
    """A store that can drop a damaged tail (SqliteStore, ResilientStore)."""

    damage: Damage | None

    def load(self) -> tuple[GameHeader | None, list[LogEntry]]: ...

    def keep_prefix(self, count: int, what: str) -> Damage: ...


@dataclass
class Resumed:
    """The game found in the store, replayed: `state` is where the table left off."""

    header: GameHeader
    entries: list[LogEntry]
    state: State


def resume(store: PrefixStore) -> Resumed | None:
    """The stored game replayed through the engine (None: no game is stored).

    A refused entry and everything after it are dropped from the store (`store.keep_prefix`,
    which copies the file aside first) and `store.damage` says so; the app shows
    `store.damage.message` on the main display. A header that cannot set up a game is damage
    too: nothing is resumed, nothing is started — the table must start a game explicitly.
    """
    header, entries = store.load()
    if header is None:
        return None
    try:
        state, good = replay(header, entries)
    except (RuleError, OptionsError) as exc:
        store.keep_prefix(0, f"its header cannot set up a game: {exc}")
        return None
    if good < len(entries):
        store.keep_prefix(good, f"entry {good + 1} was refused by the rules engine")
        entries = entries[:good]
    return Resumed(header, entries, state)
