"""Views: what the table sees and what one player's pad sees."""

import json

from cardkit import FIVE, act, put, start, turn_with

from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game
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
    assert player_view(s, "red")["you"]["sealed"] == "power 11: 1 to court"
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
    assert "is taken: choose again" in player_view(s, second)["you"]["notice"]
    assert player_view(s, first)["you"]["notice"] is None
    assert "earlier bidder" not in json.dumps(public_view(s))


def test_views_are_plain_json():
    s = turn_with("4b")
    start(s, "4b")
    json.dumps(public_view(s))
    json.dumps(player_view(s, "red"))


# -- The views' shape ------------------------------------------------------------------------------

PUBLIC = {
    "players",
    "veto_until",
    "round",
    "rounds",
    "phase",
    "king",
    "grandes",
    "scoreboards",
    "board",
    "castillo_public",
    "castillo_total",
    "court",
    "province",
    "scores",
    "played",
    "bids",
    "turn_order",
    "face_up",
    "taken",
    "vetoes",
    "hand_counts",
    "decision",
    "events",
    "winners",
}


def test_the_public_view_names_every_public_fact():
    s = turn_with("4f", king="castilla_nueva", castillo_public=True)
    s.scoreboards = {"galicia": "8-4-0"}
    s.vetoes = {"blue": [0]}
    view = public_view(s)
    assert set(view) == PUBLIC
    assert view["players"] == list(s.players) and view["round"] == 1
    assert view["rounds"] == list(range(1, 10)) and view["phase"] == "turns"
    assert view["king"] == "castilla_nueva" and view["grandes"] == s.grandes
    assert view["scoreboards"] == {"galicia": "8-4-0"} and view["castillo_public"] is True
    assert view["court"] == s.court and view["province"] == s.province
    assert view["castillo_total"] == sum(s.board["castillo"].values())
    assert view["scores"] == {p: 0 for p in s.players} and view["played"] == s.played
    assert view["turn_order"] == list(s.turn_order) and view["face_up"] == s.face_up
    assert view["taken"] == {"red": "4f"} and view["vetoes"] == ["blue"]
    assert view["winners"] == [] and view["hand_counts"] == {"red": 12, "blue": 12, "yellow": 12}
    d = decision(s)
    assert view["decision"] == {
        "players": list(d.players),
        "kind": d.kind,
        "prompt": d.prompt,
        "secret": False,
    }


def test_a_pad_view_adds_only_that_players_part():
    s = turn_with("4f")
    you = player_view(s, "blue")["you"]
    assert you == {
        "player": "blue",
        "hand": sorted(s.hands["blue"]),
        "castillo": 0,
        "options": [],
        "notice": None,
        "sealed": None,
    }


def test_the_views_of_a_finished_game_show_the_winners_and_no_decision():
    s = new_game(FIVE[:2], 3)
    for _ in range(3000):
        if s.is_over:
            break
        p = decision(s).players[0]
        legal = legal_actions(s, p)
        apply_in_place(s, p, next((a for a in legal if a.kind == "end_turn"), legal[0]))
    assert s.is_over, "the passive game did not end"
    view = public_view(s)
    assert view["decision"] is None and view["winners"] == list(s.winners) != []
    assert view["phase"] == "over"
    assert player_view(s, "red")["you"]["options"] == []
