"""The session's typed views: one public TableView, one SeatView a seat, built once per state."""

from __future__ import annotations

import dataclasses

import pytest

from companion.elgrande.bots import RandomBot
from companion.elgrande.moves import Action
from companion.elgrande.options import TableOptions
from companion.session.session import Session
from companion.session.store import MemoryStore


def _new(seed: int = 7) -> Session:
    return Session.new(MemoryStore(), ("red", "blue", "green"), seed=seed)


def _sealed_bid(s: Session, player: str) -> None:
    group = next(a for a in s.legal(player) if a.kind == "bid_group")
    s.decide(player, group)
    s.decide(player, next(a for a in s.legal(player) if a.kind == "bid"))


def test_the_views_are_built_once_per_state_and_anew_after_a_change():
    s = _new()
    table, red = s.table_view(), s.seat_view("red")
    assert s.table_view() is table and s.seat_view("red") is red
    _sealed_bid(s, "red")
    assert s.table_view() is not table and s.seat_view("red") is not red
    # The old view stays as it was.
    assert s.seat_view("red").sealed_choice is not None and red.sealed_choice is None


def test_the_table_view_says_who_chose_never_what():
    s = _new()
    _sealed_bid(s, "red")
    view = s.table_view()
    assert view.decision.secret and sorted(view.sealed_step) == ["blue", "green", "red"]
    assert view.decision.chosen == ("red",) and "red" not in view.decision.waiting
    bid = s.seat_view("red").sealed_choice
    assert bid is not None and bid not in repr(view) and bid not in str(view.to_json())
    assert "hands" not in view.to_json()
    assert "castillo" not in view.board  # hidden by default
    assert set(view.court) == set(view.province) == set(s.players)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.round = 2  # type: ignore[misc]


def test_a_seat_view_holds_the_seat_s_own_and_its_repr_names_only_the_seat():
    s = _new()
    red = s.seat_view("red")
    assert len(red.hand) == 13 and list(red.hand) == sorted(red.hand)
    assert red.options == tuple(s.legal("red")) and red.may_look
    assert repr(red) == "SeatView(player='red')"
    with pytest.raises(KeyError, match="yellow"):
        s.seat_view("yellow")


def test_a_seat_deciding_a_public_step_whose_options_are_open_may_not_look():
    # The action card is chosen in the open: a pad without a display needs no private page.
    s = _new()
    for p, bid in (("red", 13), ("blue", 12), ("green", 11)):
        s.decide(p, Action("bid_group", "8-13"))
        s.decide(p, Action("bid", bid))
    asked = s.table_view().decision
    assert (asked.kind, asked.secret, asked.waiting) == ("card", False, ("red",))
    assert [s.seat_view(p).may_look for p in s.players] == [False, False, False]


def test_in_open_bidding_only_the_bidder_in_turn_may_look_at_the_private_page():
    # Played face up, but a hand may hold a card taken back in secret (4b): the bidder whose
    # pad has no display chooses on the main display's private page; the others may not open it.
    s = Session.new(
        MemoryStore(), ("red", "blue", "green"), seed=7, options=TableOptions(bidding="open")
    )
    asked = s.table_view().decision
    assert (asked.kind, asked.secret, asked.waiting) == ("bid", False, ("blue",))
    assert [s.seat_view(p).may_look for p in s.players] == [False, True, False]
    s.decide("blue", Action("bid_group", "8-13"))
    s.decide("blue", Action("bid", 13))
    assert s.table_view().decision.waiting == ("green",)
    assert [s.seat_view(p).may_look for p in s.players] == [False, False, True]


def test_a_clashed_bid_is_told_to_its_seat_alone():
    s = _new()
    for p, bid in (("red", 13), ("blue", 13), ("green", 12)):
        s.decide(p, Action("bid_group", "8-13"))
        s.decide(p, Action("bid", bid))
    red = s.seat_view("red")
    assert red.notice and red.sealed_choice is None and red.options  # red chooses again
    view = s.table_view()
    assert view.decision.waiting == () and "red" in view.decision.chosen
    assert not any(s.seat_view(p).notice for p in ("blue", "green"))


def test_the_table_view_says_what_is_asked_and_nothing_once_the_game_is_over():
    s = Session.new(MemoryStore(), ("red", "blue"), seed=3, options=TableOptions(short_game=True))
    asked = s.table_view().decision
    assert (asked.kind, asked.prompt, asked.secret, asked.waiting, asked.chosen) == (
        "bid",
        "Choose your power card (sealed)",
        True,
        ("blue", "red"),
        (),
    )
    bots = {p: RandomBot(i) for i, p in enumerate(s.players)}
    while not s.over:
        p = s.decision().players[0]
        s.decide(p, bots[p].choose(s.state, p))
    view = s.table_view()
    assert view.over and view.decision is None and view.winners
    red = s.seat_view("red")
    assert red.may_look is False and red.options == ()


def test_the_public_view_lists_the_games_events_in_force():
    s = _new()
    for p, bid in (("red", 13), ("blue", 12), ("green", 11)):
        s.decide(p, Action("bid_group", "8-13"))
        s.decide(p, Action("bid", bid))
    shown = s.table_view().to_json()["events"]
    assert shown == s.public_events() and any(e["kind"] == "bids" for e in shown)


def test_the_views_follow_the_game_s_phase_and_castillo_counts():
    """What the sim's header (the phase) and a pad's Castillo count show come from these
    views, and whether the Castillo is public: each follows the engine as the game goes."""
    from companion.commands.sim_board import round_line
    from companion.elgrande.data import CASTILLO

    s = Session.new(
        MemoryStore(), ("red", "blue", "green"), seed=5, options=TableOptions(castillo_public=True)
    )
    assert " · bidding · " in round_line(s.table_view())
    bots = {p: RandomBot(i) for i, p in enumerate(s.players)}
    phases = set()
    while not s.over and sum(s.state.board[CASTILLO].values()) < 3:
        p = s.decision().players[0]
        s.decide(p, bots[p].choose(s.state, p))
        view = s.table_view()
        phases.add(view.phase)
        assert f" · {s.state.phase} · " in round_line(view)
    inside = s.state.board[CASTILLO]
    view = s.table_view()
    assert dict(view.board[CASTILLO]) == dict(inside) and sum(inside.values()) >= 3
    assert {p: s.seat_view(p).castillo for p in s.players} == {p: inside[p] for p in s.players}
    assert {"bidding", "turns"} <= phases
