"""Rules that a mutation run showed no other test guards: rounds and bidding, the court
top-up, placement versus action, a pad's own secrets, cards 1a 4a 4b 4g, the Veto, set-up texts.

Actions are picked from `legal_actions` by kind and by the area or value they name, so these tests
hold whatever type an action's target has.
"""

import json

import pytest
from cardkit import FIVE, put, turn_with

from companion.cli import main
from companion.elgrande.data import game_data
from companion.elgrande.engine import apply, apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import RuleError, describe
from companion.elgrande.options import TableOptions
from companion.elgrande.scoring import Position, ordinal, score_area
from companion.elgrande.steps import BID_GROUPS
from companion.elgrande.views import player_view, public_view

KING = "castilla_nueva"  # borders aragon, castilla_vieja, granada, sevilla, valencia


def names(s, player, kind):
    """The areas, values or players that `player` may choose now for actions of `kind`."""
    return [str(a.target) for a in legal_actions(s, player) if a.kind == kind]


def choose(s, player, kind, name=None):
    """Take the one legal action of `kind` naming `name` (or the only one of that kind)."""
    found = [
        a
        for a in legal_actions(s, player)
        if a.kind == kind and (name is None or str(a.target) == str(name))
    ]
    assert len(found) == 1, f"{player} cannot choose {kind} {name}: {legal_actions(s, player)}"
    apply_in_place(s, player, found[0])
    return found[0]


def bid_values(s, player):
    """The power cards `player` may play now, collected across the menu's groups (1-7, 8-13);
    each group is opened on a copy, so `s` is left as it was."""
    values = []
    for a in legal_actions(s, player):
        if a.kind == "bid":
            values.append(str(a.target))
        elif a.kind == "bid_group":
            values += names(apply(s, player, a), player, "bid")
    return values


def bid(s, player, value):
    """Play power card `value` as a pad does: through its menu group when the hand is long."""
    if str(value) not in names(s, player, "bid"):
        choose(s, player, "bid_group", next(g for g, r in BID_GROUPS.items() if value in r))
    return choose(s, player, "bid", value)


def passive(s, player):
    """Bid the lowest card, take the most, take the first card, never place or act."""
    legal = legal_actions(s, player)
    return next((a for a in legal if a.kind == "end_turn"), legal[0])


def play_until(s, reached, limit=500):
    """Play passive decisions until `reached(s)`; a game that stops advancing fails, never hangs."""
    for _ in range(limit):
        if reached(s):
            return s
        d = decision(s)
        assert d is not None, "the game ended before the position was reached"
        apply_in_place(s, d.players[0], passive(s, d.players[0]))
    raise AssertionError(f"not reached after {limit} decisions; pending: {decision(s)}")


def bidding_of_round(n):
    return lambda s: s.round == n and decision(s).kind == "bid"


# -- rounds and bidding --------------------------------------------------------------------------


def test_general_scoring_in_a_game_sends_castillo_caballeros_where_the_discs_say():
    court = TableOptions(castillo_disc_on_king="court")  # a disc on the King's region allowed
    s = play_until(new_game(FIVE[:3], 1, court), lambda s: decision(s).kind == "castillo_disc")
    region = next(r for r in game_data().regions if r != s.king)
    s.move("red", "court", "castillo", 2)
    s.move("blue", "court", "castillo", 1)
    red_there, red_court, blue_court = s.board[region]["red"], s.court["red"], s.court["blue"]
    choose(s, "red", "disc", region)
    choose(s, "blue", "disc", s.king)  # the King's region: back to the court
    choose(s, "yellow", "disc", region)
    assert s.board[region]["red"] == red_there + 2 and s.court["red"] == red_court
    assert s.court["blue"] == blue_court + 1 and s.board["castillo"]["blue"] == 0


def test_a_new_round_starts_with_no_bids_shown():
    s = play_until(new_game(FIVE[:3], 1), bidding_of_round(2))
    assert public_view(s)["bids"] == {}


def test_open_bidding_in_a_new_round_allows_cards_played_in_the_last_one():
    s = play_until(new_game(FIVE[:3], 1, TableOptions(bidding="open")), bidding_of_round(2))
    first = decision(s).players[0]
    played_by_others = {v for p in s.players if p != first for v in s.played[p]}
    assert played_by_others & set(s.hands[first])  # the position tests something
    assert bid_values(s, first) == [str(v) for v in sorted(s.hands[first])]


