"""A player's pad: three buttons (◀ ▶ ●) and one LED on gpiozero, plus an optional display.

Buttons are gpiozero ``DigitalInputDevice`` with the pull-up on (a button shorts its GPIO to
ground). Not ``Button``: long press lives in :mod:`hw.input` with an injected clock, and
``Button``'s hold thread only adds a 100 ms stop on close. Callbacks arrive on gpiozero's
thread and only hand the edge on.

>>> from gpiozero.pins.mock import MockFactory, MockPWMPin
>>> from hw.config import PadConfig
>>> edges = []
>>> factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
>>> pad = Pad("red", PadConfig(left=4, right=17, select=27, led=22), pin_factory=factory,
...           on_edge=lambda *e: edges.append(e))
>>> factory.pin(27).drive_low()   # press ●
>>> edges
[('red', <Btn.SELECT: 'select'>, True)]
>>> pad.led_blink(); pad.led_state
'blink'
>>> pad.close()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpiozero import LED, DigitalInputDevice

from hw.config import PadConfig
from hw.display import Display
from hw.errors import StartupError, gpio_problem
from hw.events import Btn

EdgeSink = Callable[[str, Btn, bool], None]


class Pad:
    """Buttons and LED of one player; input goes to ``on_edge(player, button, pressed)``."""

    def __init__(
        self,
        player: str,
        cfg: PadConfig | None,  # None: a seat played by phone only, nothing wired
        *,
        on_edge: EdgeSink,
        pin_factory: Any = None,
        display: Display | None = None,
    ) -> None:
        self.player = player
        self.display = display
        self.buttons: dict[Btn, DigitalInputDevice] = {}
        self.led: LED | None = None
        self._led_state = "off"
        if cfg is None:
            return
        try:
            for button in Btn:
                pin = cfg.pin(button)
                dev = _claim(
                    f"players.{player}.{button.value}",
                    pin,
                    lambda pin=pin: DigitalInputDevice(
                        pin, pull_up=True, bounce_time=None, pin_factory=pin_factory
                    ),
                )
                # Bind per button; the callback only forwards (it runs on gpiozero's thread).
                dev.when_activated = _forward(on_edge, player, button, True)
                dev.when_deactivated = _forward(on_edge, player, button, False)
                self.buttons[button] = dev
            if (led := cfg.led) is not None:
                self.led = _claim(
                    f"players.{player}.led", led, lambda: LED(led, pin_factory=pin_factory)
                )
        except Exception:
            self.close()
            raise

    def __repr__(self) -> str:
        return f"<Pad {self.player!r}>"

    def pressed_now(self) -> frozenset[Btn]:
        """Buttons down right now (raw level; used once at start for stuck buttons)."""
        return frozenset(b for b, dev in self.buttons.items() if dev.is_active)

    def led_on(self) -> None:
        self._led_state = "on"
        if self.led:
            self.led.on()

    def led_off(self) -> None:
        self._led_state = "off"
        if self.led:
            self.led.off()

    def led_blink(self, on_time: float = 0.5, off_time: float = 0.5) -> None:
        """Blink in the background (gpiozero's own blink thread)."""
        self._led_state = "blink"
        if self.led:
            self.led.blink(on_time=on_time, off_time=off_time)

    @property
    def led_state(self) -> str:
        """'on', 'off' or 'blink'."""
        return self._led_state

    def close(self) -> None:
        for dev in self.buttons.values():
            dev.close()
        self.buttons = {}
        if self.led:
            self.led.close()
            self.led = None
        if self.display:
            self.display.close()


def _claim(key: str, pin: int, make: Callable[[], Any]) -> Any:
    """``make()`` the gpiozero device on ``pin``; a GPIO the kernel holds, or a gpiochip the user
    may not open, becomes a :class:`StartupError` naming ``key`` and the fix."""
    try:
        return make()
    except Exception as e:
        if (problem := gpio_problem(e, key, pin)) is None:
            raise
        raise StartupError([problem]) from e


def _forward(sink: EdgeSink, player: str, button: Btn, pressed: bool) -> Callable[[], None]:
    def callback() -> None:
        sink(player, button, pressed)

    return callback
