"""The hardware config: TOML in, a validated, typed :class:`HardwareConfig` out.

Validation collects *every* problem before giving up, each naming its key and what is accepted,
and nothing starts on a bad config.

>>> cfg = load_config("config/sim.toml")
>>> sorted(cfg.players)
['blue', 'green', 'red', 'yellow']
>>> try:
...     parse_config({"backend": "cloud"}, "x.toml")
... except ConfigError as e:
...     print(e.problems[0])
backend: 'cloud' is not accepted; accepted: 'auto', 'mock', 'pi'
"""

from __future__ import annotations

import functools
import tomllib
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hw.events import Btn
from hw.input import InputTiming
from hw.luma_hooks import construct, forget_hooks

BACKENDS = ("auto", "mock", "pi")
PLAYER_COLOURS = ("red", "blue", "yellow", "green", "black")
# The luma.oled models this companion drives (the list); luma must also have them.
DISPLAY_MODELS = ("ssd1306", "sh1106", "ssd1309", "ssd1322", "ssd1325", "ssd1327")
USABLE_GPIOS = range(2, 28)  # BCM 2–27 on the 40-pin header; 0/1 are the HAT ID EEPROM
I2C1_PINS = {2: "SDA", 3: "SCL"}
SPI0_PINS = {11: "SCLK", 10: "MOSI", 9: "MISO", 8: "CE0", 7: "CE1"}