def test_the_random_first_bidder_is_any_seat_drawn_from_the_seed():
    firsts = [
        decision(new_game(FIVE[:3], seed, TableOptions(bidding="open"))).players
        for seed in range(30)
    ]
    assert {p for (p,) in firsts} == set(FIVE[:3])
    again = decision(new_game(FIVE[:3], 7, TableOptions(bidding="open"))).players
    assert again == firsts[7]


@pytest.mark.parametrize("chosen", FIVE[:3])
def test_the_table_may_choose_any_seat_as_first_bidder_seat_one_included(chosen):
    s = new_game(FIVE[:3], 1, TableOptions(first_bidder="choose", bidding="open"))
    assert decision(s).kind == "first_bidder"
    assert names(s, "red", "first_bidder") == list(FIVE[:3])
    choose(s, "red", "first_bidder", chosen)
    assert decision(s).kind == "bid" and decision(s).players == (chosen,)
    bid(s, chosen, 5)
    assert decision(s).players == s.seat_order_from(chosen)[1:2]


def test_a_physical_deck_reveal_is_entered_by_the_first_bidder():
    seen = set()
    for seed in range(12):
        s = new_game(FIVE[:4], seed, TableOptions(deck="physical", bidding="open"))
        revealer = decision(s).players
        for _ in range(4):
            assert decision(s).kind == "reveal" and decision(s).players == revealer
            apply_in_place(s, revealer[0], legal_actions(s, revealer[0])[0])
        assert decision(s).kind == "bid" and decision(s).players == revealer
        seen.add(revealer)
    assert len(seen) > 1  # not always the same seat


def test_a_physical_deck_reveal_is_entered_by_the_seat_the_table_chose():
    s = new_game(FIVE[:4], 1, TableOptions(deck="physical", first_bidder="choose"))
    choose(s, "red", "first_bidder", "yellow")
    assert decision(s).kind == "reveal" and decision(s).players == ("yellow",)


def test_the_choose_again_notice_is_cleared_once_that_player_chose_again():
    s = new_game(FIVE[:3], 4)
    first, second, third = s.seat_order_from(s.first_bidder)
    for p in (first, second, third):
        bid(s, p, 6)
    assert "choose again" in player_view(s, second)["you"]["notice"]
    assert "choose again" in player_view(s, third)["you"]["notice"]
    bid(s, second, 5)
    assert decision(s).kind == "bid"  # third has still to choose again
    assert player_view(s, second)["you"]["notice"] is None
    assert "choose again" in player_view(s, third)["you"]["notice"]


# -- topping up the court from your own regions --------------------------------------------------


def empty_province_take(power=7):
    """Red, first to play with power card `power`, has an empty province and 2 + 3 caballeros in
    two regions (neither the King's); the rest of the province waits in the Castillo."""
    s = new_game(FIVE[:3], 1)
    home = s.grandes["red"]
    other = next(r for r in game_data().regions if r not in (s.king, home))
    s.move("red", "province", other, 3)
    s.move("red", "province", "castillo", s.province["red"])
    bids = {"red": power, "blue": 1, "yellow": 2}
    for p in s.seat_order_from(s.first_bidder):
        bid(s, p, bids[p])
    assert decision(s).kind == "take" and decision(s).players == ("red",)
    return s, home, other


def test_an_empty_province_tops_up_one_caballero_per_allowance_point():
    s, home, other = empty_province_take(power=7)  # power card 7 lets red take 3
    assert sorted(names(s, "red", "take_from")) == sorted([home, other])
    court = s.court["red"]
    for n in range(1, 4):
        assert decision(s).kind == "take", f"the top-up ended after {n - 1} of 3"
        choose(s, "red", "take_from", other)
        assert s.court["red"] == court + n and s.board[other]["red"] == 3 - n
    assert decision(s).kind == "card"  # the allowance is used up


def test_each_caballero_taken_back_from_a_region_is_announced_naming_the_region():
    s, _home, other = empty_province_take(power=7)
    assert decision(s).prompt == "Province empty: take up to 3 from your regions"
    choose(s, "red", "take_from", other)
    e = s.events[-1]
    assert (e.kind, e.text) == ("take", f"red takes one back from {game_data().area_name(other)}")


