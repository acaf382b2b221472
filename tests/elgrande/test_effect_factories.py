"""The card table (`effects.CARD_EFFECTS`) is built at import by small factories — a move of
some colours up to a limit, a step pushed for the card's player, a scoring of the areas a rule
selects, secret discs for whoever can set one. These tests call the factories themselves, so
what each builds is checked (and a mutation run can see a change to them: the table's entries
were made before any test ran). Also the table's one rule-level prompt and notice of who bids
first when the table chooses."""

from __future__ import annotations

from companion.elgrande.effects import _push
from companion.elgrande.effects.movement import MoveCaballeros, PlaceExtra, start_move
from companion.elgrande.effects.scorings import (
    ScoreRegion,
    emptiest,
    first_value_in,
    fullest,
    score_now,
)
from companion.elgrande.effects.secrets import CardDiscs, start_discs
from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import Action, Piece
from companion.elgrande.options import TableOptions
from companion.elgrande.scoring_steps import Corrections

SEATS = ["red", "blue", "yellow"]


def _game():
    return new_game(SEATS, seed=1)


def test_start_move_asks_the_cards_player_for_its_colours_and_limit():
    s = _game()
    start_move("split", 4)(s, "blue")
    top = s.steps[-1]
    assert isinstance(top, MoveCaballeros)
    assert (top.player, top.colours, top.limit) == ("blue", "split", 4)


def test_push_asks_the_cards_player_one_step_of_its_kind():
    s = _game()
    _push(ScoreRegion)(s, "yellow")
    assert isinstance(s.steps[-1], ScoreRegion) and decision(s).players == ("yellow",)


def test_first_value_in_selects_regions_by_their_first_value_on_the_board():
    s = _game()
    assert first_value_in({5})(s) == ["aragon", "pais_vasco", "valencia"]  # 5-4-1, 5-3-1, 5-3-2
    assert first_value_in({4})(s) == ["cataluna", "galicia", "sevilla"]


def test_score_now_scores_the_selected_areas_under_its_title_every_rank_or_first_only():
    for first_only, blue in ((False, 4), (True, 0)):
        s = _game()
        s.board["aragon"].update(red=3, blue=2)  # red 1st (5), blue 2nd (4) in Aragón (5-4-1)
        before = dict(s.scores)
        aragon = lambda s: [r for r in s.data.regions if r == "aragon"]  # noqa: E731
        score_now("Special scoring: test", aragon, first_only=first_only)(s, "red")
        gained = {p: s.scores[p] - before[p] for p in SEATS}
        assert gained == {"red": 5, "blue": blue, "yellow": 0}
        kinds = [(e.kind, e.text.split(":")[0]) for e in s.events[-2:]]
        assert kinds == [("score", "Aragón"), ("totals", "Special scoring")]
        assert s.events[-1].text.startswith("Special scoring: test. Scores:")


def test_score_now_scores_every_rank_unless_told_first_only():
    s = _game()
    s.board["aragon"].update(red=3, blue=2)
    score_now("T", lambda s: ["aragon"])(s, "red")
    assert s.scores["blue"] == 4


def test_start_discs_asks_only_those_who_can_set_one_and_says_so_when_nobody_can():
    s = _game()
    s.board["sevilla"]["blue"] = 0  # blue's only caballeros on the board: blue has no region
    start_discs("2f")(s, "red")
    top = s.steps[-1]
    assert isinstance(top, CardDiscs) and top.card == "2f"
    assert top.players == ("red", "yellow")
    s = _game()
    for region in s.board.values():
        for p in SEATS:
            region[p] = 0
    steps = len(s.steps)
    start_discs("2g")(s, "red")
    assert len(s.steps) == steps
    assert (s.events[-1].kind, s.events[-1].text) == (
        "card",
        "“Disc: return all”: nobody can set a disc",
    )


def test_the_table_choosing_the_first_bidder_is_asked_and_announced():
    s = new_game(SEATS, seed=1, options=TableOptions(first_bidder="choose"))
    d = decision(s)
    asked = (d.kind, d.prompt, d.players)
    assert asked == ("first_bidder", "Who bids first in round 1?", ("red",))
    before = len(s.events)
    apply_in_place(s, "red", Action("first_bidder", "yellow"))
    said = [(e.kind, e.text) for e in s.events[before:]]
    assert said[0] == ("first_bidder", "yellow bids first")


def _empty_board(s) -> None:
    for area in s.board.values():
        for p in SEATS:
            area[p] = 0


def test_fullest_and_emptiest_on_an_empty_board_select_nothing():
    s = _game()
    _empty_board(s)
    assert fullest(s) == [] and emptiest(s) == []
    s.board["aragon"]["red"] = 2
    s.board["galicia"]["blue"] = 1
    assert fullest(s) == ["aragon"] and emptiest(s) == ["galicia"]  # empty regions left out


def test_placing_extra_with_one_caballero_in_court_is_asked_and_done_ends_it():
    s = _game()
    s.court["red"] = 1
    _push(PlaceExtra)(s, "red")
    assert decision(s).kind == "place_extra" and decision(s).players == ("red",)
    apply_in_place(s, "red", Action("done"))
    assert not any(isinstance(step, PlaceExtra) for step in s.steps)


def test_two_caballeros_moved_into_a_region_may_not_move_again():
    s = _game()
    s.board["aragon"]["red"] = 2
    start_move("any", 4)(s, "red")
    for _ in range(2):  # both of red's from Aragón to Cataluña
        apply_in_place(s, "red", Action("move_region", "aragon"))
        apply_in_place(s, "red", Action("move_from", Piece("aragon", "red")))
        apply_in_place(s, "red", Action("move_to", "cataluna"))
    assert s.board["cataluna"]["red"] == 2
    regions = {a.target for a in legal_actions(s, "red") if a.kind == "move_region"}
    assert "cataluna" not in regions  # both arrived this card: neither moves on


def test_a_correction_out_of_a_region_names_the_colour_while_the_castillo_is_secret():
    s = _game()
    s.board["aragon"]["blue"] = 1
    s.steps.append(Corrections("red"))
    for action in (
        Action("fix_regions"),
        Action("fix_from", "aragon"),
    ):
        apply_in_place(s, "red", action)
    assert decision(s).prompt == "Whose caballero is one too many there?"
    apply_in_place(s, "red", Action("fix_colour", "blue"))
    assert decision(s).prompt == "Move blue's caballero from Aragón to?"
    apply_in_place(s, "red", Action("fix_to", "court"))
    e = s.events[-1]
    assert e.text == "Correction: one of blue's caballeros moves from Aragón to the court"
    assert e.detail == {"from": "aragon", "to": "court", "colour": "blue"}


def test_a_correction_out_of_the_secret_castillo_names_no_colour():
    s = _game()
    s.board["castillo"]["blue"] = 1
    # The regions' pages found right: the Castillo's page, with its "fix", comes next.
    s.steps.append(Corrections("red", matched=list(s.data.regions)))
    for action in (Action("fix_from", "castillo"), Action("fix_colour", "blue")):
        apply_in_place(s, "red", action)
    assert decision(s).prompt == "Move the caballero from Castillo to?"
    apply_in_place(s, "red", Action("fix_to", "court"))
    e = s.events[-1]
    assert e.text == "Correction: a caballero moves from Castillo to the court"
    assert e.detail == {"from": "castillo", "to": "court"}