class ConfigError(Exception):
    """A config was refused; :attr:`problems` lists every reason, one line each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class BusConfig:
    i2c: bool = True  # i2c-1 on GPIO 2/3 (the TCA9548A hangs off it)
    spi: str = "1cs"  # SPI0: "off", "1cs" (CE0 only) or "2cs" (CE0 and CE1)
    spi_miso: bool = False  # False when the overlay frees GPIO 9 (spi0-1cs,no_miso)
    gpio_chip: int | None = None  # /dev/gpiochipN for lgpio; None: gpiozero picks (4 on a Pi 5)

    def reserved(self) -> dict[int, str]:
        """GPIOs claimed by the buses in use, with their role."""
        pins: dict[int, str] = {}
        if self.i2c:
            pins.update({p: f"I²C {r}" for p, r in I2C1_PINS.items()})
        if self.spi != "off":
            roles = {11: "SCLK", 10: "MOSI", 8: "CE0"}
            if self.spi_miso:
                roles[9] = "MISO"
            if self.spi == "2cs":
                roles[7] = "CE1"
            pins.update({p: f"SPI0 {r}" for p, r in roles.items()})
        return pins


@dataclass(frozen=True)
class DisplayConfig:
    key: str  # where it was configured, for messages
    model: str
    width: int
    height: int
    mode: str  # the PIL mode luma's driver wants ("1" or "RGB"), probed from luma itself
    interface: str = "i2c"  # "i2c" or "spi"
    i2c_port: int | None = None  # an explicit /dev/i2c-N: overrides mux_channel
    mux_channel: int | None = None  # TCA9548A channel; its bus is found in sysfs at start
    address: int = 0x3C
    spi_port: int = 0
    spi_device: int = 0
    dc: int | None = None
    reset: int | None = None
    rotate: int = 0
    contrast: int = 255

    @property
    def size(self) -> tuple[int, int]:
        """The size of the images to render: width × height after rotation."""
        return (self.height, self.width) if self.rotate % 2 else (self.width, self.height)

    def describe(self) -> str:
        where = (
            f"{self.i2c_bus()} at 0x{self.address:02X}"
            if self.interface == "i2c"
            else f"SPI{self.spi_port}.{self.spi_device}"
        )
        return f"{self.model} {self.width}×{self.height} on {where}"

    def i2c_bus(self) -> str:
        """Where an I²C display is, as the config says it (the port is found at start)."""
        if self.i2c_port is None and self.mux_channel is not None:
            return f"mux channel {self.mux_channel}"
        return f"I²C port {1 if self.i2c_port is None else self.i2c_port}"

    def on_root_bus(self) -> bool:
        """True for an I²C display on i2c-1 itself, beside the mux (not behind it)."""
        if self.i2c_port is not None:
            return self.i2c_port == 1
        return self.mux_channel is None


@dataclass(frozen=True)
class MatrixConfig:
    spi_port: int = 0
    spi_device: int = 0
    cascaded: int = 4
    block_orientation: int = 0
    rotate: int = 0
    brightness: int = 32

    @property
    def size(self) -> tuple[int, int]:
        w, h = 8 * self.cascaded, 8
        return (h, w) if self.rotate % 2 else (w, h)


@dataclass(frozen=True)
class SpeakerConfig:
    enabled: bool = True
    voice: str = "en"
    rate: int = 150  # words per minute
    volume: int = 100  # espeak-ng amplitude, 0–200
    executable: str = "espeak-ng"


@dataclass(frozen=True)
class BuzzerConfig:
    pin: int
    mid_tone: str = "A5"
    octaves: int = 1


@dataclass(frozen=True)
class PadConfig:
    left: int
    right: int
    select: int
    led: int | None = None
    display: DisplayConfig | None = None

    def pin(self, button: Btn) -> int:
        return {Btn.LEFT: self.left, Btn.RIGHT: self.right, Btn.SELECT: self.select}[button]


@dataclass(frozen=True)
class HardwareConfig:
    source: str
    backend: str
    buses: BusConfig
    input: InputTiming
    display: DisplayConfig
    players: dict[str, PadConfig]
    matrix: MatrixConfig | None = None
    speaker: SpeakerConfig = field(default_factory=SpeakerConfig)
    buzzer: BuzzerConfig | None = None
    mux_address: int | None = None

    def gpios(self) -> dict[int, str]:
        """Every GPIO this config uses, with the key that uses it."""
        return dict(_gpio_uses(self))

    def summary(self) -> str:
        pads = sum(1 for p in self.players.values() if p.display)
        parts = [
            f"backend {self.backend}",
            f"{len(self.players)} players ({', '.join(self.players)})",
            f"main display {self.display.describe()}",
            f"{pads} pad display{'s' if pads != 1 else ''}",
        ]
        if self.matrix:
            m = self.matrix
            parts.append(f"matrix {m.cascaded}×MAX7219 on SPI{m.spi_port}.{m.spi_device}")
        if self.buzzer:
            parts.append(f"buzzer on GPIO {self.buzzer.pin}")
        sp = self.speaker
        parts.append(f"voice {sp.voice} at {sp.rate} wpm" if sp.enabled else "voice off")
        return ", ".join(parts)


# --- reading ------------------------------------------------------------------------------------

_REQUIRED: Any = object()


def _show(value: object) -> str:
    return "" if isinstance(value, dict) else repr(value)


def _type_name(value: object) -> str:
    return {bool: "boolean", int: "integer", float: "number", str: "string", dict: "table"}.get(
        type(value), type(value).__name__
    )


class _Reader:
    """Collects problems while pulling typed values out of nested TOML tables."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.gpio_uses: list[tuple[int, str]] = []  # every valid GPIO read, for cross-checks

    def add(self, key: str, message: str) -> None:
        self.problems.append(f"{key}: {message}")

    def table(self, value: object, key: str, allowed: Iterable[str]) -> dict[str, Any] | None:
        allowed = tuple(allowed)
        if not isinstance(value, dict):
            self.add(key, f"expected a table, got {_type_name(value)} {_show(value)}".rstrip())
            return None
        for k in value:
            if k not in allowed:
                self.add(_join(key, k), f"unknown key; accepted here: {', '.join(allowed)}")
        return value

    def get(
        self,
        t: dict[str, Any],
        key: str,
        name: str,
        kind: type,
        default: Any = _REQUIRED,
        accept: str = "",
        check: Callable[[Any], bool] | None = None,
    ) -> Any:
        path = _join(key, name)
        if name not in t:
            if default is _REQUIRED:
                self.add(path, f"missing; accepted: {accept or kind.__name__}")
            return None if default is _REQUIRED else default
        v = t[name]
        ok_type = (
            isinstance(v, (int, float)) and not isinstance(v, bool)
            if kind is float
            else isinstance(v, kind) and (kind is bool or not isinstance(v, bool))
        )
        if not ok_type or (check is not None and not check(v)):
            what = (
                f"got {_type_name(v)} {_show(v)}".rstrip()
                if not ok_type
                else f"{_show(v)} is not accepted"
            )
            self.add(path, f"{what}; accepted: {accept or kind.__name__}")
            return None
        return float(v) if kind is float else v

    def gpio(self, t: dict[str, Any], key: str, name: str, default: Any = _REQUIRED) -> int | None:
        """Read a GPIO number and remember who uses it."""
        v = self.get(t, key, name, int, default, _gpio_accept(), _is_gpio)
        if v is not None:
            self.gpio_uses.append((v, _join(key, name)))
        return v

    def choice(
        self,
        t: dict[str, Any],
        key: str,
        name: str,
        choices: Iterable[Any],
        default: Any = _REQUIRED,
    ) -> Any:
        choices = tuple(choices)
        accept = ", ".join(repr(c) for c in choices)
        kind = type(choices[0])
        return self.get(t, key, name, kind, default, accept, lambda v: v in choices)


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def _gpio_accept() -> str:
    return "a BCM GPIO number 2–27"


