"""A phone's one tap for several decisions (a shortcut): the table takes them one by one as that
seat's, exactly as single taps would; a stale tap changes nothing; a run that meets a refused
decision stops there, keeping what came before; undo takes them back one at a time; and no run
ever holds a sealed or private decision."""

import copy

import pytest
from session_testing import same_state
from table_testing import Table

from companion.app.remote import MOVED_ON, PhonePaired, SeatChoice, SeatHold, snapshot
from companion.elgrande.bots import GreedyBot, play_game
from companion.elgrande.engine import apply_in_place, decision, legal_actions
from companion.elgrande.shortcuts import shortcuts
from companion.kit.shortcuts import Shortcut
from companion.testing import make_bots

SEATS = ("red", "blue", "yellow", "green")


class Outlet:
    """Stands in for the web server: keeps the last snapshot."""

    def __init__(self):
        self.last = None

    def publish(self, snap):
        self.last = snap

    def paired(self):
        return frozenset({"red"})


def table_at(kind: str, seed: int = 1, language: str = "en") -> Table:
    """Bots play every seat, red's choices made by its phone, until red must decide `kind`."""
    table = Table(seats=SEATS, seed=seed, language=language)
    table.app.attach(Outlet())
    table.press("red", "select")  # Start
    bots = table.bots(make_bots(SEATS[1:], 1))
    person = make_bots(("red",), 2)["red"]
    for _ in range(400):
        while bots.step():
            pass
        d = decision(table.session.state)
        if d.kind == kind and d.players == ("red",):
            return table
        action = person.choose(table.session.state, "red")
        tap(table, index=table.app.seat("red").options.index(action))
    raise AssertionError(f"red was never asked {kind}")


def tap(table: Table, mark: int | None = None, **what):
    """A tap on red's phone, on the page as it is now (or as it was at `mark`)."""
    snap = snapshot(table.app, table.app.marks)
    mine = snap.seats["red"].mark if mark is None else mark
    event = SeatChoice("red", mine, **what)
    table.hw.events.put(event)
    table.drain()
    return event.reply.result()


def hold(table: Table):
    event = SeatHold("red", snapshot(table.app, table.app.marks).seats["red"].mark)
    table.hw.events.put(event)
    table.drain()
    return event.reply.result()


def find(table: Table, test) -> int:
    return next(j for j, c in enumerate(table.session.shortcuts("red")) if test(c))


def longest(table: Table) -> int:
    """Red's "+k" chip with the largest k."""
    cuts = table.session.shortcuts("red")
    return max((j for j, c in enumerate(cuts) if c.repeat), key=lambda j: len(cuts[j].actions))


def entered(table: Table) -> list:
    return [(e.player, e.action) for e in table.session.entries]


def test_a_plus_k_chip_is_the_same_as_k_single_taps():
    one, many = table_at("turn"), table_at("turn")
    j = longest(one)
    k = len(one.session.shortcuts("red")[j].actions)
    place = one.session.shortcuts("red")[j].actions[0]
    assert tap(one, shortcut=j).ok
    for _ in range(k):
        assert tap(many, index=many.app.seat("red").options.index(place)).ok
    assert entered(one) == entered(many)
    assert entered(one)[-k:] == [("red", place.to_json())] * k
    assert same_state(one.session.state, many.session.state)
    assert one.session.public_events() == many.session.public_events()


def test_take_then_card_is_the_take_and_the_card_as_two_taps():
    one, two = table_at("take"), table_at("take")
    j = find(one, lambda c: not c.repeat)
    take, card = one.session.shortcuts("red")[j].actions
    assert take == legal_actions(one.session.state, "red")[0]  # the most: offered first
    assert (take.kind, card.kind) == ("take", "card")
    assert tap(one, shortcut=j).ok
    assert tap(two, index=two.app.seat("red").options.index(take)).ok
    assert tap(two, index=two.app.seat("red").options.index(card)).ok
    assert entered(one) == entered(two)
    assert same_state(one.session.state, two.session.state)


def test_a_shortcut_tapped_on_a_page_the_game_moved_past_changes_nothing():
    table = table_at("turn")
    old = snapshot(table.app, table.app.marks).seats["red"].mark
    j = find(table, lambda c: c.repeat)
    place = table.session.shortcuts("red")[j].actions[0]
    assert tap(table, index=table.app.seat("red").options.index(place)).ok
    assert hold(table).ok  # the same choices as before, on a newer page
    assert table.session.shortcuts("red")[j].actions[0] == place
    before = entered(table)
    reply = tap(table, mark=old, shortcut=j)
    assert (reply.ok, reply.reason) == (False, MOVED_ON)
    assert entered(table) == before


