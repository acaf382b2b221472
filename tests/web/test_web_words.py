"""The static pages carry no words of their own: every heading, button, label and alert comes
from the catalogs through `companion.web.words` (`GET /words`), so a French table's pages are
French. The HTML holds no text, and every string in the scripts is a word's key (`t("key")`),
an element's id, a class, a tag, an attribute or a URL, never a phrase a player reads."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from web_testing import WebTable

from companion.i18n import set_language
from companion.web.words import words

STATIC = Path(__file__).resolve().parents[2] / "companion" / "web" / "static"
PAGES = sorted(STATIC.glob("*.html"))
SCRIPTS = sorted(STATIC.glob("*.js"))
SHOWN_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "value", "label")
TAGS = {
    "div",
    "span",
    "strong",
    "p",
    "li",
    "td",
    "th",
    "tr",
    "button",
    "input",
    "label",
    "polyline",
}
# The scripts' other strings: attributes, events, kinds, modes and headers, none shown as text.
TECHNICAL = {
    "use strict", "class", "style", "on", "aria-label", "role", "data-area", "data-card",
    "data-kind", "[data-w]", "[data-w-aria-label]", "visibilitychange", "pageshow", "online",
    "click", "submit", "same-origin", "POST", "Content-Type", "X-Companion", "application/json",
    "http://www.w3.org/2000/svg", "points", "fill", "none", "stroke", "stroke-width", "numeric",
    "number", "value", "label", "bid", "bid_group", "ledger", "setup", "castillo", "card",
    "choice", "big", "good", "bad", "message ", " played", "tappable", "phase_", "background:",
    "left:", "%;top:", "marks", "men", "enter", "chips", "data-shortcut",
}  # fmt: skip


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.shown: list[str] = []
        self.keys: list[str] = []
        self.ids: set[str] = set()
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._skip += tag in ("script", "style")
        for name, value in attrs:
            if name in SHOWN_ATTRIBUTES and value:
                self.shown.append(f"{tag} {name}={value!r}")
            if name in ("data-w", "data-w-aria-label") and value:
                self.keys.append(value)
            if name in ("id", "class") and value:
                self.ids.update(value.split())

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self._skip and re.search(r"[^\W\d_]", data):
            self.text.append(data.strip())


def _read(page: Path) -> _Text:
    parsed = _Text()
    parsed.feed(page.read_text(encoding="utf-8"))
    return parsed


def _literals(src: str) -> list[str]:
    """Every string literal of a script, a template's literal parts one by one (comments are
    skipped: their apostrophes open no string)."""
    out: list[str] = []

    def code(i: int, nested: bool = False) -> int:
        depth = 0
        while i < len(src):
            c = src[i]
            if src.startswith("//", i):
                end = src.find("\n", i)
                i = len(src) if end < 0 else end
            elif src.startswith("/*", i):
                i = src.index("*/", i) + 2
            elif c in "\"'":
                j = i + 1
                while src[j] != c:
                    j += 2 if src[j] == "\\" else 1
                out.append(src[i + 1 : j])
                i = j + 1
            elif c == "`":
                i = template(i + 1)
            else:
                if nested and c == "}":
                    if depth == 0:
                        return i + 1
                    depth -= 1
                depth += nested and c == "{"
                i += 1
        return i

    def template(i: int) -> int:
        start = i
        while src[i] != "`":
            if src.startswith("${", i):
                out.append(src[start:i])
                i = start = code(i + 2, nested=True)
            else:
                i += 2 if src[i] == "\\" else 1
        out.append(src[start:i])
        return i + 1

    code(0)
    return out


def _classes() -> set[str]:
    return set(re.findall(r"\.([a-z][\w-]*)", (STATIC / "app.css").read_text(encoding="utf-8")))


def test_the_html_pages_hold_no_words_only_keys_of_the_catalogs_words():
    keys = set(words())
    for page in PAGES:
        parsed = _read(page)
        assert parsed.text == [], f"{page.name} shows words of its own: {parsed.text}"
        assert parsed.shown == [], f"{page.name} has words in attributes: {parsed.shown}"
        assert set(parsed.keys) <= keys, f"{page.name}: unknown words {set(parsed.keys) - keys}"


def test_every_string_in_the_scripts_is_a_words_key_or_technical():
    keys = set(words())
    known = set().union(*(_read(p).ids for p in PAGES)) | _classes() | TAGS | TECHNICAL
    used = {k for p in PAGES for k in _read(p).keys}
    for script in SCRIPTS:
        src = script.read_text(encoding="utf-8")
        asked = re.findall(r"""\bt\(\s*["']([^"']*)["']""", src)
        assert set(asked) <= keys, f"{script.name} asks for unknown words {set(asked) - keys}"
        used |= set(asked)
        rest = re.sub(r"""\bt\(\s*["'][^"']*["']""", "t(", src)
        shown = [
            s
            for s in _literals(rest)
            if re.search(r"[^\W\d_]", s)
            and s not in known
            and not set(s.split()) <= known  # "choice then": two classes
            and not re.match(r"/|#[0-9a-f]+$", s)
        ]
        assert shown == [], f"{script.name} has words not from the catalogs: {shown}"
    # every word is on a page (the phases are asked by the game's phase: W[`phase_${…}`])
    unused = {k for k in keys - used if not k.startswith("phase_")} - {"lang"}
    assert unused == set(), f"words no page uses: {unused}"


def test_the_scripts_strings_are_found_even_in_templates_and_beside_comments():
    found = _literals("// it's\nx(`a ${f('b', {c: `d${1}`})} e`, \"f\\\"g\") /* 'h' */")
    assert found == ["a ", "b", "d", "", " e", 'f\\"g']


@pytest.mark.parametrize("key", ["undo", "reconnecting", "connecting", "take_seat", "offline"])
def test_a_french_table_is_served_its_words_in_french(key):
    set_language("fr")
    try:
        french = words()
    finally:
        set_language("en")
    assert french[key] != words()[key] and french["lang"] == "fr"


def test_the_words_are_served_to_any_page_and_follow_the_tables_language():
    table = WebTable(seed=3, language="fr")
    try:
        status, headers, body = table.request("GET", "/words")
        served = json.loads(body)
    finally:
        table.close()
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    assert served["lang"] == "fr"
    assert served["undo"] == "Annuler / retirer"
