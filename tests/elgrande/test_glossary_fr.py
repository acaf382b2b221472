"""The French glossary (companion/elgrande/data/glossary.fr.json): every card and region has its
French names and their source; a card's screen label is short and no two are alike."""

from __future__ import annotations

from companion.elgrande.data import game_data
from companion.elgrande.moves import LABEL_MAX
from companion.elgrande.sentences import glossary


def test_every_action_card_has_a_distinct_short_french_label_with_its_source():
    cards = glossary()["cards"]
    assert set(cards) == set(game_data().action_cards)
    labels = [c["label"] for c in cards.values()]
    assert len(set(labels)) == len(labels)
    assert all(0 < len(label) <= LABEL_MAX for label in labels)
    assert all(c["title"] and c["text"] and c["source"] for c in cards.values())


def test_every_area_has_its_french_name_prepositions_and_source():
    regions = glossary()["regions"]
    assert set(regions) == set(game_data().areas)
    for area, entry in regions.items():
        assert entry["source"], area
        assert entry["in"].split()[0] in ("en", "à", "au", "dans"), area
        assert entry["in"].endswith(entry["fr"]) and entry["to"].startswith("vers "), area
        assert entry["board_in"] in ("en", "à", "au"), area


def test_every_colour_has_its_french_name_with_its_source():
    colours = glossary()["colours"]
    assert set(colours) == {"red", "blue", "yellow", "green", "black"}
    assert all(c["fr"] and c["source"] for c in colours.values())


def test_the_catalog_says_each_colour_as_the_glossary_does():
    from companion.i18n import _, set_language

    set_language("fr")
    assert {p: _(p) for p in glossary()["colours"]} == {
        p: c["fr"] for p, c in glossary()["colours"].items()
    }
