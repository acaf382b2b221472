"""What the table may read of a session: one public `TableView` and one `SeatView` per seat.

Both are frozen and built once per session state (the session caches them by its `stamp`), so
the app, the screens and the commands read the game here instead of reaching into the engine.
The secret rules stay where they are: the public view is the session's `view()` (built without
secrets, its waiting list hiding a clashed bid), and a `SeatView` says what only its seat may
know; its repr names the seat alone.

>>> from companion.session.session import Session
>>> from companion.session.store import MemoryStore
>>> s = Session.new(MemoryStore(), ("red", "blue"), seed=7)
>>> table = s.table_view()
>>> table.round, table.decision.kind, table.decision.secret, table.decision.waiting
(1, 'bid', True, ('blue', 'red'))
>>> s.seat_view("red")
SeatView(player='red')
>>> len(s.seat_view("red").hand), s.seat_view("red").may_look
(13, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion.kit.game import GameInfo, GameModule
from companion.kit.moves import Action
from companion.kit.steps import NumberField


@dataclass(frozen=True)
class DecisionView:
    """Who must decide what now, as the public may know it."""

    kind: str
    prompt: str
    secret: bool
    # Who is still choosing: in a sealed step a player re-choosing a clashed bid is not named.
    waiting: tuple[str, ...]
    chosen: tuple[str, ...]  # sealed step: who is not shown as waiting
    parallel: bool = False  # an open parallel entry: everyone enters their own at once


@dataclass(frozen=True)
class TableView:
    """The public view of the game now: what the main display, matrix, voice and logs may use.

    `public` is the JSON-able view the screens draw from (`Session.view()`); treat it as
    read-only, it is shared by everyone who reads this state."""

    players: tuple[str, ...]
    round: int | None
    rounds: tuple[int, ...]  # the rounds this game plays
    phase: str
    king: str | None
    grandes: Mapping[str, str]  # each player's Grande: the region it stands in
    scoreboards: Mapping[str, str]  # region → the mobile scoreboard lying on it
    # Caballeros by area and player; the Castillo only when the table made it public.
    board: Mapping[str, Mapping[str, int]]
    court: Mapping[str, int]  # caballeros in each player's court
    province: Mapping[str, int]  # and in each player's province
    scores: Mapping[str, int]
    turn_order: tuple[str, ...]
    bids: Mapping[str, int]  # the power cards played this round, once revealed
    hand_counts: Mapping[str, int]  # power cards each player has left (which ones is secret)
    face_up: tuple[str, ...]  # the round's action cards still on the table
    decision: DecisionView | None
    winners: tuple[str, ...]
    over: bool
    # The players of the sealed step open now (None: none is). Who has chosen is public, what
    # they chose is not.
    sealed_step: tuple[str, ...] | None
    public: dict[str, Any] = field(repr=False)
    game: str = "elgrande"  # the game's id, its name, and its main page ("board" or "ledger")
    game_name: str = "El Grande"
    page: str = "board"

    def to_json(self) -> dict[str, Any]:
        """The JSON-able public view the screens draw from (shared: do not change it)."""
        return self.public


@dataclass(frozen=True)
class SeatView:
    """What one seat may know now besides the public view (only its own pad shows it)."""

    player: str
    hand: tuple[str, ...] = field(repr=False)  # sorted
    castillo: int = field(repr=False)  # caballeros in the Castillo
    options: tuple[Action, ...] = field(repr=False)  # the legal choices now
    notice: str | None = field(repr=False)  # e.g. "your bid clashed: choose again"
    sealed_choice: str | None = field(repr=False)  # the sealed choice entered, described
    # Decides a step whose options are private (a sealed step of theirs, or a public step that
    # may show a hand): a pad without a display may open the main display's private page.
    may_look: bool = field(repr=False)
    # The number the seat is asked now, in an open entry (a pad shows a stepper), or None.
    number: NumberField | None = field(default=None, repr=False)


def table_view(
    public: dict[str, Any],
    sealed_step: tuple[str, ...] | None,
    over: bool,
    info: GameInfo | None = None,
) -> TableView:
    """The typed public view over `public` (the session's safe `view()`) of the game `info`
    describes (None: El Grande's, as before games were named)."""
    pending = public.get("decision")
    decision = None
    if pending is not None:
        decision = DecisionView(
            kind=pending["kind"],
            prompt=pending["prompt"],
            secret=bool(pending["secret"]),
            waiting=tuple(pending["players"]),
            chosen=tuple(pending.get("chosen", ())),
            parallel=bool(pending.get("parallel", False)),
        )
    return TableView(
        players=tuple(public["players"]),
        round=public["round"],
        rounds=tuple(public["rounds"]),
        phase=public["phase"],
        king=public.get("king"),
        grandes=MappingProxyType(dict(public.get("grandes", {}))),
        scoreboards=MappingProxyType(dict(public.get("scoreboards", {}))),
        board=MappingProxyType(
            {area: MappingProxyType(dict(c)) for area, c in public.get("board", {}).items()}
        ),
        court=MappingProxyType(dict(public.get("court", {}))),
        province=MappingProxyType(dict(public.get("province", {}))),
        scores=MappingProxyType(dict(public["scores"])),
        turn_order=tuple(public.get("turn_order", ())),
        bids=MappingProxyType(dict(public.get("bids", {}))),
        hand_counts=MappingProxyType(dict(public.get("hand_counts", {}))),
        face_up=tuple(public.get("face_up", ())),
        decision=decision,
        winners=tuple(public["winners"]),
        over=over,
        sealed_step=sealed_step,
        public=public,
        **({} if info is None else {"game": info.id, "game_name": info.name, "page": info.page}),
    )


def sealed_step(state: Any) -> Any:
    """The sealed step on top of a game's stack (its `players`, `sealed` choices and private
    `notices`), or None: the steps a game marks `secret`."""
    top = state.steps[-1] if state.steps else None
    return top if getattr(top, "secret", False) else None


def seat_view(
    game: GameModule, state: Any, player: str, options: tuple[Action, ...], waiting: tuple[str, ...]
) -> SeatView:
    """`player`'s own view of `state`; `options` are their legal choices and `waiting` who the
    public is told is deciding (the session has both cached)."""
    top = state.steps[-1] if state.steps else None
    sealed = sealed_step(state)
    if sealed is not None:
        may_look = player in sealed.players
    else:
        may_look = top is not None and top.private_options and player in waiting
    own = game.own_view(state, player)  # the game's one word on what a seat may know
    return SeatView(
        player=player,
        hand=tuple(own.get("hand", ())),
        castillo=own.get("castillo", 0),
        options=options,
        notice=own.get("notice"),
        sealed_choice=own.get("sealed"),
        may_look=bool(may_look),
        number=game.number_field(state, player) if options else None,
    )
