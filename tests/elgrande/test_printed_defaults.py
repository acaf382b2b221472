"""A table that changes nothing plays the printed game (RULES.md §8): both Vetoes, the King's
region closed to Castillo discs, a shared win, partial card actions, events in their round."""

from cardkit import FIVE, act, put, start, take_first_choice, turn_with

from companion.elgrande.engine import decision, legal_actions, new_game, winners
from companion.elgrande.moves import Action, Piece
from companion.elgrande.options import CHOICES, TableOptions
from companion.elgrande.views import public_view

KING = "castilla_nueva"  # borders aragon, castilla_vieja, granada, sevilla, valencia
DECISIONS = 2_000  # far more than the rounds these tests play: a stuck engine fails, never hangs


def play_until(s, cards, stop):
    """Play on until `stop(s, decision)`: in round r, player p takes card `cards[(r, p)]` (put on
    offer for them) and carries out its action; everyone else takes the first card offered that
    is not a Veto, places nothing and skips the action; any other decision takes the first
    choice. Returns the decision `stop` accepted."""
    for _ in range(DECISIONS):
        d = decision(s)
        if stop(s, d):
            return d
        p = d.players[0]
        wanted = cards.get((s.round, p))
        if d.kind == "card":
            rest = sorted((c for c in s.face_up if c != wanted), key=lambda c: c == "2a")
            s.face_up = [wanted, *rest] if wanted else rest
            act(s, p, "card", s.face_up[0])
        elif d.kind == "turn":
            mine = s.taken[p] == wanted and Action("act", wanted) in legal_actions(s, p)
            act(s, p, "act", wanted) if mine else act(s, p, "end_turn")
        else:
            for q in d.players:
                take_first_choice(s, q)
    raise AssertionError(f"not reached within {DECISIONS} decisions: {decision(s)}")


def veto_asked(s, d):
    return d.kind == "veto"


# -- both Vetoes ---------------------------------------------------------------------------------


def test_a_player_holds_both_vetoes_uses_one_and_is_still_asked_with_the_other():
    s = turn_with("2a", king=KING)  # round 1: red takes the first Veto and keeps it
    act(s, "red", "end_turn")
    cards = {(2, "red"): "2a", (2, "blue"): "4f", (2, "yellow"): "3a"}
    d = play_until(s, cards, veto_asked)  # round 2: red took the other; an action is announced
    assert s.round == 2 and s.vetoes == {"red": [0, 1]}
    assert public_view(s)["vetoes"] == ["red", "red"]  # both face up before red
    first = s.steps[-1].pending.player
    assert d.players == ("red",)
    act(s, "red", "veto", s.taken[first])
    assert s.vetoes == {"red": [1]}  # the older one is spent, the other stays
    d = play_until(s, cards, veto_asked)
    second = s.steps[-1].pending.player
    assert {first, second} == {"blue", "yellow"} and s.round == 2
    assert d.players == ("red",) and Action("veto", s.taken[second]) in legal_actions(s, "red")
    act(s, "red", "veto", s.taken[second])
    assert "red" not in s.vetoes


def test_each_veto_expires_at_the_end_of_the_round_after_its_own():
    s = turn_with("2a", king=KING)
    act(s, "red", "end_turn")
    cards = {(2, "red"): "2a"}
    play_until(s, cards, lambda s, d: s.round == 3)
    assert s.vetoes == {"red": [1]}  # round 1's is gone, round 2's is kept through round 3
    gone = [e for e in s.events if e.kind == "veto" and "discarded" in e.text]
    assert [e.round for e in gone] == [2]
    play_until(s, cards, lambda s, d: s.round == 4 or d.kind == "correct")
    assert s.vetoes == {}
    gone = [e for e in s.events if e.kind == "veto" and "discarded" in e.text]
    assert [e.round for e in gone] == [2, 3]


# -- the King's region and the Castillo discs, the winner ---------------------------------------


def test_by_default_the_kings_region_is_not_a_castillo_disc_choice():
    assert TableOptions().castillo_disc_on_king == "forbidden"
    assert CHOICES["castillo_disc_on_king"][0] == "forbidden"  # the first choice is the default
    s = new_game(FIVE[:3], 2)
    d = play_until(s, {}, lambda s, d: d.kind == "castillo_disc")
    for p in d.players:
        offered = [a.target for a in legal_actions(s, p)]
        assert s.king not in offered and len(offered) == 8


def test_by_default_a_tie_for_the_most_points_is_a_shared_win():
    s = new_game(FIVE[:3], 1)
    s.scores = {"red": 40, "blue": 40, "yellow": 30}
    s.court = {"red": 9, "blue": 1, "yellow": 0}  # a tournament tie-break would pick red
    assert TableOptions().tiebreak == "shared" and CHOICES["tiebreak"][0] == "shared"
    assert winners(s) == ("red", "blue")


# -- every number on a card is a maximum ---------------------------------------------------------


def test_2e_may_stop_part_way_leaving_the_other_opponents_caballeros_alone():
    s = turn_with("2e", king=KING)
    put(s, "blue", "galicia", 2)
    put(s, "yellow", "cataluna", 1)
    start(s, "2e")
    assert Action("done") in legal_actions(s, "red")  # as the other movement cards
    act(s, "red", "return_region", "galicia")
    act(s, "red", "return_of", Piece("galicia", "blue"))
    act(s, "red", "done")
    assert s.board["galicia"]["blue"] == 1 and s.board["cataluna"]["yellow"] == 1
    assert decision(s).kind == "turn" and decision(s).players == ("red",)


def test_2e_may_be_stopped_before_any_caballero_goes_back():
    s = turn_with("2e", king=KING)
    put(s, "blue", "galicia", 2)
    start(s, "2e")
    act(s, "red", "done")
    assert s.board["galicia"]["blue"] == 2 and decision(s).kind == "turn"


# -- events belong to their round ----------------------------------------------------------------


def test_every_event_belongs_to_the_round_it_happened_in():
    s = new_game(FIVE[:3], 4)
    play_until(s, {}, lambda s, d: s.round == 4 and d.kind == "turn")
    current = None
    for e in s.events:
        if e.kind == "round":
            current = e.detail
        assert e.round == current, (e.kind, e.text)
    scoring = [e for e in s.events if e.kind in ("general_scoring", "castillo_discs", "totals")]
    assert scoring and all(e.round == 3 for e in scoring[-4:])
    last_of_round_1 = max(
        (e for e in s.events if e.kind == "turn" and e.round == 1), key=lambda e: e.seq
    )
    round_2 = next(e for e in s.events if e.kind == "round" and e.detail == 2)
    assert last_of_round_1.seq < round_2.seq
