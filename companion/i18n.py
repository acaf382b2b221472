"""The table's language: gettext catalogs (companion/locale/<lang>/LC_MESSAGES/companion.mo).

Every word the table sees or hears goes through `_` (or `ngettext` where a number decides the
form); English is the source text, so English needs no catalog. The language is the table's
(one device, one table): `set_language` switches it for the whole process, and
`language_from_env` reads the system locale when the table names none.

>>> set_language("fr"); _("New game")
'Nouvelle partie'
>>> ngettext("Round {round}, {n} decision kept", "Round {round}, {n} decisions kept", 2)
'Manche {round}, {n} décisions gardées'
>>> set_language("en"); _("New game")
'New game'
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from pathlib import Path

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "fr")  # English first: the source text and the fallback
DEFAULT = "en"

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog of `language` ("en": none, the source text is English)."""
    if language not in LANGUAGES:
        raise ValueError(f"language {language!r} is not known; accepted: {', '.join(LANGUAGES)}")
    if language == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


def set_language(language: str) -> None:
    """Switch every later `_` and `ngettext` to `language`."""
    global _current, _language
    _current, _language = translations(language), language


def language() -> str:
    """The language in use now."""
    return _language


def language_from_env(environ: Mapping[str, str]) -> str:
    """The language the system locale asks for, as gettext reads it (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG, the first one set), English when it names none we have.

    >>> language_from_env({"LANG": "fr_FR.UTF-8"}), language_from_env({"LANG": "de_DE.UTF-8"})
    ('fr', 'en')
    >>> language_from_env({"LANGUAGE": "fr:en", "LANG": "C.UTF-8"})
    'fr'
    """
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key)
        if not value:
            continue
        for wanted in value.split(":"):
            code = wanted.split(".")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        return DEFAULT
    return DEFAULT


def _(message: str) -> str:
    """`message` (English) in the table's language."""
    return _current.gettext(message)


def pgettext(context: str, message: str) -> str:
    """`message` (English) in the table's language, where `context` tells one use of the same
    English word from another ("bid" as a column's head, "bid" as what a player must do)."""
    return _current.pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` (English) that `n` takes in the table's language."""
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a constant for extraction; it is translated where it is shown, with `_`."""
    return message
