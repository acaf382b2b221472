"""Every action card's effect and its refusals (RULES.md §6)."""

import json

import pytest
from cardkit import act, move, put, start, targets, turn_with

from companion.elgrande.data import game_data
from companion.elgrande.engine import check_invariants, decision, legal_actions
from companion.elgrande.moves import Action, Piece, RuleError
from companion.elgrande.views import player_view, public_view

KING = "castilla_nueva"  # borders aragon, castilla_vieja, granada, sevilla, valencia


def test_every_card_but_the_veto_offers_its_action_and_the_veto_does_not():
    for card in game_data().action_cards:
        s = turn_with(card)
        has_act = Action("act", card) in legal_actions(s, "red")
        assert has_act == (card != "2a"), card


def test_placement_and_action_in_either_order_never_interleaved():
    s = turn_with("4d", king=KING)
    act(s, "red", "place", "aragon")
    assert Action("act", "4d") not in legal_actions(s, "red")  # placing under way
    act(s, "red", "stop_placing")
    start(s, "4d")
    act(s, "red", "refill", 2)
    assert decision(s).players != ("red",)  # placement closed: the turn is over
    s = turn_with("4d", king=KING)
    start(s, "4d")
    act(s, "red", "refill", 1)
    assert "aragon" in targets(s, "red", "place")  # action first, then placement


# -- moves ---------------------------------------------------------------------------------------


def test_1a_moves_up_to_five_of_any_colour_out_of_one_chosen_region():
    s = turn_with("1a", king=KING)
    put(s, "red", "galicia", 3)
    put(s, "blue", "galicia", 3)
    put(s, "blue", KING, 2)
    start(s, "1a")
    assert KING not in targets(s, "red") and "galicia" in targets(s, "red")
    act(s, "red", "region_1a", "galicia")
    assert {t.region for t in targets(s, "red", "move_from")} == {"galicia"}
    for colour in ("red", "blue", "blue", "red", "blue"):
        act(s, "red", "move_from", Piece("galicia", colour))
        assert KING not in targets(s, "red") and "galicia" not in targets(s, "red")
        act(s, "red", "move_to", "castillo" if colour == "red" else "cataluna")
    assert s.board["galicia"] == {"red": 1, "blue": 0, "yellow": 0}
    assert s.board["castillo"]["red"] == 2 and s.board["cataluna"]["blue"] == 3
    assert decision(s).kind == "turn"  # five moved: back to red's turn
    check_invariants(s)


@pytest.mark.parametrize(("card", "limit"), [("1b", 4), ("1f", 3)])
def test_1b_1f_move_any_colours_up_to_the_limit(card, limit):
    s = turn_with(card, king=KING)
    put(s, "blue", "galicia", 5)
    start(s, card)
    for _ in range(limit):
        move(s, "red", "galicia", "blue", "pais_vasco")
    assert s.board["pais_vasco"]["blue"] == limit and decision(s).kind == "turn"


def test_1c_moves_only_your_own_and_1e_only_opponents():
    s = turn_with("1c")
    put(s, "red", "galicia", 2)
    put(s, "blue", "galicia", 2)
    start(s, "1c")
    assert targets(s, "red") == ["galicia", None]  # a region first (or done), then a colour
    act(s, "red", "move_region", "galicia")
    assert targets(s, "red", "move_from") == [Piece("galicia", "red")]
    with pytest.raises(RuleError, match="within this card's limits"):
        act(s, "red", "move_from", Piece("galicia", "blue"))
    s = turn_with("1e")
    put(s, "red", "galicia", 2)
    put(s, "blue", "galicia", 2)
    start(s, "1e")
    act(s, "red", "move_region", "galicia")
    assert targets(s, "red", "move_from") == [Piece("galicia", "blue")]


def test_1d_moves_up_to_two_own_and_two_opponents():
    s = turn_with("1d", king=KING)
    put(s, "red", "galicia", 3)
    put(s, "blue", "galicia", 3)
    start(s, "1d")
    for _ in range(2):
        move(s, "red", "galicia", "red", "cataluna")
    assert targets(s, "red", "move_region") == ["galicia"]  # cataluna's two already moved
    act(s, "red", "move_region", "galicia")
    assert targets(s, "red", "move_from") == [Piece("galicia", "blue")]


def test_moves_never_take_from_the_castillo_or_the_kings_region_and_move_each_once():
    s = turn_with("1b", king=KING)
    put(s, "blue", "castillo", 2)
    put(s, "blue", KING, 2)
    put(s, "blue", "galicia", 1)
    start(s, "1b")
    assert targets(s, "red", "move_region") == ["galicia"]
    act(s, "red", "move_region", "galicia")
    assert targets(s, "red", "move_from") == [Piece("galicia", "blue")]
    act(s, "red", "move_from", Piece("galicia", "blue"))
    act(s, "red", "move_to", "cataluna")
    assert "cataluna" not in targets(s, "red", "move_region")  # it already moved
    assert decision(s).kind == "turn"