def test_done_ends_the_top_up_from_your_regions():
    s, _home, other = empty_province_take(power=7)
    choose(s, "red", "take_from", other)
    choose(s, "red", "done")
    assert decision(s).kind == "card" and s.board[other]["red"] == 2


# -- placement and action ------------------------------------------------------------------------


def test_placement_ended_by_an_empty_court_does_not_reopen_after_4d_refills_it():
    s = turn_with("4d", king=KING)
    s.move("red", "court", "province", s.court["red"] - 1)
    choose(s, "red", "place", "aragon")  # the court is now empty: placement is over
    assert names(s, "red", "place") == []
    choose(s, "red", "act", "4d")
    choose(s, "red", "refill", 2)
    assert s.court["red"] == 2
    assert names(s, "red", "place") == []
    assert decision(s).players != ("red",)  # placement and action done: the turn is over


# -- a pad shows its own secrets only ------------------------------------------------------------


def test_each_pad_shows_its_own_hand_and_sealed_choice_only():
    s = play_until(new_game(FIVE[:3], 1), bidding_of_round(2))
    hands = {p: sorted(s.hands[p]) for p in s.players}
    assert len({tuple(h) for h in hands.values()}) == 3  # the hands differ after round 1
    for p in s.players:
        assert player_view(s, p)["you"]["hand"] == hands[p]
    red = bid(s, "red", hands["red"][-1])
    blue = bid(s, "blue", hands["blue"][0])
    assert player_view(s, "red")["you"]["sealed"] == describe(red)
    assert player_view(s, "blue")["you"]["sealed"] == describe(blue)
    assert player_view(s, "yellow")["you"]["sealed"] is None
    assert json.dumps(describe(blue)) not in json.dumps(player_view(s, "red"))
    assert json.dumps(describe(red)) not in json.dumps(player_view(s, "blue"))


# -- cards ---------------------------------------------------------------------------------------


def test_1a_offers_only_occupied_regions_other_than_the_kings():
    s = turn_with("1a", king=KING)
    put(s, "blue", "galicia", 2)
    put(s, "red", "aragon", 1)
    put(s, "yellow", KING, 3)
    put(s, "yellow", "castillo", 3)
    choose(s, "red", "act", "1a")
    assert sorted(names(s, "red", "region_1a")) == ["aragon", "galicia"]


def test_4a_never_puts_a_scoreboard_on_the_region_holding_the_other():
    s = turn_with("4a", king=KING)
    s.scoreboards = {"galicia": "8-4-0"}
    choose(s, "red", "act", "4a")
    choose(s, "red", "scoreboard", "4-0-0")
    offered = names(s, "red", "scoreboard_to")
    assert "galicia" not in offered and KING not in offered and "sevilla" in offered
    choose(s, "red", "scoreboard_to", "sevilla")
    assert s.scoreboards == {"galicia": "8-4-0", "sevilla": "4-0-0"}


def test_4b_never_offers_a_card_already_back_in_hand():
    s = turn_with("4b")  # red played 13 this round
    choose(s, "red", "act", "4b")
    choose(s, "red", "take_back", 13)
    choose(s, "red", "end_turn")
    play_until(s, bidding_of_round(2))
    for p in s.seat_order_from(s.first_bidder):  # red plays first; the others their lowest
        bid(s, p, 12 if p == "red" else min(s.hands[p]))
    s.face_up = ["4b", *[c for c in s.face_up if c != "4b"]]
    choose(s, "red", "card", "4b")
    choose(s, "red", "act", "4b")
    assert 13 in s.hands["red"] and names(s, "red", "take_back") == ["12"]
    choose(s, "red", "take_back", 12)
    assert sorted(s.hands["red"]).count(13) == 1 and 12 in s.hands["red"]


def test_4g_offers_only_regions_holding_an_opponent():
    s = turn_with("4g", king=KING)
    put(s, "red", "galicia", 3)  # only red's own: not offered
    put(s, "blue", "cataluna", 2)
    put(s, "yellow", KING, 2)
    choose(s, "red", "act", "4g")
    assert names(s, "red", "evacuate") == ["cataluna"]


