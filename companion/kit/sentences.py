"""A game's English sentences in the table's language, read back from its own templates.

An engine writes its events, prompts, choices and score reasons in English (the stored games,
`companion score` and the tests read them so). What reaches the table goes through the game
module's `localize`: a sentence the catalog holds whole is translated whole; any other is
matched against the game's templates (its own f-strings, marked for the catalog with `N_`) and
the template's translation is filled with its fields translated in turn. A field is named for
what it holds (a trailing digit tells two apart):

- `player`: a seat colour ("red"), said as the catalog says it;
- `players`: colours joined by ", " and " and ";
- `n`: a number, kept; `code`: an edition's code ("C2"), kept; `nth`: an ordinal ("2nd"), in
  the table's own form;
- `word`: one of the game's words (a colour of districts, a feature), by the catalog;
- `items` / `parts` / `terms`: a list joined by ", " / "; " / " + ", each item a sentence in
  turn;
- `text`: a sentence in turn (a feature's title, a field's label).

A template given as a pair of `N_`-marked forms (singular, plural) is one sentence whose form
the count `n` decides by the table's language's rule (French says « 0 tuile », English "0 tiles").

>>> from companion.i18n import set_language
>>> words = Sentences(())  # a game's own templates, none here: the kit's alone
>>> set_language("fr"); print(words.localize("Scores: red 9, blue 4"))
Scores : rouge 9, bleu 4
>>> words.untranslated("red takes back: zebra 9")  # no template of this game says it
True
>>> words.localize(words.localize("Scores: red 9, blue 4; more"))  # once is all it takes
'Scores\u202f: rouge 9, bleu 4\u202f; more'
>>> set_language("en"); words.localize("Scores: red 9, blue 4")
'Scores: red 9, blue 4'
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property

from companion.i18n import N_, _, language, translations

Localize = Callable[..., str]  # (text, spoken=False) -> the text in the table's language
Template = str | tuple[str, str]  # one sentence, or its (singular, plural) forms


def as_is(text: str, spoken: bool = False) -> str:
    """No game's sentences (the setup screen: its words are the app's own, translated there)."""
    return text


COLOURS = ("red", "blue", "yellow", "green", "black", "pink")

# What every game built on the kit says: undo, scores, the end (kit.game, the ledger pages).
COMMON: tuple[Template, ...] = (
    N_("{player} takes back: {text}"),
    N_("{player}: {text}"),
    N_("Scores: {items}"),
    N_("{player} {n}"),
    N_("{text} {n}"),
    N_("{text}; {text2}"),  # sentences one after the other (a ranking's places)
)

_KINDS = {
    "n": r"\d+",
    "code": r"[A-Z]\d",  # an edition's code ("C2"), kept
    "nth": r"\d+(?:st|nd|rd|th)",
    "items": r".+",
    "parts": r".+",
    "terms": r".+",
    "text": r".+",
}
_SEPARATORS = {"items": ", ", "parts": "; ", "terms": " + "}


def _kind(field: str) -> str:
    return field.rstrip("0123456789")


def _fields(template: str) -> Iterable[tuple[str, str | None]]:
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        yield literal, field


def ordinal(n: int) -> str:
    """A place in the table's language: "1st", "2nd" / « 1er », « 2e »."""
    if language() == "en":
        return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
    return _("1st") if n == 1 else _("{n}th").format(n=n)


class Sentences:
    """A game's templates (`N_`-marked English) and the words its `word` fields take; the kit's
    `COMMON` sentences come after the game's own."""

    def __init__(
        self,
        templates: Sequence[Template],
        words: Iterable[str] = (),
        colours: Sequence[str] = COLOURS,
        kinds: Mapping[str, str] | None = None,
    ) -> None:
        self.templates = (*templates, *COMMON)
        self.words = tuple(words)
        self.colours = tuple(colours)
        # The game's own kinds of field: a pattern each, its text a sentence in turn.
        self.kinds = dict(kinds or {})

    @cached_property
    def _compiled(self) -> tuple[tuple[re.Pattern[str], Template], ...]:
        colour = "|".join(self.colours)
        kinds = {
            **_KINDS,
            "player": colour,
            "players": rf"(?:{colour})(?:(?:, | and )(?:{colour}))*",
            "word": "|".join(re.escape(w) for w in sorted(self.words, key=len, reverse=True))
            or "(?!)",
            **self.kinds,
        }
        out = []
        for template in self.templates:
            for form in (template,) if isinstance(template, str) else template:
                pattern = ""
                for literal, field in _fields(form):
                    pattern += re.escape(literal)
                    if field is not None:
                        pattern += f"(?P<{field}>{kinds[_kind(field)]})"
                out.append((re.compile(pattern), template))
        return tuple(out)

    def localize(self, text: str, spoken: bool = False) -> str:
        """`text` from the engine in the table's language (as is in English, and where nothing
        matches: `untranslated` finds those)."""
        if language() == "en" or not text:
            return text
        return self._localize(text)[0]

    def untranslated(self, text: str) -> bool:
        """True when `localize` would leave any of `text` in English (French only)."""
        return not self._localize(text)[1]

    def _localize(self, text: str) -> tuple[str, bool]:
        """The text in the table's language, and whether all of it was translated (a part
        left in English still lets the rest be shown translated)."""
        whole = _(text)
        if whole != text or not re.search(r"[A-Za-z]", text):
            return whole, True
        if "\u202f" in text:  # French's space before « : ; ? ! »: translated already, kept so
            return text, True
        first = None
        for pattern, template in self._compiled:
            match = pattern.fullmatch(text)
            if match is None:
                continue
            fields, whole_ok = {}, True
            for name, value in match.groupdict().items():
                shown, ok = self._field(name, value)
                fields[name], whole_ok = shown, whole_ok and ok
            said = self._form(template, fields).format(**fields)
            if whole_ok:
                return said, True
            first = first or said
        return first or text, False

    def _form(self, template: Template, fields: dict[str, str]) -> str:
        if isinstance(template, str):
            return _(template)
        # Each form is a catalog entry of its own; the language's plural rule picks one.
        singular, plural = template
        rule = getattr(translations(language()), "plural", lambda n: int(n != 1))
        return _(plural if rule(int(fields["n"])) else singular)

    def _field(self, name: str, value: str) -> tuple[str, bool]:
        """The field in the table's language, and whether it was translated whole."""
        kind = _kind(name)
        if kind in ("player", "word"):
            return _(value), True
        if kind == "players":
            names = [", ".join(_(p) for p in part.split(", ")) for part in value.split(" and ")]
            return _(" and ").join(names), True
        if kind == "nth":
            return ordinal(int(value[:-2])), True
        if kind in _SEPARATORS:
            parts = [self._sub(x) for x in value.split(_SEPARATORS[kind])]
            return _SEPARATORS[kind].join(p for p, _ok in parts), all(ok for _p, ok in parts)
        if kind == "text" or kind in self.kinds:
            return self._sub(value)
        return value, True

    def _sub(self, value: str) -> tuple[str, bool]:
        return self._localize(value)
