"""Views: what the table sees and what one player's pad sees."""

import json

from cardkit import act, put, start, turn_with

from companion.elgrande.engine import new_game
from companion.elgrande.options import TableOptions
from companion.elgrande.views import player_view, public_view


def test_public_view_hides_the_castillo_unless_the_table_made_it_public():
    s = turn_with("3d")
    put(s, "blue", "castillo", 3)
    assert "castillo" not in public_view(s)["board"]
    assert player_view(s, "blue")["you"]["castillo"] == 3
    assert player_view(s, "red")["you"]["castillo"] == 0
    s = turn_with("3d", castillo_public=True)
    put(s, "blue", "castillo", 3)
    assert public_view(s)["board"]["castillo"]["blue"] == 3


def test_sealed_bids_show_who_has_chosen_never_what():
    s = new_game(["red", "blue", "yellow"], 4)
    act(s, "red", "bid", 11)
    view = public_view(s)
    assert view["decision"]["chosen"] == ["red"] and view["decision"]["secret"]
    assert "11" not in json.dumps(view["decision"]) and view["bids"] == {}
    assert player_view(s, "red")["you"]["sealed"] == "power card 11"
    assert player_view(s, "blue")["you"]["sealed"] is None


def test_a_player_view_lists_that_players_own_choices_only_when_it_is_their_decision():
    s = new_game(["red", "blue"], 4, TableOptions(bidding="open"))
    first, second = s.seat_order_from(s.first_bidder)
    assert player_view(s, first)["you"]["options"] == ["power cards 1-7", "power cards 8-13"]
    assert player_view(s, second)["you"]["options"] == []
    assert "options" not in public_view(s)["decision"]


def test_a_clashing_sealed_bid_is_told_only_to_that_player():
    s = new_game(["red", "blue", "yellow"], 4)
    first, second, third = s.seat_order_from(s.first_bidder)
    act(s, first, "bid", 6)
    act(s, second, "bid", 6)
    act(s, third, "bid", 2)
    assert "held by an earlier bidder" in player_view(s, second)["you"]["notice"]
    assert player_view(s, first)["you"]["notice"] is None
    assert "earlier bidder" not in json.dumps(public_view(s))


def test_views_are_plain_json():
    s = turn_with("4b")
    start(s, "4b")
    json.dumps(public_view(s))
    json.dumps(player_view(s, "red"))
