"""Inputs from phones, and the finished views the table hands to a web server.

A phone's tap reaches the table as an event on the one queue, like a pad's press: `SeatChoice`
(one of the seat's legal choices, a power card from the hand, or one of its shortcuts: several
decisions in a row, `companion.kit.shortcuts`), `SeatHold` (undo, or withdraw a sealed choice:
what a long ● does) and `SeatNext` (● on a page that only goes on: the next page of a scoring).
A shortcut's decisions are taken one by one as that seat's, each checked legal at its moment;
the first refused stops the run, and those before it stay entered (each is a decision of its
own, undone one at a time like a pad's). Each event carries the seat's mark its page was drawn
from; a tap on a page the game has moved past is refused, so a tap always means what its player
saw. The seat comes from the web server's check of the phone's token, never from what the phone
says.

After every handled event the table hands an outlet a `Snapshot`: references to the frozen views
already built (the public `TableView`, each seat's `SeatView` with its mark, the announcement
page), never the session or the engine. The outlet builds its own bytes from them on its own
thread.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from companion.app.core import TableCore
from companion.app.mode import Mode
from companion.app.modes import MODES
from companion.app.presses import MENU_STEPS
from companion.i18n import N_, _
from companion.kit.moves import Action, RuleError
from companion.kit.shortcuts import Shortcut
from companion.screens.chart import score_history
from companion.session.views import SeatView, TableView

log = logging.getLogger(__name__)

MOVED_ON = N_("the game moved on")


@dataclass(frozen=True)
class Reply:
    """What the table answers a phone: accepted, or why not (said to that seat only)."""

    ok: bool
    reason: str = ""


@dataclass(frozen=True, eq=False)
class SeatChoice:
    """The seat's `index`-th legal choice, the power card `card` from its hand, or its
    `shortcut`-th shortcut."""

    player: str
    mark: int
    index: int | None = None
    card: int | None = None
    shortcut: int | None = None
    reply: Future[Reply] = field(default_factory=Future, repr=False)


@dataclass(frozen=True, eq=False)
class SeatHold:
    """What a long ● does for this seat now: undo its last decision, or withdraw a sealed one."""

    player: str
    mark: int
    reply: Future[Reply] = field(default_factory=Future, repr=False)


@dataclass(frozen=True, eq=False)
class SeatNext:
    """● on a page that only goes on (the next page of a scoring, "the board matches")."""

    player: str
    mark: int
    reply: Future[Reply] = field(default_factory=Future, repr=False)


RemoteEvent = SeatChoice | SeatHold | SeatNext


@dataclass(frozen=True)
class PhonesAway:
    """The phone-only seats that must decide and whose phones have no connection."""

    seats: tuple[str, ...]


@dataclass(frozen=True)
class PhonePaired:
    """A phone took a seat's pairing code: the main display says so."""

    seat: str


@dataclass(frozen=True)
class AnnouncePage:
    title: str
    lines: tuple[str, ...]
    index: int  # from 0
    count: int
    confirm: bool


@dataclass(frozen=True)
class SeatSnapshot:
    view: SeatView
    mark: int  # changes whenever what this seat may tap changes
    title: str  # what its pad says now ("Scoring: ● next", the decision's prompt …)
    may_next: bool  # a ● that only goes on is open to it
    may_choose: bool  # its options are open to taps (in a game, not during an announcement)
    # Each option as the game names it, in the options' order (a hand: never in a repr).
    labels: tuple[str, ...] = field(default=(), repr=False)
    # Runs of decisions one tap enters (kit.shortcuts), in the game's order.
    shortcuts: tuple[Shortcut, ...] = field(default=(), repr=False)


@dataclass(frozen=True)
class Snapshot:
    """What every web page is drawn from, handed over as it is after one handled event."""

    mode: str
    table: TableView | None
    seats: Mapping[str, SeatSnapshot]
    announce: AnnouncePage | None
    note: str  # the table's public note ("red: no undo, …")
    history: tuple[Mapping[str, Any], ...]  # the score chart's points, at the end


class Outlet(Protocol):
    """A web server as the table sees it (companion.web.server.WebServer)."""

    def publish(self, snapshot: Snapshot) -> None: ...
    def offer(self, seat: str) -> Any: ...  # a pairing code: .code, .digits
    def withdraw(self, seat: str) -> None: ...
    def revoke(self, seat: str) -> bool: ...
    def paired(self) -> frozenset[str]: ...
    def join_url(self, code: str) -> str: ...
    def address(self) -> str: ...


class SeatMarks:
    """Each seat's mark: a number that changes when what the seat may tap changes, or when the
    seat decided. Numbers come from one counter, so a mark is never reused."""

    def __init__(self) -> None:
        self._count = itertools.count(1)
        self._keys: dict[str, tuple[Any, ...]] = {}
        self.marks: dict[str, int] = {}
        self.decided: set[str] = set()

    def update(self, p: str, key: tuple[Any, ...]) -> int:
        if self._keys.get(p) != key or p in self.decided:
            self._keys[p] = key
            self.marks[p] = next(self._count)
            self.decided.discard(p)
        return self.marks[p]


def _seat_key(t: TableCore, seat: SeatView, shortcuts: tuple[Shortcut, ...]) -> tuple[Any, ...]:
    a = t.announcer
    page = a.index if t.mode == Mode.ANNOUNCE else -1
    return (
        t.mode,
        seat.options,
        tuple(c.actions for c in shortcuts),
        seat.hand,
        seat.castillo,
        seat.notice,
        seat.sealed_choice,
        page,
        t.final_page,
    )


