"""Every store answers the same protocol: callers read its attributes, never probe for them."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from session_testing import HEADER, entry

import companion
from companion.session.resilient import open_resilient
from companion.session.sqlite_store import SqliteStore
from companion.session.store import Damage, MemoryStore, Store

STORES: dict[str, Callable[[Path], Store]] = {
    "memory": lambda folder: MemoryStore(),
    "sqlite": lambda folder: SqliteStore(folder / "game.db"),
    "resilient": lambda folder: open_resilient(folder / "game.db"),
}


@pytest.fixture(params=sorted(STORES))
def store(request, tmp_path: Path):
    made = STORES[request.param](tmp_path)
    yield made
    made.close()


def test_a_fresh_store_has_no_damage_and_is_saving(store: Store):
    assert (store.damage, store.saving, store.message) == (None, True, None)
    assert store.load() == (None, []) and store.load_screen() is None


def test_keep_prefix_drops_the_tail_and_the_damage_says_so(store: Store):
    store.start(HEADER)
    for seq in (1, 2, 3):
        store.append(entry(seq))
    damage = store.keep_prefix(1, "entry 2 was refused by the rules engine")
    assert isinstance(damage, Damage) and store.damage == damage and damage.kept == 1
    assert "entry 2 was refused by the rules engine" in damage.message
    assert store.load() == (HEADER, [entry(1)])
    assert store.saving and store.message is None  # damage repaired is no failure to save


def test_no_caller_probes_a_store_for_a_feature():
    """A feature every store has is read as an attribute; a getattr on a store would hide a
    store that lacks it (as the two safety nets once did)."""
    probe = re.compile(r"(?:get|has)attr\(\s*[\w.]*(?:store|durable)\b", re.IGNORECASE)
    root = Path(companion.__file__).parent
    probing = [
        f"{path.relative_to(root)}:{n}"
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if probe.search(line)
    ]
    assert probing == []
