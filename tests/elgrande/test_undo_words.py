"""An undo says what to do on the real board, and a hidden Castillo's colours stay unsaid."""

from companion.elgrande.undo_words import board_change

NAMES = {"sevilla": "Sevilla", "galicia": "Galicia"}


def test_a_placement_taken_back_names_the_cube_and_both_places():
    before = {"court": {"red": 2, "blue": 5}, "sevilla": {"red": 1, "blue": 0}}
    after = {"court": {"red": 3, "blue": 5}, "sevilla": {"red": 0, "blue": 0}}
    assert board_change(before, after, NAMES, ()) == (
        "red's caballero from Sevilla back to the court"
    )


def test_several_cubes_are_counted():
    before = {"province": {"red": 2}, "court": {"red": 5}}
    after = {"province": {"red": 7}, "court": {"red": 0}}
    assert board_change(before, after, NAMES, ()) == (
        "5 of red's caballeros from the court back to the province"
    )


def test_a_hidden_castillo_names_no_colour():
    before = {"court": {"red": 2}, "castillo": {"red": 1}}
    after = {"court": {"red": 3}, "castillo": {"red": 0}}
    said = board_change(before, after, NAMES, ("castillo",))
    assert said == "a caballero from the Castillo back to the court"
    assert "red" not in said


def test_nothing_moved_says_nothing():
    same = {"court": {"red": 2}}
    assert board_change(same, same, NAMES, ()) == ""


def test_a_sessions_undo_says_what_to_lift_off_the_board():
    from companion.session.session import Session
    from companion.session.store import MemoryStore

    s = Session.new(MemoryStore(), ("red", "blue"), seed=3)
    for _ in range(300):
        d = s.table_view().decision
        p = next(q for q in s.players if s.seat_view(q).options)
        place = next((a for a in s.seat_view(p).options if a.kind == "place"), None)
        if place is not None and d is not None and not d.secret:
            s.decide(p, place)
            s.undo(p)
            said = s.events[-1]["text"]
            assert said.startswith(f"{p} takes back: ")
            assert f"on the board: {p}'s caballero from " in said or "a caballero from" in said
            assert said.endswith("back to the court")
            return
        s.decide(p, s.seat_view(p).options[0])
    raise AssertionError("no placement reached")


def test_caballeros_taken_to_the_court_and_taken_back_go_back_to_the_province():
    from companion.session.session import Session
    from companion.session.store import MemoryStore

    s = Session.new(MemoryStore(), ("red", "blue"), seed=3)
    for _ in range(300):
        p = next(q for q in s.players if s.seat_view(q).options)
        take = next((a for a in s.seat_view(p).options if a.kind == "take"), None)
        if take is not None:
            s.decide(p, take)
            if s.undo_refusal(p) is None:
                s.undo(p)
                said = s.events[-1]["text"]
                assert said.endswith("caballeros from the court back to the province"), said
                return
            continue
        s.decide(p, s.seat_view(p).options[0])
    raise AssertionError("no caballeros taken to the court and taken back")


def test_caballeros_put_back_in_several_places_are_each_said():
    # One colour's caballeros back from the court to two regions: a phrase for each.
    before = {"court": {"red": 3}, "sevilla": {"red": 0}, "galicia": {"red": 1}}
    after = {"court": {"red": 0}, "sevilla": {"red": 1}, "galicia": {"red": 3}}
    assert board_change(before, after, NAMES, ()) == (
        "red's caballero from the court back to Sevilla; "
        "2 of red's caballeros from the court back to Galicia"
    )
    # And from two places to one.
    assert board_change(after, before, NAMES, ()) == (
        "red's caballero from Sevilla back to the court; "
        "2 of red's caballeros from Galicia back to the court"
    )


def test_several_caballeros_of_a_hidden_castillo_name_no_colour():
    before = {"court": {"red": 1}, "castillo": {"red": 3}}
    after = {"court": {"red": 3}, "castillo": {"red": 1}}
    said = board_change(before, after, NAMES, ("castillo",))
    assert said == "2 caballeros from the Castillo back to the court"
