"""The exact words a refused decision is answered with, for every explanation the engine gives.

Each step explains a refusal its own way (`refusal`), after the engine has answered malformed
actions plainly (`engine._refusal`); every message ends with what the player may do instead
(`choices_text`). Every state here is reached through `new_game` and `apply`, the way a table
reaches it, with the board laid out the way the card tests do (tests/cardkit.py). A secret step's
refusal never repeats the refused choice nor anything another player sealed.
"""

import pytest
from cardkit import FIVE, act, put, start, take_first_choice, turn_with
from test_rules import empty_province_take

from companion.elgrande.base import choices_text
from companion.elgrande.data import game_data
from companion.elgrande.engine import apply, apply_in_place, decision, new_game
from companion.elgrande.moves import Action, Piece, RuleError
from companion.elgrande.options import TableOptions

KING = "castilla_nueva"  # borders aragon, castilla_vieja, granada, sevilla, valencia
SHORT = {r: game_data().short_name(r) for r in game_data().regions}
REGIONS = list(game_data().regions)  # board order: the order every menu lists them in
MAX_DECISIONS = 3000  # far more than three rounds take: a stuck engine fails, never hangs


def refused(s, player, action) -> RuleError:
    """The RuleError `action` is refused with (on a copy: `s` is left as it was)."""
    with pytest.raises(RuleError) as refusal:
        apply(s, player, action)
    return refusal.value


def why(s, player, action) -> str:
    return str(refused(s, player, action))


def you_may(*labels):
    """The tail of a refusal: the allowed choices, as the player reads them."""
    *first, last = labels
    return "you may: " + (", ".join(first) + " or " if first else "") + last


def sealed_bids(n=3, seed=1):
    s = new_game(FIVE[:n], seed)
    assert decision(s).kind == "bid" and decision(s).secret
    return s


# -- choices_text: the tail of every refusal -----------------------------------------------------


def test_the_allowed_choices_read_as_a_list_ending_with_or():
    assert choices_text([]) == "nothing is allowed now"
    assert choices_text([Action("done")]) == "you may: done"
    assert choices_text([Action("done"), Action("back")]) == "you may: done or back"
    three = [Action("bid", 1), Action("bid", 2), Action("back")]
    assert choices_text(three) == "you may: power 1: 6 to court, power 2: 5 to court or back"


# -- engine._refusal: malformed actions are answered before any step looks at them ---------------

GROUPS = you_may("power cards 1-7", "power cards 8-13")
# Where red may place on card 4f's turn with the King in Castilla la Nueva (turn_with below).
PLACING = [
    "place in Castillo",
    "place in Aragón",
    "place in C.Vieja",
    "place in Granada",
    "place in Sevilla",
    "place in Valencia",
]
KING_TURN = you_may(*PLACING, "carry out the card", "end the turn")


@pytest.mark.parametrize(("kind", "named"), [(1, "int"), (None, "NoneType"), (b"bid", "bytes")])
def test_an_action_whose_kind_is_not_text_is_told_so(kind, named):
    s = sealed_bids()
    assert why(s, "red", Action(kind, 3)) == f"an action's kind is text, not {named}; {GROUPS}"
    s = turn_with("4f", king=KING)
    assert why(s, "red", Action(kind, "aragon")) == (
        f"an action's kind is text, not {named}; {KING_TURN}"
    )


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        # a type no action ever carries
        (Action("place", 2.0), "'place' takes a target of another type than float"),
        (Action("nonsense", True), "'nonsense' takes a target of another type than bool"),
        # a type actions carry, but not this kind
        (Action("place", 3), "'place' takes a target of another type than int"),
        (
            Action("place", Piece("aragon", "red")),
            "'place' takes a target of another type than Piece",
        ),
        (Action("end_turn", 5), "'end_turn' takes a target of another type than int"),
        (Action("act", None), "'act' takes a target of another type than NoneType"),
        # only the first 20 characters of a kind are repeated
        (
            Action("a_kind_longer_than_twenty", 1.5),
            "'a_kind_longer_than_t' takes a target of another type than float",
        ),
    ],
)
def test_a_target_of_the_wrong_type_is_named_by_its_type(action, expected):
    s = turn_with("4f", king=KING)
    error = refused(s, "red", action)
    assert str(error) == f"{expected}; {KING_TURN}"
    assert not error.private  # the turn's choices are public


