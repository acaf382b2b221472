"""Castell's arithmetic, category by category, as the seed's « FIN DU JEU » gives it."""

import pytest

from companion.castell import rules
from companion.kit.scoring import totals_of


def test_the_festivals_are_read_from_the_seed_sentence():
    assert rules.FESTIVAL_ROUNDS == (3, 4, 5, 6, 7, 8, 9, 10)
    assert rules.ROUNDS == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    # The count follows the words, not a number typed beside them.
    later = rules._festival_rounds("À la fin des tours 4 à 9, des festivals ont lieu.")
    assert later == (4, 5, 6, 7, 8, 9)


@pytest.mark.parametrize(
    ("regions", "points", "text"),
    [
        (0, 0, "Region variety: no region, 0"),
        (1, 0, "Region variety: 1 region = 0"),
        (2, 1, "Region variety: 2 regions = 1"),
        (3, 3, "Region variety: 3 regions = 3"),
        (4, 5, "Region variety: 4 regions = 5"),
        (5, 7, "Region variety: 5 regions = 7"),
        (6, 10, "Region variety: 6 regions = 10"),
        (7, 14, "Region variety: 7 regions = 14"),
    ],
)
def test_region_variety_follows_the_seed_table(regions, points, text):
    line = rules.region_variety("red", regions)
    assert (line.points, line.text, line.rule) == (points, text, "region_variety")


@pytest.mark.parametrize(
    ("counts", "points", "text"),
    [
        ((1, 2, 1), 12, "Prizes: 1 trophy × 5 + 2 medals × 3 + 1 ribbon = 12"),
        ((2, 0, 0), 10, "Prizes: 2 trophies × 5 = 10"),
        ((0, 1, 0), 3, "Prizes: 1 medal × 3 = 3"),
        ((0, 0, 4), 4, "Prizes: 4 ribbons = 4"),
        ((0, 0, 0), 0, "Prizes: none, 0"),
    ],
)
def test_prizes_are_five_three_and_one(counts, points, text):
    line = rules.prizes("red", *counts)
    assert (line.points, line.text) == (points, text)


@pytest.mark.parametrize(
    ("tokens", "counts", "points"),
    [
        ([], (0, 0), 0),
        ([3], (1, 0), 2),
        ([2, 5], (2, 0), 4),
        ([4, 4, 4], (1, 2), 4),
        # The reading chosen: the first of each size 2, each further one 1. The other reading
        # (2 only for a size held once, 1 for each token of a size held twice) would give 4.
        ([2, 2, 5], (2, 1), 5),
        ([1, 2, 3, 1, 2, 3], (3, 3), 9),
    ],
)
def test_size_tokens_two_per_distinct_size_one_per_further_token(tokens, counts, points):
    assert rules.size_token_counts(tokens) == counts
    assert rules.size_tokens("red", *counts).points == points


def test_size_tokens_say_the_sizes_and_further_tokens():
    assert rules.size_tokens("red", 2, 0).text == "Size tokens: 2 sizes × 2 + 0 further = 4"
    assert rules.size_tokens("red", 1, 2).text == "Size tokens: 1 size × 2 + 2 further = 4"
    assert rules.size_tokens("red", 0, 0).text == "Size tokens: none, 0"


@pytest.mark.parametrize(
    ("tiles", "tokens", "points", "text"),
    [
        (8, 3, 11, "Local performances: 8 + 3 tokens = 11"),
        (5, 1, 6, "Local performances: 5 + 1 token = 6"),
        (4, 0, 4, "Local performances: 4 + 0 tokens = 4"),
        (0, 0, 0, "Local performances: none, 0"),
    ],
)
def test_local_performances_are_tile_points_plus_one_per_token(tiles, tokens, points, text):
    line = rules.local_performances("red", tiles, tokens)
    assert (line.points, line.text) == (points, text)


def test_best_tower_keeps_the_highest_never_the_sum():
    best = 0
    seen = []
    for tower in (9, 7, 0, 11, 10):
        best = rules.best_after(best, tower)
        seen.append(best)
    assert seen == [9, 9, 9, 11, 11]


def test_the_five_categories_in_the_seed_order_add_up():
    counts = rules.FinalCounts(9, 5, 1, 2, 1, 2, 0, 8, 3)
    lines = rules.final_lines("red", counts)
    assert [line.rule for line in lines] == list(rules.CATEGORIES)
    assert [line.points for line in lines] == [9, 7, 12, 4, 11]
    assert totals_of(lines, ["red"]) == {"red": 43}
