"""The authoritative game: the log of accepted decisions, replayed through the engine.

Every accepted input is appended to the store *before* the state changes, so nothing shown or
spoken is ever ahead of the log. A store that cannot keep an input raises and the input is not
taken; a store opened for play is the safety net (`resilient.open_resilient`), which goes on in
memory and says so instead, so the session keeps the one store it was given.

The state is the replay of the log's decisions that were not cancelled; two session inputs
cancel one:

- **undo** (long ● by the active player): takes back their own latest *public* decision, never
  across a reveal, a scoring, a new round, or into another player's turn (see `undo_refusal`);
- **withdraw** (long ● during a sealed step): takes back the player's own sealed choice while the
  others are still choosing. It is a separate entry kind rather than an undo, because a sealed
  choice is not the latest decision (others may have chosen since) and must never be undone by
  the rule for public decisions. Not allowed while a clashed bid is being chosen again: the
  replay of the other sealed choices would change under the player re-choosing.

>>> from companion.session.store import MemoryStore
>>> from companion.elgrande.moves import Action
>>> s = Session.new(MemoryStore(), ("red", "blue"), seed=7)
>>> s.decide("red", Action("bid_group", "8-13")); s.decide("red", Action("bid", 13))
>>> s.public_waiting()
['blue']
>>> s.withdraw("red"); s.public_waiting()
['blue', 'red']
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any, TypeVar

from companion import games
from companion.i18n import _
from companion.kit.events import Event, event_json, events_json
from companion.kit.moves import Action, Decision, RuleError
from companion.kit.shortcuts import Shortcut
from companion.session.replay import Applied, State, apply_decision, replay, resume, start_state
from companion.session.store import DEFAULT_GAME, GameHeader, LogEntry, Store, StoreError
from companion.session.views import SeatView, TableView, sealed_step, seat_view, table_view

# Stamps of the session states: a new one at every change, never reused by another session, so a
# cache keyed on it (the table's menus) cannot mistake one game's state for another's.
_STAMPS = itertools.count(1)
T = TypeVar("T")


class SessionError(RuleError):
    """A session input (undo, withdraw) that is refused now; the message says why."""


class Session:
    """The game on the device. Create with `Session.new` or `Session.resume`."""

    def __init__(self, store: Store, header: GameHeader, state: State | None = None) -> None:
        self.store = store
        self.header = header
        self.entries: list[LogEntry] = []
        self.applied: list[Applied] = []  # the decisions in force, in order (to judge undo)
        self.events: list[dict[str, Any]] = []  # numbered public events, append-only
        # The game's events in force (undone ones gone), as the public view lists them: the
        # engine's state keeps none, so its copies stay cheap.
        self._log: list[dict[str, Any]] = []
        # What is derived from the state (legal choices, who is waiting, the decision), computed
        # once per state: a press asks for them many times over (every pad, every output).
        self._derived: dict[tuple[str, ...], Any] = {}
        self.stamp = 0  # changes whenever the state does (see `_changed`)
        self.game = games.load(header.game)  # the game's module: its rules, views and words
        self.state = start_state(header) if state is None else state

    # -- starting --------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        store: Store,
        players: tuple[str, ...],
        seed: int,
        options: Any = None,
        game: str = DEFAULT_GAME,
    ) -> Session:
        """A new game of `game` (an id from companion.games) stored in `store`. `options` are
        the game's table options (its dataclass; None: the defaults)."""
        module = games.load(game)
        options = options or module.options_from({})
        plain = dataclasses.asdict(options)
        header = GameHeader(seed=seed, players=tuple(players), options=plain, game=game)
        module.new_game(header.players, seed, options)  # refuses bad seats before storing
        store.start(header)
        session = cls(store, header)
        session._keep(session.state.take_events())
        return session

    @classmethod
    def resume(cls, store: Store) -> Session:
        """The game the store holds, replayed; raises StoreError if it holds none.

        A stored entry the engine refuses is damage: it and everything after it are dropped
        (`replay.resume`; the store's `damage` says so) and the game resumes before it. The
        session is built from what the replay applied; its events are published so that the
        outputs can show where the game stands."""
        resumed = resume(store)
        if resumed is None:
            raise StoreError("the store holds no game to resume")
        session = cls(store, resumed.header, resumed.state)
        session.entries = list(resumed.entries)  # the good prefix: a refused tail is dropped
        session.applied = list(resumed.applied)
        session._keep([*resumed.events, *session.state.take_events()])
        return session

    # -- the state, and what is derived from it --------------------------------------------------

    @property
    def state(self) -> State:
        """The game now. Change it only through the session: what is derived is cached."""
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self._state = state
        self._changed()

    def _changed(self) -> None:
        """The state changed: forget what was derived from it."""
        self._derived.clear()
        self.stamp = next(_STAMPS)

    def _cached(self, key: tuple[str, ...], make: Callable[[], T]) -> T:
        try:
            return self._derived[key]
        except KeyError:
            value = self._derived[key] = make()
            return value

    # -- what is asked now -----------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.players

    @property
    def over(self) -> bool:
        return self.state.is_over

    def secret_step(self) -> Any:
        """The sealed step open now (its players, sealed choices, notices), or None."""
        return sealed_step(self.state)

    def parallel_step(self) -> Any:
        """The open parallel step now (everyone enters their own at once), or None."""
        top = self.state.steps[-1] if self.state.steps else None
        return top if getattr(top, "parallel", False) else None

    def decision(self) -> Decision | None:
        """Who must decide what now (the engine's `decision`; None once the game is over)."""
        return self._cached(("decision",), lambda: self.game.decision(self.state))

    def legal(self, player: str) -> list[Action]:
        """The player's legal choices now (a new list: the cached one stays as it was)."""
        return list(self._legal(player))

    def _legal(self, player: str) -> tuple[Action, ...]:
        return self._cached(
            ("legal", player), lambda: tuple(self.game.legal_actions(self.state, player))
        )

    def shortcuts(self, player: str) -> tuple[Shortcut, ...]:
        """Runs of `player`'s decisions one tap on a phone may enter now (built once per state;
        the game looks ahead on its own copy)."""
        return self._cached(("shortcuts", player), lambda: self.game.shortcuts(self.state, player))

    def label(self, action: Action) -> str:
        """A choice as the pads name it now (the deciding step's words)."""
        return self.game.label(self.state, action)

    def public_waiting(self) -> list[str]:
        """Who the public may be told is still choosing. In a sealed step a player whose choice
        clashed and must be made again is *not* named: the public only sees "waiting"."""
        return list(self._cached(("waiting",), self._public_waiting))

    def _public_waiting(self) -> tuple[str, ...]:
        d = self.decision()
        if d is None:
            return ()
        top = self.secret_step()
        if top is not None:
            return tuple(p for p in top.players if p not in top.sealed and p not in top.notices)
        return d.players

    def view(self) -> dict[str, Any]:
        """The public view with the sealed step's waiting list made safe (see public_waiting).

        Built anew each time (a new dict the caller may keep): a copy of a cached view, made so
        that a caller cannot spoil the cache, costs more than this (public_view reuses the
        events' JSON), and the table asks for it once per change."""
        view = self.game.public_view(self.state, self._log)
        pending = view.get("decision")
        if pending is not None:
            waiting = self.public_waiting()
            pending["players"] = waiting
            if pending.get("secret"):
                top = self.secret_step()
                everyone = top.players if top is not None else ()
                pending["chosen"] = [p for p in everyone if p not in waiting]
        return view

    def table_view(self) -> TableView:
        """The typed public view now (built once per state; see companion.session.views)."""
        return self._cached(("table_view",), self._table_view)

    def _table_view(self) -> TableView:
        top = self.secret_step()
        sealed = None if top is None else tuple(top.players)
        return table_view(self.view(), sealed, self.over, self.game.info)

    def seat_view(self, player: str) -> SeatView:
        """What `player` alone may know now (built once per state); KeyError if not seated."""
        if player not in self.players:
            raise KeyError(player)
        return self._cached(
            ("seat", player),
            lambda: seat_view(
                self.game, self.state, player, self._legal(player), tuple(self.public_waiting())
            ),
        )

    # -- inputs ----------------------------------------------------------------------------------

    def decide(self, player: str, action: Action) -> None:
        """Take one decision; a refused one raises RuleError and changes nothing."""
        if action not in self._legal(player):
            self.game.apply_in_place(self.state, player, action)  # raises the engine's RuleError
            raise AssertionError("the engine accepted an action legal_actions did not offer")
        entry = LogEntry(self._next_seq(), player, action.to_json())
        self._append(entry)
        applied = apply_decision(self.game, self.state, entry, action)
        self._changed()
        self.applied.append(applied)
        self._keep(self.state.take_events())

    def undo_refusal(self, player: str) -> str | None:
        """Why `player` may not undo now, in the table's language (None: they may)."""
        if self.over:
            return _("the game is over")
        if not self.applied:
            return _("nothing to take back")
        last = self._undoable(player)
        d = self.decision()
        if self.parallel_step() is not None:
            if last is None:
                return _("nothing of yours to take back in this entry")
        elif d is None or player not in d.players:
            waiting = ", ".join(_(p) for p in self.public_waiting()) or _("nobody")
            why = _("only the player deciding now may take back; waiting for {players}")
            return why.format(players=waiting)
        if last is None or last.player != player:
            return _("the last decision was another player's")
        crossed = last.event_kinds & self.game.undo_barriers
        if crossed:
            moment = _(sorted(crossed)[0].replace("_", " "))  # each game marks its words
            return _("it cannot be taken back past the {moment}").format(moment=moment)
        if last.secret:
            return _("a sealed choice is withdrawn, not undone")
        return None

    def undo(self, player: str) -> None:
        why = self.undo_refusal(player)
        if why is not None:
            raise SessionError(f"{player} cannot undo: {why}")
        last = self._undoable(player)
        assert last is not None  # undo_refusal said so
        before = self.state  # the replay builds a new state: this one stays as it was
        self._cancel(player, "undo", last)
        self._event("undo", self.game.undo_text(before, self.state, player, last.action), None)

    def _undoable(self, player: str) -> Applied | None:
        """The decision an undo by `player` would take back: the latest decision, or in an open
        parallel step the player's own latest one there (the others go on entering theirs)."""
        step = self.parallel_step()
        if step is None:
            return self.applied[-1]
        if not step.entered(player):
            return None  # their latest decision, if any, was made before this step
        return next(a for a in reversed(self.applied) if a.player == player)

    def withdraw_refusal(self, player: str) -> str | None:
        top = self.secret_step()
        if top is None or player not in top.sealed:
            return _("no sealed choice of yours is waiting")
        if top.notices:
            return _("a sealed choice is being made again; wait for the reveal")
        return None

    def withdraw(self, player: str) -> None:
        why = self.withdraw_refusal(player)
        if why is not None:
            raise SessionError(f"{player} cannot withdraw: {why}")
        mine = next(a for a in reversed(self.applied) if a.player == player and a.secret)
        self._cancel(player, "withdraw", mine)
        self._event("withdraw", f"{player} withdraws their choice", player)

    # -- the log and the replay ------------------------------------------------------------------

    def _next_seq(self) -> int:
        return len(self.entries) + 1

    def _append(self, entry: LogEntry) -> None:
        """Keep the entry first (a store that cannot raises StoreError: nothing is taken)."""
        self.store.append(entry)
        self.entries.append(entry)

    def _cancel(self, player: str, kind: str, target: Applied) -> None:
        """Log the cancelling entry, then rebuild the state from the log (`replay`: the
        decisions in force, in order). The events are not published again: the feed is
        append-only, and the undo or withdraw is announced by the caller."""
        entry = LogEntry(self._next_seq(), player, {"cancels": target.seq}, kind=kind)
        self._append(entry)
        done = replay(self.header, self.entries)
        if done.replayed != len(self.entries):  # the live log replays whole
            raise AssertionError(f"the session's own log was refused at entry {done.replayed + 1}")
        self.applied = list(done.applied)
        self._log = events_json(done.events)
        self.state = done.state

    def public_events(self) -> list[dict[str, Any]]:
        """The game's public events as the engine has them now (undone ones gone)."""
        return list(self._log)

    def _keep(self, events: list[Event]) -> None:
        """New events from the engine: into the game's log, and published to the feed."""
        for e in events:
            plain = event_json(e)
            self._log.append(plain)
            self._event(plain["kind"], plain["text"], plain["detail"], plain["round"])

    def _event(self, kind: str, text: str, detail: Any, round_: int | None = None) -> None:
        """Publish one event to the feed, with the round it belongs to (an undo or a withdraw:
        the round now)."""
        rnd = self.state.round if round_ is None else round_
        self.events.append(
            {
                "seq": len(self.events) + 1,
                "kind": kind,
                "text": text,
                "detail": detail,
                "round": rnd,
            }
        )
