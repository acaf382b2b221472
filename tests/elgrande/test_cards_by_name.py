"""Action cards are named by their title wherever the table reads them: the printed cards
carry no ids."""

from cardkit import FIVE

from companion.elgrande.bots import GreedyBot, play_game
from companion.elgrande.data import game_data
from companion.elgrande.moves import LABEL_MAX, Action, describe
from companion.elgrande.options import TableOptions


def test_every_title_fits_a_pad_label_and_is_distinct_within_its_stack():
    cards = game_data().action_cards.values()
    assert all(0 < len(c.title) <= LABEL_MAX for c in cards)
    for stack in range(1, 6):
        titles = [c.title for c in cards if c.stack == stack]
        assert len(set(titles)) == len(titles), stack
    assert all("," not in c.title for c in cards)  # titles are read out in comma lists


def test_menus_name_a_card_by_its_title_and_a_power_card_by_what_it_brings():
    assert describe(Action("card", "4f")) == "King to adjacent"
    assert describe(Action("reveal", "2a")) == "Veto"
    assert describe(Action("either", "1g")) == "Place 2 more"
    assert describe(Action("bid", 1)) == "power 1: 6 to court"
    assert describe(Action("bid", 13)) == "power 13: 0 to court"


def test_no_public_event_of_a_whole_game_names_a_card_by_its_id():
    ids = [c for c in game_data().action_cards if not c.isdigit()]  # "5" is also a number
    for deck in ("shuffled", "physical"):
        s = play_game(FIVE, 3, default=GreedyBot, options=TableOptions(deck=deck))
        for e in s.events:
            words = e.text.replace("(", " ").replace(")", " ").replace(",", " ").split()
            assert not any(card in words for card in ids), e.text
        taken = [e for e in s.events if e.kind == "card" and e.detail]
        assert taken and all(game_data().card_named(e.detail) in e.text for e in taken)
