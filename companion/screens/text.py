"""Text that fits: one small bitmap font, measured, ellipsized and wrapped to a width.

The font is Pillow's built-in bitmap font (no file, no network, the same pixels everywhere): X11's
courB08 (Adobe Courier Bold 8, distributed with X11 and inside Pillow under their permissive
notices), 6 px a character, glyphs 11 px tall (accents above, descenders below). It holds Latin-1
only (é è ê à ç ô « » included), so the symbols the screens use (◀ ▶ ● → …) and the typographic
punctuation and letters French text needs beyond Latin-1 (’ ‘ “ ” œ Œ – —, the narrow no-break
space) are drawn here as 6×11 glyphs of their own, in the font's style. Any other character shows
as "?", and `missing_glyphs` names it, so a test can fail on it first.

>>> fit("Castilla la Nueva", 60)
'Castilla…'
>>> width("◀ 3/9 ▶")
42
>>> wrap("Take up to 2 caballeros into your court", 84, 2)
['Take up to 2', 'caballeros in…']
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from companion.screens.word_wrap import wrap_words

GLYPH_W = 6  # every glyph, font or ours, is this wide
GLYPH_H = 11  # rows a line of text may touch, accents and descenders included
# The headline (who must act, and what) is the same glyphs at twice the size: 22 px tall, a
# capital 14 px, read from a metre away.
BIG = 2
LINE = 10  # the pitch between lines: an accent may touch the descender row above
ELLIPSIS = "…"

# Our own glyphs, one string per row ("#" lit), aligned with the font's baseline (row 8).
_SYMBOLS: dict[str, tuple[str, ...]] = {
    "◀": ("", "", "", "...#", "..##", ".###", "..##", "...#"),
    "▶": ("", "", "", ".#", ".##", ".###", ".##", ".#"),
    "●": ("", "", "", ".###", "#####", "#####", "#####", ".###"),
    "→": ("", "", "", "", "...#", "#####", "...#"),
    "↑": ("", "", "..#", ".###", "#.#.#", "..#", "..#", "..#"),
    "↓": ("", "", "..#", "..#", "..#", "#.#.#", ".###", "..#"),
    "…": ("", "", "", "", "", "", "", "#.#.#"),
    # Quotes shaped as the font's own apostrophe (which is already a right quote).
    "’": ("", "", "..##", "..#", ".#"),
    "‘": ("", "", "...#", "..#", "..##"),
    "”": ("", "", ".##.##", ".#..#", "#..#"),
    "“": ("", "", "..#..#", ".#..#", ".##.##"),
    "œ": ("", "", "", "", ".#.##", "#.#..#", "#.####", "#.#", ".#.###"),
    "Œ": ("", "", "", ".#####", "#.#", "#.#", "#.###", "#.#", ".#####"),
    "–": ("", "", "", "", "", "#####"),
    "—": ("", "", "", "", "", "######"),
    "\xa0": (),  # no-break spaces: French puts one before « : ; ! ? » and inside « »
    "\u202f": (),
}


@cache
def font() -> ImageFont.ImageFont:
    return ImageFont.load_default_imagefont()


def _drawable(ch: str) -> str:
    if ch in _SYMBOLS:
        return ch
    try:
        ch.encode("latin-1")
    except UnicodeEncodeError:
        return "?"
    return ch if ch.isprintable() else "?"


def missing_glyphs(text: str) -> set[str]:
    """The characters of `text` this font cannot draw (each would show as "?").

    >>> sorted(missing_glyphs("« Décompte » ’ “ ” œ ☺"))
    ['☺']
    """
    return {c for c in text if c != "?" and _drawable(c) == "?"}


@lru_cache(maxsize=2048)
def clean(text: str) -> str:
    """The text as it will be drawn: unknown characters become "?"."""
    return "".join(_drawable(c) for c in text)


def width(text: str) -> int:
    """Pixels `text` takes on one line."""
    return GLYPH_W * len(clean(text))


def fit(text: str, max_width: int) -> str:
    """`text`, cut and ended with "…" when it is wider than `max_width` ("" if nothing fits)."""
    text = clean(text)
    if width(text) <= max_width:
        return text
    keep = max_width // GLYPH_W - 1
    return text[:keep].rstrip() + ELLIPSIS if keep > 0 else ""


def wrap(text: str, max_width: int, max_lines: int) -> list[str]:
    """Word-wrap `text` into at most `max_lines` lines; the last is ellipsized if text is left."""
    return wrap_words(
        clean(text), max_lines, lambda s: width(s) <= max_width, lambda s: fit(s, max_width)
    )


def draw_text(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fill: int, max_width: int
) -> int:
    """Draw `text` fitted to `max_width` with its top-left at `xy`; returns the width drawn."""
    text = fit(text, max_width)
    if text:
        draw.bitmap(xy, _line_mask(text), fill=fill)
    return width(text)


def draw_big(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fill: int, max_width: int
) -> int:
    """`text` at twice the size (the headline), fitted to `max_width`; returns the width drawn.

    >>> from PIL import Image, ImageDraw
    >>> draw_big(ImageDraw.Draw(Image.new("1", (128, 22))), (1, 0), "red: card", 1, 126)
    108
    """
    text = fit(text, max_width // BIG)
    if text:
        mask = _line_mask(text)
        big = mask.resize((mask.width * BIG, mask.height * BIG), Image.Resampling.NEAREST)
        draw.bitmap(xy, big, fill=fill)
    return width(text) * BIG


@lru_cache(maxsize=1024)
def _line_mask(text: str) -> Image.Image:
    """A fitted line drawn once as a 1-bit mask: a screen is mostly the same few lines, and
    stamping a mask is many times cheaper than drawing the glyphs again."""
    mask = Image.new("1", (max(1, width(text)), GLYPH_H), 0)
    draw = ImageDraw.Draw(mask)
    x, run = 0, ""
    for ch in [*text, None]:
        if ch is not None and ch not in _SYMBOLS:
            run += ch
            continue
        if run:
            draw.text((x, 0), run, fill=1, font=font())
            x += GLYPH_W * len(run)
            run = ""
        if ch is not None:
            _draw_symbol(draw, (x, 0), ch, 1)
            x += GLYPH_W
    return mask


def _draw_symbol(draw: ImageDraw.ImageDraw, xy: tuple[int, int], ch: str, fill: int) -> None:
    for dy, row in enumerate(_SYMBOLS[ch]):
        for dx, px in enumerate(row):
            if px == "#":
                draw.point((xy[0] + dx, xy[1] + dy), fill=fill)
