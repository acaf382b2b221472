"""What an undo and a withdraw say, whose choice they take back, what they refuse, and that the
disk keeps them as the player's own."""

from __future__ import annotations

import pytest

from companion.elgrande.bots import RandomBot
from companion.elgrande.engine import decision, legal_actions
from companion.elgrande.moves import Action
from companion.elgrande.options import TableOptions
from companion.session.session import Session, SessionError
from companion.session.sqlite_store import SqliteStore
from companion.session.store import LogEntry, MemoryStore

THREE = ("red", "blue", "yellow")


def _seal(s: Session, player: str, value: int) -> None:
    s.decide(player, Action("bid_group", "1-7" if value <= 7 else "8-13"))
    s.decide(player, Action("bid", value))


def test_an_undo_and_a_withdraw_are_kept_on_disk_as_the_players_own(tmp_path):
    path = tmp_path / "game.db"
    s = Session.new(SqliteStore(path), THREE, seed=3)
    first, second, third = decision(s.state).players
    _seal(s, first, 5)
    s.withdraw(first)  # back in the 1-7 group
    s.decide(first, Action("bid", 5))
    _seal(s, second, 1)
    _seal(s, third, 2)
    s.decide(first, legal_actions(s.state, first)[0])
    s.undo(first)
    s.store.close()
    again = Session.resume(SqliteStore(path))
    assert again.entries == s.entries
    assert again.entries[2] == LogEntry(3, first, {"cancels": 2}, "withdraw")
    assert again.entries[-1] == LogEntry(len(s.entries), first, {"cancels": 9}, "undo")
    again.store.close()


def test_a_withdraw_takes_back_only_the_players_own_sealed_choice():
    s = Session.new(MemoryStore(), THREE, seed=3)
    first, second, third = decision(s.state).players
    _seal(s, first, 5)
    _seal(s, second, 6)  # the latest sealed choice is not the one withdrawn
    s.withdraw(first)
    assert s.public_waiting() == [first, third]
    assert s.seat_view(first).sealed_choice is None
    assert s.seat_view(second).sealed_choice is not None
    assert s.events[-1] == {
        "seq": len(s.events),
        "kind": "withdraw",
        "text": f"{first} withdraws their choice",
        "detail": first,
        "round": 1,
    }


def test_a_refused_withdraw_says_why_and_changes_nothing():
    s = Session.new(MemoryStore(), THREE, seed=3)
    order = decision(s.state).players
    with pytest.raises(SessionError, match=f"^{order[0]} cannot withdraw: no sealed choice"):
        s.withdraw(order[0])
    for p in order:
        _seal(s, p, 7)  # a clash: the later two choose again
    kept, said = list(s.entries), list(s.events)
    why = "a sealed choice is being made again; wait for the reveal"
    assert s.withdraw_refusal(order[0]) == why
    with pytest.raises(SessionError, match=f"^{order[0]} cannot withdraw: {why}$"):
        s.withdraw(order[0])
    assert s.entries == kept and s.events == said


def test_an_undo_says_which_decision_is_taken_back():
    s = Session.new(MemoryStore(), THREE, seed=3)
    for p, value in zip(decision(s.state).players, (13, 1, 2), strict=True):
        _seal(s, p, value)
    p = decision(s.state).players[0]
    s.decide(p, Action("card", "1f"))
    s.undo(p)
    assert s.events[-1]["text"] == f"{p} takes back: Move 3 any colour"


def test_undoing_a_colour_picked_out_of_a_public_castillo_names_the_caballero():
    s = Session.new(MemoryStore(), THREE, seed=4, options=TableOptions(castillo_public=True))
    while (d := decision(s.state)).kind != "correct":
        p = d.players[0]
        s.decide(p, legal_actions(s.state, p)[0])
    p = d.players[0]
    for region in s.state.data.regions:  # the regions' pages found right: the Castillo's next
        s.decide(p, Action("matches", region))
    s.decide(p, Action("fix_from", "castillo"))
    s.decide(p, next(a for a in s.legal(p) if a.kind == "fix_colour"))
    s.undo(p)
    assert s.events[-1]["text"] == f"{p} takes back: red's caballero"


def test_each_refused_undo_says_why_in_the_words_the_main_display_shows():
    s = Session.new(MemoryStore(), THREE, seed=3)
    first, second, third = decision(s.state).players
    assert s.undo_refusal(first) == "nothing to take back"
    s.decide(first, Action("bid_group", "1-7"))
    assert s.undo_refusal(first) == "a sealed choice is withdrawn, not undone"
    assert s.undo_refusal(second) == "the last decision was another player's"
    s.decide(first, Action("bid", 7))
    deciding = "only the player deciding now may take back; waiting for"
    assert s.undo_refusal(first) == f"{deciding} {second}, {third}"
    _seal(s, second, 7)
    _seal(s, third, 7)  # a clash: the public is told no names
    assert s.undo_refusal(first) == f"{deciding} nobody"
    with pytest.raises(SessionError, match=f"^{first} cannot undo: {deciding} nobody$"):
        s.undo(first)


def test_an_undo_is_refused_past_a_reveal_or_a_scoring_and_once_the_game_is_over():
    s = Session.new(MemoryStore(), ("red", "blue"), seed=3, options=TableOptions(short_game=True))
    bots = {p: RandomBot(i) for i, p in enumerate(s.players)}
    said = set()
    while not s.over:
        p = s.decision().players[0]
        s.decide(p, bots[p].choose(s.state, p))
        said |= {s.undo_refusal(q) for q in s.players}
    past = {why for why in said if why and "past" in why}
    assert past == {
        f"it cannot be taken back past the {what}"
        for what in ("bids", "discard", "discs", "castillo discs")
    }
    assert s.undo_refusal("red") == "the game is over"


def test_a_french_table_is_told_why_in_french():
    from companion.i18n import set_language

    s = Session.new(MemoryStore(), THREE, seed=3)
    first, second, third = decision(s.state).players
    set_language("fr")
    assert s.undo_refusal(first) == "rien à reprendre"
    assert s.withdraw_refusal(first) == "aucun choix scellé de votre part en attente"
    s.decide(first, Action("bid_group", "1-7"))
    s.decide(first, Action("bid", 7))
    assert s.undo_refusal(first) == (
        f"seul le joueur qui décide peut reprendre\u202f; on attend {_fr(second)}, {_fr(third)}"
    )
    s2 = Session.new(MemoryStore(), ("red", "blue"), seed=3, options=TableOptions(short_game=True))
    bots = {p: RandomBot(i) for i, p in enumerate(s2.players)}
    said = set()
    while not s2.over and not any(w and "revenir avant" in w for w in said):
        p = s2.decision().players[0]
        s2.decide(p, bots[p].choose(s2.state, p))
        said |= {s2.undo_refusal(q) for q in s2.players}
    past = {w for w in said if w and "revenir avant" in w}
    assert past <= {f"impossible de revenir avant {m}" for m in ("les enchères", "les disques")}
    assert past


def _fr(colour: str) -> str:
    from companion.i18n import _

    return _(colour)
