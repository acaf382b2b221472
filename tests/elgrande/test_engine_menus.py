"""Pad-sized decisions: no menu holds more than 10 choices, every label fits a 128x32 pad, and
the corrections before a general scoring."""

import json
import random

import pytest
from cardkit import FIVE, act, confirm_board, start, take_first_choice, turn_with, widest_fields
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_properties import options

from companion.elgrande.base import MENU_MAX
from companion.elgrande.data import SHORT_NAME_MAX, game_data
from companion.elgrande.engine import (
    apply_in_place,
    check_invariants,
    decision,
    legal_actions,
    new_game,
)
from companion.elgrande.moves import LABEL_MAX, LABELS, Action, RuleError, describe
from companion.elgrande.options import TableOptions
from companion.elgrande.views import public_view


def random_decisions(n_games, seed):
    """Every state of random games (random choices, random corrections included)."""
    rnd = random.Random(seed)
    names = ("red", "blue", "yellow", "green", "black")
    for i in range(n_games):
        opts = TableOptions(
            bidding=rnd.choice(["sealed", "open"]),
            deck=rnd.choice(["shuffled", "physical"]),
            first_bidder=rnd.choice(["random", "choose"]),
        )
        s = new_game(names[: 2 + i % 4], seed * 1000 + i, opts)
        while not s.is_over:
            yield s
            p = rnd.choice(decision(s).players)
            apply_in_place(s, p, rnd.choice(legal_actions(s, p)))


def test_no_decision_offers_more_than_ten_choices_and_every_label_fits_a_pad():
    checked, kinds = 0, set()
    for s in random_decisions(60, 1):
        for p in s.players:
            legal = legal_actions(s, p)
            assert len(legal) <= MENU_MAX, (decision(s).kind, [str(a) for a in legal])
            for a in legal:
                label = describe(a)
                assert len(label) <= LABEL_MAX and not label.endswith("."), label
                kinds.add(a.kind)
            checked += 1
    assert checked > 5000
    # the split menus were met, and answered
    assert {"bid_group", "move_region", "move_from", "return_region", "fix_to"} <= kinds


def test_every_label_template_fits_a_pad_at_its_longest():
    assert len("the court") <= SHORT_NAME_MAX  # how {area} shows the court
    for kind, template in LABELS.items():
        assert len(template.format(**widest_fields(kind))) <= LABEL_MAX, kind


def test_short_region_names_fit_and_a_long_player_name_is_cut_in_a_label():
    data = game_data()
    assert all(len(data.short_name(a)) <= SHORT_NAME_MAX for a in data.areas)
    assert data.short_name("castilla_nueva") == "C.Nueva"
    assert describe(Action("place", "castilla_nueva")) == "place in C.Nueva"
    assert describe(Action("first_bidder", "Maximiliano")) == "Maximi. bids first"
    assert len(describe(Action("fix_colour", "Maximiliano"))) <= LABEL_MAX


# -- public view: hand counts and numbered events ------------------------------------------------


def test_events_are_numbered_and_the_view_lists_them_as_plain_json():
    s = new_game(["red", "blue", "yellow"], 2)
    while s.round is None or s.round < 4:
        p = decision(s).players[0]
        confirm_board(s)
        if decision(s).kind == "castillo_disc":
            act(s, decision(s).players[0], "disc", "aragon")
        else:
            take_first_choice(s, p)
    events = public_view(s)["events"]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert set(events[0]) == {"seq", "kind", "text", "detail", "round"}
    scores = [e for e in events if e["kind"] == "score"]
    assert scores and set(scores[0]["detail"]) == {"area", "points", "placings"}
    assert json.loads(json.dumps(events)) == events


def test_hand_counts_are_public_and_count_a_card_taken_back():
    s = turn_with("4b")
    assert public_view(s)["hand_counts"] == {"red": 12, "blue": 12, "yellow": 12}
    start(s, "4b")
    assert public_view(s)["hand_counts"]["red"] == 12  # sealed: nothing changed yet
    act(s, "red", "take_back", 13)
    assert public_view(s)["hand_counts"]["red"] == 13


# -- corrections before a general scoring --------------------------------------------------------


def to_general_scoring(n=3, seed=4):
    s = new_game(FIVE[:n], seed)
    while decision(s).kind != "correct":
        take_first_choice(s, decision(s).players[0])
    return s


def test_corrections_come_first_and_are_decided_by_the_next_first_bidder():
    s = to_general_scoring()
    d = decision(s)
    assert d.kind == "correct" and not d.secret and d.players == (s.first_bidder,)
    assert s.first_bidder == min(s.players, key=lambda p: s.bids[p])
    assert legal_actions(s, s.first_bidder)[0] == Action("confirm")
    act(s, s.first_bidder, "confirm")
    assert decision(s).kind == "castillo_disc"


