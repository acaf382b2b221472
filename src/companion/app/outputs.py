"""Writing to the devices: only an image that changed is sent, only an LED that changed is set.

Everything the public may perceive leaves through here (main display, matrix, LEDs, voice,
buzzer), so a test can watch one place; pad displays are private and written the same way.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PIL import Image

from hw.hardware import Hardware

log = logging.getLogger(__name__)


class Outputs:
    def __init__(self, hw: Hardware) -> None:
        self.hw = hw
        self._images: dict[str, bytes] = {}
        self._leds: dict[str, bool] = {}
        self.writes = 0  # images actually sent (what "only changed" saves)
        # Watchers of the public outputs (the demo prints them, sim draws them).
        self.on_say: list[Callable[[str], None]] = []
        self.on_main: list[Callable[[Image.Image], None]] = []

    def _changed(self, key: str, image: Image.Image) -> bool:
        data = image.mode.encode() + repr(image.size).encode() + image.tobytes()
        if self._images.get(key) == data:
            return False
        self._images[key] = data
        self.writes += 1
        return True

    def main(self, image: Image.Image) -> bool:
        """Show `image` on the main display; True if it was new."""
        if self._changed("main", image):
            self.hw.display.show(image)
            for watch in self.on_main:
                watch(image)
            return True
        return False

    def matrix(self, image: Image.Image) -> None:
        m = self.hw.matrix
        if m is not None and self._changed("matrix", image):
            # hw.Matrix has text/scroll but no public show(image) yet: its guarded send.
            m._send(image)

    def pad(self, player: str, image: Image.Image) -> None:
        display = self.hw.pads[player].display
        if display is not None and self._changed(f"pad:{player}", image):
            display.show(image)

    def led(self, player: str, on: bool) -> None:
        if self._leds.get(player) is not on:
            self._leds[player] = on
            pad = self.hw.pads[player]
            pad.led_on() if on else pad.led_off()

    def say(self, text: str) -> None:
        self.hw.speaker.say(text)
        for watch in self.on_say:
            watch(text)

    def cue(self, name: str) -> None:
        if self.hw.buzzer is not None:
            self.hw.buzzer.cue(name)
