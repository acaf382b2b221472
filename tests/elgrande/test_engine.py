"""The rules engine without card effects: set-up, bidding, turns, general scoring, game end."""

import copy

import pytest
from cardkit import FIVE, act, confirm_board, put, take_first_choice, turn_with

from companion.elgrande.data import game_data
from companion.elgrande.engine import (
    apply,
    apply_in_place,
    check_invariants,
    decision,
    legal_actions,
    new_game,
)
from companion.elgrande.moves import Action, RuleError
from companion.elgrande.options import OptionsError, TableOptions


def game(n=4, seed=1, **options):
    return new_game(FIVE[:n], seed, TableOptions(**options))


def bid_round(s, bids):
    """Enter sealed or open bids, in seat order from the first bidder."""
    for p in s.seat_order_from(s.first_bidder):
        act(s, p, "bid", bids[p])


def test_setup_deals_distinct_homes_away_from_the_king():
    for seed in range(30):
        s = game(5, seed)
        homes = list(s.grandes.values())
        assert len(set(homes)) == 5 and s.king not in homes
        for p, home in s.grandes.items():
            assert s.board[home][p] == 2 and s.court[p] == 7 and s.province[p] == 21
        check_invariants(s)


def test_setup_is_deterministic_from_the_seed():
    a, b, c = game(seed=5), game(seed=5), game(seed=6)
    assert (a.king, a.grandes, a.stacks, a.first_bidder) == (
        b.king,
        b.grandes,
        b.stacks,
        b.first_bidder,
    )
    assert (a.king, a.grandes, a.stacks) != (c.king, c.grandes, c.stacks)


@pytest.mark.parametrize("players", [["red"], list(FIVE) + ["white"], ["red", "red"]])
def test_setup_refuses_bad_player_lists(players):
    with pytest.raises(RuleError, match="2 to 5 players|distinct"):
        new_game(players, 1)


def test_bad_table_option_is_named_with_what_is_accepted():
    with pytest.raises(OptionsError, match="bidding: got 'secret'; accepted: 'sealed' or 'open'"):
        TableOptions(bidding="secret")
    with pytest.raises(OptionsError, match="unknown table option 'speed'"):
        TableOptions.from_dict({"speed": 2})
    with pytest.raises(OptionsError, match="short_game: got 1"):
        TableOptions(short_game=1)


def test_round_one_turns_up_one_card_of_each_stack_and_the_kings_card():
    s = game()
    assert s.round == 1
    stacks = [game_data().action_cards[c].stack for c in s.face_up]
    assert stacks == [1, 2, 3, 4, 5]


def test_sealed_bids_are_asked_of_everyone_at_once_and_revealed_together():
    s = game(3)
    d = decision(s)
    assert d.kind == "bid" and d.secret and set(d.players) == {"red", "blue", "yellow"}
    first = s.first_bidder
    act(s, first, "bid", 9)
    assert s.bids == {} and s.hands[first].count(9) == 1  # nothing revealed yet
    assert first not in decision(s).players
    with pytest.raises(RuleError, match="already chosen"):
        act(s, first, "bid", 8)
    for p in s.others(first):
        act(s, p, "bid", {0: 3, 1: 11}[s.others(first).index(p)])
    assert s.bids[first] == 9 and 9 not in s.hands[first] and s.played[first] == [9]


def test_sealed_bid_clash_is_told_privately_to_the_later_bidder_who_enters_again():
    s = game(3)
    first, second, third = s.seat_order_from(s.first_bidder)
    act(s, second, "bid", 7)
    act(s, first, "bid", 7)
    act(s, third, "bid", 2)
    step = s.steps[-1]
    assert decision(s).players == (second,) and s.bids == {}
    assert "7 is taken: choose again" in step.notices[second]
    assert Action("bid", 7) not in legal_actions(s, second)
    assert "7" not in repr(step)  # a sealed step's repr shows how many chose, not what
    act(s, second, "bid", 8)
    assert s.bids == {first: 7, second: 8, third: 2}


