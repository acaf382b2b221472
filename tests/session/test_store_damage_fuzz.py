"""Whatever happens to the bytes of a closed store's SQLite file, opening it never raises and
loses nothing (the journal beside it holds every entry); without the journal too it resumes a
prefix of the game (or nothing, and says so). The repaired file opens clean the next time."""

from __future__ import annotations

import functools
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from session_testing import HEADER, entry, sql

from companion.session.journal import journal_path
from companion.session.resilient import open_resilient
from companion.session.sqlite_store import SqliteStore
from companion.session.store import NotAStore, StoreError

N = 150


@functools.cache
def stored() -> tuple[bytes, bytes]:
    folder = Path(tempfile.mkdtemp())
    store = SqliteStore(folder / "game.db")
    store.start(HEADER)
    for seq in range(1, N + 1):
        store.append(entry(seq))
    store.close()
    data = (folder / "game.db").read_bytes(), journal_path(folder / "game.db").read_bytes()
    shutil.rmtree(folder)
    return data


damage = st.one_of(
    st.tuples(st.just("truncate"), st.floats(0, 1), st.just(b"")),
    st.tuples(st.just("overwrite"), st.floats(0, 1), st.binary(min_size=1, max_size=5000)),
    st.tuples(st.just("flip"), st.floats(0, 1), st.binary(min_size=1, max_size=4)),
)


def damaged(data: bytes, how: str, where: float, payload: bytes) -> bytes:
    at = int(where * (len(data) - 1))
    if how == "truncate":
        return data[:at]
    if how == "overwrite":
        return data[:at] + payload[: len(data) - at] + data[at + len(payload) :]
    out = bytearray(data)
    for i, b in enumerate(payload):
        out[(at + i * 997) % len(out)] ^= b or 1
    return bytes(out)


@settings(max_examples=60, deadline=None)
@given(how=damage, journal=st.booleans())
def test_any_damage_to_the_file_gives_a_prefix_or_nothing_never_an_exception(how, journal):
    folder = Path(tempfile.mkdtemp())
    try:
        path = folder / "game.db"
        data, journal_data = stored()
        path.write_bytes(damaged(data, *how))
        if journal:
            journal_path(path).write_bytes(journal_data)
        everything = [entry(seq) for seq in range(1, N + 1)]
        try:
            store = SqliteStore(path)
        except NotAStore:
            # Its first bytes say it is no SQLite file, and no journal says it is ours.
            assert not journal and not path.read_bytes().startswith(b"SQLite format 3\x00")
            assert path.read_bytes() == damaged(data, *how)  # left untouched
            return
        except StoreError as refused:
            # A flip in the header's schema version reads as a file from a newer program: it is
            # left untouched, and the app still resumes its game, in memory, saying NOT SAVED.
            assert "newer than this program" in str(refused)
            fallback = open_resilient(path)
            header, entries = fallback.load()
            assert header == HEADER and entries == everything[: len(entries)]
            assert not fallback.saving and "newer program" in fallback.message
            return
        header, entries = store.load()
        if header is None:
            assert entries == [] and store.damage is not None
        else:
            assert header == HEADER and entries == everything[: len(entries)]
            assert store.damage is not None or len(entries) == N  # nothing lost in silence
        if journal:
            assert entries == everything  # the journal proves every entry the file lost
        if store.damage is not None:
            assert store.damage.copy is not None and store.damage.copy.exists()
        store.close()
        again = SqliteStore(path)
        assert again.damage is None and again.load() == (header, entries)
        again.close()
    finally:
        shutil.rmtree(folder)


# The random damage above reaches a given column only now and then (a flipped byte in the player
# name: about one run in seven). Each stored field, edited alone, is damage on every run.
EDITS = {
    "game.seed": "UPDATE game SET seed = seed + 1",
    "game.players": "UPDATE game SET players = replace(players, 'red', 'green')",
    "game.options": "UPDATE game SET options = replace(options, 'false', 'true')",
    "entry.seq": f"UPDATE entry SET seq = {N + 1} WHERE seq = {N // 2}",
    "entry.player": f"UPDATE entry SET player = 'blue' WHERE seq = {N // 2}",
    "entry.kind": f"UPDATE entry SET kind = 'undo' WHERE seq = {N // 2}",
    "entry.action": f"UPDATE entry SET action = replace(action, 'bid', 'pay') WHERE seq = {N // 2}",
}


@pytest.mark.parametrize("edit", EDITS.values(), ids=EDITS.keys())
def test_each_stored_field_edited_alone_is_damage_and_the_prefix_before_it_is_kept(tmp_path, edit):
    path = tmp_path / "game.db"
    path.write_bytes(stored()[0])  # the SQLite file alone: its checksums must cover every field
    sql(path, edit)
    store = SqliteStore(path)
    try:
        header, entries = store.load()
        assert store.damage is not None
        everything = [entry(seq) for seq in range(1, N + 1)]
        if edit.startswith("UPDATE game"):
            assert (header, entries) == (None, [])
        else:
            assert header == HEADER and entries == everything[: N // 2 - 1]
    finally:
        store.close()
