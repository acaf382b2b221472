"""``companion check-config PATH [--probe]``: check a config as ``run`` and ``sim`` load it.

PATH is a hardware file, checked with the table.toml that would be loaded beside it (or the
shipped one), or a table file given alone. Every problem of either file is printed, each under
its own file's name. Exit status: 0 OK; 2 refused (nothing would start); 1 the config is valid
but ``--probe`` found buses or devices missing on this machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.app.config import load_app_config, load_table_defaults, table_beside
from companion.app.table_file import TABLE_KEYS, describe_table
from hw.checked import shown_path
from hw.config import ConfigError, read_toml


def is_table_file(path: Path) -> bool:
    """True for a table.toml: by its name, or keys that are all table options."""
    if path.name == "table.toml":
        return True
    try:
        data = read_toml(path)
    except ConfigError:
        return False  # read again as a hardware file, which says why
    return bool(data) and all(key in TABLE_KEYS for key in data)


def check_config_command(
    path: str,
    *,
    probe: bool = False,
    sysfs: Path | None = None,
    dev: Path | None = None,
    cards: Path | None = None,
) -> int:
    """Print a summary (0) or every problem to stderr (2, or 1 for what ``--probe`` found).

    ``sysfs``, ``dev`` and ``cards`` replace ``/sys/bus/i2c/devices``, ``/dev`` and
    ``/proc/asound/cards`` (for tests).
    """
    if is_table_file(Path(path)):
        try:
            table = load_table_defaults(Path(path))
        except ConfigError as e:
            _report(path, e.lines(path), "refused,", "nothing was started")
            return 2
        print(f"OK: {shown_path(path)}: {describe_table(table)}")
        return 0
    try:
        cfg, table = load_app_config(path, "pi.toml")
    except ConfigError as e:
        _report(path, e.lines(path), "refused,", "nothing was started")
        return 2
    table_line = f"OK: {shown_path(str(table_beside(Path(path))))}: {describe_table(table)}"
    if probe:
        from hw.probe import probe as probe_hardware
        from hw.sound import PROC_CARDS, sound_cards, speaker_note

        given = (("sysfs", sysfs), ("dev", dev), ("cards", cards))
        where = {k: v for k, v in given if v is not None}
        if cfg.speaker.enabled:  # what the voice will use, found or not
            seen = sound_cards(cards or PROC_CARDS)
            print(_one_line(f"{shown_path(path)}: {speaker_note(cfg.speaker.device, seen)}"))
        problems = probe_hardware(cfg, **where)
        if problems:
            lines = [f"{shown_path(path)}: {p}" for p in problems]
            _report(path, lines, "valid, but the probe found", "fix them and probe again")
            return 1
        print(f"OK: {shown_path(path)}: {cfg.summary()}; every bus and display answered")
        print(table_line)
        return 0
    print(f"OK: {shown_path(path)}: {cfg.summary()}")
    print(table_line)
    return 0


def _one_line(text: str) -> str:
    """What a terminal would act on, escaped: the last guard before a line is printed."""
    return "".join(c if c.isprintable() else f"\\u{ord(c):04X}" for c in text)


def _report(path: str, lines: list[str], verdict: str, tail: str) -> None:
    for line in lines:
        print(_one_line(line), file=sys.stderr)
    n = len(lines)
    summary = f"{shown_path(path)}: {verdict} {n} problem{'s' if n != 1 else ''}; {tail}"
    print(summary, file=sys.stderr)
