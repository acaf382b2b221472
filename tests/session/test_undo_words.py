"""An undo says what to do on the real board, and a hidden Castillo's colours stay unsaid."""

from companion.session.undo_words import board_change

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
