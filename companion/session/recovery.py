"""Which decisions of the latest game the store can prove, from the SQLite file and the journal.

Each source proves entries on its own: the SQLite file by its checksum chain, the journal by
each line's checksum. The kept log is the longest run 1, 2, … in which every entry is proved by
at least one of them; the SQLite file's rows past a damaged page are looked up one by one
(`lookup`), since a table scan stops at the first bad page but a lookup by key does not pass it.
What is kept and from where is counted for the report; anything that disagrees is damage.

A journal exactly one entry ahead of an intact file is no damage: that is a decision whose
`append` was cut between the journal's write and the file's commit (a kill, a power cut), and
keeping it is what a committed transaction would have done.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from companion.session import sqlite_schema as schema
from companion.session.journal import Found
from companion.session.store import GameHeader, LogEntry

# A row of the file looked up by seq: the entry and its stored checksum (None: not readable).
Lookup = Callable[[int], tuple[LogEntry, str] | None]


@dataclass
class FromFile:
    """What the SQLite file gave: its latest game, its good prefix, and the first problem."""

    game: int | None
    header: GameHeader | None
    entries: list[LogEntry]
    problem: str | None
    unreadable: bool  # nothing in the file can be trusted (or it is missing)


@dataclass
class Merged:
    """The log recovery keeps, where each entry came from, and what was wrong."""

    game: int | None
    header: GameHeader | None
    entries: list[LogEntry] = field(default_factory=list)
    from_file: int = 0
    from_journal: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def damaged(self) -> bool:
        return bool(self.problems)

    def report(self) -> str:
        """The problems found and where the kept entries came from, in one line."""
        where = f"kept {len(self.entries)}: {self.from_file} from the file"
        if self.from_journal:
            where += f", {self.from_journal} from the journal"
        return "; ".join([*self.problems, where])


def merge(file: FromFile, journal: Found, lookup: Lookup, *, name: str = "game.db") -> Merged:
    """Every entry of the latest game either source proves, in one run from entry 1."""
    problems = [file.problem] if file.problem else []
    if journal.exists and journal.bad_lines:
        problems.append(f"{journal.bad_lines} line(s) of the journal failed their checksum")
    readable = file.game is not None and not file.unreadable
    if journal.header is None and readable and journal.game == file.game and file.header:
        # Its header line lost, the journal's entries still name their game: the file's
        # header is that game's, so every entry the journal proves is kept under it.
        problems.append(f"the journal's header line was lost; {name}'s was used")
        journal = replace(journal, header=file.header)
    use_journal = journal.header is not None and journal.game is not None
    if use_journal and readable:
        assert journal.game is not None and file.game is not None
        use_journal = journal.game >= file.game
    if not use_journal:
        if file.header is not None and not journal.exists:
            problems.append("the journal was missing")
        elif journal.exists and (file.header is not None or journal.game is not None):
            problems.append(_journal_unused(journal, file))
        merged = Merged(file.game, file.header, list(file.entries), len(file.entries), 0)
        merged.problems = problems
        return merged
    assert journal.game is not None and journal.header is not None
    # The file's header row is damaged but its game is the journal's: the journal's header
    # proves the file's rows through their chain, looked up one by one below.
    header_lost = readable and file.header is None and file.game == journal.game
    if not header_lost and (file.game != journal.game or file.header != journal.header):
        if file.game is not None and not file.unreadable and file.game < journal.game:
            problems.append(f"{name} lost the latest game's start")
        elif file.game == journal.game and file.header is not None and not file.unreadable:
            # Two games with one number (a file or a journal put back from elsewhere): the
            # file's is copied aside whole, never mixed with the journal's entries.
            problems.append(f"{name} and the journal hold different games")
        merged = Merged(journal.game, journal.header, journal.run(0), 0, 0)
        merged.from_journal = len(merged.entries)
        merged.problems = problems
        return merged
    merged = Merged(journal.game, journal.header, [], 0, 0, problems)
    last = schema.header_checksum(journal.game, journal.header)
    for entry in file.entries:
        mine = journal.entries.get(entry.seq)
        if mine is not None and mine != entry:
            problems.append(f"entry {entry.seq} differs between {name} and the journal")
        merged.entries.append(entry)
        last = schema.entry_checksum(last, entry)
    merged.from_file = len(file.entries)
    while True:
        seq = len(merged.entries) + 1
        row = None if file.unreadable else lookup(seq)
        if row is not None and schema.entry_checksum(last, row[0]) == row[1]:
            entry, from_file = row[0], True
        elif seq in journal.entries:
            entry, from_file = journal.entries[seq], False
        else:
            break
        merged.entries.append(entry)
        last = schema.entry_checksum(last, entry)
        if from_file:
            merged.from_file += 1
        else:
            merged.from_journal += 1
    kept = len(merged.entries)
    if journal.last > kept:
        problems.append(f"entries after {kept} are in neither file")
    file_end = len(file.entries)
    interrupted = not problems and merged.from_journal == 1 and file_end == kept - 1
    if merged.from_journal and not interrupted and not file.problem:
        problems.append(
            f"{name} ended at entry {file_end} (its -wal ended early or was lost); "
            f"entries {file_end + 1}-{kept} were taken from the journal"
        )
    if journal.exists and kept > journal.last and not journal.bad_lines:
        problems.append(f"the journal ended at entry {journal.last}")
    return merged


def _journal_unused(journal: Found, file: FromFile) -> str:
    """Why the journal adds nothing to the file's game, in words that are true."""
    if journal.game is None:
        return "the journal holds no game" + (" it can prove" if journal.bad_lines else "")
    if journal.game < (file.game or 0):
        return "the journal does not hold the latest game"
    # A later game than the file's, or the file's own game, whose header line was lost.
    return f"the journal's game {journal.game} lost its header line: its entries cannot be replayed"
