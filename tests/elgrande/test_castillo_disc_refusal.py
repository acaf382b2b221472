"""Why a Castillo disc on the King's region is refused under castillo_disc_on_king = "forbidden",
and that the refusal gives away no one's secret disc."""

import pytest
from test_castillo_disc_option import at_first_general_scoring

from companion.elgrande.engine import apply, apply_in_place
from companion.elgrande.moves import Action, RuleError

WHY = "the King's region is closed to Castillo discs under castillo_disc_on_king = forbidden"


def refusal(s, player, action) -> RuleError:
    with pytest.raises(RuleError) as refused:
        apply(s, player, action)
    return refused.value


@pytest.mark.parametrize("seed", [1, 2])
def test_a_disc_on_the_kings_region_is_refused_saying_why_and_naming_no_one(seed):
    s = at_first_general_scoring("forbidden", seed)
    first, last = s.players[0], s.players[-1]
    before = refusal(s, last, Action("disc", s.king))
    assert str(before).startswith(WHY + "; you may: disc on ")
    assert before.private  # the list of choices is for the refused player's pad only
    others = [p for p in s.players if p != last]
    for p in others:  # everyone else seals a disc; the refusal must not change with them
        apply_in_place(s, p, Action("disc", next(r for r in s.data.regions if r != s.king)))
    after = refusal(s, last, Action("disc", s.king))
    assert str(after) == str(before) and not any(p in str(after) for p in [first, *others])


def test_another_refused_disc_keeps_the_plain_secret_refusal():
    s = at_first_general_scoring("forbidden", 1)
    plain = refusal(s, s.players[0], Action("disc", "castillo"))
    assert "King's region" not in str(plain) and "not an allowed choice" in str(plain)
    court = at_first_general_scoring("court", 1)  # the King's region is a legal disc there
    apply(court, court.players[0], Action("disc", court.king))
