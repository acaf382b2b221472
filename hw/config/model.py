"""The typed hardware config: one self-checking dataclass per TOML section (see hw.checked).

Each default and each accepted range is written once, here.

>>> DisplayConfig("display", model="ssd1306", width=128, height=32).mode
'1'
>>> PadConfig(left=4, right=17, select=27).pin(Btn.SELECT)
27
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from hw.checked import REQUIRED, Checked, ConfigError, setting
from hw.config.luma_models import DISPLAY_MODELS, probe_display_mode, supported_sizes
from hw.config.voices import (
    DEVICE_ACCEPT,
    PROGRAM_ACCEPT,
    VOICE_ACCEPT,
    VOICE_REFUSED,
    device_ok,
    program_ok,
    voice_ok,
)
from hw.events import Btn
from hw.input import InputTiming

BACKENDS = ("auto", "mock", "pi")
# The seat colours a pad may be: El Grande's five, and the sixth Carcassonne's expansion adds.
PLAYER_COLOURS = ("red", "blue", "yellow", "green", "black", "pink")
USABLE_GPIOS = range(2, 28)  # BCM 2–27 on the 40-pin header; 0/1 are the HAT ID EEPROM
GPIO_ACCEPT = "a BCM GPIO number 2–27"
I2C1_PINS = {2: "SDA", 3: "SCL"}
TRUE_FALSE = "true or false"


def gpio(default: Any = REQUIRED, **kw: Any) -> Any:
    """A GPIO number field."""
    return setting(
        default, kind=int, accept=GPIO_ACCEPT, check=USABLE_GPIOS.__contains__, gpio=True, **kw
    )


def _mid_tones() -> tuple[str, ...]:
    """Every accepted ``buzzer.mid_tone``: C4–C6, where a small buzzer sounds and where the cues (an
    octave either side) and gpiozero's range (up to 3 octaves either side) stay playable."""
    from gpiozero.tones import Tone

    return tuple(Tone.from_midi(m).note for m in range(60, 85))


MID_TONES = _mid_tones()


@dataclass(frozen=True)
class BusConfig(Checked):
    i2c: bool = setting(True, accept=TRUE_FALSE)  # i2c-1 on GPIO 2/3 (the mux hangs off it)
    spi: str = setting("1cs", choices=("off", "1cs", "2cs"))  # SPI0: CE0 only, or CE0 and CE1
    spi_miso: bool = setting(False, accept=TRUE_FALSE)  # False when no_miso frees GPIO 9
    # /dev/gpiochipN for lgpio; None lets gpiozero pick (gpiochip4 on a Pi 5 that has it)
    gpio_chip: int | None = setting(
        None, kind=int, accept="a gpiochip number 0–15", check=range(16).__contains__
    )

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
class MuxConfig(Checked):
    address: int = setting(0x70, accept="0x70–0x77", check=range(0x70, 0x78).__contains__, hex=True)


