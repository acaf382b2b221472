"""The seed a person gives (`companion demo --seed N --store PATH`): kept whole up to either end
of 64 bits; beyond them the game goes on in memory, said as NOT SAVED, never a crash."""

from __future__ import annotations

import pytest

from companion.session.resilient import open_resilient
from companion.session.sqlite_store import SqliteStore
from companion.session.store import GameHeader

TWO = ("red", "blue")


@pytest.mark.parametrize("seed", [-(2**63), 2**63 - 1], ids=["lowest", "highest"])
def test_a_seed_at_either_end_of_64_bits_is_kept_and_resumed(tmp_path, seed):
    path = tmp_path / "game.db"
    store = open_resilient(path)
    store.start(GameHeader(seed, TWO, {}))
    assert store.saving
    store.close()
    again = SqliteStore(path)
    try:
        assert again.load()[0] == GameHeader(seed, TWO, {}) and again.damage is None
    finally:
        again.close()


@pytest.mark.parametrize("seed", [-(2**63) - 1, 2**63], ids=["below", "above"])
def test_a_seed_beyond_64_bits_is_not_saved_and_the_game_goes_on_in_memory(tmp_path, seed):
    path = tmp_path / "game.db"
    store = open_resilient(path)
    try:
        store.start(GameHeader(seed, TWO, {}))
        assert store.message == f"NOT SAVED: cannot write at {path}"
        assert store.load()[0] == GameHeader(seed, TWO, {})
    finally:
        store.close()