def test_open_bidding_refuses_a_value_already_played_this_round_naming_who():
    s = game(3, bidding="open")
    first, second, _ = s.seat_order_from(s.first_bidder)
    assert decision(s).players == (first,) and not decision(s).secret
    act(s, first, "bid", 7)
    with pytest.raises(RuleError) as err:
        act(s, second, "bid", 7)
    assert str(err.value).startswith(f"power card 7 was already played this round by {first}")
    assert "you may play 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12 or 13" not in str(err.value)
    assert "you may play 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13" in str(err.value)
    assert err.value.private  # it lists the bidder's hand: for their pad only


def test_a_refusal_on_public_choices_is_not_private():
    s = game(4)
    p = to_placement(s)
    with pytest.raises(RuleError) as err:
        act(s, p, "place", s.king)
    assert not err.value.private


def test_a_refused_decision_changes_nothing():
    s = game(3, bidding="open")
    before = copy.deepcopy(s)
    with pytest.raises(RuleError, match="not .*'s decision now"):
        act(s, s.others(s.first_bidder)[0], "bid", 5)
    with pytest.raises(RuleError):
        act(s, s.first_bidder, "bid", 14)
    assert repr(s) == repr(before) and s.hands == before.hands and s.steps[-1] == before.steps[-1]


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    s = game(2, bidding="open")
    grouped = apply(s, s.first_bidder, Action("bid_group", "1-7"))  # 13 cards: a group first
    new = apply(grouped, s.first_bidder, Action("bid", 4))
    assert 4 in s.hands[s.first_bidder] and 4 not in new.hands[s.first_bidder]
    assert legal_actions(s, s.first_bidder)[0] == Action("bid_group", "1-7")


def test_turn_order_is_highest_bid_first_and_lowest_bids_first_next_round():
    s = game(3)
    red, blue, yellow = "red", "blue", "yellow"
    bid_round(s, {red: 5, blue: 12, yellow: 1})
    assert s.turn_order == (blue, red, yellow)
    assert decision(s).players == (blue,) and decision(s).kind == "card"  # 12 takes nobody
    # play out the round: each takes a card and ends the turn
    for p in s.turn_order:
        if decision(s).kind == "take":
            act(s, p, "take", legal_actions(s, p)[0].target)
        act(s, p, "card", legal_actions(s, p)[0].target)
        act(s, p, "end_turn")
    assert s.round == 2 and s.first_bidder == yellow
    assert 12 not in legal_actions(s, blue) and Action("bid", 12) not in legal_actions(s, blue)


def start_turn(s, bids=None):
    bids = bids or dict(zip(s.players, (1, 2, 3, 4, 5), strict=False))
    bid_round(s, bids)
    return s.turn_order[0]


def test_take_offers_the_most_first_and_allows_fewer():
    s = game(3)
    p = start_turn(s, {"red": 1, "blue": 2, "yellow": 3})  # yellow: 5
    assert p == "yellow"
    assert [a.target for a in legal_actions(s, p)] == [5, 4, 3, 2, 1, 0]
    act(s, p, "take", 2)
    assert s.court[p] == 9 and s.province[p] == 19 and decision(s).kind == "card"


def test_short_province_is_topped_up_from_own_regions_never_castillo_or_kings_region():
    s = game(3)
    p = "yellow"
    home = s.grandes[p]
    s.province[p], s.board[s.king][p], s.board["castillo"][p] = 1, 2, 3
    s.court[p] += 21 - 1 - 2 - 3
    check_invariants(s)
    start_turn(s, {"red": 1, "blue": 2, "yellow": 3})  # yellow may take 5
    assert legal_actions(s, p) == [Action("take", 1), Action("take", 0)]
    act(s, p, "take", 1)
    assert legal_actions(s, p) == [Action("take_from", home), Action("done")]
    with pytest.raises(RuleError, match="never leave the Castillo or the King's region"):
        act(s, p, "take_from", s.king)
    act(s, p, "take_from", home)
    act(s, p, "take_from", home)
    assert s.board[home][p] == 0 and decision(s).kind == "card"  # nothing left to take
    check_invariants(s)


