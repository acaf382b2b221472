"""The app's configuration: the hardware file (validated by hw.config) and the table's defaults.

Default files ship inside the package (companion/configs/), so the commands work from any
directory after `pip install .`; config/ in the repository keeps the copies a user edits.
A table.toml beside the hardware file wins over the shipped one; both are checked whole.

>>> hardware, table = load_app_config(None, "pi.toml")
>>> len(hardware.players), table.options.bidding
(5, 'sealed')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from companion.app.setup import TableDefaults
from companion.app.table_file import check_table
from hw.config import ConfigError, HardwareConfig, load_config, read_toml


def packaged(name: str) -> Path:
    """A config file shipped with the package (sim.toml, pi.toml, table.toml)."""
    # Beside the package's modules (not importlib.resources: its import slows the cold start).
    return Path(__file__).resolve().parent.parent / "configs" / name


def table_beside(hw_path: Path) -> Path:
    """The table.toml that goes with a hardware file: the one beside it (whatever it is: a
    folder or a FIFO there is refused, not passed over), else the shipped one."""
    beside = hw_path.with_name("table.toml")
    return beside if os.path.lexists(beside) else packaged("table.toml")


def load_table_defaults(
    path: Path, pads: Sequence[str] | None = None, pads_file: str = "the hardware file"
) -> TableDefaults:
    """Read a table.toml; raises ConfigError about ``path`` listing every problem."""
    table, problems = check_table(read_toml(path), pads, pads_file)
    if table is None:
        raise ConfigError(problems, str(path))
    return table


def load_app_config(path: str | Path | None, default: str) -> tuple[HardwareConfig, TableDefaults]:
    """The hardware config at `path` (or the shipped `default`) and the table's defaults.

    Both files are read and checked before anything is refused, so one ConfigError lists every
    problem of either, each under its own file's name.
    """
    hw_path = Path(path) if path is not None else packaged(default)
    errors: list[ConfigError] = []
    hardware = table = None
    try:
        hardware = load_config(hw_path)
    except ConfigError as e:
        errors.append(e)
    pads = hardware.seats if hardware is not None else None
    try:
        table = load_table_defaults(table_beside(hw_path), pads, hw_path.name)
    except ConfigError as e:
        errors.append(e)
    if errors:
        raise ConfigError.joined(errors)
    assert hardware is not None and table is not None
    return hardware, table
