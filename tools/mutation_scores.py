"""The mutation run's figures per module, as tests/MUTATION.md gives them.

    python3 tools/mutation_scores.py [--engine | --recorded] [PREFIX]

reads mutmut's results (.mutation/house or .mutation/engine, mutants/**/*.meta; with
--recorded, the house's results kept in the repository, tests/mutation/*/results.json, written
by tools/mutation_results.py) and prints one Markdown row per module whose path starts with
PREFIX (e.g. companion/session), then the sum.
"killed %" counts mutmut's killed and timed-out mutants (a timeout is a mutant the tests
stopped); "not run" is a mutant mutmut has not run yet; "no test" one that no test reaches.

Where a module has survivor notes (tests/mutation/<layer>/<module>.md, e.g.
tests/mutation/app/loop.md), the survivors they name under "Killed by …" count as "killed
since" (by tests written after the run, or by tests slower than the run's budget), those under
"Equivalent" as equivalent, and the rest are "open". The score leaves the equivalent ones out:
killed, timed out and killed since over all mutants run but the equivalent.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from mutation_results import NOTES, local_codes, name_prefix, recorded_codes

STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no test", 33: "no test", None: "not run"}
TIMEOUTS = {-24, 24, 152, 255, 36}


def status(code: int | None) -> str:
    if code in TIMEOUTS:
        return "timeout"
    return STATUS.get(code, "other")


_NAME = re.compile(r"^(?:[\w.]*\.)?(x\S*__mutmut_)(\d+)$")
# `Journal._write__mutmut_7`: mutmut's `xǁJournalǁ_write__mutmut_7`, written as it reads.
_METHOD = re.compile(r"^([A-Za-z_]\w*)\.(\w+__mutmut_)(\d+)$")


def noted(module: str) -> dict[str, str]:
    """The module's survivors its notes name, each as "killed" or "equivalent" (by the heading
    it is under); a name is written short (`x_run_loop__mutmut_3`, or `Journal._write__mutmut_7`
    for `xǁJournalǁ_write__mutmut_7`) and may be followed by others of the same function (`_4`,
    `_5`)."""
    path = NOTES / (module.removeprefix("companion/").removesuffix(".py") + ".md")
    if not path.exists():
        return {}
    verdicts: dict[str, str] = {}
    section, base = None, ""
    for line in path.read_text(encoding="utf-8").splitlines():
        head = line.strip().lower()
        if head.startswith("killed by"):
            section = "killed"
        elif head.startswith("equivalent"):
            section = "equivalent"
        elif head.startswith(("left", "timeouts", "#")):
            section = None
        for token in re.findall(r"`([^`]+)`", line):
            match, method = _NAME.match(token), _METHOD.match(token)
            if match:
                base, number = match.group(1), match.group(2)
            elif method:
                base, number = f"xǁ{method.group(1)}ǁ{method.group(2)}", method.group(3)
            elif base and re.fullmatch(r"_\d+", token):
                number = token[1:]
            else:
                continue
            if section:
                verdicts[f"{base}{number}"] = section
    return verdicts


def kinds(module: str, codes: dict[str, int | None]) -> Counter[str]:
    """How many of the module's mutants are of each kind, its survivor notes read."""
    verdicts = noted(module)
    prefix = name_prefix(module)
    counts: Counter[str] = Counter()
    for name, code in codes.items():
        kind = status(code)
        verdict = verdicts.get(name.removeprefix(prefix))
        if kind in ("survived", "timeout", "no test") and verdict is not None:
            kind = "killed since" if verdict == "killed" else "equivalent"
        elif kind == "survived" and verdicts:
            kind = "open"
        counts[kind] += 1
    return counts


COLUMNS = ("killed", "timeout", "killed since", "survived", "open", "equivalent", "no test")


def main(argv: list[str]) -> int:
    scope = "engine" if "--engine" in argv else "house"
    prefixes = [a for a in argv if not a.startswith("--")] or [""]
    root = Path(__file__).resolve().parent.parent / ".mutation" / scope / "mutants"
    if "--recorded" in argv:
        root, results = NOTES, recorded_codes()
    else:
        results = local_codes(root)
    rows: dict[str, Counter[str]] = {}
    for module, codes in sorted(results.items()):
        if any(module.startswith(p) for p in prefixes):
            rows[module] = kinds(module, codes)
    if not rows:
        print(f"no results under {root} for {' '.join(prefixes)}", file=sys.stderr)
        return 1
    print("| module | mutants | " + " | ".join(COLUMNS) + " | not run | killed % | score |")
    print("| --- " * (len(COLUMNS) + 5) + "|")
    total: Counter[str] = Counter()
    for module, c in [*rows.items(), ("**all**", None)]:
        if c is None:
            c = total
        else:
            total.update(c)
        run = sum(c[k] for k in (*COLUMNS, "other"))
        killed = c["killed"] + c["timeout"] + c["killed since"]
        pct = f"{100 * killed / run:.1f} %" if run else "–"
        scored = run - c["equivalent"]
        score = f"{100 * killed / scored:.1f} %" if scored else "–"
        cells = [str(sum(c.values())), *(str(c[k]) for k in COLUMNS), str(c["not run"]), pct, score]
        print(f"| {module} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
