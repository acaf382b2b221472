"""The session: the log is written before anything changes; undo and withdraw and their limits."""

from __future__ import annotations

import errno

import pytest

from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import decision, legal_actions
from companion.elgrande.module import UNDO_BARRIERS as BOUNDARY_EVENTS
from companion.elgrande.moves import Action, RuleError
from companion.elgrande.views import public_view
from companion.session.resilient import ResilientStore
from companion.session.session import Session, SessionError
from companion.session.store import LogEntry, MemoryStore, StoreError

THREE = ("red", "blue", "yellow")


def _group(value: int) -> Action:
    """The pad menu's power-card group holding `value` (13 cards are offered as two groups)."""
    return Action("bid_group", "1-7" if value <= 7 else "8-13")


def _seal(session: Session, player: str, value: int) -> None:
    session.decide(player, _group(value))
    session.decide(player, Action("bid", value))


def _bid(session: Session, values: dict[str, int]) -> None:
    for p in list(decision(session.state).players):
        _seal(session, p, values[p])


def _first_turn(seed: int = 3) -> Session:
    s = Session.new(MemoryStore(), THREE, seed=seed)
    _bid(s, {"red": 13, "blue": 1, "yellow": 2})
    assert decision(s.state).players == ("red",)
    return s


def _snapshot(s: Session):
    return public_view(s.state), {p: legal_actions(s.state, p) for p in s.players}


class _WatchingStore(MemoryStore):
    """Records how many decisions the session had applied when each entry was stored."""

    def __init__(self) -> None:
        super().__init__()
        self.session: Session | None = None
        self.applied_at_append: list[int] = []

    def append(self, entry) -> None:
        self.applied_at_append.append(len(self.session.applied) if self.session else -1)
        super().append(entry)


def test_each_decision_is_stored_before_the_state_changes():
    store = _WatchingStore()
    s = Session.new(store, THREE, seed=3)
    store.session = s
    _bid(s, {"red": 13, "blue": 1, "yellow": 2})
    assert store.applied_at_append == [0, 1, 2, 3, 4, 5]


def test_a_refused_decision_stores_nothing_and_changes_nothing():
    s = _first_turn()
    before = _snapshot(s)
    with pytest.raises(RuleError):
        s.decide("blue", Action("take", 1))  # not blue's decision
    assert len(s.entries) == 6 and _snapshot(s) == before


def test_a_refused_decision_says_the_engines_reason():
    # The session hands the engine the player who pressed: the reason names them and whose
    # decision it is (the app shows nobody these words today; they are the API's "why").
    s = _first_turn()
    with pytest.raises(RuleError, match=r"^it is not blue's decision now; waiting for red: "):
        s.decide("blue", Action("take", 1))


def test_resume_replays_the_log_to_the_same_game():
    s = _first_turn()
    s.decide("red", legal_actions(s.state, "red")[0])
    s.undo("red")
    again = Session.resume(s.store)
    assert _snapshot(again) == _snapshot(s)


