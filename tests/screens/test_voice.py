"""Voice: one sentence per public event worth saying, silence for the rest, never a secret."""

from __future__ import annotations

import pytest

from companion.elgrande.base import BY_CARD
from companion.elgrande.bots import RandomBot
from companion.elgrande.engine import apply, decision, legal_actions, new_game
from companion.elgrande.scoring import AreaScore, Bonus, Placing
from companion.screens.voice import speech_for


def event(kind: str, text: str, detail: object = None, seq: int = 1) -> dict:
    return {"seq": seq, "kind": kind, "text": text, "detail": detail}


def test_round_start_says_the_round_and_a_coming_general_scoring():
    assert speech_for(event("round", "Round 2", 2)) == "Round 2 of 9."
    assert speech_for(event("round", "Round 6", 6)) == (
        "Round 6 of 9. A general scoring follows this round."
    )


def test_a_scoring_line_gives_each_placing_with_its_reason():
    detail = AreaScore(
        "aragon",
        {"red": 7, "blue": 4},
        (
            Placing("red", 1, 1, False, 4, 5, (Bonus("home", 2),)),
            Placing("blue", 2, 2, False, 3, 4),
        ),
    ).to_json()
    said = speech_for(event("score", "Aragón: …", detail))
    assert said == (
        "Aragón: red first with 4, 5 points, plus 2 home; blue second with 3, 4 points."
    )


def test_a_tie_and_both_bonuses_are_said_in_words():
    detail = AreaScore(
        "castilla_nueva",
        {"red": 8, "blue": 4},
        (
            Placing("red", 1, 2, True, 2, 4, (Bonus("king", 2), Bonus("home", 2))),
            Placing("blue", 3, 3, False, 1, 1),
        ),
    ).to_json()
    assert speech_for(event("score", "", detail)) == (
        "Castilla la Nueva: red tied for first with 2, 4 points, plus 2 King, plus 2 home; "
        "blue third with 1, 1 point."
    )


def test_the_engines_own_area_score_object_is_spoken_the_same():
    as_object = AreaScore("galicia", {"red": 4}, (Placing("red", 1, 1, False, 2, 4),))
    as_json = as_object.to_json()
    assert speech_for(event("score", "", as_json)) == speech_for(event("score", "", as_object))
    assert speech_for(event("score", "", as_object)) == "Galicia: red first with 2, 4 points."


def test_an_area_with_nobody_in_it_is_said_so():
    detail = {"area": "galicia", "points": {"red": 0}, "placings": []}
    assert speech_for(event("score", "", detail)) == "Galicia: nobody here."
    none = event("score", "Special scoring: 5-point regions: no region qualifies")
    assert speech_for(none) == "Special scoring: 5-point regions: no region qualifies."


@pytest.mark.parametrize(
    ("kind", "text", "said"),
    [
        ("turn", "red's turn", "Red's turn."),
        ("bids", "Power cards: red 8, blue 6", "Power cards played: red 8, blue 6."),
        ("card", "blue takes card 3b", "Blue takes card 3b."),
        (
            "totals",
            "Regions scored. Scores: red 9, blue 4",
            "Regions scored. Scores: red 9, blue 4.",
        ),
        ("take_back", "blue takes a power card back", "Blue takes a power card back."),
        ("discs", "Discs: red → Sevilla", "Discs: red to Sevilla."),
        ("veto", "red vetoes “Move 2 own+2 others”", "Red vetoes “Move 2 own plus 2 others”."),
        ("round", "Round 3", "Round 3."),  # no round number in its detail: said as written
    ],
)
def test_public_events_become_sentences(kind, text, said):
    assert speech_for(event(kind, text)) == said


def test_a_card_taken_is_said_with_its_whole_text_and_a_round_with_its_deal():
    said = speech_for(event("card", "blue takes “Score the fullest”", "3f"))
    assert said == (
        "Blue takes “Score the fullest”: Special scoring: the region(s) holding the most "
        "caballeros (all tied ones)."
    )
    # A text that opens with the title does not say it twice.
    assert speech_for(event("card", "red takes “Veto”", "2a")).startswith(
        "Red takes “Veto”: keep it"
    )
    deal = "Lay out the action cards: stack 1 “Veto”, 2 “Power card back”"
    assert speech_for(event("round", f"Round 2. {deal}", 2)) == f"Round 2 of 9. {deal}."


