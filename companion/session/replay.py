"""Rebuild the game from its log, through the engine; a row the engine refuses is damage.

This is the one replay: the session rebuilds its state here after an undo and on resume. Every
stored decision goes through `apply_in_place` exactly as it did live, so a resumed game is the
game that was played, and a torn or edited row shows up as a refusal rather than a crash.

A log holds decisions and entries that cancel one earlier decision ("undo" by the active
player, "withdraw" of a sealed choice): `{"cancels": seq}`. The state is the replay of the
decisions still in force, in order.

>>> from companion.session.store import GameHeader, LogEntry
>>> header = GameHeader(seed=7, players=("red", "blue"), options={})
>>> bid = [LogEntry(1, "red", {"kind": "bid_group", "target": "8-13"}),
...        LogEntry(2, "red", {"kind": "bid", "target": 13})]
>>> state, good = replay(header, bid)
>>> good, state.steps[-1].deciders(state)
(2, ('blue',))
>>> replay(header, bid + [LogEntry(3, "red", {"kind": "bid", "target": 12})])[1]  # red again
2
>>> replay(header, bid + [LogEntry(3, "red", {"cancels": 2}, "withdraw")])[0].steps[-1].sealed
{}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.elgrande.engine import apply_in_place, new_game
from companion.elgrande.moves import Action, RuleError
from companion.elgrande.options import OptionsError, TableOptions
from companion.elgrande.state import State
from companion.session.sqlite_store import Damage
from companion.session.store import GameHeader, LogEntry

CANCELLING = ("undo", "withdraw")  # entry kinds whose action is {"cancels": seq}

# How a replay applies one decision: the engine by default; the session also records it.
Apply = Callable[[State, LogEntry, Action], None]
# How `resume` rebuilds the game from its header and log: the state after the log's good prefix
# and that prefix's length (`replay` by default; the session replays into itself, once).
Replayer = Callable[[GameHeader, list[LogEntry]], tuple[State, int]]


def _engine_apply(state: State, entry: LogEntry, action: Action) -> None:
    apply_in_place(state, entry.player, action)


def start_state(header: GameHeader) -> State:
    """The game as set up from the header (seed, seats, table options)."""
    return new_game(header.players, header.seed, TableOptions.from_dict(header.options))


def in_force(entries: Sequence[LogEntry]) -> tuple[list[tuple[int, LogEntry]], int]:
    """The decisions not cancelled, each with its position in `entries`, and how long the
    well-formed prefix is: it ends at an unknown kind or a cancel naming no decision in force."""
    kept: list[tuple[int, LogEntry]] = []
    for i, entry in enumerate(entries):
        if entry.kind == "decision":
            kept.append((i, entry))
            continue
        raw = entry.action if isinstance(entry.action, dict) else {}
        target = raw.get("cancels") if entry.kind in CANCELLING else None
        hit = [k for k, (_, e) in enumerate(kept) if e.seq == target and type(target) is int]
        if not hit:
            return kept, i
        del kept[hit[-1]]
    return kept, len(entries)


def replay(
    header: GameHeader, entries: Sequence[LogEntry], apply: Apply = _engine_apply
) -> tuple[State, int]:
    """The state after the log's good prefix, and how many entries that prefix holds.

    Replay stops at the first entry that is refused: an engine RuleError, a malformed action,
    an unknown kind, or a cancel with nothing to cancel. `apply` carries out each decision in
    force (default: the engine alone); it is called again from a fresh game when a refused entry
    shortens the prefix. Raises RuleError/OptionsError only when the header cannot set up a game.
    """
    good = len(entries)
    while True:
        live, good = in_force(entries[:good])
        state = start_state(header)
        for position, entry in live:
            try:
                apply(state, entry, Action.from_json(entry.action))
            except RuleError:  # the engine refused it, or it is no action at all
                good = position
                break
        else:
            return state, good


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


def resume(store: PrefixStore, replayer: Replayer = replay) -> Resumed | None:
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
        state, good = replayer(header, entries)
    except (RuleError, OptionsError) as exc:
        store.keep_prefix(0, f"its header cannot set up a game: {exc}")
        return None
    if good < len(entries):
        store.keep_prefix(good, f"entry {good + 1} was refused by the rules engine")
        entries = entries[:good]
    return Resumed(header, entries, state)
