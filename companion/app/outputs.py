"""Writing to the devices: images, LEDs, voice and buzzer cues.

Everything the public may perceive leaves through here (main display, matrix, LEDs, voice,
buzzer), so a test can watch one place; pad displays are private and written the same way.
An image identical to the one on a panel is not sent again: hw's displays and matrix compare
frames themselves (and count `writes`); the app only avoids rendering what cannot have changed.
The painter draws inside `moment()`: the frames of one press go out on every bus at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager

from PIL import Image

from companion.i18n import language
from hw.hardware import Hardware

log = logging.getLogger(__name__)


class Outputs:
    def __init__(self, hw: Hardware) -> None:
        self.hw = hw
        # Watchers of the public outputs (the demo prints them, sim draws them).
        # A watcher of speech gets the sentence and the round of the event it says (None: none).
        self.on_say: list[Callable[[str, int | None], None]] = []
        self.on_main: list[Callable[[Image.Image], None]] = []
        self._refused_cues: set[str] = set()  # logged once each, not at every turn
        # The voice the hardware config names (espeak-ng's, e.g. "en-gb"); another language's
        # table is spoken by that language's own voice.
        self._configured_voice: str | None = getattr(hw.speaker, "voice", None)

    def moment(self) -> AbstractContextManager[None]:
        """The frames given inside go out on every bus at once, and are all written at its end."""
        return self.hw.moment()

    def main(self, image: Image.Image) -> bool:
        """Show `image` on the main display; True if it differed from the frame shown."""
        if not self.hw.display.show(image):
            return False
        for watch in self.on_main:
            watch(image)
        return True

    def matrix(self, image: Image.Image) -> None:
        if self.hw.matrix is not None:
            self.hw.matrix.show(image)

    def pad(self, player: str, image: Image.Image) -> None:
        display = self.hw.pads[player].display
        if display is not None:
            display.show(image)

    def led(self, player: str, on: bool) -> None:
        """Light or darken the player's pad LED; the pad's own state says if it must change."""
        pad = self.hw.pads[player]
        if pad.led_state != ("on" if on else "off"):
            pad.led_on() if on else pad.led_off()

    def say(self, text: str, round_: int | None = None) -> None:
        if self._configured_voice is not None:
            self.hw.speaker.voice = voice_for(self._configured_voice, language())
        self.hw.speaker.say(text)
        for watch in self.on_say:
            watch(text, round_)

    def cue(self, name: str) -> None:
        """Sound cue `name`; a buzzer that refuses it is logged, never lets the caller's speech
        and pages go unsaid (a cue only doubles what the voice and the display say)."""
        if self.hw.buzzer is None:
            return
        try:
            self.hw.buzzer.cue(name)
        except Exception as exc:
            if name not in self._refused_cues:
                self._refused_cues.add(name)
                log.warning("buzzer: cue %r not played: %s", name, exc)


def voice_for(configured: str, table_language: str) -> str:
    """The espeak-ng voice for the table's language: the configured one when it speaks that
    language, else the language's own ("fr").

    >>> voice_for("en-gb", "en"), voice_for("en-gb", "fr"), voice_for("fr-be", "fr")
    ('en-gb', 'fr', 'fr-be')
    """
    return configured if configured.split("-")[0] == table_language else table_language
