"""The app's configuration: the hardware file (validated by hw.config) and the table's defaults.

Default files ship inside the package (companion/configs/), so the commands work from any
directory after `pip install .`; config/ in the repository keeps the copies a user edits.
A table.toml beside the hardware file wins over the shipped one.

>>> hardware, table = load_app_config(None, "pi.toml")
>>> len(hardware.players), table.options.bidding
(5, 'sealed')
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from companion.app.setup import TableDefaults
from companion.elgrande.options import OptionsError, TableOptions
from hw.config import ConfigError, HardwareConfig, load_config


def packaged(name: str) -> Path:
    """A config file shipped with the package (sim.toml, pi.toml, table.toml)."""
    # Beside the package's modules (not importlib.resources: its import slows the cold start).
    return Path(__file__).resolve().parent.parent / "configs" / name


def load_table_defaults(path: Path) -> TableDefaults:
    """Read a table.toml; raises ConfigError naming the key and what is accepted."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(["no such file"]) from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ConfigError([f"cannot be read: {e}"]) from None
    seats = raw.pop("seats", None)
    if seats is not None and not (
        isinstance(seats, list) and all(isinstance(s, str) for s in seats)
    ):
        raise ConfigError(['seats: expected a list of player colours, e.g. ["red", "blue"]'])
    try:
        options = TableOptions.from_dict(raw)
    except (OptionsError, TypeError) as e:
        raise ConfigError([str(e)]) from None
    return TableDefaults(options, tuple(seats) if seats is not None else None)


def load_app_config(path: str | Path | None, default: str) -> tuple[HardwareConfig, TableDefaults]:
    """The hardware config at `path` (or the shipped `default`) and the table's defaults."""
    hw_path = Path(path) if path is not None else packaged(default)
    hardware = load_config(hw_path)
    beside = hw_path.with_name("table.toml")
    table = load_table_defaults(beside if beside.is_file() else packaged("table.toml"))
    unknown = [s for s in table.seats or () if s not in hardware.players]
    if unknown:
        pads = ", ".join(hardware.players)
        raise ConfigError([f"seats: {unknown[0]!r} has no pad in {hw_path.name}; pads: {pads}"])
    return hardware, table
