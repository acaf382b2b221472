"""`companion screens --game GAME`: another game's pictures, each file named for the game, taken
from a game its bots play on the mock table, both main display sizes alike."""

from __future__ import annotations

from PIL import Image

from companion.commands.screens import render_all
from companion.commands.screens_ledger import MOMENTS


def test_a_ledger_games_pictures_are_named_for_it_and_sized_for_each_display(tmp_path):
    written = render_all(tmp_path, seed=2, players=2, scale=1, game="castell")
    names = {p.name for p in written}
    for size in ("128x64", "256x64"):
        assert {f"castell-main-{size}-{m}.png" for m in MOMENTS} <= names
    assert "castell-pad-entry.png" in names
    assert not any(n.startswith("main-") for n in names)  # El Grande's names stay El Grande's
    with Image.open(tmp_path / "castell-main-256x64-entry.png") as wide:
        assert wide.size == (256, 64)
    with Image.open(tmp_path / "castell-pad-entry.png") as pad:
        assert pad.size == (128, 32)
