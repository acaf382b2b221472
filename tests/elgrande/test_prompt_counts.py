"""Prompts count what the player may really do: the offer is capped by the province, a count of
one is singular, a placement says how many of the card's allowance are placed."""

from companion.elgrande.base import caballeros
from companion.elgrande.steps import TakeCaballeros, Turn
from companion.session.session import Session
from companion.session.store import MemoryStore


def _state():
    return Session.new(MemoryStore(), ("red", "blue"), seed=7).state


def test_the_take_offer_is_capped_by_the_province():
    s = _state()
    s.province["red"] = 3
    assert TakeCaballeros("red", 4).prompt(s) == "Take up to 3 caballeros into your court"
    s.province["red"] = 1
    assert TakeCaballeros("red", 4).prompt(s) == "Take up to 1 caballero into your court"


def test_a_placement_says_how_many_of_the_allowance():
    s = _state()
    s.taken["red"] = "4f"
    s.court["red"] = 5
    assert Turn("red").prompt(s).startswith("“King to adjacent”: place up to 4 ")
    assert Turn("red", placed=1, placing=True).prompt(s) == "Place caballeros (1 of 4 placed)"


def test_plurals():
    assert (caballeros(1), caballeros(0), caballeros(3)) == (
        "1 caballero",
        "0 caballeros",
        "3 caballeros",
    )
