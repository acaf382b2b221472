"""Whole games as the table hears them: every question asked (who, which step, its prompt and,
for a public step, the choices offered and the one made) and every public event with its detail
(what the displays draw from), for five games
that together use every card effect, both bidding modes, the physical deck, the table choosing
the first bidder, the three tie rules, the short game, no Veto and a public Castillo.

Each transcript is compared line by line with the one kept in
tests/elgrande/golden/transcripts/, which was read when it was made: a change to any prompt,
announcement, choice offered or rule the games reach shows up as a diff there. After an intended
change, rewrite them with
`UPDATE_TRANSCRIPTS=1 .venv/bin/pytest tests/elgrande/test_transcripts.py` and read the diff before
committing it.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from pathlib import Path

import pytest

from companion.elgrande.bots import Bot, GreedyBot, RandomBot
from companion.elgrande.effects import CARD_EFFECTS
from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import describe
from companion.elgrande.options import TableOptions
from companion.elgrande.state import Event
from companion.elgrande.views import event_json

FOLDER = Path(__file__).parent / "golden" / "transcripts"
FIVE = ("red", "blue", "yellow", "green", "black")
GAMES: dict[str, tuple[tuple[str, ...], int, TableOptions, type[Bot]]] = {
    "five-greedy": (FIVE, 1, TableOptions(), GreedyBot),
    "five-open-physical": (FIVE, 2, TableOptions(bidding="open", deck="physical"), RandomBot),
    "three-chosen-1995": (
        FIVE[:3],
        3,
        TableOptions(
            first_bidder="choose",
            ruleset="1995",
            castillo_disc_on_king="court",
            tiebreak="tournament",
        ),
        RandomBot,
    ),
    "two-short-bga": (
        FIVE[:2],
        4,
        TableOptions(
            short_game=True, ruleset="bga", castillo_disc_on_king="forbidden", tiebreak="shared"
        ),
        GreedyBot,
    ),
    "four-no-veto-public": (
        FIVE[:4],
        7,
        TableOptions(veto=False, castillo_public=True),
        GreedyBot,
    ),
}


def _line(e: Event) -> str:
    """An event as heard, and its detail as the outputs get it (event_json), when it has one."""
    detail = event_json(e)["detail"]
    shown = "" if detail is None else " " + json.dumps(detail, sort_keys=True, ensure_ascii=False)
    return f"{e.kind}: {e.text}{shown}"


def transcript(players, seed: int, options: TableOptions, bot: type[Bot]) -> list[str]:
    s = new_game(players, seed, options)
    bots = {p: bot(seed * 10 + i) for i, p in enumerate(players)}
    lines = [_line(e) for e in s.events]
    for _ in range(20_000):  # bounded: a game takes a few thousand decisions at most
        if s.is_over:
            return lines
        d = decision(s)
        p = d.players[0]
        lines.append(f"? {' '.join(d.players)} {d.kind}: {d.prompt}")
        action = bots[p].choose(s, p)
        if not d.secret:  # a sealed step's choices are a hand; only the reveal is public
            offered = [describe(a) for a in legal_actions(s, p)]
            lines.append(f"  offered {len(offered)}: " + " | ".join(offered))
            lines.append(f"> {p}: {describe(action)}")
        before = len(s.events)
        apply_in_place(s, p, action)
        lines += [_line(e) for e in s.events[before:]]
    raise AssertionError(f"the game did not end within 20,000 decisions: {s!r}")


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_reads_as_its_transcript(name):
    lines = transcript(*GAMES[name])
    path = FOLDER / f"{name}.txt"
    if os.environ.get("UPDATE_TRANSCRIPTS") == "1":
        FOLDER.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.exists(), f"no transcript {path}; make it with UPDATE_TRANSCRIPTS=1"
    kept = path.read_text(encoding="utf-8").splitlines()
    if lines != kept:
        diff = "\n".join(list(difflib.unified_diff(kept, lines, "kept", "now", lineterm=""))[:40])
        pytest.fail(f"{name} no longer reads as {path}:\n{diff}")


def test_the_transcripts_use_every_card_effect():
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(FOLDER.glob("*.txt")))
    carried = set(re.findall(r"^act: \w+ carries out .* \"(\w+)\"$", text, re.MULTILINE))
    assert carried >= set(CARD_EFFECTS), sorted(set(CARD_EFFECTS) - carried)
