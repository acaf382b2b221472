"""No secret reaches a public output before its reveal.

Two tables get the same public inputs (who enters, withdraws and looks, in which order) and
different sealed power cards; everything public — main display and matrix images, voice, buzzer,
LEDs and the public log — must be the same until the cards are revealed. Pads without a display
(yellow, green in sim.toml) enter theirs on the main display's private page: those frames are
recorded as "only yellow looks", which is what the table sees, and the page must be gone after.
"""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_testing import Table, enter_power_card

from companion.app.menus import presses_to
from companion.commands.screens_moments import table_config
from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import decision
from companion.elgrande.moves import Action, RuleError
from companion.screens.text import GLYPH_W, width

SEATS = ("red", "blue", "yellow", "green")
BLIND = ("yellow", "green")  # no pad display in sim.toml


class PublicTrace:
    """Everything the table can see or hear, in order."""

    def __init__(self, table: Table) -> None:
        self.items: list[tuple] = []
        hw, app = table.hw, table.app
        real_show = hw.display.show

        def show(img) -> None:
            # The private page changes with every press of the one looking (their presses are
            # in plain sight anyway); the table sees only that they look.
            item = ("main", f"only {app.privacy} looks" if app.privacy else img.tobytes())
            if not (app.privacy and self.items and self.items[-1] == item):
                self.items.append(item)
            real_show(img)

        hw.display.show = show
        self._wrap(hw.matrix.device, "display", lambda img: ("matrix", img.tobytes()))
        self._wrap(hw.speaker, "say", lambda text: ("say", text))
        self._wrap(hw.buzzer, "play", lambda notes: ("buzzer", tuple(notes)))
        for p, pad in hw.pads.items():
            self._wrap(pad, "led_on", lambda p=p: ("led", p, True))
            self._wrap(pad, "led_off", lambda p=p: ("led", p, False))

    def _wrap(self, obj, name: str, describe) -> None:
        real = getattr(obj, name)

        def watched(*args):
            self.items.append(describe(*args))
            return real(*args)

        setattr(obj, name, watched)


@contextlib.contextmanager
def _table():
    table = Table("sim.toml", seed=9)
    try:
        table.press("red", "select")  # one ● starts with the defaults
        assert table.session.players == SEATS
        yield table
    finally:
        table.close()


def _enter(table: Table, p: str, value: int) -> None:
    """A sealed power card: a blind seat first asks to choose unseen."""
    if p in BLIND:
        table.press(p, "long")
    enter_power_card(table, p, value)


def _withdraw(table: Table, p: str) -> None:
    # A blind pad opens its private page first; inside it a long ● withdraws.
    table.press(p, *(["long", "long"] if p in BLIND else ["long"]))
    if p in BLIND:
        table.press(p, "long")  # and leaves the page without choosing


def _public_log(table: Table) -> list[tuple]:
    return [(e["kind"], e["text"]) for e in table.session.events]


def _run(order, values, withdrawers):
    """Enter everyone's card in `order`; returns (trace before the last entry, whole trace,
    log, clashed?) with the table still open."""
    stack = contextlib.ExitStack()
    table = stack.enter_context(_table())
    trace = PublicTrace(table)
    for i, p in enumerate(order):
        if i == len(order) - 1:
            before_last = list(trace.items)
        _enter(table, p, values[p])
        if p in withdrawers and i < len(order) - 1:
            _withdraw(table, p)
            _enter(table, p, values[p])
    clashed = table.session.secret_step() is not None
    return stack, table, before_last, trace.items, clashed


bids = st.integers(min_value=1, max_value=13)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    order=st.permutations(SEATS),
    a=st.fixed_dictionaries({p: bids for p in SEATS}),
    b=st.fixed_dictionaries({p: bids for p in SEATS}),
    withdrawers=st.sets(st.sampled_from(SEATS)),
)
def test_sealed_bids_leave_no_trace_on_public_outputs_until_the_reveal(order, a, b, withdrawers):
    stack_a, table_a, before_a, whole_a, clash_a = _run(order, a, withdrawers)
    stack_b, table_b, before_b, whole_b, clash_b = _run(order, b, withdrawers)
    with stack_a, stack_b:
        assert before_a == before_b
        assert table_a.app.privacy is None and table_b.app.privacy is None
        if clash_a and clash_b:  # nobody revealed yet on either table: still the same
            assert whole_a == whole_b
            assert _public_log(table_a) == _public_log(table_b)
            assert table_a.app.session.view() == table_b.app.session.view()


