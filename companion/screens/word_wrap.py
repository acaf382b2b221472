"""The one word-wrap every screen uses: whole words, greedily, onto rows each as wide as the
caller measures; the main font's rows (`text.wrap`), the small print's (`legacy_text.tiny_wrap`)
and a pad's pages of a card's text (`pad.text_pages`) are this with their own measure.

Words break at spaces only: a no-break space (French puts one before « : ; ! ? ») keeps a
word and its punctuation on one row.

>>> lines = break_lines(words("Prenez jusqu'à 2 Caballeros\\u202f!"), lambda s, i: len(s) <= 12)
>>> [x.replace("\\u202f", "_") for x in lines]
['Prenez', "jusqu'à 2", 'Caballeros_!']
>>> wrap_words("a b c d e f", 2, lambda s: len(s) <= 3, lambda s: s[:3])
['a b', 'c d']
>>> wrap_words("Supercalifragilistic is long", 2, lambda s: len(s) <= 8, lambda s: s[:7] + "…")
['Superca…', 'is long']
"""

from __future__ import annotations

import re
from collections.abc import Callable

_SPACES = re.compile(r"[ \t\n]+")  # not the no-break spaces


def words(text: str) -> list[str]:
    """`text`'s words, split at breaking spaces only."""
    return [w for w in _SPACES.split(text) if w]


def break_lines(text_words: list[str], fits: Callable[[str, int], bool]) -> list[str]:
    """Whole words onto lines, greedily: line i holds what `fits(line, i)` accepts; a word
    that fits no line on its own gets a line to itself (the caller cuts it)."""
    lines: list[str] = []
    current = ""
    for word in text_words:
        candidate = f"{current} {word}" if current else word
        if not current or fits(candidate, len(lines)):
            current = candidate
        else:
            lines.append(current)
            current = word
    return [*lines, current] if current else lines


def wrap_words(
    text: str, max_lines: int, fits: Callable[[str], bool], cut: Callable[[str], str]
) -> list[str]:
    """`text` on at most `max_lines` lines that `fits` accepts, words whole; a word too wide
    for a line, and the last line when text is left, are `cut` (which ends them with a mark).
    Never an empty line."""
    lines = break_lines(words(text), lambda s, _i: fits(s))
    if len(lines) > max_lines:
        kept = lines[: max_lines - 1]
        rest = " ".join(words(text)[sum(len(words(x)) for x in kept) :])
        lines = [*kept, rest]
        lines[-1] = cut(lines[-1])
    return [x if fits(x) else cut(x) for x in lines if x]