def test_a_target_of_an_accepted_type_for_an_unknown_kind_is_left_to_the_step():
    s = turn_with("4f", king=KING)
    assert (
        why(s, "red", Action("nonsense", "aragon"))
        == f"nonsense:aragon is not allowed now; {KING_TURN}"
    )
    assert why(s, "red", Action("nonsense", 2)) == f"nonsense:2 is not allowed now; {KING_TURN}"


@pytest.mark.parametrize(
    "action", [Action("bid_group", 1), Action("bid", 7.0), Action("whatever_kind", False)]
)
def test_a_secret_choice_of_the_wrong_type_does_not_repeat_the_kind(action):
    s = sealed_bids()
    error = refused(s, "red", action)
    named = type(action.target).__name__
    assert str(error) == f"this choice takes a target of another type than {named}; {GROUPS}"
    assert error.private


# -- Step.refusal: the plain answer of public steps and of secret ones ----------------------------


def test_a_public_step_repeats_the_refused_choice():
    s = new_game(FIVE[:3], 1, TableOptions(first_bidder="choose"))
    assert decision(s).kind == "first_bidder"
    error = refused(s, "red", Action("first_bidder", "zed"))
    assert str(error) == "zed bids first is not allowed now; " + you_may(
        "red bids first", "blue bids first", "yellow bids first"
    )
    assert not error.private


def test_a_veto_holder_is_told_what_they_may_answer():
    s = turn_with("4f", king=KING)
    s.vetoes = {"blue": [0]}
    act(s, "red", "act", "4f")
    assert decision(s).kind == "veto"
    assert why(s, "blue", Action("veto", "4a")) == (
        "veto it is not allowed now; you may: let it happen or veto it"
    )


def test_a_correction_refuses_a_destination_before_a_place_is_picked():
    s = new_game(FIVE[:3], 4)
    for _ in range(MAX_DECISIONS):
        if decision(s).kind == "correct":
            break
        take_first_choice(s, decision(s).players[0])
    p = decision(s).players[0]
    assert why(s, p, Action("fix_to", "court")) == "move to the court is not allowed now; " + (
        you_may(
            "board is right",
            "Aragón matches",  # one page at a time, in order
            "fix Aragón",
            "fix a region",
        )
    )


def test_a_secret_step_names_its_kind_never_the_refused_choice():
    s = sealed_bids()
    error = refused(s, "red", Action("bid", 14))
    assert str(error) == f"that is not an allowed choice for this secret bid; {GROUPS}"
    assert error.private and "14" not in str(error)


# -- PickOne.refusal: the card's rule, then its choices -------------------------------------------


def at_pick(card, *layout, king=KING):
    """Red's turn holding `card`, its action started, the board laid out as `layout` says."""
    s = turn_with(card, king=king)
    for player, area, n in layout:
        put(s, player, area, n)
    start(s, card)
    return s


def everywhere(label, but=()):
    return [label.format(SHORT[r]) for r in REGIONS if r not in but]


@pytest.mark.parametrize(
    ("card", "layout", "picks", "action", "expected"),
    [
        (
            "1a",
            [("blue", "galicia", 2), ("blue", KING, 2)],
            [],
            Action("region_1a", KING),
            "choose an occupied region other than the King's; you may: Galicia",
        ),
        (
            "1i",
            [("red", "galicia", 2), ("blue", "cataluna", 1)],
            [],
            Action("region_1i", "cataluna"),
            "choose a region, not the King's, where you have caballeros; you may: Galicia",
        ),
        (
            "1h",
            [],
            [],
            Action("either", "1a"),
            "choose “Place 2 more” (1g) or “Move all yours out” (1i); "
            "you may: Place 2 more or Move all yours out",
        ),
        (
            "4g",
            [("blue", "cataluna", 2), ("red", "galicia", 2)],
            [],
            Action("evacuate", "galicia"),
            "choose a region, not the King's, where an opponent has caballeros; "
            "you may: empty Cataluña",
        ),
        (
            "4d",
            [],
            [],
            Action("refill", 3),
            "at most 2, and no more than your province holds; "
            "you may: take 2 to court, take 1 to court or take 0 to court",
        ),
        (
            "4f",
            [],
            [],
            Action("king_adjacent", "galicia"),
            "the King moves to a region bordering his own; "
            "you may: King to Aragón, King to C.Vieja, King to Granada, King to Sevilla "
            "or King to Valencia",
        ),
        (
            "5",
            [],
            [],
            Action("king_any", KING),
            "the King goes to another region; " + you_may(*everywhere("King to {}", but=[KING])),
        ),
        (
            "2h",
            [],
            [],
            Action("score_region", "castillo"),
            "choose one of the nine regions; " + you_may(*everywhere("score {}")),
        ),
        (
            "3h",
            [],
            [],
            Action("score_area", "court"),
            "choose a region or the Castillo; "
            + you_may(*everywhere("score {}"), "score Castillo"),
        ),
        (
            "4c",
            [],
            [],
            Action("grande_to", KING),
            "a Grande never enters or leaves the King's region, nor goes to the Castillo; "
            + you_may(*everywhere("Grande to {}", but=[KING, "pais_vasco"])),  # red's home
        ),
        (
            "4a",
            [],
            [],
            Action("scoreboard", "8-4-0"),  # it stands in the King's region (set below)
            "a scoreboard never leaves the King's region; you may: scoreboard 4-0-0",
        ),
        (
            "4a",
            [],
            [Action("scoreboard", "4-0-0")],
            Action("scoreboard_to", KING),
            "a scoreboard goes on a region without one, never the King's region or the Castillo; "
            + you_may(*everywhere("board to {}", but=[KING, "galicia"])),
        ),
    ],
)
def test_a_refused_pick_states_the_cards_rule(card, layout, picks, action, expected):
    s = turn_with(card, king=KING)
    if card == "4a":
        s.scoreboards = {KING: "8-4-0"} if not picks else {"galicia": "8-4-0"}
    for player, area, n in layout:
        put(s, player, area, n)
    start(s, card)
    for pick in picks:
        act(s, "red", pick.kind, pick.target)
    assert why(s, "red", action) == expected


