"""mutmut's results kept in the repository, so that a run can go on from a fresh checkout.

    python3 tools/mutation_results.py save      # .mutation/house's results -> tests/mutation/
    python3 tools/mutation_results.py restore   # tests/mutation/ -> .mutation/house (before a run)
    python3 tools/mutation_results.py todo hw   # the names of hw/'s mutants with no result yet

`todo` is for going on with a layer, as a pattern ('hw.*') would run again every mutant it
names, done or not: `names=$(python3 tools/mutation_results.py todo hw) && tools/mutation.sh
$names` (it fails, naming none, when no mutant of the layer is known to lack a result).

mutmut keeps each module's results in `mutants/<module>.meta`: an exit code per mutant, and a
hash per function. When it makes the mutants again it keeps the results of every function whose
hash is unchanged and runs the others again. `save` writes those two things for each layer that
has results, one file a layer (`tests/mutation/<layer>/results.json`: per module, per function,
its hash and its mutants' exit codes in order, "-" for not run); `restore` puts them back into
`mutants/` before `mutmut run` (tools/mutation.sh does it), filling in only mutants with no
result whose function still has the recorded hash, so mutmut itself decides what is stale, as it
does with its own files. tools/mutation_scores.py --recorded reads these files.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / ".mutation" / "house" / "mutants"
NOTES = ROOT / "tests" / "mutation"
_NUMBERED = re.compile(r"^(.*)__mutmut_(\d+)$")

Codes = dict[str, int | None]


def layer_of(module: str) -> str:
    """`companion/screens/chart.py` -> `screens`, `hw/config/sections.py` -> `hw`."""
    parts = module.split("/")
    return parts[1] if parts[0] == "companion" else parts[0]


def name_prefix(module: str) -> str:
    """The start of a module's mutant names: `hw.config.` for hw/config/__init__.py."""
    return module.removesuffix(".py").removesuffix("/__init__").replace("/", ".") + "."


def read_meta(path: Path) -> dict:
    """A .meta file; a run in progress rewrites it, so a read that lands mid-write is tried
    again."""
    for _ in range(50):
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            time.sleep(0.1)
    raise SystemExit(f"{path}: not readable as mutmut's results")


def local_metas(root: Path | None = None) -> dict[str, Path]:
    """The .meta file of each module a run made mutants of (in `root`, the house's by default),
    by module path."""
    root = root or MUTANTS
    return {str(p.relative_to(root))[: -len(".meta")]: p for p in sorted(root.rglob("*.py.meta"))}


def local_codes(root: Path | None = None) -> dict[str, Codes]:
    """Each module's exit codes by mutant name, as the run in `root` has them."""
    return {m: read_meta(p)["exit_code_by_key"] for m, p in local_metas(root).items()}


def recorded_codes() -> dict[str, Codes]:
    """Each module's exit codes by mutant name, as the repository keeps them."""
    return {m: unpack(m, f)[1] for m, f in recorded().items()}


def pack(module: str, meta: dict) -> dict[str, dict]:
    """One module's .meta as {function: {"hash": h, "codes": "code of _1, of _2, …"}}: the exit
    codes in one line of text, "-" for not run (a file a few lines a function, for git)."""
    functions: dict[str, dict] = {
        name: {"hash": h, "codes": ""} for name, h in sorted(meta["hash_by_function_name"].items())
    }
    by_function: dict[str, dict[int, int | None]] = {}
    for key, code in meta["exit_code_by_key"].items():
        match = _NUMBERED.match(key.removeprefix(name_prefix(module)))
        if not match:
            raise SystemExit(f"{module}: mutant name not understood: {key}")
        by_function.setdefault(match.group(1), {})[int(match.group(2))] = code
    for function, codes in by_function.items():
        if function not in functions or sorted(codes) != list(range(1, len(codes) + 1)):
            raise SystemExit(f"{module}: {function}'s mutants are not numbered 1…N")
        functions[function]["codes"] = " ".join(
            "-" if codes[n] is None else str(codes[n]) for n in range(1, len(codes) + 1)
        )
    return functions


def unpack(module: str, functions: dict[str, dict]) -> tuple[dict[str, str], Codes]:
    """A recorded module back as mutmut's (hash_by_function_name, exit_code_by_key)."""
    hashes = {name: f["hash"] for name, f in functions.items()}
    codes: Codes = {}
    for name, f in functions.items():
        for n, code in enumerate(f["codes"].split(), start=1):
            codes[f"{name_prefix(module)}{name}__mutmut_{n}"] = None if code == "-" else int(code)
    return hashes, codes


def recorded() -> dict[str, dict[str, dict]]:
    """Every recorded module, {module path: functions}."""
    modules: dict[str, dict[str, dict]] = {}
    for path in sorted(NOTES.glob("*/results.json")):
        modules.update(json.loads(path.read_text(encoding="utf-8"))["modules"])
    return modules


def save() -> int:
    layers: dict[str, dict[str, dict]] = {}
    for module, meta_path in local_metas().items():
        layers.setdefault(layer_of(module), {})[module] = pack(module, read_meta(meta_path))
    for layer, modules in sorted(layers.items()):
        run = sum(
            c != "-" for m in modules.values() for f in m.values() for c in f["codes"].split()
        )
        if not run:
            continue
        path = NOTES / layer / "results.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        body = {
            "mutmut": "exit codes of each function's mutants _1, _2, …; -: not run",
            "modules": modules,
        }
        path.write_text(json.dumps(body, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {run} results")
    return 0


def restore() -> int:
    restored = 0
    for module, functions in recorded().items():
        hashes, codes = unpack(module, functions)
        meta_path = MUTANTS / (module + ".meta")
        if meta_path.exists():
            meta = read_meta(meta_path)
        else:
            # mutmut makes this module's mutants afresh and keeps these results where the
            # function's hash is still the recorded one.
            meta = {
                "exit_code_by_key": {},
                "hash_by_function_name": hashes,
                "type_check_error_by_key": {},
                "durations_by_key": {},
                "estimated_durations_by_key": {},
            }
        current = meta["hash_by_function_name"]
        for key, code in codes.items():
            function = _NUMBERED.match(key.removeprefix(name_prefix(module))).group(1)
            if code is None or current.get(function) != hashes[function]:
                continue
            if meta["exit_code_by_key"].get(key) is None:
                meta["exit_code_by_key"][key] = code
                restored += 1
        meta_path.parent.mkdir(parents=True, exist_ok=True)
        meta_path.write_text(json.dumps(meta, indent=4), encoding="utf-8")
    print(f"restored {restored} results from tests/mutation/*/results.json")
    return 0


def todo(prefix: str) -> list[str]:
    """The mutants of the modules whose path starts with `prefix` that have no result, in
    `.mutation/house` if a run made its mutants there, else in the kept results."""
    codes = local_codes() or recorded_codes()
    return [n for m, c in codes.items() if m.startswith(prefix) for n, x in c.items() if x is None]


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["todo"] and len(args) == 2:
        names = todo(args[1])
        if not names:  # else `mutation.sh $(…)` would get no name, and run the whole house
            raise SystemExit(
                f"no mutant of {args[1]} is known to lack a result: each has one, or the layer"
                " has not run here yet (run it by its pattern, e.g. 'hw.*')"
            )
        print("\n".join(names))
        raise SystemExit(0)
    commands = {"save": save, "restore": restore}
    if len(args) != 1 or args[0] not in commands:
        raise SystemExit("usage: python3 tools/mutation_results.py save | restore | todo PREFIX")
    raise SystemExit(commands[args[0]]())