def test_1g_places_two_more_anywhere_but_the_kings_region():
    s = turn_with("1g", king=KING)
    start(s, "1g")
    assert "galicia" in targets(s, "red", "place")  # not next to the King: still allowed
    with pytest.raises(RuleError, match="King's region is taboo"):
        act(s, "red", "place", KING)
    court = s.court["red"]
    act(s, "red", "place", "galicia")
    act(s, "red", "place", "castillo")
    assert s.court["red"] == court - 2 and s.board["galicia"]["red"] == 1


def test_1h_is_either_1g_or_1i():
    s = turn_with("1h")
    put(s, "red", "galicia", 2)
    start(s, "1h")
    assert targets(s, "red") == ["1g", "1i"]
    act(s, "red", "either", "1i")
    assert targets(s, "red") == ["galicia"]


def test_1i_moves_all_your_caballeros_out_of_one_region():
    s = turn_with("1i", king=KING)
    put(s, "red", "galicia", 2)
    put(s, "blue", "galicia", 2)
    start(s, "1i")
    act(s, "red", "region_1i", "galicia")
    assert Action("done") not in legal_actions(s, "red")  # all of them must go
    for target in ("cataluna", "castillo"):
        act(s, "red", "move_from", Piece("galicia", "red"))
        act(s, "red", "move_to", target)
    assert s.board["galicia"] == {"red": 0, "blue": 2, "yellow": 0}
    assert decision(s).kind == "turn"


# -- returns -------------------------------------------------------------------------------------


def test_2b_returns_every_opponents_court_and_2c_three_or_all():
    s = turn_with("2b")
    s.move("blue", "court", "province", 5)  # blue keeps 2 in court
    start(s, "2b")
    assert s.court["blue"] == 0 and s.court["yellow"] == 0 and s.court["red"] == 7
    s = turn_with("2c")
    s.move("blue", "court", "province", 5)
    start(s, "2c")
    assert s.court["blue"] == 0 and s.court["yellow"] == 4 and s.court["red"] == 7


def test_2d_each_opponent_returns_three_from_court_or_regions_clockwise():
    s = turn_with("2d", king=KING)
    s.move("blue", "court", "province", 6)  # blue: 1 in court
    put(s, "blue", "galicia", 1)
    put(s, "blue", KING, 3)
    put(s, "blue", "castillo", 3)
    start(s, "2d")
    assert decision(s).players == ("blue",)
    assert targets(s, "blue") == ["court", "galicia"]  # never the Castillo or King's region
    act(s, "blue", "return_from", "court")
    act(s, "blue", "return_from", "galicia")
    assert decision(s).players == ("yellow",)  # blue had only two to give
    for _ in range(3):
        act(s, "yellow", "return_from", "court")
    assert s.court["yellow"] == 4 and decision(s).players != ("yellow",)


def test_2e_returns_one_caballero_of_each_opponent_from_regions():
    s = turn_with("2e", king=KING)
    put(s, "blue", "galicia", 2)
    put(s, "blue", "cataluna", 1)
    put(s, "yellow", KING, 2)  # untouchable
    start(s, "2e")
    assert targets(s, "red") == ["cataluna", "galicia", None]  # a region, then whose; or done
    act(s, "red", "return_region", "cataluna")
    assert targets(s, "red") == [Piece("cataluna", "blue"), None]  # or back
    act(s, "red", "return_of", Piece("cataluna", "blue"))
    assert s.board["cataluna"]["blue"] == 0 and decision(s).kind == "turn"


def test_2f_secret_discs_return_two_from_a_region_with_at_least_two():
    s = turn_with("2f", king=KING)
    put(s, "red", "galicia", 3)
    put(s, "blue", "galicia", 1)
    put(s, "blue", "cataluna", 2)
    put(s, "yellow", KING, 4)  # the King's region is taboo: yellow has no choice
    start(s, "2f")
    d = decision(s)
    assert d.secret and set(d.players) == {"red", "blue"}
    with pytest.raises(RuleError) as err:
        act(s, "blue", "disc", "galicia")  # only 1 there
    assert "galicia" not in str(err.value).lower().split("you may")[0]  # not echoed
    assert err.value.private
    act(s, "blue", "disc", "cataluna")
    assert s.board["cataluna"]["blue"] == 2  # sealed until all are in
    assert "cataluna" not in str(public_view(s)["decision"])
    act(s, "red", "disc", "galicia")
    assert s.board["galicia"]["red"] == 1 and s.board["cataluna"]["blue"] == 0


