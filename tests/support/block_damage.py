"""Block-level damage to a store of a game in progress, counted through the installed program.

A bot game is played into a SqliteStore and, at seeded random points, its files are copied as
a power cut would leave them (game.db, game.db-wal, game.db.journal). Each trial damages 4 KiB
blocks of one file or of two — bits flipped, a block zeroed, a block cut out, the file
truncated at a block or deleted — and asks `companion check-store --json` (the installed
console script) how many decisions recovery keeps, against how many were made.

The full figures (docs/durability.md):  .venv/bin/python tests/support/block_damage.py 600
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

BLOCK = 4096
FILES = ("game.db", "game.db-wal", "game.db.journal")
KINDS = ("flip", "zero", "cut", "truncate", "delete")
COMPANION = Path(sys.executable).with_name("companion")


@dataclass(frozen=True)
class Snapshot:
    folder: Path
    made: int  # entries in the log when the files were copied


def snapshots(root: Path, seed: int, count: int) -> list[Snapshot]:
    """A bot game played into a store, copied at `count` seeded points while it is open."""
    from companion.elgrande.bots import RandomBot
    from companion.session.session import Session
    from companion.session.sqlite_store import SqliteStore

    rng = random.Random(seed)
    players = ("red", "blue", "yellow", "green")
    store = SqliteStore(root / "live" / "game.db") if _mkdir(root / "live") else None
    assert store is not None
    session = Session.new(store, players, seed=seed)
    bots = {p: RandomBot(seed * 10 + i) for i, p in enumerate(players)}
    points = sorted(rng.sample(range(20, 400), count))
    out: list[Snapshot] = []
    while not session.over and points:
        decision = session.decision()
        assert decision is not None
        player = decision.players[0]
        session.decide(player, bots[player].choose(session.state, player))
        made = len(session.entries)
        if made == points[0]:
            points.pop(0)
            folder = root / f"at-{made}"
            folder.mkdir()
            for name in FILES:
                if (root / "live" / name).exists():
                    shutil.copyfile(root / "live" / name, folder / name)
            out.append(Snapshot(folder, made))
    store.close()
    return out


def _mkdir(folder: Path) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    return True


def damage(path: Path, kind: str, rng: random.Random) -> None:
    """One kind of damage to one file, at a seeded random 4 KiB block."""
    if not path.exists():
        return
    data = bytearray(path.read_bytes())
    blocks = max(1, -(-len(data) // BLOCK))
    at = rng.randrange(blocks) * BLOCK
    if kind == "flip":
        for _ in range(rng.randint(1, 8)):
            if data:
                i = min(len(data) - 1, at + rng.randrange(BLOCK))
                data[i] ^= 1 << rng.randrange(8)
    elif kind == "zero":
        data[at : at + BLOCK] = bytes(len(data[at : at + BLOCK]))
    elif kind == "cut":
        del data[at : at + BLOCK]
    elif kind == "truncate":
        del data[at:]
    elif kind == "delete":
        path.unlink()
        return
    path.write_bytes(bytes(data))


def kept(folder: Path) -> tuple[int, bool, int]:
    """(decisions recovery keeps, damaged, exit status) from the installed check-store."""
    done = subprocess.run(
        [str(COMPANION), "check-store", "--json", str(folder / "game.db")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in done.stderr, done.stderr
    if done.returncode == 2:
        return 0, True, 2
    report = json.loads(done.stdout)
    return report["decisions"], report["damaged"], done.returncode


@dataclass
class Tally:
    trials: int = 0
    made: int = 0
    kept: int = 0
    whole: int = 0  # trials that kept every decision

    def add(self, made: int, kept: int) -> None:
        self.trials, self.made, self.kept = self.trials + 1, self.made + made, self.kept + kept
        self.whole += kept >= made


def trial(snapshot: Snapshot, targets: tuple[str, ...], kind: str, rng: random.Random) -> int:
    """Damage copies of the snapshot's `targets` by `kind`; the decisions kept."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in FILES:
            if (snapshot.folder / name).exists():
                shutil.copyfile(snapshot.folder / name, folder / name)
        for name in targets:
            damage(folder / name, kind, rng)
        decisions, _, _ = kept(folder)
        return decisions


def run(trials: int, seed: int = 1) -> dict[tuple[str, str], Tally]:
    """`trials` seeded trials; the tally per (files damaged, kind of damage)."""
    rng = random.Random(seed)
    tallies: dict[tuple[str, str], Tally] = defaultdict(Tally)
    with tempfile.TemporaryDirectory() as tmp:
        shots = snapshots(Path(tmp), seed, 6)
        pairs = [("game.db", "game.db.journal"), ("game.db-wal", "game.db.journal")]
        choices = [(f,) for f in FILES] + pairs
        for _ in range(trials):
            shot = rng.choice(shots)
            targets = rng.choice(choices)
            kind = rng.choice(KINDS)
            tallies[(" + ".join(targets), kind)].add(shot.made, trial(shot, targets, kind, rng))
    return tallies


def table(tallies: dict[tuple[str, str], Tally]) -> str:
    rows = ["| damaged | kind | trials | decisions kept / made | trials losing none |",
            "|---|---|---:|---:|---:|"]  # fmt: skip
    for (files, kind), t in sorted(tallies.items()):
        rows.append(f"| {files} | {kind} | {t.trials} | {t.kept} / {t.made} | {t.whole} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table(run(int(sys.argv[1]) if len(sys.argv) > 1 else 300)))
