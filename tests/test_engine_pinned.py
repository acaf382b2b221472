"""Engine details the mutation run found unguarded: the game-over announcement and the invariant
checker that the bots' and property tests rely on."""

import pytest
from cardkit import FIVE

from companion.elgrande.engine import (
    apply_in_place,
    check_invariants,
    decision,
    legal_actions,
    new_game,
)
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
