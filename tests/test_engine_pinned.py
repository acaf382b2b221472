"""Engine details the mutation run found unguarded: the game-over announcement and the invariant
checker that the bots' and property tests rely on."""

import pytest
from cardkit import FIVE, confirm_board, put, take_first_choice, turn_with

from companion.elgrande.data import game_data
from companion.elgrande.engine import (
    apply_in_place,
    check_invariants,
    decision,
    legal_actions,
    new_game,
)
from companion.elgrande.moves import Action, RuleError
from companion.elgrande.options import TableOptions


def passive_until(s, reached, limit=3000):
    for _ in range(limit):
        if reached(s):
            return s
        p = decision(s).players[0]
        legal = legal_actions(s, p)
        apply_in_place(s, p, next((a for a in legal if a.kind == "end_turn"), legal[0]))
    raise AssertionError(f"not reached after {limit} decisions: {decision(s)}")


def test_a_shared_win_is_announced_with_every_winner():
    s = new_game(FIVE[:2], 3, TableOptions(tiebreak="shared"))
    last = s.rounds[-1]
    passive_until(s, lambda s: s.round == last and decision(s).kind == "castillo_disc")
    for area, counts in s.board.items():  # the same caballeros everywhere: every region tied
        spare = counts["red"] - counts["blue"]
        s.move("red" if spare > 0 else "blue", area, "province", abs(spare))
    s.scores = {"red": 50, "blue": 50}
    region = next(str(a.target) for a in legal_actions(s, "red") if str(a.target) != s.king)
    for p in s.players:
        apply_in_place(s, p, next(a for a in legal_actions(s, p) if str(a.target) == region))
    assert s.is_over and s.winners == ("red", "blue")
    over = s.events[-1]
    assert (over.kind, over.text, over.detail) == (
        "game_over",
        "Game over. Winner: red and blue",
        ("red", "blue"),
    )


def test_invariants_catch_a_negative_court_or_province():
    s = new_game(FIVE[:2], 1)
    s.court["red"], s.province["red"] = -1, s.province["red"] + s.court["red"] + 1
    with pytest.raises(AssertionError):
        check_invariants(s)
    s = new_game(FIVE[:2], 1)
    s.province["blue"], s.court["blue"] = -1, s.court["blue"] + s.province["blue"] + 1
    with pytest.raises(AssertionError):
        check_invariants(s)


def test_invariants_name_the_colour_with_a_wrong_count():
    s = new_game(FIVE[:2], 1)
    s.court["red"] += 1
    with pytest.raises(AssertionError, match="red has 31"):
        check_invariants(s)


def test_invariants_catch_a_king_outside_the_regions():
    s = new_game(FIVE[:2], 1)
    s.king = "atlantis"
    with pytest.raises(AssertionError):
        check_invariants(s)


@pytest.mark.parametrize("n", [2, 3])  # two players leave two cards besides the King's
def test_a_rounds_announcements_name_the_turn_order_each_turn_and_the_discards(n):
    s = new_game(FIVE[:n], 1)
    offered = [c for c in s.face_up if c != "5"]
    passive_until(s, lambda s: s.round == 2)
    events = s.events[1:]  # after the set-up
    assert [e.kind for e in events] == [
        *("round", "bids", "order"),
        *("turn", "take", "card") * n,
        *("discard", "round"),
    ]
    (bids,) = [e.detail for e in events if e.kind == "bids"]
    order = sorted(bids, key=lambda p: -bids[p])
    (announced,) = [e.text for e in events if e.kind == "order"]
    assert announced == "Turn order: " + ", ".join(order)
    assert [e.text for e in events if e.kind == "turn"] == [f"{p}'s turn" for p in order]
    rounds = [(e.text, e.detail) for e in events if e.kind == "round"]
    assert rounds == [("Round 1", 1), ("Round 2", 2)]
    taken = {e.detail for e in events if e.kind == "card"}
    (discarded,) = [e.text for e in events if e.kind == "discard"]
    assert discarded == "Discarded: " + ", ".join(c for c in offered if c not in taken)


def refusal(s, player, action):
    with pytest.raises(RuleError) as refused:
        apply_in_place(s, player, action)
    return str(refused.value)


def test_refusals_say_who_is_waited_for_and_what_is_asked():
    s = new_game(FIVE[:3], 1, TableOptions(bidding="open", first_bidder="choose"))
    choose_red = next(a for a in legal_actions(s, "red") if str(a.target) == "red")
    apply_in_place(s, "red", choose_red)
    bid = legal_actions(s, "red")[0]
    assert refusal(s, "zed", bid) == "'zed' is not playing; players: red, blue, yellow"
    assert refusal(s, "blue", bid) == (
        "it is not blue's decision now; waiting for red: Play a power card"
    )
    s = turn_with("4f")
    assert refusal(s, "blue", Action("end_turn")) == (
        "it is not blue's decision now; waiting for red: "
        "Card 4f: place caballeros and/or carry out its action"
    )
    s = new_game(FIVE[:3], 1)
    bid = take_first_choice(s, "red")  # the sealed power card, through its menu group
    assert bid.kind == "bid" and "red" in s.steps[-1].sealed
    waiting = ", ".join(p for p in s.seat_order_from(s.first_bidder) if p != "red")
    assert refusal(s, "red", bid) == f"red has already chosen; waiting for {waiting}"


def test_a_finished_game_refuses_every_decision_saying_so():
    s = passive_until(new_game(FIVE[:2], 3), lambda s: s.is_over)
    assert refusal(s, "red", Action("end_turn")) == (
        "the game is over; no more decisions are taken"
    )


def test_the_set_up_announces_the_kings_region_and_every_home():
    s = new_game(FIVE[:3], 1)
    name = game_data().area_name
    homes = ", ".join(f"{p} in {name(s.grandes[p])}" for p in s.players)
    setup = s.events[0]
    assert (setup.kind, setup.text) == (
        "setup",
        f"The King starts in {name(s.king)}. Homes: {homes}",
    )


def test_general_scoring_and_an_expired_veto_are_announced():
    s = turn_with("2a")
    apply_in_place(s, "red", Action("end_turn"))
    passive_until(s, lambda s: decision(s).kind == "correct")  # the board checked first
    said = [(e.kind, e.text) for e in s.events]
    assert ("veto", "red's Veto is discarded unused") in said
    assert said[-1] == ("general_scoring", "General scoring after round 3")
    confirm_board(s)
    assert decision(s).kind == "castillo_disc" and s.events[-2].kind == "general_scoring"


def test_a_refusal_during_a_sealed_card_choice_names_everyone_awaited():
    s = turn_with("2f", king="castilla_nueva")
    put(s, "blue", "galicia", 2)
    put(s, "yellow", "cataluna", 2)
    apply_in_place(s, "red", Action("act", "2f"))
    assert refusal(s, "red", Action("end_turn")) == (
        "it is not red's decision now; waiting for blue, yellow: "
        "Secret disc: a region where you have 2 or more; you return 2 from it"
    )