# -- the round's own steps ------------------------------------------------------------------------


def test_a_card_not_left_in_its_stack_is_refused_naming_the_stack():
    s = new_game(FIVE[:3], 1, TableOptions(deck="physical"))
    p = decision(s).players[0]
    assert why(s, p, Action("reveal", "2a")) == (
        "“Veto” is not left in stack 1 (each copy is turned up once per game); "
        + you_may(*(game_data().card_title(f"1{x}") for x in "abcdefghi"))
    )


def open_bids(**options):
    s = new_game(FIVE[:3], 1, TableOptions(bidding="open", **options))
    assert s.seat_order_from(s.first_bidder) == ("red", "blue", "yellow")
    return s


THIRTEEN_BUT_7 = "you may play 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13"


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (Action("bid", 7), "power card 7 was already played this round by red"),
        (Action("bid", 5), "power card 5: choose its group first"),
        (Action("bid", 14), "power card 14 is not a power card blue holds"),
        (Action("bid_group", "1-13"), "power cards 1-13 is not a power card blue holds"),
        (Action("foo", 6), "foo:6 is not a power card blue holds"),
        (Action("back"), "back is not a power card blue holds"),
    ],
)
def test_an_open_bid_refusal_says_why_and_lists_the_cards_left(action, expected):
    s = open_bids()
    act(s, "red", "bid", 7)
    error = refused(s, "blue", action)
    assert str(error) == f"{expected}; {THIRTEEN_BUT_7}"
    assert error.private  # it lists blue's hand


def test_an_open_bid_in_a_group_refuses_a_card_of_the_other_group_as_not_chosen_yet():
    s = open_bids()
    act(s, "red", "bid", 7)
    act(s, "blue", "bid_group", "1-7")
    assert why(s, "blue", Action("bid", 9)) == (
        f"power card 9: choose its group first; {THIRTEEN_BUT_7}"
    )


def test_a_power_card_used_in_an_earlier_round_is_refused_as_used():
    s = open_bids()
    for p, v in (("red", 1), ("blue", 2), ("yellow", 3)):
        act(s, p, "bid", v)
    for _ in range(MAX_DECISIONS):  # the passive rest of round 1
        if decision(s).kind == "bid":
            break
        p = decision(s).players[0]
        if decision(s).kind == "turn":
            act(s, p, "end_turn")
        else:
            take_first_choice(s, p)
    assert s.round == 2 and decision(s).players == ("red",)  # red played the lowest card
    left = "you may play " + ", ".join(str(v) for v in range(2, 14))
    assert why(s, "red", Action("bid", 1)) == (
        f"power card 1 was already used by red this game; {left}"
    )
    assert why(s, "red", Action("foo", 1)) == f"foo:1 is not a power card red holds; {left}"
    act(s, "red", "bid", 2)  # blue's 2 of round 1, played again this round by red
    assert why(s, "blue", Action("bid", 2)) == (
        "power card 2 was already played this round by red; you may play "
        + ", ".join(str(v) for v in (1, *range(3, 14)))
    )


