"""Which sound card `speaker.device` plays on, and the lines `check-config --probe` shows about it
(hw.sound on a /proc/asound/cards text)."""

from __future__ import annotations

import pytest

from hw.sound import (
    SoundCard,
    card_for,
    names_a_card,
    sound_cards,
    speaker_note,
    speaker_problems,
)

HDMI = SoundCard(0, "vc4hdmi0", "vc4-hdmi-0")
USB = SoundCard(1, "Device", "USB Audio Device")
CARDS = [HDMI, USB]
PROC_TEXT = (
    " 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0\n"
    "                      vc4-hdmi-0\n"
    " 1 [Device         ]: USB-Audio - USB Audio Device\n"
    "                      C-Media Electronics Inc. USB Audio Device at usb-xhci-hcd.0-1\n"
)


def test_the_cards_file_is_read_with_its_trailing_spaces_dropped(tmp_path):
    cards = tmp_path / "cards"
    cards.write_text(PROC_TEXT.replace("USB Audio Device\n", "USB Audio Device   \n", 1))
    assert [c.shown for c in sound_cards(cards)] == [
        "0 vc4hdmi0 (vc4-hdmi-0)",
        "1 Device (USB Audio Device)",
    ]


def test_a_card_name_that_is_not_utf8_is_still_read(tmp_path):
    cards = tmp_path / "cards"
    cards.write_bytes(PROC_TEXT.replace("USB Audio", "USB Aud\xe9o").encode("latin-1"))
    assert [c.shown for c in sound_cards(cards)] == [
        "0 vc4hdmi0 (vc4-hdmi-0)",
        "1 Device (USB Aud\ufffdo Device)",
    ]


def test_no_proc_asound_is_no_alsa(tmp_path):
    assert sound_cards(tmp_path / "absent") is None


@pytest.mark.parametrize(
    ("device", "index"),
    [
        ("", 0),
        ("default", 0),
        ("plughw:CARD=Device,DEV=0", 1),
        ("plughw:CARD=vc4hdmi0,DEV=0", 0),
        ("hw:1,0", 1),
        ("plughw:0", 0),
        ("hw:CARD=Gone,DEV=0", None),
        ("hw:3,0", None),
        ("null", None),
        ("dmix", None),
    ],
)
def test_the_card_a_device_plays_on(device, index):
    card = card_for(device, CARDS)
    assert (card.index if card else None) == index


def test_the_default_device_is_card_0_not_the_first_listed():
    assert card_for("", [USB]) is None
    assert card_for("default", [USB]) is None
    assert card_for("default", [USB, HDMI]) == HDMI


@pytest.mark.parametrize(
    ("device", "names"),
    [
        ("", True),
        ("default", True),
        ("plughw:CARD=Device,DEV=0", True),
        ("hw:1,0", True),
        ("plughw:1", True),
        ("null", False),
        ("dmix", False),
        ("pulse", False),
    ],
)
def test_which_devices_name_one_card(device, names):
    assert names_a_card(device) is names


@pytest.mark.parametrize("cards", [None, []])
def test_no_sound_card_says_what_to_plug_in_and_how_to_look(cards):
    assert speaker_problems("plughw:CARD=Device,DEV=0", cards) == [
        "speaker.device: no sound card (/proc/asound/cards lists none): plug in the USB sound "
        "card (or add the I2S amplifier's overlay) and reboot; `aplay -l` lists the cards"
    ]


def test_a_device_naming_a_missing_card_lists_the_cards_and_the_setting_to_use():
    assert speaker_problems("hw:3,0", CARDS) == [
        "speaker.device: 'hw:3,0' names a card that is not here "
        "(cards: 0 vc4hdmi0 (vc4-hdmi-0), 1 Device (USB Audio Device)): "
        'set speaker.device = "plughw:CARD=<id>,DEV=0" with the id of the card to use'
    ]
    assert speaker_problems("default", [USB]) == [
        "speaker.device: 'default' names a card that is not here "
        "(cards: 1 Device (USB Audio Device)): "
        'set speaker.device = "plughw:CARD=<id>,DEV=0" with the id of the card to use'
    ]


@pytest.mark.parametrize("device", ["plughw:CARD=Device,DEV=0", "hw:1,0", "default", "", "null"])
def test_a_device_on_a_card_here_or_of_alsas_config_is_no_problem(device):
    assert speaker_problems(device, CARDS) == []


@pytest.mark.parametrize(
    ("device", "cards", "line"),
    [
        (
            "plughw:CARD=Device,DEV=0",
            CARDS,
            "sound cards: 0 vc4hdmi0 (vc4-hdmi-0), 1 Device (USB Audio Device); "
            "speaker.device 'plughw:CARD=Device,DEV=0' plays on card 1 Device",
        ),
        (
            "",
            CARDS,
            "sound cards: 0 vc4hdmi0 (vc4-hdmi-0), 1 Device (USB Audio Device); "
            "speaker.device 'default' plays on card 0 vc4hdmi0",
        ),
        (
            "hw:1,0",
            None,
            "sound cards: none; speaker.device 'hw:1,0' plays on no card",
        ),
        (
            "",
            [],
            "sound cards: none; speaker.device 'default' plays on no card",
        ),
        (
            "null",
            CARDS,
            "sound cards: 0 vc4hdmi0 (vc4-hdmi-0), 1 Device (USB Audio Device); "
            "speaker.device 'null' plays on ALSA's 'null' device",
        ),
    ],
)
def test_the_probe_note_names_the_cards_and_the_one_the_voice_uses(device, cards, line):
    assert speaker_note(device, cards) == line
