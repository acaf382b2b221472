"""Which sound cards the kernel sees, and which one ``speaker.device`` would play on.

``/proc/asound/cards`` lists each card as ``N [id]: driver - name``; an ALSA device names its
card by id (``plughw:CARD=Device,DEV=0``) or by number (``hw:1,0``). Without a device, ALSA's
``default`` is card 0 (unless ``/etc/asound.conf`` says otherwise): HDMI on a Pi 5 or Zero 2 W.

>>> cards = parse_cards(" 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0\\n"
...                     "                      vc4-hdmi-0\\n"
...                     " 1 [Device         ]: USB-Audio - USB Audio Device\\n")
>>> [c.shown for c in cards]
['0 vc4hdmi0 (vc4-hdmi-0)', '1 Device (USB Audio Device)']
>>> card_for("plughw:CARD=Device,DEV=0", cards).index, card_for("", cards).index
(1, 0)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

PROC_CARDS = Path("/proc/asound/cards")
_CARD_LINE = re.compile(r"\s*(\d+)\s+\[(\S+)\s*\]:\s*(.*?)\s+-\s+(.*)")
_BY_ID = re.compile(r"CARD=([^,]+)")
_BY_NUMBER = re.compile(r"^[a-z_]*hw:(\d+)")


@dataclass(frozen=True)
class SoundCard:
    index: int
    id: str
    name: str

    @property
    def shown(self) -> str:
        return f"{self.index} {self.id} ({self.name})"


def parse_cards(text: str) -> list[SoundCard]:
    """The cards of a ``/proc/asound/cards`` text (its continuation lines skipped)."""
    found = (_CARD_LINE.fullmatch(line.rstrip()) for line in text.splitlines())
    return [SoundCard(int(m[1]), m[2], m[4]) for m in found if m]


def sound_cards(path: Path = PROC_CARDS) -> list[SoundCard] | None:
    """The cards the kernel sees; None when ALSA is not there at all (no ``/proc/asound``)."""
    try:
        return parse_cards(path.read_text(errors="replace"))
    except OSError:
        return None


def card_for(device: str, cards: list[SoundCard]) -> SoundCard | None:
    """The card ``device`` plays on ("" or "default": card 0); None if it names no card here."""
    if device in ("", "default"):
        wanted: str | int = 0
    elif by_id := _BY_ID.search(device):
        wanted = by_id[1]
    elif by_number := _BY_NUMBER.match(device):
        wanted = int(by_number[1])
    else:
        return None  # a PCM of ALSA's config ("null", "dmix", …): not one card
    for card in cards:
        if wanted in (card.index, card.id):
            return card
    return None


def names_a_card(device: str) -> bool:
    """True when ``device`` picks one card (by id or number, or ALSA's default card 0)."""
    return device in ("", "default") or bool(_BY_ID.search(device) or _BY_NUMBER.match(device))


def speaker_problems(device: str, cards: list[SoundCard] | None) -> list[str]:
    """``speaker.device: …`` lines for a voice that would have no card to play on."""
    listing = "`aplay -l` lists the cards"
    if not cards:
        return [
            "speaker.device: no sound card (/proc/asound/cards lists none): plug in the USB "
            f"sound card (or add the I2S amplifier's overlay) and reboot; {listing}"
        ]
    if names_a_card(device) and card_for(device, cards) is None:
        ids = ", ".join(c.shown for c in cards)
        return [
            f"speaker.device: {device!r} names a card that is not here (cards: {ids}): "
            'set speaker.device = "plughw:CARD=<id>,DEV=0" with the id of the card to use'
        ]
    return []


def speaker_note(device: str, cards: list[SoundCard] | None) -> str:
    """One line for ``check-config --probe``: the cards seen and which one the voice uses."""
    seen = ", ".join(c.shown for c in cards) if cards else "none"
    card = card_for(device, cards or [])
    if card is not None:
        used = f"card {card.index} {card.id}"
    elif names_a_card(device):
        used = "no card"
    else:
        used = f"ALSA's {device!r} device"
    return f"sound cards: {seen}; speaker.device {device or 'default'!r} plays on {used}"
