"""The five transcript games (test_transcripts.py) as a French table reads and hears them: every
prompt, choice offered and made, and event, through the catalogs, kept in
tests/elgrande/golden/transcripts/fr/ and read when made. Together they reach every card effect,
so every sentence the engine can say has a French form here; no line may keep an English word
(test_french_table.english_words: a word the catalogs' English has and their French never uses).

After an intended change:
`UPDATE_TRANSCRIPTS=1 .venv/bin/pytest tests/elgrande/test_transcripts_fr.py`.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from test_transcripts import GAMES

import companion
from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import describe
from companion.elgrande.options import TableOptions
from companion.elgrande.sentences import glossary, localize
from companion.i18n import _, set_language
from companion.screens.voice import speech_for

FOLDER = Path(__file__).parent / "golden" / "transcripts" / "fr"
# The English transcripts' games, the same seats, seeds, options and bots.
WORD = re.compile(r"[A-Za-z]{3,}")
KEPT = {"castillo", "caballero", "caballeros", "grande", "veto", "scores", "points"}


def _event(e) -> list[str]:
    """An event as shown (its text) and, when the voice says it, as said."""
    shown = [f"· {localize(e.text)}"]
    said = speech_for({"seq": e.seq, "kind": e.kind, "text": e.text, "detail": e.detail})
    return shown + ([f"  « {said} »"] if said else [])


def french_transcript(players, seed: int, options: TableOptions, bot) -> list[str]:
    set_language("fr")
    s = new_game(players, seed, options)
    bots = {p: bot(seed * 10 + i) for i, p in enumerate(players)}
    lines = [x for e in s.events for x in _event(e)]
    for _turn in range(20_000):  # bounded: a game takes a few thousand decisions at most
        if s.is_over:
            return lines
        d = decision(s)
        p = d.players[0]
        lines.append(f"? {' '.join(_(x) for x in d.players)} : {localize(d.prompt)}")
        action = bots[p].choose(s, p)
        if not d.secret:
            offered = [localize(describe(a)) for a in legal_actions(s, p)]
            lines.append(f"  {len(offered)} choix : " + " | ".join(offered))
            lines.append(f"> {_(p)} : {localize(describe(action))}")
        before = len(s.events)
        apply_in_place(s, p, action)
        lines += [x for e in s.events[before:] for x in _event(e)]
    raise AssertionError("the game did not end within 20,000 decisions")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def _english_words() -> set[str]:
    po = Path(companion.__file__).with_name("locale") / "fr" / "LC_MESSAGES" / "companion.po"
    english, french = set(), set()
    with po.open("rb") as f:
        for m in read_po(f):
            if m.id:
                ids = [m.id] if isinstance(m.id, str) else m.id
                strings = [m.string] if isinstance(m.string, str) else m.string
                english |= set().union(*(_words(re.sub(r"\{[^}]*\}", " ", x)) for x in ids))
                french |= set().union(*(_words(re.sub(r"\{[^}]*\}", " ", x)) for x in strings))
    for card in glossary()["cards"].values():
        french |= _words(card["text"])
    return english - french - KEPT


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_reads_in_french_as_its_transcript(name):
    lines = french_transcript(*GAMES[name])
    english = _english_words()
    stray = [x for x in lines if _words(x) & english]
    assert not stray, stray[:20]
    path = FOLDER / f"{name}.txt"
    if os.environ.get("UPDATE_TRANSCRIPTS") == "1":
        FOLDER.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.exists(), f"no transcript {path}; make it with UPDATE_TRANSCRIPTS=1"
    kept = path.read_text(encoding="utf-8").splitlines()
    if lines != kept:
        diff = "\n".join(list(difflib.unified_diff(kept, lines, "kept", "now", lineterm=""))[:40])
        pytest.fail(f"{name} no longer reads as {path}:\n{diff}")
