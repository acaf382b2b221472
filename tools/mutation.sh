#!/usr/bin/env bash
# Mutation testing (tests/MUTATION.md); by hand, never in CI (slow).
#   tools/mutation.sh                                  every module of every layer (many hours)
#   tools/mutation.sh 'companion.app.menus*'           one module of the house (about 10 minutes)
#   tools/mutation.sh 'companion.session.*'            one layer (app, session, screens, commands,
#                                                      hw.*: see tests/MUTATION.md for the times)
#   tools/mutation.sh 'companion.elgrande.scoring*'    one module (mutmut name patterns)
#   tools/mutation.sh 'companion.elgrande.scoring*' 'companion.elgrande.engine*' \
#     'companion.elgrande.steps*' 'companion.elgrande.views*' 'companion.elgrande.effects*'
#                                                      the engine's five (about an hour on 2 cores)
# Then: .venv-mut/bin/mutmut results (survivors), mutmut show NAME (the diff), mutmut browse.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv-mut/bin/mutmut ]; then
  python3 -m venv .venv-mut
  .venv-mut/bin/pip install -q '.[test,mutation]'
fi
# The tests must import mutmut's mutated copy (mutants/), never an installed package: the
# venv keeps only the dependencies, and subprocesses (`python -m companion.cli`) find the copy
# through PYTHONPATH. mutmut's own forced-fail check then proves the copy is what runs.
.venv-mut/bin/pip uninstall -q -y elgrande-companion 2>/dev/null || true
# Tests that run the `companion` command find it beside the interpreter: here a stand-in that
# runs the mutated copy (through PYTHONPATH, like every subprocess of the run).
printf '#!/bin/sh\nexec "%s" -m companion.cli "$@"\n' "$PWD/.venv-mut/bin/python" > .venv-mut/bin/companion
chmod +x .venv-mut/bin/companion
# The directory must exist before Python starts, or the import system caches it as missing.
mkdir -p mutants
export COMPANION_TEST_SOURCE=1 PYTHONPATH="$PWD/mutants"
# A mutant that loops appending to a list (journal.Found.run with `seq = 1`) eats the machine's
# memory long before its CPU time limit: a cap on the address space makes it a MemoryError, a
# failing test. 6 GB by default; MUTMUT_MEMORY_KB sets another.
ulimit -v "${MUTMUT_MEMORY_KB:-6000000}"
.venv-mut/bin/mutmut run --max-children "${MUTMUT_CHILDREN:-2}" "$@"
