"""``companion check-config PATH [--probe]``: validate a hardware config, optionally look for it.

Exit status: 0 OK; 2 the config is refused (every problem printed, each with its key);
1 the config is valid but ``--probe`` found buses or devices missing on this machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hw.config import ConfigError, load_config


def check_config_command(
    path: str, *, probe: bool = False, sysfs: Path | None = None, dev: Path | None = None
) -> int:
    """Print a summary (0) or every problem to stderr (2, or 1 for what ``--probe`` found).

    ``sysfs`` and ``dev`` replace ``/sys/bus/i2c/devices`` and ``/dev`` (for tests).
    """
    try:
        cfg = load_config(path)
    except ConfigError as e:
        _report(path, e.problems, "refused,", "nothing was started")
        return 2
    if probe:
        from hw.probe import probe as probe_hardware

        where = {k: v for k, v in (("sysfs", sysfs), ("dev", dev)) if v is not None}
        problems = probe_hardware(cfg, **where)
        if problems:
            _report(path, problems, "valid, but the probe found", "fix them and probe again")
            return 1
        print(f"OK: {path}: {cfg.summary()}; every bus and display answered")
        return 0
    print(f"OK: {path}: {cfg.summary()}")
    return 0


def _report(path: str, problems: list[str], verdict: str, tail: str) -> None:
    for problem in problems:
        print(f"{path}: {problem}", file=sys.stderr)
    n = len(problems)
    print(f"{path}: {verdict} {n} problem{'s' if n != 1 else ''}; {tail}", file=sys.stderr)
