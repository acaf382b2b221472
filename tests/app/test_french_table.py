"""A French table sees and hears French: whole bot games in French on both shipped configs,
every text any display draws (main display, pads, small print, LED matrix) and every sentence
the voice says is read for English words. An English word is one the catalogs' English holds
and their French never uses ("waiting", "round", "takes", "red"…), so a string that bypasses
the catalogs, or an engine sentence no template matches, fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import companion
from companion.elgrande.sentences import glossary
from companion.screens.legacy_text import ascii_only
from companion.testing import make_bots

SEATS = ("red", "blue", "yellow", "green", "black")
WORD = re.compile(r"[A-Za-z]{3,}")
# Names that stay as they are in French (the board's Spanish names, the game's own words).
KEPT = {"castillo", "caballero", "caballeros", "grande", "veto", "bga", "scores", "points"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def english_words() -> set[str]:
    po = Path(companion.__file__).with_name("locale") / "fr" / "LC_MESSAGES" / "companion.po"
    english, french = set(), set()
    with po.open("rb") as f:
        for m in read_po(f):
            if not m.id:
                continue
            for s in [m.id] if isinstance(m.id, str) else m.id:
                english |= _words(re.sub(r"\{[^}]*\}", " ", s))
            for s in [m.string] if isinstance(m.string, str) else m.string:
                french |= _words(re.sub(r"\{[^}]*\}", " ", s))
                french |= _words(ascii_only(re.sub(r"\{[^}]*\}", " ", s)))  # small print
    for card in glossary()["cards"].values():  # the cards' French texts
        french |= _words(card["text"]) | _words(ascii_only(card["text"]))
    return english - french - KEPT


def test_the_english_words_are_the_ones_a_french_table_must_not_see():
    words = english_words()
    assert {"waiting", "round", "takes", "red", "scoring"} <= words
    assert not {"rouge", "manche", "castillo"} & words


@pytest.mark.parametrize(
    ("config", "n", "seed", "options"),
    [
        ("pi.toml", 5, 4, {"tiebreak": "tournament", "castillo_disc_on_king": "court"}),
        ("sim.toml", 3, 2, {"ruleset": "1995", "bidding": "open", "first_bidder": "choose"}),
        ("pi.toml", 4, 3, {"veto": True, "castillo_public": True, "deck": "physical"}),
    ],
)
def test_a_french_game_shows_and_says_no_english(
    make_table, drawn, monkeypatch, config, n, seed, options
):
    from companion.screens import game_page, main_display, matrix, pad

    small: list[str] = []
    for module in (pad, game_page, main_display, matrix):
        real = module.draw_legacy

        def record(draw, xy, text, fill, font, real=real):
            small.append(text)
            return real(draw, xy, text, fill, font)

        monkeypatch.setattr(module, "draw_legacy", record)
    table = make_table(config, seats=SEATS[:n], seed=seed, language="fr", **options)
    said: list[str] = []
    table.app.outputs.on_say.append(lambda text, _round: said.append(text))
    driver = table.bots(make_bots(SEATS[:n], seed))
    while driver.step():
        if table.app.turn_every() is not None:
            table.app.turn()
    assert table.app.session.over
    english = english_words()
    seen = {t for t in [*drawn, *small, *said] if _words(t) & english}
    assert not seen, sorted(seen)
    assert said and drawn and small