def _is_gpio(v: int) -> bool:
    return v in USABLE_GPIOS


def _read_display(r: _Reader, raw: object, key: str, *, private: bool) -> DisplayConfig | None:
    allowed = [
        "model",
        "interface",
        "width",
        "height",
        "rotate",
        "contrast",
        "i2c_port",
        "mux_channel",
        "address",
        "spi_port",
        "spi_device",
        "dc",
        "reset",
    ]
    t = r.table(raw, key, allowed)
    if t is None:
        return None
    before = len(r.problems)
    model = r.get(t, key, "model", str, accept=", ".join(DISPLAY_MODELS))
    if model is not None and model not in DISPLAY_MODELS:
        r.add(
            _join(key, "model"),
            f"{model!r} is not a luma.oled display model this companion drives; "
            f"accepted: {', '.join(DISPLAY_MODELS)}",
        )
        model = None
    interfaces = ("i2c",) if private else ("i2c", "spi")
    interface = r.choice(t, key, "interface", interfaces, "i2c")
    width = r.get(
        t, key, "width", int, accept="a width in pixels the model supports", check=lambda v: v > 0
    )
    height = r.get(
        t, key, "height", int, accept="a height in pixels the model supports", check=lambda v: v > 0
    )
    rotate = r.choice(t, key, "rotate", (0, 1, 2, 3), 0)
    contrast = r.get(t, key, "contrast", int, 255, "0–255", lambda v: 0 <= v <= 255)
    i2c_port = r.get(
        t, key, "i2c_port", int, None, "an I²C bus number (/dev/i2c-N)", lambda v: v >= 0
    )
    mux_channel = r.get(
        t, key, "mux_channel", int, None, "a mux channel 0–7", lambda v: 0 <= v <= 7
    )
    address = r.get(
        t, key, "address", int, 0x3C, "an I²C address 0x03–0x77", lambda v: 0x03 <= v <= 0x77
    )
    spi_port = r.choice(t, key, "spi_port", (0, 1), 0)
    spi_device = r.choice(t, key, "spi_device", (0, 1), 0)
    dc = r.gpio(t, key, "dc", None)
    reset = r.gpio(t, key, "reset", None)
    if interface == "spi" and "dc" not in t:
        r.add(_join(key, "dc"), f"missing; an SPI display needs its D/C line: {_gpio_accept()}")
    if interface == "i2c":
        for name in ("spi_port", "spi_device", "dc", "reset"):
            if name in t:
                r.add(
                    _join(key, name),
                    "only for interface = 'spi'; remove it or set interface = 'spi'",
                )
    elif interface == "spi":
        for name in ("i2c_port", "mux_channel", "address"):
            if name in t:
                r.add(
                    _join(key, name),
                    "only for interface = 'i2c'; remove it or set interface = 'i2c'",
                )
    mode = None
    if model is not None and width is not None and height is not None and rotate is not None:
        mode = probe_display_mode(model, width, height, rotate)
        if mode is None:
            r.add(
                _join(key, "width"),
                f"{width}×{height} is not a size luma's {model} supports; "
                f"accepted: {', '.join(f'{w}×{h}' for w, h in _supported_sizes(model))}",
            )
    if len(r.problems) > before or mode is None:
        return None
    return DisplayConfig(
        key=key,
        model=model,
        width=width,
        height=height,
        mode=mode,
        interface=interface,
        i2c_port=i2c_port,
        mux_channel=mux_channel,
        address=address,
        spi_port=spi_port,
        spi_device=spi_device,
        dc=dc,
        reset=reset,
        rotate=rotate,
        contrast=contrast,
    )