def test_taking_from_regions_is_refused_while_the_province_has_caballeros():
    s = game(3)
    start_turn(s, {"red": 1, "blue": 2, "yellow": 3})
    with pytest.raises(RuleError, match="only once your province is empty"):
        act(s, "yellow", "take_from", s.grandes["yellow"])


def to_placement(s, card_stack=2):
    p = start_turn(s)
    if decision(s).kind == "take":
        act(s, p, "take", 0)
    card = next(c for c in s.face_up if game_data().action_cards[c].stack == card_stack)
    act(s, p, "card", card)
    return p


def test_placement_goes_next_to_the_king_or_into_the_castillo():
    s = game(4)
    p = to_placement(s)
    near = game_data().neighbours[s.king]
    places = {a.target for a in legal_actions(s, p) if a.kind == "place"}
    assert places == near | {"castillo"}
    with pytest.raises(RuleError, match="King's region is taboo"):
        act(s, p, "place", s.king)
    far = next(r for r in game_data().regions if r not in near and r != s.king)
    with pytest.raises(RuleError, match="does not border the King's region"):
        act(s, p, "place", far)


def test_placement_is_limited_to_the_cards_number():
    s = game(4)
    p = to_placement(s, card_stack=2)
    court = s.court[p]
    area = sorted(game_data().neighbours[s.king])[0]
    act(s, p, "place", "castillo")
    assert Action("stop_placing") in legal_actions(s, p)
    act(s, p, "place", area)
    assert s.court[p] == court - 2 and s.board["castillo"][p] == 1
    assert [a.kind for a in legal_actions(s, p)] == ["act", "end_turn"]  # two placed: no more


def test_placement_once_stopped_cannot_resume():
    s = game(4)
    p = to_placement(s, card_stack=3)
    act(s, p, "place", "castillo")
    act(s, p, "stop_placing")
    assert [a.kind for a in legal_actions(s, p)] == ["act", "end_turn"]


ROUND_LIMIT = 200  # far more decisions than one passive round takes


def play_round_passively(s):
    """Everyone bids their lowest card, takes all they may and the first card, places nothing.

    A round that does not end within ROUND_LIMIT decisions fails the test instead of hanging it.
    """
    for _ in range(ROUND_LIMIT):
        if decision(s).kind != "bid":
            break
        for p in decision(s).players:
            take_first_choice(s, p)
    else:
        raise AssertionError(f"bidding not over after {ROUND_LIMIT} tries: {decision(s)}")
    for _ in range(ROUND_LIMIT):
        if not (decision(s) and decision(s).kind in ("take", "card", "turn")):
            return
        p = decision(s).players[0]
        kind = decision(s).kind
        if kind in ("take", "card"):
            apply_in_place(s, p, legal_actions(s, p)[0])
        else:
            act(s, p, "end_turn")
    raise AssertionError(f"round not over after {ROUND_LIMIT} decisions: {decision(s)}")


