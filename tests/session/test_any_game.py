"""The session, its stores and its undo serve any game through the game-module protocol: a saved
game names its game, and an open parallel entry lets each player take back their own entry."""

from __future__ import annotations

import pytest
from tally_game import registered

from companion import games
from companion.kit.moves import Action
from companion.session.journal import Journal, read_journal
from companion.session.session import Session, SessionError
from companion.session.sqlite_store import SqliteStore
from companion.session.store import GameHeader, MemoryStore


@pytest.fixture(autouse=True)
def tally():
    with registered():
        yield


def test_a_saved_game_names_its_game_and_resumes_as_it(tmp_path):
    store = SqliteStore(tmp_path / "game.db")
    s = Session.new(store, ("red", "blue"), seed=3, game="tally")
    s.decide("red", Action("count", 4))
    store.close()
    again = Session.resume(SqliteStore(tmp_path / "game.db"))
    assert again.header.game == "tally"
    assert again.game is games.load("tally")
    assert again.state.steps[-1].values == {"red": {"count": 4}}


def test_a_store_written_before_games_were_named_resumes_as_el_grande(tmp_path):
    store = SqliteStore(tmp_path / "game.db")
    store.start(GameHeader(seed=7, players=("red", "blue"), options={"veto": False}))
    store.close()
    header, _ = SqliteStore(tmp_path / "game.db").load()
    assert header.game == "elgrande"
    assert Session.resume(SqliteStore(tmp_path / "game.db")).table_view().decision.kind == "bid"


def test_the_journal_names_the_game_too(tmp_path):
    journal = Journal(tmp_path / "game.db.journal")
    journal.rewrite(1, GameHeader(5, ("red", "blue"), {"double": True}, game="tally"), [])
    found = read_journal(tmp_path / "game.db.journal")
    assert found.header == GameHeader(5, ("red", "blue"), {"double": True}, game="tally")


def test_an_el_grande_header_is_stored_as_it_was_before_games_were_named():
    header = GameHeader(seed=7, players=("red",), options={"veto": False})
    assert header.stored_options() == {"veto": False}


def test_a_stored_game_name_that_is_not_text_is_refused():
    with pytest.raises(TypeError):
        GameHeader.from_stored(7, ("red",), {"game": 3})


def test_an_unknown_game_is_named_with_the_games_accepted():
    with pytest.raises(games.UnknownGame, match="unknown game 'chess'; accepted: elgrande"):
        Session.new(MemoryStore(), ("red", "blue"), seed=1, game="chess")


def test_in_an_open_entry_everyone_enters_at_once_and_takes_back_only_their_own():
    s = Session.new(MemoryStore(), ("red", "blue", "green"), seed=1, game="tally")
    assert s.public_waiting() == ["red", "blue", "green"]
    s.decide("red", Action("count", 4))
    s.decide("blue", Action("count", 2))
    # red's entry was not the latest decision, yet red may take it back: it is red's own.
    assert s.undo_refusal("red") is None
    s.undo("red")
    assert s.state.steps[-1].values == {"blue": {"count": 2}}
    assert s.events[-1]["text"] == "red takes back: count 4"
    assert s.undo_refusal("green") == "nothing of yours to take back in this entry"
    with pytest.raises(SessionError):
        s.undo("green")


def test_an_open_entry_is_scored_when_the_last_player_has_entered_and_no_undo_crosses_it():
    s = Session.new(MemoryStore(), ("red", "blue"), seed=1, game="tally")
    s.decide("red", Action("count", 0))  # no count: the bonus is not asked
    assert s.legal("red") == []
    s.decide("blue", Action("count", 3))
    s.decide("blue", Action("bonus", 1))
    assert s.over
    assert s.state.scores == {"red": 0, "blue": 7}
    assert s.undo_refusal("blue") == "the game is over"
    kinds = [e["kind"] for e in s.events]
    assert kinds[-4:] == ["score", "totals", "ranking", "game_over"]


def test_a_number_out_of_range_is_refused_with_the_range():
    s = Session.new(MemoryStore(), ("red", "blue"), seed=1, game="tally")
    with pytest.raises(Exception, match=r"Count: enter a whole number from 0 to 9"):
        s.decide("red", Action("count", 10))
    assert s.entries == []