@functools.lru_cache(maxsize=64)
def probe_display_mode(model: str, width: int, height: int, rotate: int = 0) -> str | None:
    """Ask luma's own driver (on a no-op interface) whether it can drive this size.

    Returns the PIL mode the driver takes, or None if luma refuses the size.

    >>> probe_display_mode("ssd1306", 128, 32)
    '1'
    """
    import luma.core.error
    import luma.oled.device
    from luma.core.interface.serial import noop

    cls = getattr(luma.oled.device, model)
    try:
        with warnings.catch_warnings():  # luma's init clears the screen via a deprecated call
            warnings.simplefilter("ignore", DeprecationWarning)
            device, hooks = construct(
                lambda bus: cls(serial_interface=bus, width=width, height=height, rotate=rotate),
                noop(),
            )
    except luma.core.error.DeviceDisplayModeError:
        return None
    forget_hooks(hooks)  # a probe: nothing to switch off at exit
    return device.mode


def _supported_sizes(model: str) -> list[tuple[int, int]]:
    candidates = [(w, h) for w in (64, 96, 128, 256) for h in (32, 48, 64, 128)]
    return [s for s in candidates if probe_display_mode(model, *s) is not None]


def _read_pad(r: _Reader, raw: object, key: str) -> PadConfig | None:
    t = r.table(raw, key, ["left", "right", "select", "led", "display"])
    if t is None:
        return None
    before = len(r.problems)
    pins = {}
    for name in ("left", "right", "select"):
        if name not in t:
            r.add(
                _join(key, name),
                f"missing; every player needs a pad: left, right and select, each {_gpio_accept()}",
            )
            continue
        pins[name] = r.gpio(t, key, name)
    led = r.gpio(t, key, "led", None)
    display = None
    if "display" in t:
        display = _read_display(r, t["display"], _join(key, "display"), private=True)
    if len(r.problems) > before:
        return None
    return PadConfig(**pins, led=led, display=display)


