"""``companion check-store [PATH] [--json]``: a read-only look at a store, as ``fsck -n`` is.

Which games the SQLite file holds, how many decisions of the latest game recovery would keep
(and from which file), what damage it found and where. It changes nothing: the SQLite file is
read from a private copy, the journal only read. Exit status: 0 nothing is damaged; 1 something
is (the output says what is kept); 2 the path is no store (nothing there, a device, another
program's file …). No decision's content is ever printed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from companion.session.sqlite_disk import shown
from companion.session.sqlite_readonly import Inspection, inspect
from companion.session.sqlite_store import SqliteStore
from companion.session.store import StoreError


def check_store_command(path: Path, as_json: bool = False, out: TextIO | None = None) -> int:
    """Print what the store at `path` (absolute) holds; the exit status as described above.
    `out` is standard output as it is when called, unless given."""
    out = sys.stdout if out is None else out
    try:
        found = inspect(path, SqliteStore.closed(path))
    except StoreError as exc:
        print(f"companion check-store: {exc.strerror or exc}", file=sys.stderr)
        return 2
    report = summary(found)
    empty = report["decisions"] == 0 and not report["games"] and not report["damaged"]
    if empty and not any(found.files.values()):
        print(f"companion check-store: no store at {shown(path)}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(report), file=out)
    else:
        for line in lines(report):
            print(line, file=out)
    return 1 if report["damaged"] else 0


def summary(found: Inspection) -> dict[str, Any]:
    """The report as JSON-able data: `decisions` and `damaged` first."""
    merged = found.merged
    assert merged is not None
    return {
        "decisions": len(merged.entries),
        "damaged": merged.damaged,
        "path": str(found.path),
        "game": merged.game,
        "from_file": merged.from_file,
        "from_journal": merged.from_journal,
        "problems": list(merged.problems),
        "games": [{"id": i, "started": s, "entries": n} for i, s, n in found.games],
        "files": dict(found.files),
    }


def lines(report: dict[str, Any]) -> list[str]:
    """The report for a person, one fact a line."""
    out = [f"{shown(Path(report['path']))}:"]
    present = [name for name, there in report["files"].items() if there]
    out.append("  files: " + (", ".join(present) or "none"))
    for game in report["games"]:
        n = game["entries"]
        entries = f"{n} entr{'y' if n == 1 else 'ies'}"
        out.append(f"  game {game['id']}, started {game['started']}: {entries}")
    where = f"{report['from_file']} from the file"
    if report["from_journal"]:
        where += f", {report['from_journal']} from the journal"
    latest = f"game {report['game']}" if report["game"] is not None else "no game"
    kept = report["decisions"]
    decisions = f"{kept} decision{'' if kept == 1 else 's'}"
    out.append(f"  recovery keeps {decisions} of {latest} ({where})")
    for problem in report["problems"]:
        out.append(f"  DAMAGE: {problem}")
    out.append("  damaged: yes (opening it for play repairs it)" if report["damaged"] else "  OK")
    return out