def test_a_clashed_bid_shows_only_waiting_whoever_must_choose_again():
    # Same values in seat order: everyone after the first must choose again; whoever it is,
    # the table sees the same outputs, and every LED of the step is lit until the reveal (the
    # pads of those who must choose again ask them, and nobody may tell whose).
    runs = []
    for values in ({"red": 5, "blue": 5, "yellow": 9, "green": 9}, dict.fromkeys(SEATS, 5)):
        with _table() as table:
            trace = PublicTrace(table)
            seat_order = decision(table.session.state).players
            for p in seat_order:
                _enter(table, p, values[p])
            assert table.session.secret_step() is not None
            lit = {p for p, pad in table.hw.pads.items() if pad.led.is_lit}
            runs.append((trace.items, table.session.view()["decision"], lit))
    (trace_1, view_1, lit_1), (trace_2, view_2, lit_2) = runs
    assert trace_1 == trace_2 and view_1 == view_2
    assert view_1["players"] == [] and lit_1 == lit_2 == set(SEATS)


def test_a_pad_without_display_chooses_on_a_private_page_that_is_cleared_after():
    with _table() as table:
        app = table.app
        table.press("yellow", "long")
        assert app.privacy == "yellow"
        ui = app.main_ui()
        assert ui.screen == "privacy" and ui.title == "Only yellow looks"
        table.press("green", "long")  # one at a time: green must wait
        assert app.privacy == "yellow"
        table.press("yellow", "select")  # a group of power cards: the page stays
        assert app.privacy == "yellow" and "yellow" in table.session.public_waiting()
        table.press("yellow", "select")  # the card: sealed, and the page is cleared
        assert app.privacy is None and app.main_ui().screen == "game"
        assert "yellow" not in table.session.public_waiting()


def _to_the_castillo_discs(table: Table) -> None:
    """Bots decide (straight into the session: these inputs are the same on both tables) until
    the general scoring asks for the Castillo discs; the table confirms the board as it is."""
    bots = {p: GreedyBot(i) for i, p in enumerate(SEATS)}
    while True:
        if table.app.mode == "announce":
            table.press("red", "select")
            continue
        d = decision(table.session.state)
        if d.kind == "castillo_disc":
            return
        p = d.players[0]
        table.session.decide(p, bots[p].choose(table.session.state, p))
        table.app.refresh()


def _run_discs(order, picks):
    stack = contextlib.ExitStack()
    table = stack.enter_context(_table())
    _to_the_castillo_discs(table)
    trace = PublicTrace(table)
    before_last: list[tuple] = []
    for i, p in enumerate(order):
        if i == len(order) - 1:
            before_last = list(trace.items)
            log_before = _public_log(table)
        if p in BLIND:
            table.press(p, "long")
        menu = table.app.menu_for(p)
        disc = menu.actions[picks[p] % len(menu.actions)]
        table.seal(p, *presses_to(menu, disc))
    assert any(kind == "castillo_discs" for kind, _ in _public_log(table))  # revealed
    return stack, before_last, log_before, table


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    order=st.permutations(SEATS),
    a=st.fixed_dictionaries({p: st.integers(0, 8) for p in SEATS}),
    b=st.fixed_dictionaries({p: st.integers(0, 8) for p in SEATS}),
)
def test_castillo_discs_leave_no_trace_on_public_outputs_until_the_reveal(order, a, b):
    stack_a, before_a, log_a, table_a = _run_discs(order, a)
    stack_b, before_b, log_b, table_b = _run_discs(order, b)
    with stack_a, stack_b:
        assert before_a == before_b and log_a == log_b
        assert table_a.app.privacy is None and table_b.app.privacy is None