def parse_config(data: dict[str, Any], source: str = "<config>") -> HardwareConfig:
    """Validate a parsed TOML document; raises :class:`ConfigError` listing every problem."""
    r = _Reader()
    top = ["backend", "buses", "mux", "input", "display", "matrix", "speaker", "buzzer", "players"]
    r.table(data, "", top)
    backend = r.choice(data, "", "backend", BACKENDS, "auto")

    buses: BusConfig | None = None  # None: unusable, so bus clashes cannot be checked
    allowed = ["i2c", "spi", "spi_miso", "gpio_chip"]
    if (t := r.table(data.get("buses", {}), "buses", allowed)) is not None:
        before = len(r.problems)
        values = (
            r.get(t, "buses", "i2c", bool, True, "true or false"),
            r.choice(t, "buses", "spi", ("off", "1cs", "2cs"), "1cs"),
            r.get(t, "buses", "spi_miso", bool, False, "true or false"),
            r.get(t, "buses", "gpio_chip", int, None, "a gpiochip number 0–15", _is_chip),
        )
        if len(r.problems) == before:
            buses = BusConfig(*values)

    mux_address = None
    if "mux" in data and (t := r.table(data["mux"], "mux", ["address"])) is not None:
        mux_address = r.get(
            t, "mux", "address", int, 0x70, "0x70–0x77", lambda v: 0x70 <= v <= 0x77
        )

    timing = InputTiming()
    names = {
        "debounce_s": "debounce",
        "long_press_s": "long_press",
        "repeat_delay_s": "repeat_delay",
        "repeat_interval_s": "repeat_interval",
        "stuck_after_s": "stuck_after",
    }
    if (t := r.table(data.get("input", {}), "input", names)) is not None:
        values = {}
        for k, attr in names.items():
            v = r.get(
                t,
                "input",
                k,
                float,
                getattr(timing, attr),
                "seconds, a number > 0",
                lambda v: v > 0,
            )
            values[attr] = v if v is not None else getattr(timing, attr)
        timing = InputTiming(**values)
        if timing.long_press >= timing.stuck_after:
            r.add("input.stuck_after_s", "must be longer than input.long_press_s")
        if timing.debounce >= timing.long_press:
            r.add("input.debounce_s", "must be shorter than input.long_press_s")

    display = None
    if "display" not in data:
        r.add(
            "display", "missing; the main display is required: a table with model, width, height …"
        )
    else:
        display = _read_display(r, data["display"], "display", private=False)

    matrix = None
    if "matrix" in data:
        allowed = [
            "spi_port",
            "spi_device",
            "cascaded",
            "block_orientation",
            "rotate",
            "brightness",
        ]
        if (t := r.table(data["matrix"], "matrix", allowed)) is not None:
            before = len(r.problems)
            m = MatrixConfig(
                spi_port=r.choice(t, "matrix", "spi_port", (0, 1), 0),
                spi_device=r.choice(t, "matrix", "spi_device", (0, 1), 0),
                cascaded=r.get(
                    t, "matrix", "cascaded", int, 4, "1–16 MAX7219 modules", lambda v: 1 <= v <= 16
                ),
                block_orientation=r.choice(t, "matrix", "block_orientation", (0, 90, -90, 180), 0),
                rotate=r.choice(t, "matrix", "rotate", (0, 1, 2, 3), 0),
                brightness=r.get(
                    t, "matrix", "brightness", int, 32, "0–255", lambda v: 0 <= v <= 255
                ),
            )
            matrix = m if len(r.problems) == before else None

    speaker = SpeakerConfig()
    allowed = ["enabled", "voice", "rate", "volume", "executable"]
    if (t := r.table(data.get("speaker", {}), "speaker", allowed)) is not None:
        speaker = SpeakerConfig(
            enabled=r.get(t, "speaker", "enabled", bool, True, "true or false"),
            voice=r.get(
                t,
                "speaker",
                "voice",
                str,
                "en",
                "an espeak-ng voice name (espeak-ng --voices)",
                bool,
            ),
            rate=r.get(
                t, "speaker", "rate", int, 150, "words per minute, 80–450", lambda v: 80 <= v <= 450
            ),
            volume=r.get(
                t,
                "speaker",
                "volume",
                int,
                100,
                "espeak-ng amplitude 0–200",
                lambda v: 0 <= v <= 200,
            ),
            executable=r.get(
                t, "speaker", "executable", str, "espeak-ng", "a program name or path", bool
            ),
        )

    buzzer = None
    if (
        "buzzer" in data
        and (t := r.table(data["buzzer"], "buzzer", ["pin", "mid_tone", "octaves"])) is not None
    ):
        pin = r.gpio(t, "buzzer", "pin")
        mid = r.get(t, "buzzer", "mid_tone", str, "A5", "a note name such as 'A5'", _is_note)
        octaves = r.get(t, "buzzer", "octaves", int, 1, "1–3", lambda v: 1 <= v <= 3)
        if pin is not None and mid is not None and octaves is not None:
            buzzer = BuzzerConfig(pin=pin, mid_tone=mid, octaves=octaves)

    players: dict[str, PadConfig] = {}
    if "players" not in data:
        r.add(
            "players",
            "missing; accepted: a [players.COLOUR] table per player, "
            f"COLOUR one of {', '.join(PLAYER_COLOURS)}",
        )
    elif not isinstance(data["players"], dict):
        r.add("players", "expected [players.COLOUR] tables")
    else:
        t = data["players"]
        for colour in t:
            if colour not in PLAYER_COLOURS:
                r.add(
                    f"players.{colour}",
                    f"{colour!r} is not a player colour; accepted: {', '.join(PLAYER_COLOURS)}",
                )
        if not 2 <= len(t) <= 5:
            r.add("players", f"{len(t)} players configured; El Grande needs 2–5")
        for colour, raw in t.items():
            if (
                colour in PLAYER_COLOURS
                and (pad := _read_pad(r, raw, f"players.{colour}")) is not None
            ):
                players[colour] = pad

    displays = [d for d in (display, *(p.display for p in players.values())) if d is not None]
    _check_wiring(r, buses, displays, matrix, mux_address)
    if r.problems:
        raise ConfigError(r.problems)
    assert buses is not None and display is not None  # else there were problems
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
    )


def _is_chip(v: int) -> bool:
    return 0 <= v <= 15


def _is_note(v: str) -> bool:
    from gpiozero.tones import Tone

    try:
        Tone(v)
    except ValueError:
        return False
    return True


