"""Every string of every catalog, and every French name of the glossary, is drawn by both font
families: no glyph shows as "?" (the main font draws it; the legacy fonts have it or its ASCII
stand-in)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import companion
from companion.elgrande.sentences import glossary
from companion.screens import legacy_text, text

LOCALE = Path(companion.__file__).with_name("locale")


def _catalog_strings() -> list[str]:
    strings = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            for message in read_po(f):
                if not message.id:  # the header
                    continue
                for s in (message.id, message.string):
                    strings += [s] if isinstance(s, str) else list(s)
    return [s for s in strings if s]


def _glossary_strings() -> list[str]:
    g = glossary()
    out = [r["fr"] for r in g["regions"].values()] + [r["in"] for r in g["regions"].values()]
    out += [r["of"] for r in g["regions"].values()]
    for card in g["cards"].values():
        out += [card["title"], card["label"], card["text"]]
    return out


def test_the_catalogs_hold_french_and_english():
    strings = _catalog_strings()
    assert "Nouvelle partie" in strings and "New game" in strings


@pytest.mark.parametrize("font", [text, legacy_text], ids=["main font", "legacy fonts"])
def test_every_catalog_and_glossary_string_has_every_glyph(font):
    lacking = {
        s: sorted(font.missing_glyphs(s))
        for s in _catalog_strings() + _glossary_strings()
        if font.missing_glyphs(s)
    }
    assert not lacking


def test_french_punctuation_is_drawn_not_replaced():
    for ch in "éèêàçôœŒ«»’‘“”…\u202f\u00a0":
        assert text.clean(ch) == ch, repr(ch)
    assert legacy_text.ascii_only("« l’œuf »") == '" l\'oeuf "'


def test_a_word_wider_than_a_row_is_cut_on_its_own_row_never_after_an_empty_one():
    from companion.screens.legacy_text import tiny_wrap
    from companion.screens.text import wrap

    assert tiny_wrap("Supercalifragilistic is long", 40, 2) == ["Supercal..", "is long"]
    assert wrap("Supercalifragilistic is long", 48, 2) == ["Superca…", "is long"]


def test_a_no_break_space_keeps_the_french_colon_on_its_word_s_row():
    from companion.screens.text import wrap

    assert wrap("Ordre du tour\u202f: noir", 84, 2) == ["Ordre du", "tour\u202f: noir"]


def test_the_small_print_keeps_every_accented_small_letter_of_the_french_catalog():
    # Each lowercase letter with an accent in a French string is drawn as itself in the 3×5
    # small print, in its own glyph (not its plain letter's), as wide as its plain letter.
    from companion.screens.tiny_accents import ACCENTED

    french = "".join(_catalog_strings() + _glossary_strings())
    accented = {c for c in french if c.islower() and not c.isascii() and c not in "œ"}
    assert {"é", "è", "à", "ç"} <= accented
    for ch in sorted(accented):
        assert legacy_text.tiny_legible(ch) == ch, f"{ch!r} is drawn without its accent"
        plain = legacy_text.TINY[ord(legacy_text.ascii_only(ch))]
        drawn = legacy_text.TINY[ord(ch)]
        assert drawn != plain and any(drawn) and len(drawn) == len(plain), ch
    assert set(ACCENTED) >= accented


def test_the_small_print_draws_an_accent_where_the_plain_letter_has_none():
    from PIL import Image, ImageDraw

    def pixels(s: str) -> bytes:
        img = Image.new("1", (12, 8), 0)
        legacy_text.draw_legacy(ImageDraw.Draw(img), (0, 0), s, 1, legacy_text.TINY)
        return img.tobytes()

    assert pixels("é") != pixels("e") != pixels("è") != pixels("é")
    assert legacy_text.text_width("Décompte", legacy_text.TINY) == legacy_text.text_width(
        "Decompte", legacy_text.TINY
    )


def test_an_accented_letter_is_built_as_drawn_in_its_rows():
    # é: the acute on row 1, the e's body on rows 2–5, nothing on rows 0 and 6; a blank column.
    from luma.core.legacy.font import TINY_FONT

    from companion.screens import tiny_accents
    from companion.screens.tiny_accents import ACCENTED, glyph_columns, with_accents

    assert ACCENTED["é"] == ["...", "..#", ".#.", "###", "#..", ".##", "..."]
    assert glyph_columns(ACCENTED["é"]) == [0b011000, 0b101100, 0b101010, 0]
    assert ACCENTED["ç"][-1] == ".#." and ACCENTED["ê"][:2] == [".#.", "#.#"]
    body = ["#..", "#..", "#..", "#.."]  # a letter built now, as the table above was at import
    assert tiny_accents._letter(body, "..#") == ["...", "..#", *body, "..."]
    assert tiny_accents._letter(body, (".#.", "#.#"), "#..") == [".#.", "#.#", *body, "#.."]
    font = with_accents(TINY_FONT)
    assert font[ord("é")] == glyph_columns(ACCENTED["é"]) and font[ord("e")] == TINY_FONT[ord("e")]
    assert len(font) == len(TINY_FONT) and font is not TINY_FONT
    assert TINY_FONT[ord("é")] == [0, 0, 0, 0]  # luma's own font is left as it was