def test_4g_asks_a_disc_only_of_opponents_with_caballeros_there():
    s = turn_with("4g", king=KING)
    put(s, "red", "galicia", 1)
    put(s, "blue", "galicia", 2)
    put(s, "yellow", "cataluna", 3)
    choose(s, "red", "act", "4g")
    choose(s, "red", "evacuate", "galicia")
    assert decision(s).kind == "card_disc" and decision(s).players == ("blue",)


# -- the Veto ------------------------------------------------------------------------------------


def test_a_veto_holder_is_not_asked_to_veto_their_own_card():
    s = turn_with("4f", king=KING)
    s.vetoes = {"red": [0]}  # kept from the round before
    choose(s, "red", "act", "4f")
    assert decision(s).kind != "veto" and names(s, "red", "king_adjacent")
    assert s.vetoes == {"red": [0]}


def test_holders_are_asked_clockwise_and_one_veto_ends_the_asking():
    s = turn_with("4f", king=KING)
    s.vetoes = {"blue": [0], "yellow": [0]}
    choose(s, "red", "act", "4f")
    assert decision(s).kind == "veto" and decision(s).players == ("blue",)
    choose(s, "blue", "allow")
    assert decision(s).kind == "veto" and decision(s).players == ("yellow",)
    s = turn_with("4f", king=KING)
    s.vetoes = {"blue": [0], "yellow": [0]}
    choose(s, "red", "act", "4f")
    choose(s, "blue", "veto")
    assert decision(s).kind == "turn" and decision(s).players == ("red",)
    assert s.vetoes == {"yellow": [0]} and s.king == KING  # yellow keeps theirs


# -- set-up and texts ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seat"), [(["red", ""], 2), (["", "blue", "yellow"], 1)])
def test_an_empty_player_name_is_refused(players, seat):
    expected = f"players must be distinct, non-empty names; seat {seat} holds a str that is empty"
    with pytest.raises(RuleError) as refused:
        new_game(players, 1)
    assert str(refused.value) == expected


def test_ordinals_read_as_english():
    numbers = (1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 21, 22, 23, 24, 31)
    assert [ordinal(n) for n in numbers] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "5th",
        "10th",
        "11th",
        "12th",
        "13th",
        "14th",
        "21st",
        "22nd",
        "23rd",
        "24th",
        "31st",
    ]


@pytest.mark.parametrize(
    ("ruleset", "green"), [("2015", "green 3rd with 3 → 1"), ("1995", "green 4th with 3 → 0")]
)
def test_score_reasons_name_the_tie_and_the_rank_paid(ruleset, green):
    pos = Position(
        players=("red", "blue", "yellow", "green"),
        king="galicia",
        grandes={"red": "aragon", "blue": "sevilla", "yellow": "granada", "green": "valencia"},
        caballeros={"pais_vasco": {"red": 4, "blue": 4, "yellow": 4, "green": 3}},
        ruleset=ruleset,
    )
    assert score_area(pos, "pais_vasco").why == (
        "red tied for 1st, paid as 2nd with 4 → 3",
        "blue tied for 1st, paid as 2nd with 4 → 3",
        "yellow tied for 1st, paid as 2nd with 4 → 3",
        green,
    )


# -- `companion score` ---------------------------------------------------------------------------


def score_file(doc, tmp_path, capsys):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["score", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def three_in_granada(scoring):
    return {
        "players": ["red", "blue", "yellow"],
        "king": "galicia",
        "grandes": {"red": "aragon", "blue": "sevilla", "yellow": "valencia"},
        "caballeros": {"granada": {"red": 4, "blue": 3, "yellow": 1}},
        "scoring": scoring,
    }


@pytest.mark.parametrize(("first_only", "totals"), [(True, (6, 0, 0)), (False, (6, 3, 0))])
def test_companion_score_first_only_pays_the_first_place_alone(
    first_only, totals, tmp_path, capsys
):
    doc = three_in_granada({"areas": ["granada"], "first_only": first_only})
    code, out, _ = score_file(doc, tmp_path, capsys)
    assert code == 0
    assert json.loads(out)["totals"] == dict(zip(("red", "blue", "yellow"), totals, strict=True))


def test_companion_score_refuses_an_empty_player_name(tmp_path, capsys):
    doc = three_in_granada("general")
    doc["players"] = ["red", "", "yellow"]
    code, out, err = score_file(doc, tmp_path, capsys)
    assert code == 2 and out == "" and err.startswith("$.players:")
