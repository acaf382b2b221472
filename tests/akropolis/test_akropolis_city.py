"""Each condition of the city count, checked from hexes as BGA's Board.php does; each variant."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.akropolis.city import TYPES, City, Count, Hex, city_tally, neighbours

RING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def city(*hexes: tuple[int, int, int, str]) -> City:
    return City({(q, r): Hex(level, kind) for q, r, level, kind in hexes})


def count(c: City, colour: str, *variants: str) -> Count:
    return city_tally(c, variants)[colour]


def ring(centre: tuple[int, int], kind: str = "quarry", level: int = 1, skip: int = 0):
    """The six places around `centre` (less the first `skip`), as hexes of one kind."""
    q, r = centre
    return [(q + dq, r + dr, level, kind) for dq, dr in RING[skip:]]


# -- markets ----------------------------------------------------------------------------------


def test_an_isolated_market_counts_its_height():
    c = city((0, 0, 2, "market"), (1, 0, 1, "quarry"), (2, 0, 1, "market"))
    assert count(c, "market").value == 3


def test_touching_markets_count_nothing_whatever_their_heights():
    c = city((0, 0, 3, "market"), (1, 0, 1, "market"), (5, 0, 1, "market"))
    assert count(c, "market").value == 1  # only the far one


def test_markets_variant_doubles_a_market_beside_a_market_plaza_only():
    c = city(
        (0, 0, 1, "market"),
        (1, 0, 2, "plaza:market"),
        (4, 0, 2, "market"),
        (5, 0, 1, "plaza:house"),
    )
    assert count(c, "market", "markets") == Count(1, 3, 1)
    assert count(c, "market") == Count(1, 3, 0)


# -- barracks ---------------------------------------------------------------------------------


def test_barracks_on_the_edge_count_and_inside_ones_do_not():
    inner = city((0, 0, 2, "barracks"), *ring((0, 0)))
    assert count(inner, "barracks").value == 0
    edge = city((0, 0, 2, "barracks"), *ring((0, 0), skip=1))
    assert count(edge, "barracks").value == 2


def lake_city() -> list[tuple[int, int, int, str]]:
    """A lake at (0, 0): its six neighbours built, a barracks at (1, 0) closed in on every
    other side."""
    hexes = [h for h in ring((0, 0)) if (h[0], h[1]) != (1, 0)]
    hexes.append((1, 0, 1, "barracks"))
    hexes += [
        h
        for h in ring((1, 0))
        if (h[0], h[1]) != (0, 0) and (h[0], h[1]) not in {(x, y) for x, y, _, _ in hexes}
    ]
    return hexes


def test_a_barracks_beside_only_an_enclosed_lake_is_not_on_the_edge():
    c = city(*lake_city())
    assert (0, 0) not in c.hexes and (0, 0) not in c.outside
    assert count(c, "barracks").value == 0


def test_a_lake_opened_to_the_outside_makes_an_edge():
    hexes = [h for h in lake_city() if (h[0], h[1]) != (-1, 0)]  # a channel to the outside
    assert count(city(*hexes), "barracks").value == 1


def test_barracks_variant_needs_three_outside_sides():
    three = city((0, 0, 1, "barracks"), *ring((0, 0), skip=3))
    two = city((0, 0, 1, "barracks"), *ring((0, 0), skip=2))
    assert count(three, "barracks", "barracks") == Count(0, 1, 1)
    assert count(two, "barracks", "barracks") == Count(0, 1, 0)


def test_barracks_variant_does_not_count_lake_sides():
    # Two outside sides and a lake side: only 2 sides on the edge.
    hexes = lake_city()
    hexes = [h for h in hexes if (h[0], h[1]) not in {(2, 0), (2, -1)}]
    c = city(*hexes)
    assert c.outside_sides((1, 0)) == 2 and c.lake_sides((1, 0)) == 1
    assert count(c, "barracks", "barracks") == Count(0, 1, 0)


# -- temples ----------------------------------------------------------------------------------


def test_a_temple_counts_when_all_six_sides_are_built_at_any_height():
    heights = [(q, r, 1 + i % 3, kind) for i, (q, r, _, kind) in enumerate(ring((0, 0)))]
    assert count(city((0, 0, 1, "temple"), *heights), "temple").value == 1
    assert count(city((0, 0, 1, "temple"), *ring((0, 0), skip=1)), "temple").value == 0


def test_temples_variant_doubles_a_temple_above_the_ground():
    high = city((0, 0, 2, "temple"), *ring((0, 0)))
    ground = city((0, 0, 1, "temple"), *ring((0, 0)))
    assert count(high, "temple", "temples") == Count(0, 2, 2)
    assert count(ground, "temple", "temples") == Count(0, 1, 0)
    assert count(high, "temple") == Count(0, 2, 0)


# -- houses -----------------------------------------------------------------------------------


def test_the_largest_house_group_is_the_one_with_most_hexes():
    c = city(
        (0, 0, 1, "house"),
        (1, 0, 1, "house"),
        (2, 0, 1, "house"),  # 3 hexes, value 3
        (0, 2, 3, "house"),
        (1, 2, 3, "house"),  # 2 hexes, value 6
    )
    assert count(c, "house").value == 3


def test_house_groups_equal_in_hexes_the_higher_value_counts():
    c = city((0, 0, 1, "house"), (1, 0, 1, "house"), (0, 2, 2, "house"), (1, 2, 1, "house"))
    assert count(c, "house").value == 3


def test_houses_touch_across_heights():
    c = city((0, 0, 1, "house"), (1, 0, 3, "house"), (1, 1, 2, "house"))
    assert count(c, "house").value == 6


# -- gardens, plazas, quarries -----------------------------------------------------------------


def test_every_garden_counts_its_height():
    c = city((0, 0, 1, "garden"), (1, 0, 2, "garden"), (5, 5, 3, "garden"))
    assert count(c, "garden").value == 6


def test_gardens_variant_doubles_a_garden_beside_a_lake_not_beside_the_outside():
    hexes = [h for h in ring((0, 0)) if (h[0], h[1]) != (1, 0)] + [(1, 0, 2, "garden")]
    beside_lake = city(*hexes)
    assert count(beside_lake, "garden", "gardens") == Count(0, 2, 2)
    open_ = city(*[h for h in hexes if (h[0], h[1]) != (-1, 0)])
    assert count(open_, "garden", "gardens") == Count(0, 2, 0)


def test_plazas_count_at_any_height_and_quarries_count_nothing():
    c = city((0, 0, 3, "plaza:garden"), (1, 0, 1, "plaza:garden"), (2, 0, 2, "quarry"))
    tally = city_tally(c)
    assert tally["garden"] == Count(2, 0, 0)
    assert all(t.value == 0 for t in tally.values())


# -- invariance ---------------------------------------------------------------------------------

places = st.tuples(st.integers(-4, 4), st.integers(-4, 4))
cities = st.dictionaries(
    places, st.tuples(st.integers(1, 4), st.sampled_from(TYPES)), min_size=1, max_size=30
)
all_variants = ("houses", "markets", "barracks", "temples", "gardens")


def built(hexes: dict) -> City:
    return City({cell: Hex(level, kind) for cell, (level, kind) in hexes.items()})


@given(cities, st.integers(-20, 20), st.integers(-20, 20))
def test_the_count_does_not_change_when_the_city_moves(hexes, dq, dr):
    moved = {(q + dq, r + dr): h for (q, r), h in hexes.items()}
    for variants in ((), all_variants):
        assert city_tally(built(hexes), variants) == city_tally(built(moved), variants)


@given(cities)
def test_the_count_does_not_change_when_the_city_turns(hexes):
    turned = {(-r, q + r): h for (q, r), h in hexes.items()}  # 60 degrees
    assert {tuple(sorted(neighbours((0, 0))))} == {
        tuple(sorted((-r, q + r) for q, r in neighbours((0, 0))))
    }
    assert city_tally(built(hexes), all_variants) == city_tally(built(turned), all_variants)


@given(cities)
def test_a_doubled_part_never_exceeds_its_value(hexes):
    for c in city_tally(built(hexes), all_variants).values():
        assert 0 <= c.doubled <= c.value