def take_step(power, province=None):
    """Two players, red first to take with power card `power` (blue bids 1), red's province
    cut down to `province` (the rest waits in the Castillo)."""
    s = new_game(FIVE[:2], 1)
    if province is not None:
        s.move("red", "province", "castillo", s.province["red"] - province)
    for p in s.seat_order_from(s.first_bidder):
        act(s, p, "bid", {"red": power, "blue": 1}[p])
    assert decision(s).kind == "take" and decision(s).players == ("red",)
    return s


def test_taking_more_than_allowed_says_how_many_may_be_taken():
    s = take_step(9)  # power card 9: 2 caballeros, the province holds 21
    takes = you_may("take 2 to court", "take 1 to court", "take 0 to court")
    assert why(s, "red", Action("take", 5)) == f"you may take at most 2 now; {takes}"
    home = s.grandes["red"]
    assert why(s, "red", Action("take_from", home)) == (
        f"you may take from your regions only once your province is empty; {takes}"
    )
    assert why(s, "red", Action("done")) == f"done is not allowed now; {takes}"
    s = take_step(3, province=3)  # power card 3: 5 caballeros, the province holds 3
    takes = you_may(*(f"take {n} to court" for n in (3, 2, 1, 0)))
    assert why(s, "red", Action("take", 4)) == f"you may take at most 3 now; {takes}"


def test_an_empty_province_is_topped_up_from_own_regions_and_told_so():
    s, home, other = empty_province_take(power=7)
    assert (s.king, home, other) == ("granada", "pais_vasco", "aragon")
    regions = you_may("take from Aragón", "take from P.Vasco", "done")
    never = "caballeros never leave the Castillo or the King's region this way"
    assert why(s, "red", Action("take_from", "granada")) == f"{never}; {regions}"
    assert why(s, "red", Action("take_from", "castillo")) == f"{never}; {regions}"
    assert why(s, "red", Action("take_from", "galicia")) == (
        f"take from Galicia is not allowed now; {regions}"
    )
    assert why(s, "red", Action("take", 1)) == (
        f"your province is empty: take from your regions, one at a time; {regions}"
    )


def test_an_action_card_not_on_offer_is_refused():
    s = take_step(9)
    act(s, "red", "take", 0)
    offered = [game_data().card_title(c) for c in s.face_up]
    assert offered[-1] == "King's card"
    assert why(s, "red", Action("card", "9z")) == (
        "card 9z is not on offer this round; " + you_may(*offered)
    )


# -- a turn: placement and the card's action ------------------------------------------------------


def test_placement_refusals_before_anything_is_placed():
    s = turn_with("4f", king=KING)
    assert why(s, "red", Action("place", KING)) == (
        f"the King's region is taboo: no caballero may enter it; {KING_TURN}"
    )
    assert why(s, "red", Action("place", "galicia")) == (
        f"Galicia does not border the King's region; {KING_TURN}"
    )
    assert why(s, "red", Action("place", "pais_vasco")) == (
        f"País Vasco does not border the King's region; {KING_TURN}"
    )
    # Not a place on the board at all: said so, the name cut to 20 characters.
    assert why(s, "red", Action("place", "court")) == (
        f"a caballero goes into a region or the Castillo, not 'court'; {KING_TURN}"
    )
    assert why(s, "red", Action("place", "x" * 50)) == (
        f"a caballero goes into a region or the Castillo, not '{'x' * 20}'; {KING_TURN}"
    )


def test_placing_from_an_empty_court_is_refused_as_such():
    s = turn_with("4f", king=KING)
    s.move("red", "court", "province", s.court["red"])
    act_or_end = you_may("carry out the card", "end the turn")
    assert why(s, "red", Action("place", "aragon")) == f"your court is empty; {act_or_end}"
    assert why(s, "red", Action("place", KING)) == (
        f"the King's region is taboo: no caballero may enter it; {act_or_end}"
    )


def test_while_placing_neither_the_action_nor_the_end_of_the_turn_is_allowed():
    s = turn_with("4f", king=KING)
    act(s, "red", "place", "aragon")
    placing = you_may(*PLACING, "done placing")
    assert why(s, "red", Action("act", "4f")) == (
        f"finish placing first: placement and action are never interleaved; {placing}"
    )
    assert why(s, "red", Action("end_turn")) == f"end the turn is not allowed now; {placing}"