def test_a_correction_moves_one_caballero_between_places_and_conserves_thirty():
    s = to_general_scoring()
    p = s.first_bidder
    home = s.grandes["blue"]
    blue_home, blue_court = s.board[home]["blue"], s.court["blue"]
    act(s, p, "fix_regions")
    assert Action("back") in legal_actions(s, p)
    act(s, p, "fix_from", home)
    assert "blue" in [a.target for a in legal_actions(s, p)]
    act(s, p, "fix_colour", "blue")
    targets = [a.target for a in legal_actions(s, p)]
    assert "court" in targets and "castillo" in targets and home not in targets
    act(s, p, "fix_to", "court")
    assert s.board[home]["blue"] == blue_home - 1 and s.court["blue"] == blue_court + 1
    assert s.events[-1].kind == "correction" and s.events[-1].detail["to"] == "court"
    check_invariants(s)
    assert decision(s).kind == "correct"  # more corrections, or confirm
    act(s, p, "confirm")
    assert decision(s).kind == "castillo_disc"


def test_a_correction_out_of_a_hidden_castillo_names_no_colour_in_public():
    s = to_general_scoring()
    p = s.first_bidder
    colour = next(c for c in s.players if s.board["castillo"][c])
    for region in s.data.regions:  # the regions' pages found right: the Castillo's is next
        act(s, p, "matches", region)
    act(s, p, "fix_from", "castillo")
    act(s, p, "fix_colour", colour)
    assert colour not in public_view(s)["decision"]["prompt"]
    act(s, p, "fix_to", "court")
    shown = public_view(s)["events"][-1]
    assert shown["kind"] == "correction" and "colour" not in shown["detail"]
    assert colour not in shown["text"] and "Castillo" in shown["text"]


def test_a_correction_into_a_hidden_castillo_names_no_colour_in_public():
    s = to_general_scoring()
    p = s.first_bidder
    home = s.grandes["blue"]
    act(s, p, "fix_regions")
    act(s, p, "fix_from", home)
    act(s, p, "fix_colour", "blue")
    act(s, p, "fix_to", "castillo")
    shown = public_view(s)["events"][-1]
    assert shown["kind"] == "correction" and "colour" not in shown["detail"]
    assert "blue" not in shown["text"] and "Castillo" in shown["text"]


def test_correction_menus_offer_only_places_and_colours_that_hold_a_caballero():
    s = to_general_scoring()
    p = s.first_bidder
    for q in s.players:
        s.province[q] += s.court[q]
        s.court[q] = 0
    assert Action("fix_from", "court") not in legal_actions(s, p)
    act(s, p, "fix_regions")
    occupied = {r for r in game_data().regions if s.total_in(r)}
    assert {a.target for a in legal_actions(s, p)} == occupied | {None}
    act(s, p, "back")
    assert legal_actions(s, p)[0] == Action("confirm")
    with pytest.raises(RuleError, match="not allowed now"):
        act(s, p, "fix_to", "court")


@settings(max_examples=15, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32), opts=options, choices=st.integers())
def test_random_corrections_always_conserve_each_colour(n, seed, opts, choices):
    s, rnd = new_game(FIVE[:n], seed, opts), random.Random(choices)
    corrections = 0
    while not s.is_over:
        p = rnd.choice(decision(s).players)
        legal = legal_actions(s, p)
        if decision(s).kind == "correct" and rnd.random() < 0.8:  # correct a lot before confirming
            # (looking at a page that matches moves nothing: fixes are what this test is about)
            legal = [a for a in legal if a.kind not in ("confirm", "matches")] or legal
        a = rnd.choice(legal)
        apply_in_place(s, p, a)
        corrections += a.kind == "fix_to"
        check_invariants(s)
    assert corrections > 0


def test_a_refusal_listing_the_castillos_colours_is_for_the_deciders_pad_only():
    s = to_general_scoring()
    p = s.first_bidder
    s.move("blue", "court", "castillo")
    for region in s.data.regions:  # the regions' pages found right: the Castillo's is next
        act(s, p, "matches", region)
    act(s, p, "fix_from", "castillo")
    with pytest.raises(RuleError) as err:
        act(s, p, "fix_colour", "nobody")
    assert err.value.private and "blue" in str(err.value)
    act(s, p, "back")
    with pytest.raises(RuleError) as err:
        act(s, p, "fix_colour", "nobody")
    assert not err.value.private