@dataclass(frozen=True)
class DisplayConfig(Checked):
    key: str  # where it was configured, for messages
    _: KW_ONLY
    model: str = setting(
        REQUIRED,
        kind=str,
        accept=", ".join(DISPLAY_MODELS),
        check=DISPLAY_MODELS.__contains__,
        refused="{value} is not a luma.oled display model this companion drives",
    )
    interface: str = setting("i2c", choices=("i2c", "spi"))
    width: int = setting(
        REQUIRED,
        kind=int,
        accept="a width in pixels the model supports",
        check=range(1, 1025).__contains__,  # no OLED is wider; a huge number is no size
    )
    height: int = setting(
        REQUIRED,
        kind=int,
        accept="a height in pixels the model supports",
        check=range(1, 1025).__contains__,  # no OLED is wider; a huge number is no size
    )
    rotate: int = setting(0, choices=(0, 1, 2, 3))
    contrast: int = setting(255, accept="0–255", check=range(256).__contains__)
    # An explicit /dev/i2c-N: overrides mux_channel.
    i2c_port: int | None = setting(
        None, kind=int, accept="an I²C bus number 0–255 (/dev/i2c-N)", check=range(256).__contains__
    )
    # TCA9548A channel; its bus is found in sysfs at start.
    mux_channel: int | None = setting(
        None, kind=int, accept="a mux channel 0–7", check=range(8).__contains__
    )
    address: int = setting(
        0x3C, accept="an I²C address 0x03–0x77", check=range(3, 0x78).__contains__, hex=True
    )
    spi_port: int = setting(0, choices=(0, 1))
    spi_device: int = setting(0, choices=(0, 1))
    dc: int | None = gpio(None)
    reset: int | None = gpio(None)
    mode: str = field(init=False, default="")  # the PIL mode luma's driver takes, asked of luma

    def _cross_check(self) -> list[str]:
        if self.interface == "spi" and self.dc is None:
            return [f"dc: missing; an SPI display needs its D/C line: {GPIO_ACCEPT}"]
        mode = probe_display_mode(self.model, self.width, self.height, self.rotate)
        if mode is None:
            sizes = ", ".join(f"{w}×{h}" for w, h in supported_sizes(self.model))
            return [
                f"width: {self.width}×{self.height} is not a size luma's {self.model} supports; "
                f"accepted: {sizes}"
            ]
        object.__setattr__(self, "mode", mode)
        return []

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
class MatrixConfig(Checked):
    spi_port: int = setting(0, choices=(0, 1))
    spi_device: int = setting(0, choices=(0, 1))
    cascaded: int = setting(4, accept="1–16 MAX7219 modules", check=range(1, 17).__contains__)
    block_orientation: int = setting(0, choices=(0, 90, -90, 180))
    rotate: int = setting(0, choices=(0, 1, 2, 3))
    brightness: int = setting(32, accept="0–255", check=range(256).__contains__)

    @property
    def size(self) -> tuple[int, int]:
        w, h = 8 * self.cascaded, 8
        return (h, w) if self.rotate % 2 else (w, h)


@dataclass(frozen=True)
class SpeakerConfig(Checked):
    enabled: bool = setting(True, accept=TRUE_FALSE)
    voice: str = setting("en", accept=VOICE_ACCEPT, check=voice_ok, refused=VOICE_REFUSED)
    rate: int = setting(150, accept="words per minute, 80–450", check=range(80, 451).__contains__)
    volume: int = setting(100, accept="espeak-ng amplitude 0–200", check=range(201).__contains__)
    executable: str = setting("espeak-ng", accept=PROGRAM_ACCEPT, check=program_ok)
    # The ALSA device espeak-ng plays on; "" is ALSA's default (card 0: HDMI on a Pi 5).
    device: str = setting("", accept=DEVICE_ACCEPT, check=device_ok)


@dataclass(frozen=True)
class BuzzerConfig(Checked):
    pin: int = gpio()
    mid_tone: str = setting(
        "A5", accept='a note name from C4 to C6 such as "A5" or "C#5"', check=MID_TONES.__contains__
    )
    octaves: int = setting(1, accept="1–3", check=range(1, 4).__contains__)


PAD_MISSING = f"every player needs a pad: left, right and select, each {GPIO_ACCEPT}"


