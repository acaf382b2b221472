#!/usr/bin/env bash
# Mutation testing (tests/MUTATION.md); by hand, never in CI (slow).
#   tools/mutation.sh                          every module of the house: app, session, screens,
#                                              commands, hw (hours: see tests/MUTATION.md)
#   tools/mutation.sh 'companion.session.*'    one layer (mutmut name patterns)
#   tools/mutation.sh 'companion.app.menus*'   one module
#   tools/mutation.sh --engine                 the engine, companion/elgrande (about an hour)
#   tools/mutation.sh --engine 'companion.elgrande.scoring*'
#   tools/mutation.sh results                  the survivors (likewise `show NAME`, `browse`;
#                                              `--engine results` for the engine's)
# The engine and the house are two runs, each in its own copy of the tree (.mutation/engine,
# .mutation/house): mutmut sends every call of a mutated function through a switch, and the
# engine's functions are called millions of times in the house's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
scope=house
if [ "${1:-}" = --engine ]; then
  scope=engine
  shift
fi
work="$repo/.mutation/$scope"
if [ ! -x .venv-mut/bin/mutmut ]; then
  python3 -m venv .venv-mut
  .venv-mut/bin/pip install -q '.[test,mutation]'
fi
case "${1:-}" in
  results | show | browse)
    cd "$work"
    exec "$repo/.venv-mut/bin/mutmut" "$@"
    ;;
esac
# The tests must import mutmut's mutated copy (mutants/), never an installed package: the
# venv keeps only the dependencies, and subprocesses (`python -m companion.cli`) find the copy
# through PYTHONPATH. mutmut's own forced-fail check then proves the copy is what runs.
.venv-mut/bin/pip uninstall -q -y elgrande-companion 2>/dev/null || true
# Tests that run the `companion` command find it beside the interpreter: here a stand-in that
# runs the mutated copy (through PYTHONPATH, like every subprocess of the run).
printf '#!/bin/sh\nexec "%s" -m companion.cli "$@"\n' "$repo/.venv-mut/bin/python" > .venv-mut/bin/companion
chmod +x .venv-mut/bin/companion
# Programs the tests start record what they reach in the stats pass (tools/mutmut_children.py).
site=$(.venv-mut/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
cp tools/mutmut_children.py "$site/companion_mutmut_children.py"
echo "import companion_mutmut_children" > "$site/companion_mutmut_children.pth"
# This scope's copy of the tree, as it is now (times kept: mutmut compares what changed).
mkdir -p "$work"
for part in companion hw tests config docs systemd tools README.md pyproject.toml; do
  rm -rf "${work:?}/$part"
  cp -a "$part" "$work/$part"
done
if [ "$scope" = engine ]; then
  .venv-mut/bin/python - "$work/pyproject.toml" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
text, n = re.subn(r"only_mutate = \[[^\]]*\]", 'only_mutate = ["companion/elgrande/*"]', text)
assert n == 1, "pyproject.toml: no only_mutate list to replace"
open(path, "w", encoding="utf-8").write(text)
PY
fi
cd "$work"
# The directory must exist before Python starts, or the import system caches it as missing.
mkdir -p mutants
# mutmut copies a package's other files (catalogs, pages, data) into mutants/ once and never
# again: remove them so that this run's copy is of the tree as it is now (never its own files:
# each module's results, *.meta, and its stats).
find mutants -type f ! -name '*.py' ! -name '*.meta' ! -name 'mutmut-stats.json' -delete
export COMPANION_TEST_SOURCE=1 PYTHONPATH="$work/mutants"
# A mutant that loops appending to a list (journal.Found.run with `seq = 1`) eats the machine's
# memory long before its CPU time limit: a cap on the address space makes it a MemoryError, a
# failing test. 6 GB by default; MUTMUT_MEMORY_KB sets another.
ulimit -v "${MUTMUT_MEMORY_KB:-6000000}"
# A mutant's tests run fastest first; past MUTMUT_BUDGET clean seconds of them (10 by default; 0:
# every test) it is called a survivor, and a survivor is run again with MUTMUT_BUDGET=0 before
# it is counted (tests/conftest.py, tests/MUTATION.md).
export COMPANION_MUTATION_BUDGET="${MUTMUT_BUDGET:-10}"
# Results kept in the repository (tests/mutation/*/results.json) go on where the last run, in any
# checkout, stopped; what this run adds is written back when it ends, stopped or not.
if [ "$scope" = house ]; then
  "$repo/.venv-mut/bin/python" "$repo/tools/mutation_results.py" restore
  trap '"$repo/.venv-mut/bin/python" "$repo/tools/mutation_results.py" save' EXIT
fi
"$repo/.venv-mut/bin/mutmut" run --max-children "${MUTMUT_CHILDREN:-2}" "$@"
