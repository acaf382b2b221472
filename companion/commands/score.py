"""`companion score FILE`: score a game's position given as JSON and print the result as JSON.

The document's `"game"` key names the game (`companion.games`); without it the document is
El Grande's, as every file written before other games were known. Each game reads its own format
(docs/commands.md has them all, in and out) and prints `totals` by player first.

Bad input exits with status 2 and one line on stderr naming the JSON path and what is accepted;
no input gives a traceback (strict_json refuses what the json module would crash on).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from companion import games
from companion.kit.strict_json import InputError, clip, load_document
from hw.checked import shown_path


def score_document(doc: Any) -> dict[str, Any]:
    """Score a parsed document with its game's module; raises InputError on bad input."""
    game = games.DEFAULT
    if isinstance(doc, dict) and "game" in doc:
        doc = dict(doc)
        game = doc.pop("game")
        if not isinstance(game, str) or game not in games.available():
            accepted = ", ".join(games.available())
            raise InputError("$.game", f"{clip(game)} is not a game; accepted: {accepted}")
    return games.load(game).score_document(doc)


# A position is a few KiB of JSON; reading stops past this, so /dev/zero or /dev/urandom (which
# never end) or a huge file is refused at once, in bounded memory.
MAX_BYTES = 1 << 20


def _read(file: str) -> bytes | str:
    """At most MAX_BYTES + 1 of the file's bytes, decoded later so a bad encoding is named;
    stdin's too when it has any."""
    if file == "-":
        stdin = getattr(sys.stdin, "buffer", None)  # None: a text-only stream, as tests pass
        return stdin.read(MAX_BYTES + 1) if stdin is not None else sys.stdin.read(MAX_BYTES + 1)
    with open(file, "rb") as f:
        return f.read(MAX_BYTES + 1)


def run_score(file: str) -> int:
    try:
        data = _read(file)
    except OSError as e:
        print(f"companion score: cannot read {shown_path(file)}: {e.strerror}", file=sys.stderr)
        return 2
    if len(data) > MAX_BYTES:
        where = "standard input" if file == "-" else shown_path(file)
        print(
            f"companion score: {where} is longer than 1 MiB, the most read; a position is a few "
            "KiB of JSON",
            file=sys.stderr,
        )
        return 2
    try:
        result = score_document(load_document(data, "<stdin>" if file == "-" else file))
    except InputError as e:
        print(str(e), file=sys.stderr)
        return 2
    try:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    except UnicodeEncodeError:  # a terminal that cannot show a name: same JSON, escaped
        print(json.dumps(result, indent=2))
    return 0