def _to_a_hidden_take_back(table: Table) -> str:
    """Bots decide until a player carries out 4b (take a played power card back, unseen) from
    round 2, when two cards may be taken back; the physical deck lets the table turn 4b up."""
    bots = {p: GreedyBot(i) for i, p in enumerate(SEATS)}
    s = table.session
    while True:
        if table.app.mode == "announce":
            table.press("red", "select")
            continue
        d = decision(s.state)
        if d.kind == "take_back":
            return d.players[0]
        p = d.players[0]
        legal = s.legal(p)
        wanted = [Action("reveal", "4b"), Action("card", "4b")] if s.state.round >= 2 else []
        acts = [a for a in legal if a.kind == "act" and s.state.taken.get(p) == "4b"]
        pick = next((a for a in [*wanted, *acts] if a in legal), None)
        s.decide(p, pick or bots[p].choose(s.state, p))
        table.app.refresh()


def _take_back(index: int):
    table = Table("sim.toml", seed=9, deck="physical")
    table.press("red", "select")
    who = _to_a_hidden_take_back(table)
    trace = PublicTrace(table)
    if who in BLIND:
        table.press(who, "long")
    menu = table.app.menu_for(who)
    assert len(menu.actions) == 2
    table.seal(who, *presses_to(menu, menu.actions[index]))
    assert decision(table.session.state).kind != "take_back"
    hand = sorted(table.session.state.hands[who])
    return table, trace.items, _public_log(table), table.session.view(), hand


def test_a_power_card_taken_back_with_4b_leaves_no_trace_on_public_outputs():
    """4b's take-back is never revealed: both choices look the same to the table."""
    first, second = _take_back(0), _take_back(1)
    try:
        assert first[4] != second[4]  # the hands differ …
        assert first[1:4] == second[1:4]  # … and nothing public does
        assert first[0].app.privacy is None
    finally:
        first[0].close()
        second[0].close()


def _open_bid_after_a_take_back(index: int):
    """yellow (no pad display) takes back a card unseen, then must play one face up: the open
    bid's menu would show the hand, the taken-back card in it, so it is not on the main display."""
    table = Table("sim.toml", seed=9, deck="physical", bidding="open")
    table.press("red", "select")
    who = _to_a_hidden_take_back(table)
    assert who == "yellow" and who in BLIND
    trace = PublicTrace(table)
    table.press(who, "long")
    menu = table.app.menu_for(who)
    table.seal(who, *presses_to(menu, menu.actions[index]))
    bots = {p: GreedyBot(i) for i, p in enumerate(SEATS)}
    s = table.session
    for _ in range(2000):  # bounded: the next round's open bidding comes long before
        if table.app.mode == "announce":
            table.press("red", "select")
            continue
        d = decision(s.state)
        if d.kind == "bid" and who in s.public_waiting():
            break
        s.decide(d.players[0], bots[d.players[0]].choose(s.state, d.players[0]))
        table.app.refresh()
    else:
        raise AssertionError("yellow was never asked for an open bid")
    waiting_ui = table.app.main_ui()
    table.press(who, "left", "select")  # no display, no page: nothing happens
    assert s.public_waiting() == [who] and table.app.privacy is None
    table.press(who, "long")  # the main display turns to yellow alone
    looking = table.app.main_ui()
    return table, trace.items, waiting_ui, looking, sorted(s.state.hands[who])


def test_an_open_bid_on_a_pad_without_display_is_chosen_on_the_private_page():
    first, second = _open_bid_after_a_take_back(0), _open_bid_after_a_take_back(1)
    try:
        assert first[4] != second[4]  # the hands differ …
        assert first[1] == second[1]  # … and nothing public did, up to yellow looking
        ui = first[2]
        assert "yellow: hold ● to choose unseen" in ui.alerts
        assert not any("yellow:" in line for line in ui.lines)  # no menu entry shown
        table, looking = first[0], first[3]
        assert table.app.privacy == "yellow" and looking.title == "Only yellow looks"
        card = next(c for c in first[4] if c in second[4])
        enter_power_card(table, "yellow", card)
        assert table.app.privacy is None  # yellow decides no more: the page is gone
        assert table.session.state.bids["yellow"] == card
    finally:
        first[0].close()
        second[0].close()


