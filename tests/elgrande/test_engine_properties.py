"""Property tests: whatever the players decide, the rules' invariants hold."""

from cardkit import FIVE
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.elgrande.data import game_data
from companion.elgrande.engine import (
    apply_in_place,
    check_invariants,
    decision,
    legal_actions,
    new_game,
)
from companion.elgrande.options import TableOptions
from companion.elgrande.scoring import Position, score_area

DECISION_LIMIT = 10_000  # a whole game takes far fewer; more means the engine stopped advancing

options = st.builds(
    TableOptions,
    ruleset=st.sampled_from(["2015", "1995"]),
    short_game=st.booleans(),
    first_bidder=st.sampled_from(["random", "choose"]),
    bidding=st.sampled_from(["sealed", "open"]),
    deck=st.sampled_from(["shuffled", "physical"]),
)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32), opts=options, rnd=st.randoms())
def test_random_games_conserve_caballeros_and_never_lower_a_score(n, seed, opts, rnd):
    s = new_game(FIVE[:n], seed, opts)
    scores = dict(s.scores)
    for _ in range(DECISION_LIMIT):
        if s.is_over:
            break
        d = decision(s)
        p = rnd.choice(d.players)
        apply_in_place(s, p, rnd.choice(legal_actions(s, p)))
        check_invariants(s)
        assert all(s.scores[q] >= scores[q] for q in s.players)
        scores = dict(s.scores)
    else:
        raise AssertionError(f"no end after {DECISION_LIMIT} decisions: {decision(s)}")
    assert s.winners and set(s.winners) <= set(s.players)


counts = st.dictionaries(st.sampled_from(FIVE[:4]), st.integers(0, 12), min_size=2)


@given(
    counts=counts,
    ruleset=st.sampled_from(["2015", "1995"]),
    area=st.sampled_from(list(game_data().regions)),
)
def test_a_tie_for_first_never_earns_a_bonus(counts, ruleset, area):
    players = FIVE[:4]
    pos = Position(
        players,
        king=area,
        grandes=dict.fromkeys(players, area),
        caballeros={area: counts},
        ruleset=ruleset,
    )
    result = score_area(pos, area)
    top = max(counts.values())
    leaders = [p for p, c in counts.items() if c == top]
    if top > 0 and len(leaders) > 1:
        values = game_data().regions[area].values
        assert all(result.points[p] == values[1] for p in leaders)  # paid as 2nd, no bonus
    if top > 0 and len(leaders) == 1:
        assert result.points[leaders[0]] == game_data().regions[area].values[0] + 4


@given(counts=counts, ruleset=st.sampled_from(["2015", "1995"]))
def test_more_caballeros_never_score_fewer_points(counts, ruleset):
    players = FIVE[:4]
    pos = Position(
        players,
        king="galicia",
        grandes=dict.fromkeys(players, "granada"),
        caballeros={"aragon": counts},
        ruleset=ruleset,
    )
    points = score_area(pos, "aragon").points
    for a in players:
        for b in players:
            if counts.get(a, 0) > counts.get(b, 0):
                assert points[a] >= points[b]