def test_once_placement_is_over_a_caballero_more_is_refused_saying_why():
    s = turn_with("4f", king=KING)
    act(s, "red", "place", "aragon")
    act(s, "red", "stop_placing")
    assert why(s, "red", Action("place", "aragon")) == (
        "your placement is over: placement and action are never interleaved; "
        + you_may("carry out the card", "end the turn")
    )


def test_a_caballero_beyond_the_cards_number_is_refused_naming_the_card_and_its_number():
    s = turn_with("4f", king=KING)
    limit = game_data().action_cards["4f"].caballeros
    for _ in range(limit):
        act(s, "red", "place", "aragon")
    assert why(s, "red", Action("place", "aragon")) == (
        f"“King to adjacent” lets you place at most {limit} caballeros; "
        + you_may("carry out the card", "end the turn")
    )


def test_an_action_already_carried_out_is_not_allowed_again():
    s = turn_with("3a", king=KING)  # scores at once: no step of its own
    act(s, "red", "act", "3a")
    assert why(s, "red", Action("act", "3a")) == (
        "carry out the card is not allowed now; " + you_may(*PLACING, "end the turn")
    )


# -- card steps with explanations of their own ----------------------------------------------------


def test_moving_caballeros_refusals_name_the_cards_limits():
    s = at_pick("1c", ("red", "galicia", 2), ("blue", "galicia", 2))
    out_of = (
        "caballeros move out of regions only (never the Castillo, a court or the King's region), "
        "within this card's limits (own, up to 4)"
    )
    regions = you_may("move from Galicia", "done")
    assert why(s, "red", Action("move_region", KING)) == f"{out_of}; {regions}"
    assert why(s, "red", Action("back")) == f"that is not allowed now; {regions}"
    act(s, "red", "move_region", "galicia")
    colours = you_may("red in Galicia", "back")
    assert why(s, "red", Action("move_from", Piece("galicia", "blue"))) == f"{out_of}; {colours}"
    act(s, "red", "move_from", Piece("galicia", "red"))
    to = you_may(*everywhere("to {}", but=[KING, "galicia"]), "to Castillo")
    assert why(s, "red", Action("move_to", KING)) == (
        f"a moved caballero goes to another region (not the King's) or the Castillo; {to}"
    )
    assert why(s, "red", Action("done")) == f"finish this move first; {to}"


def test_placing_extra_caballeros_in_the_kings_region_is_taboo():
    s = at_pick("1g")
    assert why(s, "red", Action("place", KING)) == "the King's region is taboo; " + you_may(
        *everywhere("place in {}", but=[KING]), "place in Castillo", "done"
    )


def test_returning_three_names_where_they_may_come_from():
    s = at_pick("2d")  # nothing on the board: blue returns from the court only
    assert decision(s).players == ("blue",)
    rule = "return from your court or a region (not the Castillo or the King's region)"
    assert why(s, "blue", Action("return_from", "castillo")) == (
        f"{rule}; you may: return from the court"
    )
    s = at_pick("2d", ("blue", "galicia", 1), ("blue", KING, 1))
    assert why(s, "blue", Action("return_from", KING)) == (
        f"{rule}; you may: return from the court or return from Galicia"
    )


def test_returning_one_of_each_opponent_names_the_regions_allowed():
    s = at_pick("2e", ("blue", "galicia", 1), ("yellow", "cataluna", 1), ("blue", KING, 1))
    assert why(s, "red", Action("return_region", KING)) == (
        "one caballero per opponent, from a region that is not the King's; "
        "you may: return from Cataluña, return from Galicia or done"
    )


# -- Castillo discs ------------------------------------------------------------------------------


def at_castillo_discs(on_king, seed=1):
    s = new_game(FIVE[:3], seed, TableOptions(castillo_disc_on_king=on_king))
    for _ in range(MAX_DECISIONS):
        if decision(s).kind == "castillo_disc":
            return s
        take_first_choice(s, decision(s).players[0])  # "board is right" when corrections ask
    raise AssertionError(f"no general scoring within {MAX_DECISIONS} decisions")


def test_a_disc_on_the_kings_region_is_refused_by_name_where_the_table_forbids_it():
    s = at_castillo_discs("forbidden")
    discs = you_may(*everywhere("disc on {}", but=[s.king]))
    assert why(s, "red", Action("disc", s.king)) == (
        "the King's region is closed to Castillo discs under castillo_disc_on_king = forbidden; "
        + discs
    )
    assert why(s, "red", Action("disc", "castillo")) == (
        f"that is not an allowed choice for this secret castillo_disc; {discs}"
    )


