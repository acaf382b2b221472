"""A hypothesis state machine over the durable store: appends, clean restarts, crashes, torn WALs
and flipped bytes. Reopening never raises, never loses an entry committed before the damage point,
and never holds anything but a prefix of what was appended.

A crash is simulated by copying the files as they are on disk right after a commit (what a power
cut leaves: `synchronous=FULL` has written them) into a new directory and opening that copy.
While no checkpoint ran, the WAL only grows, so an entry whose commit ended at or before a cut
is on the disk and every later one is not: the model records where each commit ended.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from session_testing import HEADER, entry, flip_last

from companion.session.journal import journal_path
from companion.session.sqlite_store import SqliteStore
from companion.session.store import LogEntry

WAL_HEADER = 32  # bytes before the first frame


class StoreMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="store-machine-"))
        self.generation = 0
        self.path = self._new_path()
        self.store = SqliteStore(self.path)
        self.store.start(HEADER)
        self.store.close()
        self.store = SqliteStore(self.path)
        self.committed: list[LogEntry] = []
        # Per committed entry: where its commit ended in the -wal, None once in the main file.
        self.wal_end: list[int | None] = []
        self.damage_seen = 0
        self.markers = 0  # every entry's marker is new, even after a dropped tail

    def _new_path(self) -> Path:
        self.generation += 1
        folder = self.root / f"g{self.generation}"
        folder.mkdir()
        return folder / "game.db"

    def _wal(self, path: Path | None = None) -> Path:
        p = path or self.path
        return p.with_name(p.name + "-wal")

    def _reopen(self, path: Path) -> None:
        self.path = path
        self.store = SqliteStore(path)  # never raises on damage: that is the property

    def _expect(self, survivors: int) -> None:
        header, entries = self.store.load()
        assert header == HEADER
        assert entries == self.committed[:survivors], (len(entries), survivors)
        self.committed = self.committed[:survivors]
        self.wal_end = self.wal_end[:survivors]

    def _settle(self) -> None:
        """A clean close and reopen: the WAL is checkpointed, every entry is in the main file."""
        self.store.close()
        self._reopen(self.path)
        assert self.store.damage is None
        self.wal_end = [None] * len(self.committed)

    def _crash_copy(self) -> Path:
        """The files as a power cut would leave them, in a new directory (-shm is rebuilt)."""
        target = self._new_path()
        shutil.copyfile(self.path, target)
        if self._wal().exists():
            shutil.copyfile(self._wal(), self._wal(target))
        journal = journal_path(self.path)
        if journal.exists():
            shutil.copyfile(journal, journal_path(target))
        self.store.close()
        return target

    @rule(player=st.sampled_from(HEADER.players))
    def append(self, player: str) -> None:
        seq = len(self.committed) + 1
        self.markers += 1
        e = entry(seq, player, marker=f"m{self.markers:06d}x")
        self.store.append(e)
        self.committed.append(e)
        self.wal_end.append(self._wal().stat().st_size)

    @rule()
    def close_and_reopen(self) -> None:
        self._settle()
        self._expect(len(self.committed))

    @rule()
    def crash_and_reopen(self) -> None:
        self._reopen(self._crash_copy())
        assert self.store.damage is None
        self._expect(len(self.committed))

    @precondition(lambda self: any(end is not None for end in self.wal_end))
    @rule(where=st.floats(0, 1))
    def crash_with_a_torn_wal(self, where: float) -> None:
        target = self._crash_copy()
        wal = self._wal(target)
        size = wal.stat().st_size
        cut = WAL_HEADER + int((size - WAL_HEADER) * where)
        with open(wal, "r+b") as f:
            f.truncate(cut)
        self._reopen(target)
        # SQLite drops the commits past the cut; the journal still has them: none is lost, and
        # more than the last one missing from the file is reported.
        in_file = sum(1 for end in self.wal_end if end is None or end <= cut)
        self._expect(len(self.committed))
        if in_file < len(self.committed) - 1:
            assert self.store.damage is not None and "-wal ended early" in self.store.damage.what
        self._settle()

    @precondition(lambda self: self.committed)
    @rule(crash=st.booleans(), xor=st.integers(1, 255))
    def flip_a_byte_in_the_last_row(self, crash: bool, xor: int) -> None:
        last = self.committed[-1]
        target = self._crash_copy() if crash else self.path
        if not crash:
            self.store.close()
        in_file = flip_last(target, last.action["target"].encode(), xor) == target
        self._reopen(target)
        # In the -wal, the frame's checksum fails and SQLite drops the last commit; in the main
        # file, the row's checksum fails, keeping a copy and saying so. The journal has it.
        self._expect(len(self.committed))
        if in_file:
            assert self.store.damage is not None and self.store.damage.copy.exists()
            self.damage_seen += 1
        self._settle()

    @invariant()
    def the_store_holds_exactly_what_was_committed(self) -> None:
        assert self.store.load() == (HEADER, self.committed)

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.root, ignore_errors=True)


StoreMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_store_state_machine = StoreMachine.TestCase