def test_2g_secret_discs_return_all_from_the_chosen_region():
    s = turn_with("2g")
    put(s, "red", "galicia", 3)
    put(s, "blue", "cataluna", 2)
    start(s, "2g")
    act(s, "red", "disc", "galicia")
    act(s, "blue", "disc", "cataluna")
    assert s.board["galicia"]["red"] == 0 and s.board["cataluna"]["blue"] == 0
    check_invariants(s)


# -- special scorings ----------------------------------------------------------------------------


def test_2h_scores_one_chosen_region_now():
    s = turn_with("2h", king=KING)
    put(s, "blue", "granada", 2)
    start(s, "2h")
    assert "castillo" not in targets(s, "red")
    act(s, "red", "score_region", "granada")
    assert s.scores["blue"] == 6


@pytest.mark.parametrize(
    ("card", "scored"),
    [
        ("3a", {"cataluna", "galicia", "sevilla"}),
        ("3b", {"aragon", "pais_vasco", "valencia"}),
        ("3c", {"castilla_nueva", "castilla_vieja", "granada"}),
    ],
)
def test_3a_3b_3c_score_regions_by_their_current_first_value(card, scored):
    s = turn_with(card, king="galicia")
    for r in game_data().regions:
        put(s, "blue", r, 1)
    start(s, card)
    assert {e.detail.area for e in s.events if e.kind == "score"} == scored


def test_3a_follows_a_scoreboard_that_replaced_the_printed_values():
    s = turn_with("3a", king="galicia")
    s.scoreboards["aragon"] = "4-0-0"
    put(s, "blue", "aragon", 1)
    start(s, "3a")
    assert s.scores["blue"] == 4


def test_3d_scores_the_castillo_and_its_caballeros_stay():
    s = turn_with("3d")
    put(s, "blue", "castillo", 2)
    start(s, "3d")
    assert s.scores["blue"] == 5 and s.board["castillo"]["blue"] == 2


def test_3e_pays_first_place_only_and_a_tie_for_first_nothing():
    s = turn_with("3e", king="galicia")
    put(s, "blue", "aragon", 2)
    put(s, "yellow", "aragon", 1)
    put(s, "blue", "cataluna", 1)
    put(s, "yellow", "cataluna", 1)
    put(s, "yellow", "castillo", 5)  # the Castillo is not a region
    start(s, "3e")
    assert s.scores == {"red": 0, "blue": 5, "yellow": 0}


def test_3f_scores_every_region_tied_for_most_and_3g_the_fewest_ignoring_empty():
    s = turn_with("3f", king="galicia")
    put(s, "blue", "aragon", 3)
    put(s, "yellow", "granada", 3)
    put(s, "blue", "cataluna", 1)
    start(s, "3f")
    assert {e.detail.area for e in s.events if e.kind == "score"} == {"aragon", "granada"}
    s = turn_with("3g", king="galicia")
    put(s, "blue", "aragon", 3)
    put(s, "yellow", "granada", 1)
    put(s, "blue", "cataluna", 1)
    start(s, "3g")
    assert {e.detail.area for e in s.events if e.kind == "score"} == {"granada", "cataluna"}


def test_3h_may_score_the_castillo_or_the_kings_region():
    s = turn_with("3h", king="galicia")
    put(s, "blue", "galicia", 1)
    start(s, "3h")
    assert {"castillo", "galicia"} <= set(targets(s, "red"))
    act(s, "red", "score_area", "galicia")
    assert s.scores["blue"] == 4 + 2  # King's bonus to the sole leader


# -- the fours and the King ----------------------------------------------------------------------


def test_4a_places_a_scoreboard_then_moves_it_never_in_or_out_of_the_kings_region():
    s = turn_with("4a", king=KING)
    start(s, "4a")
    assert targets(s, "red") == ["8-4-0", "4-0-0"]
    act(s, "red", "scoreboard", "8-4-0")
    assert KING not in targets(s, "red") and "castillo" not in targets(s, "red")
    act(s, "red", "scoreboard_to", "galicia")
    assert s.scoreboards == {"galicia": "8-4-0"} and s.values("galicia") == (8, 4, 0)
    s = turn_with("4a", king=KING)
    s.scoreboards = {KING: "8-4-0", "galicia": "4-0-0"}
    start(s, "4a")
    assert targets(s, "red") == ["4-0-0"]  # the one under the King stays
    act(s, "red", "scoreboard", "4-0-0")
    with pytest.raises(RuleError, match="without one"):
        act(s, "red", "scoreboard_to", KING)
    act(s, "red", "scoreboard_to", "sevilla")
    assert s.scoreboards == {KING: "8-4-0", "sevilla": "4-0-0"}


