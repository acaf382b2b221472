"""Would pip, run by this Python, keep the installed PACKAGE instead of fetching it?

    python3 systemd/pip_sees.py PACKAGE LEAST_VERSION

Exit 0 when PACKAGE imports and carries metadata pip reads (a .dist-info or .egg-info) of
LEAST_VERSION or later; else exit 1 and say why on one line. install.sh asks it about lgpio: a
system lgpio that imports but shows pip no metadata, or an older one, makes pip fetch lgpio from
PyPI, which has no wheel for Python 3.13 (Trixie) and builds it, with swig and a compiler.
Exit 2 for a bad command line.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import sys


def release(version: str) -> tuple[int, ...]:
    """The leading numbers of a version: "0.2.2.0" → (0, 2, 2, 0), "2.0.1.post3" → (2, 0, 1)."""
    numbers = re.match(r"\d+(?:\.\d+)*", version)
    return tuple(int(n) for n in numbers.group(0).split(".")) if numbers else ()


def why_not(package: str, least: str) -> str | None:
    """None when pip keeps the installed package; else what it lacks."""
    try:
        found = importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        if importlib.util.find_spec(package) is not None:
            return f"{package} imports but carries no metadata pip reads: pip will fetch it"
        return f"{package} is not installed: pip will fetch it"
    if release(found) < release(least):
        return f"{package} {found} is older than {least}: pip will fetch a newer one"
    if importlib.util.find_spec(package) is None:
        return f"{package} {found} has metadata but does not import: pip will not repair it"
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not release(argv[1]):
        print("usage: pip_sees.py PACKAGE LEAST_VERSION (e.g. lgpio 0.2.2)", file=sys.stderr)
        return 2
    reason = why_not(*argv)
    if reason is not None:
        print(f"  {reason}")
    return 0 if reason is None else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
