"""A whole game of each game beside El Grande as a French table reads and hears it: every
prompt, every number asked (its label and its rule), every choice offered and made, every event
and reason, through the game's `localize`, kept in tests/app/golden/transcripts-fr/ and read
when made. No line may keep an English word.

After an intended change:
`UPDATE_TRANSCRIPTS=1 .venv/bin/pytest tests/app/test_transcripts_other_games_fr.py`.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest
from french_words import stray_english

from companion import games
from companion.i18n import _, set_language

FOLDER = Path(__file__).parent / "golden" / "transcripts-fr"

# (game, seats, seed, options): each with the options that bring out the most of its words.
GAMES = [
    ("akropolis", ("red", "blue", "yellow"), 3, {"markets": True, "gardens": True}),
    ("castell", ("red", "blue", "green"), 2, {}),
    ("carcassonne", ("red", "blue", "green"), 4, {}),
]


def french_transcript(game_id: str, seats, seed: int, options: dict) -> list[str]:
    set_language("fr")
    game = games.load(game_id)
    say = game.localize
    s = game.new_game(seats, seed, game.options_from(options))
    kind = next(iter(game.bots.values()))
    bots = {p: kind(seed * 10 + i) for i, p in enumerate(seats)}
    lines = [f"· {say(e.text)}" for e in s.take_events()]
    while (d := game.decision(s)) is not None:
        p = d.players[0]
        lines.append(f"? {', '.join(_(x) for x in d.players)} : {say(d.prompt)}")
        legal = game.legal_actions(s, p)
        number = game.number_field(s, p)
        if number is not None:
            lines.append(
                f"  {say(number.label)} ({number.low}–{number.high}) : {say(number.prompt)}"
            )
        else:
            lines.append("  " + " | ".join(say(game.label(s, a)) for a in legal))
        action = bots[p].choose(s, p, legal)
        lines.append(f"> {_(p)} : {say(game.label(s, action))}")
        game.apply_in_place(s, p, action)
        lines += [f"· {say(e.text)}" for e in s.take_events()]
    return lines


@pytest.mark.parametrize(("game", "seats", "seed", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_french_transcript_of_each_game_is_the_one_kept_and_all_french(
    game, seats, seed, options
):
    lines = french_transcript(game, seats, seed, options)
    path = FOLDER / f"{game}.txt"
    text = "\n".join(lines) + "\n"
    if os.environ.get("UPDATE_TRANSCRIPTS"):
        path.write_text(text, encoding="utf-8")
    kept = path.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(kept.splitlines(True), text.splitlines(True), n=1))
    assert text == kept, f"{path.name} differs (UPDATE_TRANSCRIPTS=1 to rewrite):\n{diff[:3000]}"
    assert not stray_english(lines)