def test_a_shortcut_that_is_not_there_is_refused_and_changes_nothing():
    table = table_at("turn")
    before = entered(table)
    reply = tap(table, shortcut=len(table.session.shortcuts("red")))
    assert (reply.ok, reply.reason) == (False, MOVED_ON)
    assert entered(table) == before


def test_a_run_stops_at_its_first_refused_decision_and_keeps_what_came_before(monkeypatch):
    table, singles = table_at("turn"), table_at("turn")
    j = find(table, lambda c: c.repeat)
    cuts = table.session.shortcuts("red")
    place = cuts[j].actions[0]
    most = max(len(c.actions) for c in cuts if c.actions[0] == place)
    too_many = Shortcut((place,) * (most + 1), cuts[j].labels)  # one more than may be placed
    monkeypatch.setattr(table.session, "shortcuts", lambda p: (too_many,))
    reply = tap(table, shortcut=0)
    assert (reply.ok, reply.reason) == (False, f"{MOVED_ON}: {most} of {most + 1} entered")
    for _ in range(most):
        tap(singles, index=singles.app.seat("red").options.index(place))
    assert entered(table) == entered(singles)
    assert same_state(table.session.state, singles.session.state)


def test_undo_after_a_shortcut_takes_its_decisions_back_one_at_a_time_as_a_pad_does():
    table = table_at("turn")
    j = longest(table)
    k = len(table.session.shortcuts("red")[j].actions)
    area = table.session.shortcuts("red")[j].actions[0].target
    start = table.session.state.board[area]["red"]
    before = copy.deepcopy(table.session.state)
    assert tap(table, shortcut=j).ok
    assert table.session.state.board[area]["red"] == start + k
    assert hold(table).ok
    assert table.session.state.board[area]["red"] == start + k - 1
    for _ in range(k - 1):
        assert hold(table).ok
    assert same_state(table.session.state, before)


def test_a_phones_undo_is_said_and_shown_in_the_tables_language_and_so_is_its_refusal():
    table = table_at("turn", language="fr")
    said: list[str] = []
    table.app.outputs.on_say.append(lambda text, _round: said.append(text))
    place = next(a for a in table.app.seat("red").options if a.kind == "place")
    assert tap(table, index=table.app.seat("red").options.index(place)).ok
    assert hold(table).ok
    assert said and said[-1].startswith("rouge reprend"), said
    assert table.app.public_note.startswith("rouge reprend"), table.app.public_note
    while (reply := hold(table)).ok:
        pass
    assert "annulation" in reply.reason and "autre joueur" in reply.reason, reply.reason


@pytest.mark.parametrize("seed", [0, 1])
def test_no_run_holds_a_sealed_private_or_other_seats_decision(seed):
    """Over a whole game by bots, every shortcut offered is decisions its seat alone makes in
    the open, each legal at its moment."""
    offered = 0

    def check(s, p, a):
        nonlocal offered
        s.take_events()  # a session takes them after each decision: copies stay small
        d = decision(s)
        if d is None:
            return
        for q in d.players:
            for cut in shortcuts(s, q):
                offered += 1
                ahead = copy.deepcopy(s)
                for action in cut.actions:
                    now, top = decision(ahead), ahead.steps[-1]
                    assert now.players == (q,) and not now.secret, (cut, now)
                    assert not top.private_options and not getattr(top, "parallel", False)
                    assert action in legal_actions(ahead, q)
                    apply_in_place(ahead, q, action)

    play_game(SEATS, seed, default=GreedyBot, on_step=check)
    assert offered > 100


def test_only_a_seat_with_a_phone_is_offered_shortcuts_the_look_ahead_costs_the_others_nothing():
    table = table_at("turn")
    assert snapshot(table.app, table.app.marks).seats["red"].shortcuts
    table.app.phone_seats.discard("red")  # as a revoke does
    assert snapshot(table.app, table.app.marks).seats["red"].shortcuts == ()
    table.hw.events.put(PhonePaired("red"))
    table.drain()
    assert snapshot(table.app, table.app.marks).seats["red"].shortcuts