def _gpio_uses(cfg: HardwareConfig) -> list[tuple[int, str]]:
    uses: list[tuple[int, str]] = []
    for colour, pad in cfg.players.items():
        for name in ("left", "right", "select", "led"):
            if (pin := getattr(pad, name)) is not None:
                uses.append((pin, f"players.{colour}.{name}"))
    for name in ("dc", "reset"):
        if (pin := getattr(cfg.display, name)) is not None:
            uses.append((pin, f"display.{name}"))
    if cfg.buzzer:
        uses.append((cfg.buzzer.pin, "buzzer.pin"))
    return uses


def _check_wiring(
    r: _Reader,
    buses: BusConfig | None,
    displays: list[DisplayConfig],
    matrix: MatrixConfig | None,
    mux_address: int | None,
) -> None:
    """Cross-key checks on whatever parsed: GPIOs used twice, bus clashes, I²C addresses,
    SPI chip selects. They run even when single keys were wrong, so one pass reports all."""
    seen: dict[int, str] = {}
    reserved = buses.reserved() if buses is not None else {}
    for pin, key in r.gpio_uses:
        if pin in seen:
            r.add(key, f"GPIO {pin} is already used by {seen[pin]}; each GPIO can be used once")
        else:
            seen[pin] = key
        if pin in reserved:
            r.add(
                key,
                f"GPIO {pin} is {reserved[pin]}, which the buses in use claim; "
                f"accepted: a GPIO other than {', '.join(str(p) for p in sorted(reserved))}",
            )
    if buses is None:
        return

    i2c_seen: dict[tuple[str, int], str] = {}
    for d in displays:
        if d.interface != "i2c":
            continue
        if not buses.i2c:
            r.add(
                _join(d.key, "interface"), "is 'i2c' but buses.i2c = false; enable I²C or use SPI"
            )
        if d.mux_channel is not None and mux_address is None:
            r.add(_join(d.key, "mux_channel"), "needs a [mux] table with the mux's address")
        spot = (d.i2c_bus(), d.address)
        if spot in i2c_seen:
            r.add(
                _join(d.key, "address"),
                f"0x{d.address:02X} on {d.i2c_bus()} is already used by {i2c_seen[spot]}; "
                "give each display its own mux channel or address",
            )
        i2c_seen[spot] = d.key
        # A device on the root bus also answers while any mux channel is selected.
        if mux_address is not None and d.on_root_bus() and d.address == mux_address:
            r.add(
                _join(d.key, "address"), f"0x{d.address:02X} is the mux's own address (mux.address)"
            )
    if mux_address is not None:
        i2c = [d for d in displays if d.interface == "i2c"]
        root = {d.address: d.key for d in i2c if d.on_root_bus()}
        for d in i2c:
            if not d.on_root_bus() and d.address in root:
                r.add(
                    _join(d.key, "address"),
                    f"0x{d.address:02X} behind the mux clashes with {root[d.address]} on the "
                    "root bus (port 1); move one of them to another address or mux channel",
                )

    spi_users = [(d.spi_port, d.spi_device, d.key) for d in displays if d.interface == "spi"]
    if matrix:
        spi_users.append((matrix.spi_port, matrix.spi_device, "matrix"))
    taken: dict[tuple[int, int], str] = {}
    for port, dev, key in spi_users:
        if port != 0:
            r.add(f"{key}.spi_port", "only SPI0 is described by [buses]; accepted: 0")
        elif buses.spi == "off":
            r.add(
                f"{key}.spi_port",
                "needs SPI but buses.spi = 'off'; accepted: buses.spi = '1cs' or '2cs'",
            )
        elif dev == 1 and buses.spi != "2cs":
            r.add(f"{key}.spi_device", "CE1 needs buses.spi = '2cs' (and GPIO 7 free)")
        if (port, dev) in taken:
            r.add(f"{key}.spi_device", f"SPI{port}.{dev} is already used by {taken[(port, dev)]}")
        taken[(port, dev)] = key


# --- entry points ------------------------------------------------------------------------------


def load_config(path: str | Path) -> HardwareConfig:
    """Read and validate a TOML file; raises :class:`ConfigError` (never a traceback's worth).

    Problems name the key, not the file: the caller knows which file it asked for.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(["no such file"]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError([f"cannot be read ({e.__class__.__name__}: {e})"]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError([f"not valid TOML: {e}"]) from None
    return parse_config(data, str(path))