class _FullAfter(MemoryStore):
    """A store whose disk fills up after `room` entries."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def append(self, entry) -> None:
        if len(self.load()[1]) >= self.room:
            raise StoreError(errno.ENOSPC, "No space left on device")
        super().append(entry)


def test_a_store_that_cannot_keep_a_decision_refuses_it_and_changes_nothing():
    store = _FullAfter(room=0)
    s = Session.new(store, THREE, seed=3)
    before = _snapshot(s)
    with pytest.raises(StoreError):
        s.decide("red", legal_actions(s.state, "red")[0])
    assert s.store is store and s.entries == [] and _snapshot(s) == before


def test_over_the_safety_net_a_failing_disk_keeps_the_game_going_on_the_same_store():
    net = ResilientStore(lambda: _FullAfter(room=2), where="/var/lib/elgrande-companion/game.db")
    s = Session.new(net, THREE, seed=3)
    _bid(s, {"red": 13, "blue": 1, "yellow": 2})
    assert s.store is net and len(net.load()[1]) == len(s.entries) == 6
    assert net.message == "NOT SAVED: disk full at /var/lib/elgrande-companion/game.db"
    assert _snapshot(Session.resume(net)) == _snapshot(s)


def test_undo_takes_back_the_active_players_own_last_public_decision():
    s = _first_turn()
    before = _snapshot(s)
    s.decide("red", legal_actions(s.state, "red")[0])  # take caballeros into the court
    s.undo("red")
    assert _snapshot(s) == before
    assert s.events[-1]["kind"] == "undo" and s.entries[-1].kind == "undo"


def test_undo_never_crosses_the_reveal_of_the_bids():
    s = Session.new(MemoryStore(), THREE, seed=3)
    *early, last = decision(s.state).players
    _bid(s, {early[0]: 1, early[1]: 2, last: 13})  # the last to bid reveals, then plays first
    assert decision(s.state).players == (last,)
    with pytest.raises(SessionError, match="past the bids"):
        s.undo(last)


def test_undo_never_goes_into_another_players_turn():
    s = _first_turn()
    while decision(s.state).players == ("red",):
        s.decide("red", GreedyBot(1).choose(s.state, "red"))
    nxt = decision(s.state).players[0]
    assert nxt != "red"
    assert "only the player deciding now" in s.undo_refusal("red")
    assert s.undo_refusal(nxt) in (
        "the last decision was another player's",
        "it cannot be taken back past the turn",
    )
    with pytest.raises(SessionError):
        s.undo(nxt)


def test_a_player_not_deciding_cannot_undo():
    s = _first_turn()
    s.decide("red", legal_actions(s.state, "red")[0])
    assert "only the player deciding now" in s.undo_refusal("blue")


def test_a_sealed_choice_is_withdrawn_not_undone_and_only_by_its_owner():
    s = Session.new(MemoryStore(), THREE, seed=3)
    first = decision(s.state).players[0]
    other = decision(s.state).players[1]
    _seal(s, first, 5)
    assert s.undo_refusal(first) is not None
    assert s.withdraw_refusal(other) == "no sealed choice of yours is waiting"
    s.withdraw(first)
    assert first in s.public_waiting() and first in decision(s.state).players
    assert s.entries[-1].kind == "withdraw" and s.entries[-1].action == {"cancels": 2}


def test_a_clashed_bid_is_hidden_from_the_public_and_cannot_be_withdrawn():
    s = Session.new(MemoryStore(), THREE, seed=3)
    order = decision(s.state).players  # seat order from the first bidder
    for p in order:
        _seal(s, p, 7)  # everyone the same: the later two must choose again
    assert set(decision(s.state).players) == set(order[1:])  # the engine asks them again
    assert s.public_waiting() == []  # the public sees only "waiting"
    assert s.view()["decision"]["players"] == []
    assert "made again" in s.withdraw_refusal(order[0])


def test_every_undo_at_every_point_of_a_bot_game_respects_the_boundaries():
    """At each point of a whole game, every player tries an undo: it is allowed exactly when the
    last decision was theirs, public, they decide now and nothing was revealed, scored or handed
    over; an allowed undo restores the state before that decision."""
    s = Session.new(MemoryStore(), THREE, seed=11)
    bots = {p: GreedyBot(i) for i, p in enumerate(THREE)}
    snapshots = [_snapshot(s)]
    undone = refused_at_boundary = 0
    crossed_kinds: set[str] = set()
    while not s.over:
        d = decision(s.state)
        for p in s.players:
            last = s.applied[-1] if s.applied else None
            allowed = (
                last is not None
                and last.player == p
                and p in d.players
                and not last.secret
                and not (last.event_kinds & BOUNDARY_EVENTS)
            )
            assert (s.undo_refusal(p) is None) == allowed, (p, last)
            if allowed:
                s.undo(p)
                undone += 1
                assert _snapshot(s) == snapshots[-2]
                s.decide(last.player, last.action)  # play it again
                snapshots.pop()
                snapshots.append(_snapshot(s))
            elif last is not None and last.player == p and last.event_kinds & BOUNDARY_EVENTS:
                refused_at_boundary += 1
                crossed_kinds |= last.event_kinds & BOUNDARY_EVENTS
        p = d.players[0]
        s.decide(p, bots[p].choose(s.state, p))
        snapshots.append(_snapshot(s))
    assert undone > 50 and refused_at_boundary > 10
    assert {"bids", "turn", "score"} <= crossed_kinds


def _derived(s: Session):
    """All the session derives from its state (cached between changes)."""
    legal = {p: s.legal(p) for p in s.players}
    return s.decision(), s.public_waiting(), legal, s.view()


def _derived_afresh(s: Session):
    """The same, from a session that replays the log now (so nothing of it is cached)."""
    return _derived(Session.resume(s.store))


def test_what_the_session_derives_follows_every_decision_undo_and_withdraw():
    s = Session.new(MemoryStore(), THREE, seed=3)
    first, *others = decision(s.state).players

    def turn() -> str:
        return decision(s.state).players[0]

    steps = [
        lambda: _seal(s, first, 5),
        lambda: s.withdraw(first),  # back in the 1-7 group
        lambda: s.decide(first, Action("bid", 5)),
        lambda: [_seal(s, p, v) for p, v in zip(others, (13, 1), strict=True)],
        lambda: s.decide(turn(), legal_actions(s.state, turn())[0]),
        lambda: s.undo(turn()),
    ]
    for step in steps:
        _derived(s)  # asked before the change: the cache is full
        step()
        assert _derived(s) == _derived_afresh(s)
        assert s.decision() == decision(s.state)
        assert all(s.legal(p) == legal_actions(s.state, p) for p in s.players)


def test_a_caller_changing_what_it_was_given_does_not_change_the_session():
    s = _first_turn()
    before = _derived(s)
    s.legal("red").clear()
    s.public_waiting().append("blue")
    assert _derived(s) == before


def test_resume_of_a_damaged_log_is_the_game_before_the_refused_entry():
    """A refused entry drops the tail, even an undo after it that, read whole, would have left
    the refused entry in force: the resumed session is the one that played the good prefix."""
    live = _first_turn()
    live.decide("red", legal_actions(live.state, "red")[0])
    store = MemoryStore()
    store.start(live.header)
    refused = LogEntry(8, "red", {"kind": "bid", "target": 99})  # no such card, not asked now
    for e in [*live.entries, refused, LogEntry(9, "red", {"cancels": 7}, "undo")]:
        store.append(e)
    again = Session.resume(store)
    assert store.load()[1] == live.entries == again.entries
    assert again.applied == live.applied and again.events == live.events
    assert _snapshot(again) == _snapshot(live) and _derived(again) == _derived(live)


def test_undoing_a_colour_picked_out_of_the_hidden_castillo_names_no_colour():
    s = Session.new(MemoryStore(), THREE, seed=4)
    while (d := decision(s.state)).kind != "correct":
        p = d.players[0]
        s.decide(p, legal_actions(s.state, p)[0])
    p = d.players[0]
    for region in s.state.data.regions:  # the regions' pages found right: the Castillo's next
        s.decide(p, Action("matches", region))
    s.decide(p, Action("fix_from", "castillo"))
    colour = next(a.target for a in s.legal(p) if a.kind == "fix_colour")
    s.decide(p, Action("fix_colour", colour))
    s.undo(p)
    said = s.events[-1]
    assert said["kind"] == "undo" and colour not in said["text"], said
    assert said["text"] == f"{p} takes back: their choice of colour"


def test_a_resumed_game_publishes_each_past_event_with_the_round_it_belongs_to():
    live = Session.new(MemoryStore(), THREE, seed=3)
    bots = {p: GreedyBot(i) for i, p in enumerate(THREE)}
    while live.state.round < 3:
        p = decision(live.state).players[0]
        live.decide(p, bots[p].choose(live.state, p))
    again = Session.resume(live.store)
    # The setup belongs to no round: it is published with the round now (not said again).
    assert again.events[0]["kind"] == "setup" and again.events[1:] == live.events[1:]
    assert {e["round"] for e in again.events[1:]} == {1, 2, 3}
