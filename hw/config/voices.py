"""Which voice names and programs the speaker may be given: what espeak-ng accepts.

A voice is asked of ``espeak-ng --voices`` when espeak-ng is installed here (its language codes,
voice names and files, each with an optional ``+variant``); without it, a voice is checked by
its form alone, so that no option, control character or path can reach the command line.

>>> voice_ok("en"), voice_ok("--help"), voice_ok("en\\u0000"), voice_ok("en-us+f3")
(True, False, False, True)
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess

# A voice's form, with or without espeak-ng: what its names look like, never an option.
_VOICE_FORM = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]{0,39}(\+[A-Za-z0-9_]{1,20})?")
VOICE_FORM_TEXT = "letters, digits, - _ . / and an optional +variant, not starting with -"
VOICE_ACCEPT = f'a voice `espeak-ng --voices` lists, e.g. "en" or "en-us+f3" ({VOICE_FORM_TEXT})'
VOICE_REFUSED = "{value} is not a voice espeak-ng accepts"
_OTHER = re.compile(r"\(([^\s()]+) \d+\)")
PROGRAM_ACCEPT = "a program name or path: printable, up to 200 characters, not starting with -"


@functools.cache
def espeak_voices() -> frozenset[str] | None:
    """Every name ``espeak-ng -v`` takes, lower-cased; None when espeak-ng cannot be asked."""
    program = shutil.which("espeak-ng")
    if program is None:
        return None
    try:
        listing = subprocess.run(
            [program, "--voices"],
            capture_output=True,
            text=True,
            timeout=10,
            stdin=subprocess.DEVNULL,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError, UnicodeDecodeError):
        return None
    names: set[str] = set()
    for line in listing.splitlines()[1:]:  # Pty Language Age/Gender VoiceName File Other…
        columns = line.split(maxsplit=5)
        if len(columns) >= 5:
            names.update(c.lower() for c in (columns[1], columns[3], columns[4]))
            if len(columns) == 6:  # other languages it speaks, "(en 2)(en-gb 3)"
                names.update(m.lower() for m in _OTHER.findall(columns[5]))
    return frozenset(names) or None


def voice_ok(voice: str) -> bool:
    """True for a voice espeak-ng accepts (or, without espeak-ng, one of the right form)."""
    if not _VOICE_FORM.fullmatch(voice):
        return False
    known = espeak_voices()
    return known is None or voice.partition("+")[0].lower() in known


def program_ok(program: str) -> bool:
    """True for a program name or path that cannot be taken for an option or break a line."""
    return 0 < len(program) <= 200 and program.isprintable() and not program.startswith("-")


# An ALSA PCM name: "plughw:CARD=Device,DEV=0", "hw:1,0", "sysdefault:CARD=vc4hdmi0", "default".
_DEVICE_FORM = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_:=,.-]{0,79}")
DEVICE_ACCEPT = (
    'an ALSA device name, e.g. "plughw:CARD=Device,DEV=0" (aplay -L lists them), '
    'or "" for ALSA\'s default'
)


def device_ok(device: str) -> bool:
    """True for "" or a name of an ALSA device's form (never an option, space or path)."""
    return device == "" or bool(_DEVICE_FORM.fullmatch(device))
