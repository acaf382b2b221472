"""The hardware config: TOML in, a validated, typed :class:`HardwareConfig` out.

Validation collects *every* problem before giving up, each naming its key and what is accepted,
and nothing starts on a bad config. The parts, by job: :mod:`~hw.config.model` (self-checking
dataclasses, one per section, each default written once), :mod:`~hw.config.sections` (a reader
per section), :mod:`~hw.config.wiring` (checks across keys), :mod:`~hw.config.luma_models`
(which models and sizes luma drives). ``companion check-config`` lives beside the CLI.

>>> cfg = load_config("config/sim.toml")
>>> sorted(cfg.players)
['blue', 'green', 'red', 'yellow']
>>> try:
...     parse_config({"backend": "cloud"}, "x.toml")
... except ConfigError as e:
...     print(e.problems[0])
backend: "cloud" is not accepted; accepted: "auto", "mock", "pi"
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hw.checked import ConfigError
from hw.config import sections
from hw.config.luma_models import DISPLAY_MODELS, probe_display_mode
from hw.config.model import (
    BACKENDS,
    PLAYER_COLOURS,
    BusConfig,
    BuzzerConfig,
    DisplayConfig,
    HardwareConfig,
    MatrixConfig,
    MuxConfig,
    PadConfig,
    SpeakerConfig,
    WebConfig,
)
from hw.config.reader import Reader
from hw.config.toml_file import read_toml
from hw.config.wiring import check_wiring


def parse_config(data: dict[str, Any], source: str = "<config>") -> HardwareConfig:
    """Validate a parsed TOML document; raises :class:`ConfigError` listing every problem."""
    r = Reader()
    r.table(data, "", sections.TOP_LEVEL)
    backend = sections.read_backend(r, data)
    buses = sections.read_buses(r, data)
    mux_address = sections.read_mux(r, data)
    timing = sections.read_input(r, data)
    display = sections.read_main_display(r, data)
    matrix = sections.read_matrix(r, data)
    speaker = sections.read_speaker(r, data)
    buzzer = sections.read_buzzer(r, data)
    web = sections.read_web(r, data)
    # A seat played by phone only needs no [players.COLOUR] table: it has no pins to wire.
    players = sections.read_players(r, data, phone_only=web.phone_only)
    displays = [d for d in (display, *(p.display for p in players.values())) if d is not None]
    check_wiring(r, buses, displays, matrix, mux_address)
    if r.problems:
        raise ConfigError(r.problems)
    assert backend is not None and buses is not None and display is not None  # else problems
    return HardwareConfig(
        source=source,
        backend=backend,
        buses=buses,
        input=timing,
        display=display,
        players=players,
        matrix=matrix,
        speaker=speaker,
        buzzer=buzzer,
        mux_address=mux_address,
        web=web,
    )


def load_config(path: str | Path) -> HardwareConfig:
    """Read (with bounds, see :mod:`~hw.config.toml_file`) and validate a TOML file; raises
    :class:`ConfigError` about that file (never a traceback's worth).

    Problems name the key; the error's :attr:`~ConfigError.sources` name the file.
    """
    data = read_toml(path)
    try:
        return parse_config(data, str(path))
    except ConfigError as e:
        raise ConfigError(e.problems, str(path)) from None


__all__ = [
    "BACKENDS",
    "DISPLAY_MODELS",
    "PLAYER_COLOURS",
    "BusConfig",
    "BuzzerConfig",
    "ConfigError",
    "DisplayConfig",
    "HardwareConfig",
    "MatrixConfig",
    "MuxConfig",
    "PadConfig",
    "SpeakerConfig",
    "WebConfig",
    "load_config",
    "parse_config",
    "probe_display_mode",
    "read_toml",
]