def may_next(t: TableCore) -> bool:
    return t.mode in (Mode.ANNOUNCE, Mode.RESUMED, Mode.FINAL)


def snapshot(t: TableCore, marks: SeatMarks) -> Snapshot:
    """The views as they are now (the app thread's references; nothing is copied)."""
    if t.session is None:
        return Snapshot(str(t.mode), None, MappingProxyType({}), None, t.public_note, ())
    seats: dict[str, SeatSnapshot] = {}
    for p in t.s.players:
        seat = t.seat(p)
        title = MODES[t.mode].pad_menu(t, p).title
        choosing = t.mode == Mode.GAME
        phone = choosing and seat.options and p in t.phone_seats
        shortcuts = t.s.shortcuts(p) if phone else ()
        mark = marks.update(p, _seat_key(t, seat, shortcuts))
        labels = tuple(t.s.label(a) for a in seat.options) if choosing else ()
        seats[p] = SeatSnapshot(seat, mark, title, may_next(t), choosing, labels, shortcuts)
    announce = None
    if t.mode == Mode.ANNOUNCE and t.announcer.active:
        a = t.announcer
        page = a.current
        announce = AnnouncePage(page.title, page.lines, a.index, len(a.pages), page.confirm)
    history: tuple[Mapping[str, Any], ...] = ()
    if t.mode == Mode.FINAL:
        history = tuple(score_history(t.s.public_events()))
    return Snapshot(str(t.mode), t.view, MappingProxyType(seats), announce, t.public_note, history)


def handle_remote(t: TableCore, event: RemoteEvent, marks: SeatMarks, press: Callable) -> Reply:
    """One phone input; `press(player, button)` is the table's own pad press."""
    p = event.player
    if t.session is None or p not in t.s.players:
        return Reply(False, _("this seat does not play in this game"))
    if marks.marks.get(p) != event.mark:
        return Reply(False, _(MOVED_ON))
    if isinstance(event, SeatNext):
        if not may_next(t):
            return Reply(False, _(MOVED_ON))
        press(p, "select")
        return Reply(True)
    if t.mode != Mode.GAME:
        return Reply(False, _(MOVED_ON))
    if isinstance(event, SeatHold):
        return _hold(t, p, marks)
    actions = _actions_for(t, p, event)
    if actions is None:
        return Reply(False, _(MOVED_ON))
    s = t.s
    entered = 0
    for action in actions:
        try:
            s.decide(p, action)
        except RuleError as e:  # said to this seat only: the reason may name its hand
            log.warning("a phone's choice was refused (%s)", type(e).__name__)
            if not entered:
                return Reply(False, t.words(str(e)))
            break
        entered += 1
        t.last_pick[p] = action
        for ev in s.events[len(s.events) - s.applied[-1].events :]:
            if ev["kind"] == "correction":  # a cube moves on the real board: the table hears it
                t.outputs.say(ev["text"], ev["round"])
    marks.decided.add(p)
    secret = s.applied[-1].secret
    if t.privacy == p and secret and actions[-1].kind not in MENU_STEPS:
        t.privacy = None
    t.public_note = ""
    if entered < len(actions):  # a shortcut stopped: what was entered stays, and is said
        said = _("{moved_on}: {n} of {count} entered")
        return Reply(False, said.format(moved_on=_(MOVED_ON), n=entered, count=len(actions)))
    return Reply(True)


def _actions_for(t: TableCore, p: str, event: SeatChoice) -> list[Action] | None:
    """The decisions a tap stands for: one legal choice, a shortcut's run, or a power card
    through the group of cards that holds it (the pad's sub-menu, one tap on a phone)."""
    options = t.seat(p).options
    if event.shortcut is not None:
        shortcuts = t.s.shortcuts(p) if p in t.phone_seats else ()
        ok = options and 0 <= event.shortcut < len(shortcuts)
        return list(shortcuts[event.shortcut].actions) if ok else None
    if event.index is not None:
        return [options[event.index]] if 0 <= event.index < len(options) else None
    if event.card is None:
        return None
    bid = Action("bid", event.card)
    if bid in options:
        return [bid]
    for group in options:
        if group.kind == "bid_group" and _in_range(event.card, str(group.target)):
            return [group, bid]
    return None


def _in_range(n: int, span: str) -> bool:
    low, _, high = span.partition("-")
    return low.isdigit() and high.isdigit() and int(low) <= n <= int(high)


def _hold(t: TableCore, p: str, marks: SeatMarks) -> Reply:
    s = t.s
    view = t.view
    if view.sealed_step is not None and p in view.sealed_step:
        why = s.withdraw_refusal(p)
        if why is not None:
            return Reply(False, why)  # the session words it in the table's language
        s.withdraw(p)
    else:
        why = s.undo_refusal(p)
        if why is not None:
            return Reply(False, _("no undo: {why}").format(why=why))
        s.undo(p)
        # The real board follows: say (and show) what to take back on it, as a pad's undo does.
        t.outputs.say(t.words(s.events[-1]["text"], spoken=True), s.events[-1]["round"])
        t.public_note = t.words(s.events[-1]["text"])
    marks.decided.add(p)
    return Reply(True)