def _ip_address(text: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


# A version-3 QR code (29 modules; 62 px at 2 px a module with a one-module quiet zone) holds 53
# bytes at the lowest error correction: the largest a 64 px tall main display shows scannable.
WIFI_QR_BYTES = 53
WIFI_FRAME = len("WIFI:T:WPA;S:;P:;;")  # the text around the name and the password


def _ssid_ok(v: str) -> bool:
    return len(v.encode()) <= 32 and v.isprintable()


def _wifi_escape(text: str) -> str:
    for ch in '\\;,:"':
        text = text.replace(ch, "\\" + ch)
    return text


@dataclass(frozen=True)
class WebConfig(Checked):
    """The web server for phones and a board screen (``companion run --web`` also turns it on)."""

    enabled: bool = setting(False, accept=TRUE_FALSE)
    # Every interface on the table's own network; a test binds 127.0.0.1 only.
    bind: str = setting(
        "0.0.0.0", accept="an IP address, e.g. 0.0.0.0 or 10.42.0.1", check=_ip_address
    )
    port: int = setting(8080, accept="a TCP port 1–65535", check=range(1, 65536).__contains__)
    # Seats played by phone only: the board says when one must decide and its phone is away.
    phone_only: Any = setting(
        (),
        kind=(list, tuple),  # type: ignore[arg-type]
        accept=f'a list of player colours ({", ".join(PLAYER_COLOURS)}), e.g. ["green"]',
        check=lambda v: all(isinstance(x, str) and x in PLAYER_COLOURS for x in v),
    )

    # The device's own access point, shown as a Wi-Fi-join QR code on the Phones page (the
    # password on that page only: it is in no repr, log line or problem).
    wifi_ssid: str = setting(
        "", accept="the Wi-Fi's name, 1–32 bytes (empty: no Wi-Fi code)", check=_ssid_ok
    )
    wifi_password: str = setting(
        "",
        accept="a WPA passphrase, 8–63 printable ASCII characters (empty: an open Wi-Fi)",
        check=lambda v: v == "" or (8 <= len(v) <= 63 and v.isascii() and v.isprintable()),
        secret=True,
    )

    def _cross_check(self) -> list[str]:
        object.__setattr__(self, "phone_only", tuple(self.phone_only))  # frozen: a tuple
        if self.wifi_password and not self.wifi_ssid:
            return ["wifi_password: set without wifi_ssid; accepted: both, or neither"]
        size = len(self.wifi_join_text().encode())
        if size > WIFI_QR_BYTES:
            room = WIFI_QR_BYTES - WIFI_FRAME
            return [
                f"wifi_ssid: with its password, {size - WIFI_FRAME} bytes (a backslash before "
                f'each \\ ; , : " counted); accepted: at most {room}, what a QR code on a 64 px '
                "display holds"
            ]
        return []

    def wifi_join_text(self) -> str:
        r"""What a phone camera reads to join the Wi-Fi ("" without one): the `WIFI:` format,
        \ ; , : and " escaped with a backslash.

        >>> WebConfig(wifi_ssid='Table;1', wifi_password='a:b"c\\d,e').wifi_join_text()
        'WIFI:T:WPA;S:Table\\;1;P:a\\:b\\"c\\\\d\\,e;;'
        """
        if not self.wifi_ssid:
            return ""
        ssid, password = _wifi_escape(self.wifi_ssid), _wifi_escape(self.wifi_password)
        if not password:
            return f"WIFI:T:nopass;S:{ssid};;"
        return f"WIFI:T:WPA;S:{ssid};P:{password};;"


@dataclass(frozen=True)
class PadConfig(Checked):
    left: int = gpio(missing=PAD_MISSING)
    right: int = gpio(missing=PAD_MISSING)
    select: int = gpio(missing=PAD_MISSING)
    led: int | None = gpio(None)
    display: DisplayConfig | None = None  # a table of its own: read by the pad's reader

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
    web: WebConfig = field(default_factory=WebConfig)

    @property
    def seats(self) -> tuple[str, ...]:
        """Every seat at the table: the wired pads, then the seats played by phone only that
        have no pad wired (no `[players.COLOUR]` table)."""
        return (*self.players, *(p for p in self.web.phone_only if p not in self.players))

    def displays(self) -> list[DisplayConfig]:
        """The main display, then each pad display."""
        return [self.display, *(p.display for p in self.players.values() if p.display)]

    def gpios(self) -> dict[int, str]:
        """Every GPIO this config uses, with the key that uses it."""
        uses: dict[int, str] = {}
        for colour, pad in self.players.items():
            for name in ("left", "right", "select", "led"):
                if (pin := getattr(pad, name)) is not None:
                    uses[pin] = f"players.{colour}.{name}"
        for name in ("dc", "reset"):
            if (pin := getattr(self.display, name)) is not None:
                uses[pin] = f"display.{name}"
        if self.buzzer:
            uses[self.buzzer.pin] = "buzzer.pin"
        return uses

    def summary(self) -> str:
        pads = sum(1 for p in self.players.values() if p.display)
        parts = [
            f"backend {self.backend}",
            f"{len(self.seats)} players ({', '.join(self.seats)})",
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


__all__ = [
    "BACKENDS",
    "MID_TONES",
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
]
