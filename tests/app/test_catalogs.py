"""The message catalogs: the .po files in the repository are the source, the compiled .mo
beside them (what the wheel carries) must say the same, and the .po must hold every message
the code marks, each French form using only the fields its English one fills."""

from __future__ import annotations

import copy
import gettext
import io
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import companion
from companion.i18n import DOMAIN, LANGUAGES

PACKAGE = Path(companion.__file__).parent
LOCALE = PACKAGE / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _po(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        return read_po(f)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_the_po_compiled(lang):
    compiled = io.BytesIO()
    write_mo(compiled, _po(lang))
    compiled.seek(0)
    fresh = gettext.GNUTranslations(compiled)
    with (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
        shipped = gettext.GNUTranslations(f)
    assert shipped._catalog == fresh._catalog, (
        "run pybabel compile -d companion/locale -D companion"
    )


def test_french_says_zero_and_one_in_the_singular():
    with (LOCALE / "fr" / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
        fr = gettext.GNUTranslations(f)
    forms = [fr.ngettext("{n} point", "{n} points", n) for n in (0, 1, 2)]
    assert forms == ["{n} point", "{n} point", "{n} points"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_marked_message_is_translated(lang):
    marked = {
        (m[2] if isinstance(m[2], str) else m[2][0], m[4])  # (message, its context or None)
        for m in extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")])
    }
    catalog = _po(lang)
    missing = sorted(
        f"{ctx}: {m}" if ctx else m
        for m, ctx in marked
        if not catalog.get(m, context=ctx) or not catalog.get(m, context=ctx).string
    )
    assert not missing


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_translation_fills_only_the_fields_its_english_gives(lang):
    wrong = {}
    for message in _po(lang):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        given = set().union(*map(_fields, ids))
        # An area field also gives its French preposition forms (elgrande/sentences.py).
        given |= {f"{p}_{f}" for f in given if f.startswith("area") for p in ("in", "of", "to")}
        # A count said also gives it with its noun (screens/reasons.py).
        given |= {"caballeros"} if "count" in given else set()
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for s in strings:
            if not _fields(s) <= given:
                wrong[message.id] = sorted(_fields(s) - given)
    assert not wrong


# The games beside El Grande, each with options that bring out every sentence it has.
OTHER_GAMES = [
    ("akropolis", {}),
    (
        "akropolis",
        {"houses": True, "markets": True, "barracks": True, "temples": True, "gardens": True},
    ),
    ("castell", {}),
    ("castell", {"festivals": "final_only"}),
    ("carcassonne", {}),
    ("carcassonne", {"expansion": False, "edition": "C1"}),
]


def _sentences_of_a_bot_game(game, options: dict, seed: int) -> list[str]:
    """Every English sentence a whole bot game of `game` gives the layers above: each prompt,
    each choice offered and taken, each number's label and rule, each event, each undo."""
    seats = ("red", "blue", "yellow")
    state = game.new_game(seats, seed, game.options_from(options))
    kind = next(iter(game.bots.values()))
    bots = {p: kind(seed * 10 + i) for i, p in enumerate(seats)}
    said = []
    while (decision := game.decision(state)) is not None:
        said.append(decision.prompt)
        player = decision.players[0]
        legal = game.legal_actions(state, player)
        number = game.number_field(state, player)
        if number is not None:
            said += [number.label, number.prompt]
        else:
            said += [game.label(state, a) for a in legal]
        action = bots[player].choose(state, player, legal)
        before = copy.deepcopy(state)
        game.apply_in_place(state, player, action)
        said.append(game.undo_text(before, state, player, action))
        said += [e.text for e in state.take_events()]
    return list(dict.fromkeys(said))


@pytest.mark.parametrize(("game_id", "options"), OTHER_GAMES)
def test_every_sentence_of_the_other_games_goes_through_the_catalogs(game_id, options):
    """A sentence an engine writes that no catalog entry or template of its game says (a new
    f-string, a constant not marked) is left in English: found here."""
    from companion import games
    from companion.i18n import set_language

    game = games.load(game_id)
    english = [s for seed in (1, 2, 3) for s in _sentences_of_a_bot_game(game, options, seed)]
    set_language("fr")
    assert not [s for s in dict.fromkeys(english) if game.sentences.untranslated(s)]
