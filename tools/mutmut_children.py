"""Imported by every Python of the mutation venv when it starts (tools/mutation.sh installs it
there with a .pth file), so also by every program a test starts.

In mutmut's stats pass a test's own process records which mutated functions it reaches, and a
mutant then runs only the tests that reached it. A program a test starts (`companion demo`,
`companion check-store`, ...) records nothing, so its mutants would be "not checked" though the
test reads what the program does. Here such a program records the functions of `commands/` it
reaches into the folder the test process names (`COMPANION_MUTMUT_HITS`, set by
tests/conftest.py in the stats pass only), one file per process, written as each function is
first reached (a program the test kills leaves what it had reached); tests/conftest.py hands
them to mutmut as the test's own.
"""

import os

_HITS = os.environ.get("COMPANION_MUTMUT_HITS")

if _HITS:
    from mutmut.mutation import trampoline

    # Only the commands' functions: what no test reaches in its own process. A mutant of the
    # other layers then runs only the tests that call it in-process (tests/MUTATION.md: the cost).
    _ONLY = "companion.commands."
    _seen: set[str] = set()
    _path = os.path.join(_HITS, f"{os.getpid()}.hits")

    def _record(name: str, caller: str | None = None) -> None:
        if name in _seen or not name.startswith(_ONLY):
            return
        _seen.add(name)
        fd = os.open(_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, f"{name}\n".encode())
        finally:
            os.close(fd)

    trampoline.record_trampoline_hit = _record
    trampoline.set_mutant_under_test("stats")
