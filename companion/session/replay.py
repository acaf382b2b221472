"""Rebuild the game from its log, through the engine; a row the engine refuses is damage.

This is the one replay: the session rebuilds its state here after an undo and on resume. Every
stored decision goes through `apply_in_place` exactly as it did live (`apply_decision`, which
the session also uses for a live decision), so a resumed game is the game that was played, and
a torn or edited row shows up as a refusal rather than a crash. A replay returns what it
applied; it calls nobody back.

A log holds decisions and entries that cancel one earlier decision ("undo" by the active
player, "withdraw" of a sealed choice): `{"cancels": seq}`. The state is the replay of the
decisions still in force, in order.

>>> from companion.session.store import GameHeader, LogEntry
>>> header = GameHeader(seed=7, players=("red", "blue"), options={})
>>> bid = [LogEntry(1, "red", {"kind": "bid_group", "target": "8-13"}),
...        LogEntry(2, "red", {"kind": "bid", "target": 13})]
>>> done = replay(header, bid)
>>> done.replayed, [a.seq for a in done.applied], done.state.steps[-1].deciders(done.state)
(2, [1, 2], ('blue',))
>>> replay(header, bid + [LogEntry(3, "red", {"kind": "bid", "target": 12})]).replayed  # again
2
>>> replay(header, bid + [LogEntry(3, "red", {"cancels": 2}, "withdraw")]).state.steps[-1].sealed
{}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion import games
from companion.kit.events import Event
from companion.kit.game import GameModule
from companion.kit.moves import Action, RuleError
from companion.session.store import Damage, GameHeader, LogEntry, Store

State = Any  # a game's state: only its module reads it

CANCELLING = ("undo", "withdraw")  # entry kinds whose action is {"cancels": seq}


@dataclass(frozen=True)
class Applied:
    """One decision in force and what it did (the session judges undo from it)."""

    seq: int
    player: str
    action: Action = field(repr=False)  # may be a sealed choice
    secret: bool
    event_kinds: frozenset[str]
    events: int  # how many public events it made (the feed's last ones, for the latest)


@dataclass(frozen=True)
class Replayed:
    """What a replay applied: the state after the log's good prefix, the decisions in force in
    it (in order) and how many of the log's entries that prefix holds."""

    state: State
    applied: tuple[Applied, ...]
    replayed: int
    events: tuple[Event, ...]  # the events of the decisions in force (the state keeps none)


@dataclass(frozen=True)
class Resumed:
    """The game found in the store, replayed: `state` is where the table left off."""

    header: GameHeader
    entries: list[LogEntry]  # the log's good prefix, as the store now holds it
    state: State
    applied: tuple[Applied, ...]  # the decisions in force, in order
    replayed: int  # how many entries of the log replayed (the rest were dropped)
    damage: Damage | None  # what the store found wrong and repaired (None: nothing)
    events: tuple[Event, ...] = ()  # the game's events in force, in order


def start_state(header: GameHeader) -> State:
    """The game as set up from the header (game, seed, seats, table options)."""
    game = games.load(header.game)
    return game.new_game(header.players, header.seed, game.options_from(header.options))


def apply_decision(game: GameModule, state: State, entry: LogEntry, action: Action) -> Applied:
    """Carry out one decision on `state` (the engine's RuleError if refused) and say what it
    did: whether it was a sealed choice and which public events it made."""
    before = len(state.events)
    pending = game.decision(state)
    secret = bool(pending and pending.secret)
    game.apply_in_place(state, entry.player, action)
    made = state.events[before:]
    kinds = frozenset(e.kind for e in made)
    return Applied(entry.seq, entry.player, action, secret, kinds, len(made))


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


def replay(header: GameHeader, entries: Sequence[LogEntry]) -> Replayed:
    """The log's good prefix replayed from a fresh game.

    Replay stops at the first entry that is refused: an engine RuleError, a malformed action,
    an unknown kind, or a cancel with nothing to cancel; the decisions in force before it are
    replayed again from a fresh game. Raises ValueError (a rule or an option) or UnknownGame
    only when the header cannot set up a game.
    """
    game = games.load(header.game)
    good = len(entries)
    while True:
        live, good = in_force(entries[:good])
        state = start_state(header)
        applied: list[Applied] = []
        events = state.take_events()
        for position, entry in live:
            try:
                applied.append(apply_decision(game, state, entry, Action.from_json(entry.action)))
            except RuleError:  # the engine refused it, or it is no action at all
                good = position
                break
            events += state.take_events()
        else:
            return Replayed(state, tuple(applied), good, tuple(events))


def resume(store: Store) -> Resumed | None:
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
        done = replay(header, entries)
    except (ValueError, games.UnknownGame) as exc:  # a rule, an option or the game refused
        store.keep_prefix(0, f"its header cannot set up a game: {exc}")
        return None
    if done.replayed < len(entries):
        store.keep_prefix(
            done.replayed, f"entry {done.replayed + 1} was refused by the rules engine"
        )
        entries = entries[: done.replayed]
    return Resumed(
        header, entries, done.state, done.applied, done.replayed, store.damage, done.events
    )
