"""The mutation run's figures per module, as tests/MUTATION.md gives them.

    python3 tools/mutation_scores.py [--engine] [PREFIX]

reads mutmut's results (.mutation/house or .mutation/engine, mutants/**/*.meta) and prints one
Markdown row per module whose path starts with PREFIX (e.g. companion/session), then the sum.
"Killed" counts mutmut's killed and timed-out mutants (a timeout is a mutant the tests stopped);
"not run" is a mutant mutmut has not run yet; "no test" one that no test reaches.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no test", 33: "no test", None: "not run"}
TIMEOUTS = {-24, 24, 152, 255, 36}


def status(code: int | None) -> str:
    if code in TIMEOUTS:
        return "timeout"
    return STATUS.get(code, "other")


def read_codes(meta: Path) -> list[int | None]:
    """The exit codes mutmut keeps for a module's mutants; a run in progress rewrites the file,
    so a read that lands mid-write is tried again."""
    for _ in range(50):
        try:
            return list(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].values())
        except json.JSONDecodeError:
            time.sleep(0.1)
    raise SystemExit(f"{meta}: not readable as mutmut's results")


def main(argv: list[str]) -> int:
    scope = "engine" if "--engine" in argv else "house"
    prefixes = [a for a in argv if not a.startswith("--")] or [""]
    root = Path(__file__).resolve().parent.parent / ".mutation" / scope / "mutants"
    rows: dict[str, Counter[str]] = {}
    for meta in sorted(root.rglob("*.py.meta")):
        module = str(meta.relative_to(root))[: -len(".meta")]
        if not any(module.startswith(p) for p in prefixes):
            continue
        codes = read_codes(meta)
        rows[module] = Counter(status(c) for c in codes)
    if not rows:
        print(f"no results under {root} for {' '.join(prefixes)}", file=sys.stderr)
        return 1
    print("| module | mutants | killed | timeout | survived | no test | not run | killed % |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    total: Counter[str] = Counter()
    for module, c in [*rows.items(), ("**all**", None)]:
        if c is None:
            c = total
        else:
            total.update(c)
        run = c["killed"] + c["timeout"] + c["survived"] + c["no test"] + c["other"]
        score = f"{100 * (c['killed'] + c['timeout']) / run:.1f} %" if run else "–"
        n = sum(c.values())
        cells = [c["killed"], c["timeout"], c["survived"], c["no test"], c["not run"]]
        print(f"| {module} | {n} | " + " | ".join(map(str, cells)) + f" | {score} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