def test_any_other_refused_disc_gets_the_plain_secret_answer():
    s = at_castillo_discs("court")
    assert why(s, "red", Action("disc", "castillo")) == (
        "that is not an allowed choice for this secret castillo_disc; "
        + you_may(*everywhere("disc on {}"))
    )


# -- secret steps never echo a choice ------------------------------------------------------------


def secret_refusals(s, player, action, other, sealed):
    """The refusal `player` gets for `action`, before and after `other` seals `sealed`."""
    before = refused(s, player, action)
    act(s, other, sealed.kind, sealed.target)
    after = refused(s, player, action)
    return before, after


def test_a_sealed_bid_refusal_shows_neither_the_refused_card_nor_another_bid():
    s = sealed_bids()
    act(s, "red", "bid", 7)
    act(s, "blue", "bid", 7)
    act(s, "yellow", "bid", 2)  # blue's 7 is held by red: blue chooses again
    assert decision(s).players == ("blue",)
    act(s, "blue", "bid_group", "1-7")
    error = refused(s, "blue", Action("bid", 7))
    assert str(error) == "that is not an allowed choice for this secret bid; " + you_may(
        *(f"power {v}: {game_data().power_cards[v]} to court" for v in range(1, 7)), "back"
    )
    assert error.private and "red" not in str(error) and "7" not in str(error)


def test_a_card_disc_refusal_shows_neither_the_refused_region_nor_another_disc():
    s = at_pick("2f", ("blue", "galicia", 2), ("yellow", "cataluna", 2))
    assert decision(s).players == ("blue", "yellow")
    before, after = secret_refusals(
        s, "yellow", Action("disc", "galicia"), "blue", Action("disc", "galicia")
    )
    expected = "that is not an allowed choice for this secret card_disc; you may: disc on Cataluña"
    assert str(before) == str(after) == expected
    assert after.private and "Galicia" not in str(after) and "blue" not in str(after)
    assert why(s, "yellow", Action("disc", 3)) == (
        "this choice takes a target of another type than int; you may: disc on Cataluña"
    )


def test_a_castillo_disc_refusal_is_the_same_whatever_the_others_sealed():
    s = at_castillo_discs("court")
    before, after = secret_refusals(
        s, "blue", Action("disc", "castillo"), "red", Action("disc", "galicia")
    )
    assert str(before) == str(after)
    assert "Castillo" not in str(after) and "red" not in str(after)


def test_a_card_taken_back_in_secret_is_not_repeated_when_refused():
    s = at_pick("4b")  # red played 13 this round
    error = refused(s, "red", Action("take_back", 5))
    assert str(error) == (
        "that is not an allowed choice for this secret take_back; you may: take back 13"
    )
    assert error.private and "5" not in str(error)
    assert why(s, "red", Action("take_back", "13")) == (
        "this choice takes a target of another type than str; you may: take back 13"
    )


# -- who may decide, and a game that can be replayed --------------------------------------------


def test_a_decision_by_someone_not_playing_names_them_cut_to_40_and_the_players():
    s = sealed_bids()
    players = ", ".join(s.players)
    with pytest.raises(RuleError) as refused:
        apply_in_place(s, 5, Action("bid", 3))
    assert str(refused.value) == f"a int is not playing; players: {players}"
    with pytest.raises(RuleError) as refused:
        apply_in_place(s, "p" * 50, Action("bid", 3))
    assert str(refused.value) == f"'{'p' * 39} is not playing; players: {players}"


def test_a_seed_that_is_not_an_int_is_refused_naming_its_type():
    with pytest.raises(TypeError, match="seed must be an int so the game can be replayed, got str"):
        new_game(["red", "blue"], seed="7")


def test_options_that_are_not_table_options_are_refused_naming_their_type():
    with pytest.raises(TypeError, match=r"got dict$"):
        new_game(["red", "blue"], seed=7, options={"veto": False})


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (["red", 7], "seat 2 holds a int"),
        (["red", ""], "seat 2 holds a str that is empty"),
        (["red", "blue", "red"], "a player is named twice"),
    ],
)
def test_players_that_are_no_distinct_names_are_refused_saying_which_seat_and_why(
    players, expected
):
    with pytest.raises(RuleError) as refused:
        new_game(players, seed=7)
    assert str(refused.value) == f"players must be distinct, non-empty names; {expected}"