def test_a_long_press_leaves_an_open_bids_private_page_unchosen_and_another_opens_it_again():
    table, _, _, looking, hand = _open_bid_after_a_take_back(0)
    try:
        assert looking.title == "Only yellow looks"
        table.press("yellow", "long")  # leaves the page, choosing nothing
        ui = table.app.main_ui()
        assert ui.screen == "game" and "yellow: hold ● to choose unseen" in ui.alerts
        assert table.session.public_waiting() == ["yellow"]
        table.press("yellow", "long")  # and looks again
        assert table.app.main_ui().title == "Only yellow looks"
        enter_power_card(table, "yellow", hand[0])
        assert table.session.state.bids["yellow"] == hand[0]
    finally:
        table.close()


def test_the_private_page_of_a_sealed_step_closes_only_on_its_players_own_presses():
    table = Table("sim.toml", seed=9)
    try:
        table.press("red", "select")  # the defaults: sealed power cards first
        enter_power_card(table, "red", 5)  # red, with a pad display, has sealed a card

        def looking() -> bool:
            return table.app.main_ui().title == "Only yellow looks"

        table.press("yellow", "long")
        assert looking()
        table.press("yellow", "long")  # nothing sealed to withdraw: it leaves the page
        assert not looking() and table.app.privacy is None
        _enter(table, "yellow", 9)  # the page closes as the card is sealed
        assert not looking()
        table.press("yellow", "long")  # to see the sealed choice
        assert looking() and table.app.main_ui().lines[0].startswith("your choice: power 9")
        table.press("yellow", "left", "right")
        table.press("red", "select", "left")  # another's presses leave it open
        assert looking()
        table.press("yellow", "select")  # ● leaves
        assert not looking() and table.app.privacy is None
        assert table.session.secret_step().sealed["yellow"].target == 9  # still sealed
    finally:
        table.close()


def test_a_private_menus_cursor_stays_where_its_player_left_it_while_another_seals_and_withdraws():
    with _table() as table:
        table.press("red", "select")  # red opens the power cards 1-7 on its own pad
        table.press("yellow", "long")  # yellow, without a pad display, looks
        first = table.app.main_ui().lines
        table.press("yellow", "right")
        left_at = table.app.main_ui().lines  # the entry under yellow's cursor, and its n/m
        assert left_at != first
        table.press("yellow", "long")  # leaves the page, choosing nothing
        enter_power_card(table, "red", 5)
        table.press("red", "long")  # red withdraws it: back among the cards 1-7, as before
        table.press("yellow", "long")  # yellow looks again: their cursor where they left it
        assert table.app.main_ui().lines == left_at


def test_a_narrow_main_display_wraps_the_private_pages_prompt_and_cuts_no_line(drawn):
    # pi.toml's 128×64 main display, with blue's and green's pad displays removed.
    table = Table(hardware=table_config("pi.toml"), seed=9)
    try:
        table.press("red", "select")  # the defaults: sealed power cards first
        drawn.clear()
        table.press("blue", "long")
        ui = table.app.main_ui()
        prompt = decision(table.session.state).prompt
        assert ui.screen == "privacy" and len(prompt) * GLYPH_W > 126  # one row would cut it
        assert " ".join(ui.lines[:2]) == prompt  # two rows hold it whole
        for line in ui.lines:
            assert line in drawn and width(line) <= 126, line  # drawn as it is, not cut
    finally:
        table.close()


def test_a_menu_choice_the_rules_refuse_changes_nothing_and_logs_no_word_of_it(monkeypatch, caplog):
    # Cannot happen from the legal list the menu offers; if it ever did (an engine out of step
    # with its own list), the refusal's words may name a player's hand: the log names its kind.
    table = Table("sim.toml", seed=9)
    try:
        table.press("red", "select")  # the defaults: sealed power cards first
        s = table.session

        def refuse(player, action):
            raise RuleError("you hold 1 2 3 5 8 13", private=True)

        monkeypatch.setattr(s, "decide", refuse)
        entries, heard = len(s.entries), list(table.hw.speaker.spoken)
        caplog.clear()
        table.press("red", "select")
        assert len(s.entries) == entries and table.hw.speaker.spoken == heard
        assert [r.getMessage() for r in caplog.records] == ["a menu choice was refused (RuleError)"]
        assert table.app.pad_menu("red").entries  # red chooses still
    finally:
        table.close()
