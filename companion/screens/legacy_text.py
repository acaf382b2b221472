"""luma.core's legacy 8-row bitmap fonts, for the LED matrix and the pad's small print.

They cover ASCII only: accents are dropped ("Aragón" → "Aragon": the 3×5 and 5×7 cells have no
row for an accent), except French's accented small letters, drawn for the small print
(`tiny_accents`: "Décompte" stays "Décompte"); typographic punctuation and the letters with no
ASCII base get their usual ASCII stand-ins (’ → ', « » “ ” → ", œ → oe), and anything else shows
as "?" (`missing_glyphs` names it, so a test can fail on it first).

>>> ascii_only("Aragón → Cataluña ☺")
'Aragon > Cataluna ?'
>>> print(ascii_only("« l’œuf »"))
" l'oeuf "
>>> tiny_fit("Castillo 12", 24)
'Cast..'
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache

from luma.core.legacy import textsize
from luma.core.legacy.font import LCD_FONT, TINY_FONT, proportional
from PIL import Image, ImageDraw

from companion.screens.tiny_accents import ACCENTED, with_accents
from companion.screens.word_wrap import wrap_words

MATRIX_FONT = proportional(LCD_FONT)  # 5×7 capitals with 1 px between: readable across a table
# 3×5 in a 4 px cell: one more line of small print on a 128×32 pad; with French's accented
# small letters drawn for it (tiny_accents), which it keeps instead of dropping their accents.
TINY = with_accents(TINY_FONT)
_KEPT = {id(TINY): frozenset(ACCENTED)}  # per font: the non-ASCII letters it draws itself


@lru_cache(maxsize=2048)
def ascii_only(text: str) -> str:
    """Each character as its ASCII base letter, or "?" where it has none."""
    return "".join(_ascii_char(ch) for ch in text)


@lru_cache(maxsize=2048)
def legible(text: str, font_key: int) -> str:
    """`text` as the font `font_key` draws it: the letters it has kept, the others in ASCII.

    >>> legible("Décompte à Aragón", id(TINY)), legible("Décompte", id(MATRIX_FONT))
    ('Décompte à Aragon', 'Decompte')
    """
    kept = _KEPT.get(font_key, frozenset())
    return "".join(ch if ch in kept else _ascii_char(ch) for ch in text)


# What NFKD gives no ASCII base for, but a reader knows the ASCII for.
_STAND_INS = {
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "«": '"',
    "»": '"',
    "œ": "oe",
    "Œ": "OE",
    "–": "-",
    "—": "-",
    "\xa0": " ",
    "\u202f": " ",
    # The screens' own symbols, where a line with them ends up in small print.
    "→": ">",
    "◀": "<",
    "▶": ">",
    "●": "o",
    "↑": "^",
    "↓": "v",
    "·": ".",
}


def missing_glyphs(text: str) -> set[str]:
    """The characters of `text` the legacy fonts cannot show, even without its accent.

    >>> sorted(missing_glyphs("Décompte « ex aequo » → ☺"))
    ['☺']
    """
    return {c for c in text if c != "?" and _ascii_char(c) == "?"}


@cache
def _ascii_char(ch: str) -> str:
    if ch in _STAND_INS:
        return _STAND_INS[ch]
    base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()[:1]
    return base if base.isprintable() and base else "?"


def tiny_legible(text: str) -> str:
    """`text` as the small print draws it (`legible` in `TINY`)."""
    return legible(text, _font_key(TINY))


def text_width(text: str, font: object) -> int:
    return _width(legible(text, _font_key(font)), _font_key(font))


# Fonts are module constants (some are lists, which cannot be hashed): the caches key them by id.
_FONTS: dict[int, object] = {}


def _font_key(font: object) -> int:
    _FONTS.setdefault(id(font), font)
    return id(font)


@lru_cache(maxsize=2048)
def _width(text: str, font_key: int) -> int:
    return textsize(text, _FONTS[font_key])[0]


# Each byte with its bits in the opposite order.
_REVERSED = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


@lru_cache(maxsize=1024)
def _mask(text: str, font_key: int) -> Image.Image:
    """`text` as luma's legacy `text` draws it, as a 1-bit mask stamped on each use.

    A legacy font is a list of column bytes, bit 0 the top row. luma draws them a point a lit
    pixel (slow the first time a hand or a name is shown); the same pixels come out of the bytes
    themselves: each column as one 8-pixel row of a "1" image (leftmost pixel = most significant
    bit, hence the reversal), then rows and columns swapped."""
    font = _FONTS[font_key]
    columns = bytes(_REVERSED[byte] for ch in text for byte in font[ord(ch)])
    if not columns:
        return Image.new("1", (1, 8), 0)
    return Image.frombytes("1", (8, len(columns)), columns).transpose(Image.Transpose.TRANSPOSE)


def tiny_fit(text: str, max_width: int) -> str:
    """`text` as the tiny font draws it, cut and ended with ".." when wider than `max_width`."""
    text = tiny_legible(text)
    if text_width(text, TINY) <= max_width:
        return text
    while text and text_width(text + "..", TINY) > max_width:
        text = text[:-1]
    return text + ".." if text_width(text + "..", TINY) <= max_width else ""


def draw_legacy(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fill: int, font: object
) -> int:
    """Draw `text` in a legacy font (`legible`); returns its width. The caller fits it first."""
    text = legible(text, _font_key(font))
    if text:
        draw.bitmap(xy, _mask(text, _font_key(font)), fill=fill)
    return text_width(text, font)


def tiny_wrap(text: str, max_width: int, max_lines: int) -> list[str]:
    """Word-wrap `text` in the tiny font into at most `max_lines` lines; the last is cut
    with ".." if text is left (a word wider than a row is cut too: never an empty row).

    >>> tiny_wrap("Supercalifragilistic is long", 40, 2)
    ['Supercal..', 'is long']
    """
    return wrap_words(
        tiny_legible(text),
        max_lines,
        lambda s: text_width(s, TINY) <= max_width,
        lambda s: tiny_fit(s, max_width),
    )
