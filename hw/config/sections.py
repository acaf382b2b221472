"""One reader per section of the TOML file; each returns its dataclass, or None when broken.

Every reader takes the :class:`~hw.config.reader.Reader` that collects problems, so a broken
section never stops the others from being read and checked.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hw.checked import Setting, shown, value_problem
from hw.config.model import (
    BACKENDS,
    PLAYER_COLOURS,
    BusConfig,
    BuzzerConfig,
    DisplayConfig,
    MatrixConfig,
    MuxConfig,
    PadConfig,
    SpeakerConfig,
    WebConfig,
)
from hw.config.reader import Reader, join
from hw.input import InputTiming

TOP_LEVEL = [
    "backend",
    "buses",
    "mux",
    "input",
    "display",
    "matrix",
    "speaker",
    "buzzer",
    "players",
    "web",
]
BACKEND = Setting(str, ", ".join(shown(b) for b in BACKENDS), BACKENDS.__contains__)
PAD_INTERFACE = Setting(str, shown("i2c"), ("i2c",).__contains__)
SPI_ONLY = ("spi_port", "spi_device", "dc", "reset")
I2C_ONLY = ("i2c_port", "mux_channel", "address")


def read_backend(r: Reader, data: dict[str, Any]) -> str | None:
    return r.value(data, "", "backend", BACKEND, "auto")


def read_buses(r: Reader, data: dict[str, Any]) -> BusConfig | None:
    """None when unusable: bus clashes then cannot be checked."""
    return r.section(BusConfig, data.get("buses", {}), "buses")


def read_mux(r: Reader, data: dict[str, Any]) -> int | None:
    """The mux's address, or None without a (usable) ``[mux]``."""
    if "mux" not in data:
        return None
    mux = r.section(MuxConfig, data["mux"], "mux")
    return mux.address if mux is not None else None


def read_input(r: Reader, data: dict[str, Any]) -> InputTiming:
    return r.section(InputTiming, data.get("input", {}), "input") or InputTiming()


def read_display(r: Reader, raw: object, key: str, *, private: bool) -> DisplayConfig | None:
    """The main display (I²C or SPI) or a pad's display (``private``: I²C only)."""
    wrong = private and isinstance(raw, dict) and value_problem(PAD_INTERFACE, raw.get("interface"))
    if wrong:
        r.add(join(key, "interface"), wrong)
        rest = {k: v for k, v in raw.items() if k != "interface"}  # type: ignore[union-attr]
        # The other keys checked as ever ("interface", a field, is named once among the accepted)
        r.section(DisplayConfig, rest, key, fixed={"key": key})
        return None
    if isinstance(raw, dict):
        interface = raw.get("interface", "i2c")
        for name in SPI_ONLY if interface == "i2c" else I2C_ONLY if interface == "spi" else ():
            if name in raw:
                other = "spi" if interface == "i2c" else "i2c"
                r.add(
                    join(key, name),
                    f'only for interface = "{other}"; remove it or set interface = "{other}"',
                )
    display = r.section(DisplayConfig, raw, key, fixed={"key": key})
    least = (128, 32) if private else (128, 64)  # what the pages are laid out for
    if display is not None and (display.size[0] < least[0] or display.size[1] < least[1]):
        (w, h), on_side = display.size, display.rotate % 2 == 1
        turned = f" (rotate = {display.rotate} turns it on its side)" if on_side else ""
        keep = " with rotate = 0 or 2" if on_side else ""
        r.add(
            key,
            f"{w}×{h} as drawn{turned} is too small for the pages; "
            f"accepted: at least {least[0]}×{least[1]} as drawn{keep}",
        )
        return None
    return display


def read_main_display(r: Reader, data: dict[str, Any]) -> DisplayConfig | None:
    if "display" not in data:
        r.add(
            "display", "missing; the main display is required: a table with model, width, height …"
        )
        return None
    return read_display(r, data["display"], "display", private=False)


def read_matrix(r: Reader, data: dict[str, Any]) -> MatrixConfig | None:
    return r.section(MatrixConfig, data["matrix"], "matrix") if "matrix" in data else None


def read_speaker(r: Reader, data: dict[str, Any]) -> SpeakerConfig:
    return r.section(SpeakerConfig, data.get("speaker", {}), "speaker") or SpeakerConfig()


def read_buzzer(r: Reader, data: dict[str, Any]) -> BuzzerConfig | None:
    return r.section(BuzzerConfig, data["buzzer"], "buzzer") if "buzzer" in data else None


def read_pad(r: Reader, raw: object, key: str) -> PadConfig | None:
    """None when the pad's own keys are broken; a display that parsed despite a problem (a key
    of the other interface) is kept, so that the cross-key checks see it as the main display's."""
    pad = r.section(PadConfig, raw, key, also=["display"])
    display = None
    if isinstance(raw, dict) and "display" in raw:
        display = read_display(r, raw["display"], join(key, "display"), private=True)
    if pad is None:
        return None
    return dataclasses.replace(pad, display=display)


def read_players(
    r: Reader, data: dict[str, Any], phone_only: tuple[str, ...] = ()
) -> dict[str, PadConfig]:
    """The wired pads; `phone_only` seats count as players without one (the web's phones)."""
    players: dict[str, PadConfig] = {}
    if "players" not in data and len(phone_only) < 2:
        r.add(
            "players",
            "missing; accepted: a [players.COLOUR] table per player, "
            f"COLOUR one of {', '.join(PLAYER_COLOURS)} (or [web] phone_only seats)",
        )
        return players
    t = data.get("players", {})
    if not isinstance(t, dict):
        r.add("players", "expected [players.COLOUR] tables")
        return players
    for colour in t:
        if colour not in PLAYER_COLOURS:
            r.add(
                join("players", colour),
                f"{shown(colour)} is not a player colour; accepted: {', '.join(PLAYER_COLOURS)}",
            )
    seats = len({*t, *phone_only})
    if not 2 <= seats <= len(PLAYER_COLOURS):
        most = len(PLAYER_COLOURS)  # a game seats fewer: the setup screen says so
        r.add(
            "players",
            f"{seats} players configured; accepted: 2–{most} seats, "
            "each a [players.COLOUR] pad or a [web] phone_only phone",
        )
    for colour, raw in t.items():
        if colour in PLAYER_COLOURS and (pad := read_pad(r, raw, f"players.{colour}")) is not None:
            players[colour] = pad
    return players


def read_web(r: Reader, data: dict[str, Any]) -> WebConfig:
    return r.section(WebConfig, data.get("web", {}), "web") or WebConfig()
