"""Who wins a tied game: the tournament tie-break (court, then province, then the best unused
power card) and the `shared` option. Positions are end-of-game facts set on a fresh state."""

import pytest
from cardkit import FIVE

from companion.elgrande.engine import new_game, winners
from companion.elgrande.options import TableOptions


def final(tiebreak="tournament", **facts):
    """Three players; `facts` maps a State field (scores, court, province, hands) to its values."""
    s = new_game(FIVE[:3], 1, TableOptions(tiebreak=tiebreak))
    s.scores = {"red": 40, "blue": 40, "yellow": 30}
    s.court = {"red": 4, "blue": 4, "yellow": 9}
    s.province = {"red": 5, "blue": 5, "yellow": 9}
    s.hands = {"red": [2, 9], "blue": [2, 9], "yellow": [13]}
    for name, values in facts.items():
        getattr(s, name).update(values)
    return s


def test_the_highest_score_wins_whatever_the_tie_break_keys_say():
    s = final(scores={"red": 41}, court={"blue": 20}, province={"blue": 20})
    assert winners(s) == ("red",)
    s = final("shared", scores={"red": 41}, court={"blue": 20})
    assert winners(s) == ("red",)


def test_a_tie_goes_to_the_largest_court_among_the_tied_players_only():
    # yellow has the largest court of all but is not tied for the highest score
    assert winners(final(court={"red": 3, "blue": 6})) == ("blue",)
    assert winners(final(court={"red": 6, "blue": 3})) == ("red",)


def test_the_court_is_compared_before_the_province():
    s = final(court={"red": 5, "blue": 4}, province={"red": 0, "blue": 20})
    assert winners(s) == ("red",)


def test_equal_courts_go_to_the_largest_province():
    assert winners(final(province={"red": 2, "blue": 7})) == ("blue",)
    assert winners(final(province={"red": 7, "blue": 2})) == ("red",)


def test_the_province_is_compared_before_the_cards():
    s = final(province={"red": 6, "blue": 5}, hands={"red": [1], "blue": [13]})
    assert winners(s) == ("red",)


def test_then_the_best_unused_power_card_not_the_worst():
    # red's best (13) beats blue's best (12); by the worst card blue (11) would beat red (1)
    s = final(hands={"red": [1, 13], "blue": [11, 12]})
    assert winners(s) == ("red",)
    s = final(hands={"red": [11, 12], "blue": [1, 13]})
    assert winners(s) == ("blue",)


def test_an_empty_hand_loses_to_any_card():
    assert winners(final(hands={"red": [], "blue": [1]})) == ("blue",)


def test_players_equal_on_every_key_share_the_win_in_seat_order():
    assert winners(final()) == ("red", "blue")


@pytest.mark.parametrize(
    "facts",
    [
        {"court": {"red": 3, "blue": 6}},
        {"province": {"red": 2, "blue": 7}},
        {"hands": {"red": [1, 13], "blue": [11, 12]}},
    ],
)
def test_shared_option_shares_every_tie_without_breaking_it(facts):
    assert winners(final("shared", **facts)) == ("red", "blue")
