"""Replay rebuilds the live game through the engine; a refused row is damage, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from session_testing import same_state

from companion.elgrande.bots import GreedyBot, RandomBot, play_game
from companion.elgrande.engine import apply, legal_actions, new_game
from companion.elgrande.moves import Action, describe
from companion.elgrande.options import TableOptions
from companion.session.replay import replay, resume
from companion.session.sqlite_store import SqliteStore
from companion.session.store import GameHeader, LogEntry, MemoryStore

GAMES = [
    # (players, seed, options, bot): short games keep replay-after-every-decision affordable.
    (("red", "blue"), 3, {"short_game": True}, RandomBot),
    (("red", "blue", "yellow"), 8, {"short_game": True, "bidding": "open"}, GreedyBot),
    (("a", "b", "c", "d"), 21, {"short_game": True, "deck": "physical", "veto": False}, RandomBot),
]


@pytest.mark.parametrize(("players", "seed", "options", "bot"), GAMES)
def test_replay_equals_the_live_state_after_every_decision(players, seed, options, bot):
    header = GameHeader(seed, players, options)
    entries: list[LogEntry] = []

    def check(live, player, action):
        entries.append(LogEntry(len(entries) + 1, player, action.to_json()))
        done = replay(header, entries)
        assert done.replayed == len(entries) == len(done.applied)
        assert same_state(done.state, live), f"differs after decision {len(entries)}"

    final = play_game(
        players, seed, options=TableOptions.from_dict(options), default=bot, on_step=check
    )
    assert final.is_over and len(entries) > 50


def test_a_whole_game_through_the_sqlite_store_replays_to_the_same_end(tmp_path: Path):
    header = GameHeader(5, ("red", "blue", "yellow"), {})
    store = SqliteStore(tmp_path / "game.db")
    store.start(header)
    seq = 0

    def keep(live, player, action):
        nonlocal seq
        seq += 1
        store.append(LogEntry(seq, player, action.to_json()))

    final = play_game(header.players, header.seed, default=RandomBot, on_step=keep)
    store.close()
    resumed = resume(SqliteStore(tmp_path / "game.db"))
    assert resumed is not None and len(resumed.entries) == resumed.replayed == seq
    assert same_state(resumed.state, final) and resumed.state.is_over and resumed.damage is None


# -- undo ----------------------------------------------------------------------------------------

HEADER = GameHeader(7, ("red", "blue", "yellow"), {})


def decisions(n: int) -> tuple[list[LogEntry], list]:
    """The first n decisions of a seeded game as entries, and the live state after each."""
    s = new_game(HEADER.players, HEADER.seed)
    entries, states = [], [s]
    for seq in range(1, n + 1):
        player = next(p for p in s.players if legal_actions(s, p))
        action = legal_actions(s, player)[-1]
        s = apply(s, player, action)
        entries.append(LogEntry(seq, player, action.to_json()))
        states.append(s)
    return entries, states


def undo(seq: int, cancels: int) -> LogEntry:
    return LogEntry(seq, "red", {"cancels": cancels}, "undo")


def test_an_undo_cancels_the_decision_it_names():
    entries, states = decisions(4)
    log = [*entries[:3], undo(4, 3), undo(5, 2)]
    done = replay(HEADER, log)
    assert done.replayed == 5 and same_state(done.state, states[1])
    assert [a.seq for a in done.applied] == [1]  # what is in force: the undone two are not
    again = [LogEntry(6, e.player, e.action) for e in entries[1:2]]
    again.append(LogEntry(7, entries[2].player, entries[2].action))
    done = replay(HEADER, [*log, *again])  # and the game goes on
    assert done.replayed == 7 and same_state(done.state, states[3])
    assert [a.seq for a in done.applied] == [1, 6, 7]


@pytest.mark.parametrize("cancels", [2, 1, 9, "1", None])
def test_an_undo_naming_no_decision_in_force_is_damage(cancels):
    entries, states = decisions(1)
    done = replay(HEADER, [entries[0], undo(2, 1), undo(3, cancels)])
    assert done.replayed == 2 and same_state(done.state, states[0]) and done.applied == ()


@pytest.mark.parametrize("action", [[1], "cancels", 1, None])
def test_an_undo_whose_action_is_no_object_is_damage_not_a_crash(action):
    entries, states = decisions(1)
    done = replay(HEADER, [entries[0], LogEntry(2, "red", action, "undo")])
    assert done.replayed == 1 and same_state(done.state, states[1])


def test_only_an_undo_or_a_withdraw_cancels_a_decision():
    entries, states = decisions(2)
    done = replay(HEADER, [*entries, LogEntry(3, "red", {"cancels": 2}, "shrug")])
    assert done.replayed == 2 and same_state(done.state, states[2])


# -- damage --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "bid", "target": 99},  # a card nobody holds: the engine refuses it
        {"kind": "bid", "target": True},  # a bool is not a card
        {"kind": "bid", "target": [1]},
        {"kind": 3},
        {"kind": "bid", "target": 1, "extra": 0},
        {},
    ],
)
def test_replay_stops_at_the_first_entry_the_engine_refuses(bad):
    entries, states = decisions(5)
    tampered = LogEntry(3, entries[2].player, bad)
    done = replay(HEADER, [*entries[:2], tampered, *entries[3:]])
    assert done.replayed == 2 and same_state(done.state, states[2])
    assert [a.seq for a in done.applied] == [1, 2]


def test_a_decision_by_the_wrong_player_or_of_an_unknown_kind_is_refused():
    group, card = {"kind": "bid_group", "target": "8-13"}, {"kind": "bid", "target": 13}
    red_bid = [LogEntry(1, "red", group), LogEntry(2, "red", card)]
    assert replay(HEADER, red_bid).replayed == 2
    red_again = LogEntry(3, "red", group)  # red's sealed card is in already
    assert replay(HEADER, [*red_bid, red_again]).replayed == 2
    assert replay(HEADER, [*red_bid, LogEntry(3, "blue", {}, "shrug")]).replayed == 2


def test_resume_drops_a_refused_tail_from_the_disk_and_says_so(tmp_path: Path):
    entries, states = decisions(4)
    secret = Action("bid", 14)  # no such power card
    store = SqliteStore(tmp_path / "game.db")
    store.start(HEADER)
    for e in [*entries[:2], LogEntry(3, entries[2].player, secret.to_json()), entries[3]]:
        store.append(e)
    resumed = resume(store)
    assert resumed is not None and same_state(resumed.state, states[2])
    assert resumed.entries == entries[:2] and resumed.replayed == 2
    assert resumed.damage is store.damage and [a.seq for a in resumed.applied] == [1, 2]
    assert store.damage.kept == 2 and store.damage.copy.exists()
    assert "entry 3 was refused by the rules engine" in store.damage.message
    assert describe(secret) not in store.damage.message and "14" not in store.damage.what
    store.close()
    again = SqliteStore(tmp_path / "game.db")
    assert again.load() == (HEADER, entries[:2]) and again.damage is None


def test_a_header_that_cannot_set_up_a_game_resumes_nothing_and_starts_nothing():
    store = MemoryStore()
    store.start(GameHeader(1, ("solo",), {}))
    store.append(LogEntry(1, "solo", {"kind": "bid", "target": 1}))
    assert resume(store) is None
    assert store.load() == (GameHeader(1, ("solo",), {}), [])


def test_a_header_on_disk_that_cannot_set_up_a_game_is_damage_said_on_the_main_display(
    tmp_path: Path,
):
    header = GameHeader(1, ("solo",), {})
    store = SqliteStore(tmp_path / "game.db")
    store.start(header)
    store.append(LogEntry(1, "solo", {"kind": "bid", "target": 1}))
    assert resume(store) is None
    assert store.damage.kept == 0 and store.damage.copy.exists()
    assert store.damage.what.startswith("its header cannot set up a game: ")
    store.close()
    again = SqliteStore(tmp_path / "game.db")
    assert again.load() == (header, []) and again.damage is None
    again.close()


def test_no_stored_game_resumes_nothing():
    assert resume(MemoryStore()) is None