def test_general_scoring_after_round_three_with_secret_discs():
    s = game(3, castillo_disc_on_king="court")  # a disc on the King's region is allowed
    for _ in range(3):
        play_round_passively(s)
    assert decision(s).kind == "correct" and decision(s).players == (s.first_bidder,)
    confirm_board(s)
    d = decision(s)
    assert d.kind == "castillo_disc" and d.secret and set(d.players) == set(s.players)
    region = next(r for r in game_data().regions if r != s.king)
    s.board["castillo"]["red"], s.court["red"] = 2, s.court["red"] - 2
    s.board["castillo"]["blue"], s.court["blue"] = 1, s.court["blue"] - 1
    scores = dict(s.scores)
    act(s, "red", "disc", region)
    act(s, "blue", "disc", s.king)  # the King's region: back to the court
    assert s.board["castillo"]["red"] == 2  # not revealed until all are in
    court_blue = s.court["blue"]
    act(s, "yellow", "disc", region)
    assert s.board["castillo"] == {"red": 0, "blue": 0, "yellow": 0}
    assert s.court["blue"] == court_blue + 1
    assert s.scores["red"] >= scores["red"] + 5  # first in the Castillo
    kinds = [e.kind for e in s.events[-14:]]
    assert kinds.count("score") == 10
    # The printed order: the Castillo, then its caballeros moved by the discs, then the regions.
    assert kinds[kinds.index("castillo_discs") - 2 : kinds.index("castillo_discs") + 2] == [
        "score",
        "totals",
        "castillo_discs",
        "score",
    ]
    moves = next(e for e in s.events if e.kind == "castillo_discs")
    assert moves.detail["red"] == {"disc": region, "count": 2, "to": region}
    assert moves.detail["blue"] == {"disc": s.king, "count": 1, "to": "court"}
    assert moves.detail["yellow"]["count"] == 0
    assert "blue: 1 caballero → the court" in moves.text
    assert s.round == 4
    check_invariants(s)


@pytest.mark.parametrize(("short", "rounds"), [(False, 9), (True, 8)])
def test_game_ends_after_the_third_general_scoring(short, rounds):
    s = game(2, short_game=short)
    scorings = 0
    for _ in range(20):  # nine rounds and three scorings at most
        if s.is_over:
            break
        confirm_board(s)
        if decision(s).kind == "castillo_disc":
            scorings += 1
            for p in s.players:
                act(s, p, "disc", legal_actions(s, p)[0].target)
        else:
            play_round_passively(s)
    else:
        raise AssertionError(f"the game did not end: {s!r}")
    assert scorings == 3 and len(s.rounds) == rounds
    assert s.rounds == (tuple(range(2, 10)) if short else tuple(range(1, 10)))
    assert decision(s) is None and s.winners
    with pytest.raises(RuleError, match="game is over"):
        act(s, "red", "bid", 1)


def test_first_bidder_can_be_chosen_by_the_table():
    s = game(3, first_bidder="choose")
    d = decision(s)
    assert d.kind == "first_bidder" and d.players == ("red",)
    act(s, "red", "first_bidder", "yellow")
    assert s.first_bidder == "yellow" and decision(s).kind == "bid"


def test_physical_deck_asks_which_card_was_turned_up_from_each_stack():
    s = game(3, deck="physical")
    d = decision(s)
    assert d.kind == "reveal"
    options = [a.target for a in legal_actions(s, d.players[0])]
    assert options == ["1a", "1b", "1c", "1d", "1e", "1f", "1g", "1h", "1i"]
    with pytest.raises(RuleError, match="not left in stack 1"):
        act(s, d.players[0], "reveal", "2a")
    for stack_card in ("1a", "2h", "3d", "4a"):
        act(s, d.players[0], "reveal", stack_card)
    assert s.face_up == ["1a", "2h", "3d", "4a", "5"] and decision(s).kind == "bid"
    assert s.stacks[2].count("2h") == 2


def test_repr_shows_no_hand_stack_or_castillo():
    s = game(3)
    s.board["castillo"]["red"] = 4
    text = repr(s)
    assert "hands" not in text and "castillo" not in text and "stacks" not in text


# -- Engine details the mutation run found unguarded -----------------------------------------------


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
    # The shuffled deck's cards are named by title for the table to lay out.
    assert [n for _, n in rounds] == [1, 2]
    assert all(
        text.startswith(f"Round {n}. Lay out the action cards: stack 1 “") for text, n in rounds
    )
    taken = {e.detail for e in events if e.kind == "card"}
    (discarded,) = [e.text for e in events if e.kind == "discard"]
    left = (game_data().card_named(c) for c in offered if c not in taken)
    assert discarded == "Discarded: " + ", ".join(left)


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
        "“King to adjacent”: place up to 4 and/or act"
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
        "Secret disc: a region with 2+ of yours; you return 2 there"
    )
