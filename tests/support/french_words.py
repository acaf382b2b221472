"""English words a French table must never see or hear: the words the catalogs' English holds
and their French (as drawn, and without its accents as the small fonts draw it) never uses,
the cards' French texts included, less the game's own words that French keeps."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

import companion
from companion.elgrande.sentences import glossary
from companion.screens.legacy_text import ascii_only

WORD = re.compile(r"[A-Za-z]{3,}")
KEPT = {"castillo", "caballero", "caballeros", "grande", "veto", "bga", "scores", "points"}
# The terminal's key names, printed on the keys (the sim's legend names them so).
KEYS = {"pgup", "pgdn", "esc", "store"}


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def english_words() -> set[str]:
    po = Path(companion.__file__).with_name("locale") / "fr" / "LC_MESSAGES" / "companion.po"
    english, french = set(), set()
    with po.open("rb") as f:
        for m in read_po(f):
            if not m.id:
                continue
            for s in [m.id] if isinstance(m.id, str) else m.id:
                english |= words(re.sub(r"\{[^}]*\}", " ", s))
            for s in [m.string] if isinstance(m.string, str) else m.string:
                plain = re.sub(r"\{[^}]*\}", " ", s)
                french |= words(plain) | words(ascii_only(plain))  # small print too
    for card in glossary()["cards"].values():  # the cards' French texts
        french |= words(card["text"]) | words(ascii_only(card["text"]))
    return english - french - KEPT - KEYS


def stray_english(texts) -> list[str]:
    """The texts holding an English word, in order, each once."""
    english = english_words()
    return list(dict.fromkeys(t for t in texts if words(t) & english))