def test_game_over_names_the_winners():
    assert speech_for(event("game_over", "Game over. Winner: red", ["red"])) == (
        "Game over. Red wins!"
    )
    assert speech_for(event("game_over", "", ["red", "blue"])) == "Game over. Red and blue win!"


def test_a_card_unknown_to_the_game_data_is_said_from_the_text_alone():
    assert speech_for(event("card", "blue takes card 9z", "9z")) == "Blue takes card 9z."


def test_an_event_with_no_words_is_not_spoken():
    assert speech_for(event("turn", "")) is None


@pytest.mark.parametrize("detail", [None, []])
def test_a_game_over_naming_no_winner_is_said_from_its_text(detail):
    assert speech_for(event("game_over", "Game over", detail)) == "Game over."


@pytest.mark.parametrize("kind", ["place", "take", "act", "discard", "whatever"])
def test_routine_or_unknown_events_are_not_spoken(kind):
    assert speech_for(event(kind, "red places a caballero in Galicia")) is None


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("move", "blue's caballero moves from Aragón to the court"),
        ("return", "red returns 2 from the court to the province"),
    ],
)
def test_every_caballero_an_action_card_moves_is_said_from_where_to_where(kind, text):
    assert speech_for(event(kind, text)) == text[0].upper() + text[1:] + "."


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("place", "red places a caballero in Galicia"),
        ("take", "red takes 2 from the province into the court"),
    ],
)
def test_a_placement_or_a_take_an_action_card_made_is_said(kind, text):
    assert speech_for(event(kind, text, BY_CARD)) == text[0].upper() + text[1:] + "."


@pytest.mark.parametrize(("card", "kind"), [("1g", "place"), ("4d", "take")])
def test_the_cards_that_place_or_take_mark_their_moves_as_the_cards(card, kind):
    # 1g places up to two more, 4d takes up to two into the court: a random game where the
    # card is carried out says each of its moves; the turn's own placements and takes stay
    # silent.
    for seed in range(200):
        s = new_game(["red", "blue", "yellow"], seed)
        acting, said = None, []
        while not s.is_over and not said:
            d = decision(s)
            p = d.players[0]
            action = RandomBot(seed).choose(s, p)
            if action.kind == "act":
                acting = action.target
            before = len(s.events)
            s = apply(s, p, action)
            for e in s.events[before:]:
                spoken = speech_for(event(e.kind, e.text, e.detail))
                if " takes 0 " in e.text:  # nothing moved: nothing to say
                    assert spoken is None, e.text
                elif e.kind == kind and acting == card and d.kind not in ("turn", "take"):
                    said.append(spoken)
                elif e.kind == kind:
                    assert spoken is None, e.text
        if said:
            assert all(said), said
            return
    pytest.fail(f"no game of 200 carried out {card}")


def _events(state) -> list[dict]:
    return [event(e.kind, e.text, e.detail, i) for i, e in enumerate(state.events, 1)]


def test_what_is_said_is_the_same_whatever_was_sealed():
    # Two tables reach a sealed bid; one player seals different cards. Until the reveal the
    # voice says the same thing.
    s = new_game(["red", "blue", "yellow"], 9)
    p = decision(s).players[0]
    low, high = legal_actions(s, p)[0], legal_actions(s, p)[-1]
    a, b = apply(s, p, low), apply(s, p, high)
    assert [speech_for(e) for e in _events(a)] == [speech_for(e) for e in _events(b)]
    # and after the reveal the bids are public: then the speech does differ
    said_a = [speech_for(e) for e in _events(_finish_bidding(a))]
    said_b = [speech_for(e) for e in _events(_finish_bidding(b))]
    assert said_a != said_b and any("Power cards played" in (t or "") for t in said_a)


def _finish_bidding(state):
    bot = RandomBot(1)
    while decision(state).kind == "bid":
        q = decision(state).players[0]
        state = apply(state, q, bot.choose(state, q))
    return state


def test_every_event_of_a_whole_game_gives_a_sentence_or_silence():
    s = new_game(["red", "blue", "yellow", "green"], 4)
    bots = RandomBot(4)
    while decision(s) is not None:
        p = decision(s).players[0]
        s = apply(s, p, bots.choose(s, p))
    said = [speech_for(e) for e in _events(s)]
    assert all(t is None or (t[0].isupper() and t[-1] in ".!?") for t in said)
    assert said[-1].startswith("Game over.")
    assert sum("A general scoring follows" in (t or "") for t in said) == 3