def test_4b_takes_a_played_power_card_back_secretly():
    s = turn_with("4b")
    start(s, "4b")
    d = decision(s)
    assert d.secret and d.players == ("red",) and targets(s, "red") == [13]
    act(s, "red", "take_back", 13)
    assert 13 in s.hands["red"]
    assert player_view(s, "red")["you"]["hand"][-1] == 13
    events = public_view(s)["events"]
    assert "13" not in json.dumps(events[-2:])
    assert "takes a power card back" in events[-1]["text"]
    assert public_view(s)["hand_counts"]["red"] == 13  # the count is public, the card is not


def test_4c_moves_your_grande_but_never_into_or_out_of_the_kings_region():
    s = turn_with("4c", king=KING)
    start(s, "4c")
    assert KING not in targets(s, "red") and s.grandes["red"] not in targets(s, "red")
    act(s, "red", "grande_to", "galicia")
    assert s.grandes["red"] == "galicia"
    s = turn_with("4c")
    s.grandes["red"] = s.king
    assert Action("act", "4c") in legal_actions(s, "red")
    start(s, "4c")
    assert decision(s).kind == "turn" and s.grandes["red"] == s.king  # nothing to choose


def test_4d_takes_up_to_two_from_the_province():
    s = turn_with("4d")
    start(s, "4d")
    assert targets(s, "red") == [2, 1, 0]
    act(s, "red", "refill", 2)
    assert s.court["red"] == 9


def test_4e_scores_each_region_picked_by_exactly_one_player():
    s = turn_with("4e", king="galicia")
    put(s, "blue", "aragon", 1)
    put(s, "yellow", "granada", 1)
    start(s, "4e")
    act(s, "red", "disc", "aragon")
    act(s, "blue", "disc", "granada")
    act(s, "yellow", "disc", "granada")
    assert {e.detail.area for e in s.events if e.kind == "score"} == {"aragon"}
    assert s.scores["blue"] == 5


def test_4f_moves_the_king_to_a_neighbour_and_5_anywhere():
    s = turn_with("4f", king=KING)
    start(s, "4f")
    assert set(targets(s, "red")) == game_data().neighbours[KING]
    act(s, "red", "king_adjacent", "granada")
    assert s.king == "granada"
    s = turn_with("5", king=KING)
    start(s, "5")
    assert len(targets(s, "red")) == 8 and KING not in targets(s, "red")
    act(s, "red", "king_any", "galicia")
    assert s.king == "galicia"


def test_4g_opponents_secretly_choose_where_their_caballeros_must_go():
    s = turn_with("4g", king=KING)
    put(s, "blue", "galicia", 2)
    put(s, "yellow", "galicia", 1)
    put(s, "red", "galicia", 3)
    start(s, "4g")
    act(s, "red", "evacuate", "galicia")
    d = decision(s)
    assert d.secret and set(d.players) == {"blue", "yellow"}
    assert "galicia" not in targets(s, "blue") and KING not in targets(s, "blue")
    act(s, "blue", "disc", "cataluna")
    act(s, "yellow", "disc", "pais_vasco")
    assert s.board["galicia"] == {"red": 3, "blue": 0, "yellow": 0}
    assert s.board["cataluna"]["blue"] == 2 and s.board["pais_vasco"]["yellow"] == 1


# -- the Veto ------------------------------------------------------------------------------------


def test_veto_holder_may_cancel_another_players_action_but_not_their_placement():
    s = turn_with("2a", king=KING)
    act(s, "red", "end_turn")
    assert s.vetoes == {"red": [0]}
    p = decision(s).players[0]  # yellow (bid 2) is next
    if decision(s).kind == "take":
        act(s, p, "take", 0)
    s.face_up = ["4f", *[c for c in s.face_up if c != "4f"]]
    act(s, p, "card", "4f")
    act(s, p, "act", "4f")
    assert decision(s).kind == "veto" and decision(s).players == ("red",)
    act(s, "red", "veto", "4f")
    assert s.king == KING and s.vetoes == {}
    assert "aragon" in targets(s, p, "place")  # the placement is still theirs


def test_veto_allowed_lets_the_action_happen_and_veto_option_off_removes_the_cards():
    s = turn_with("2a", king=KING)
    act(s, "red", "end_turn")
    p = decision(s).players[0]
    if decision(s).kind == "take":
        act(s, p, "take", 0)
    s.face_up = ["4f", *[c for c in s.face_up if c != "4f"]]
    act(s, p, "card", "4f")
    act(s, p, "act", "4f")
    act(s, "red", "allow")
    assert decision(s).kind == "pick" and s.vetoes == {"red": [0]}
    s = turn_with("1a", veto=False)
    assert all("2a" not in stack for stack in s.stacks.values())


def test_an_unused_veto_is_discarded_at_the_end_of_the_next_round():
    s = turn_with("2a")
    from test_engine import play_round_passively

    act(s, "red", "end_turn")
    play_round_passively(s)  # the rest of round 1
    assert s.round == 2 and s.vetoes == {"red": [0]}
    play_round_passively(s)
    assert s.round == 3 and s.vetoes == {}
