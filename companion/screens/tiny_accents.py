"""French's accented small letters for the 3×5 small print, drawn for this project.

luma's TINY_FONT is ASCII: small print used to drop every accent ("l'ecran"). A lowercase
letter there is at most 5 rows tall (rows 1–5 of its 8-row column bytes; row 0 is the gap to the
line above), so these letters are drawn on a body 4 rows tall (rows 2–5) with the accent on
row 1, a circumflex reaching into row 0; the cedilla hangs into row 6, the gap to the line below.
Capitals keep no room for an accent and are drawn without one ("Etat"), as French allows.

Each glyph is its rows top to bottom, "#" lit; every glyph is 3 columns wide plus the blank one
that separates letters, as in TINY_FONT, so a French text takes the room its plain letters did.

>>> glyph_columns(["#..", ".#.", "..#"])
[1, 2, 4, 0]
"""

from __future__ import annotations

_E = [".#.", "###", "#..", ".##"]  # rows 2–5
_A = [".##", "#.#", "#.#", ".##"]
_O = [".#.", "#.#", "#.#", ".#."]
_U = ["#.#", "#.#", "#.#", ".##"]
_C = [".##", "#..", "#..", ".##"]
_I = ["...", ".#.", ".#.", ".#."]  # dotless: the accent stands in for the dot

_ACUTE, _GRAVE, _DIAERESIS = "..#", "#..", "#.#"
_CIRCUMFLEX = (".#.", "#.#")  # rows 0 and 1

_BLANK = "..."


def _letter(body: list[str], accent: str | tuple[str, str], below: str = _BLANK) -> list[str]:
    top = accent if isinstance(accent, tuple) else (_BLANK, accent)
    return [*top, *body, below]


ACCENTED: dict[str, list[str]] = {
    "é": _letter(_E, _ACUTE),
    "è": _letter(_E, _GRAVE),
    "ê": _letter(_E, _CIRCUMFLEX),
    "ë": _letter(_E, _DIAERESIS),
    "à": _letter(_A, _GRAVE),
    "â": _letter(_A, _CIRCUMFLEX),
    "î": _letter(_I, _CIRCUMFLEX),
    "ï": _letter(_I, _DIAERESIS),
    "ô": _letter(_O, _CIRCUMFLEX),
    "ù": _letter(_U, _GRAVE),
    "û": _letter(_U, _CIRCUMFLEX),
    "ü": _letter(_U, _DIAERESIS),
    "ç": _letter(_C, _BLANK, ".#."),
}


def glyph_columns(rows: list[str]) -> list[int]:
    """A glyph's rows as luma's legacy column bytes (bit 0 the top row), with its blank column."""
    columns = [sum(1 << r for r, row in enumerate(rows) if row[c] == "#") for c in range(3)]
    return [*columns, 0]


def with_accents(font: list[list[int]]) -> list[list[int]]:
    """A copy of a 256-entry legacy font with the accented letters in their Latin-1 places."""
    extended = list(font)
    for ch, rows in ACCENTED.items():
        extended[ord(ch)] = glyph_columns(rows)
    return extended
