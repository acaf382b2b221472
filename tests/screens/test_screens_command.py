"""`companion screens`: what it writes, and what it refuses to write. The same seeded game is
played once per main display size; pictures of two games that went otherwise, or of a display
of another size, would put a wrong picture into the docs, so the command stops first."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

import companion.commands.screens as command
from companion.commands.screens import render_all
from companion.commands.screens_moments import Shots


def _played(shots: list[Shots], monkeypatch: pytest.MonkeyPatch) -> None:
    """The games render_all plays give `shots`, in order (the 128×64 display's first)."""
    given = iter(shots)
    monkeypatch.setattr(command, "take_shots", lambda config, players, seed, language: next(given))


def _shots(size: tuple[int, int], when: int) -> Shots:
    return Shots(main={"setup": Image.new("1", size)}, when={"setup": when})


MISMATCHES = {
    "frames of another size": (
        [_shots((128, 64), 3), _shots((128, 64), 3)],
        "main display 256x64: frames of another size {'setup': (128, 64)}",
    ),
    "a second game that went otherwise": (
        [_shots((128, 64), 3), _shots((256, 64), 4)],
        "main display 256x64: the game went otherwise ({'setup': 4})",
    ),
}


@pytest.mark.parametrize(("games", "refusal"), MISMATCHES.values(), ids=MISMATCHES)
def test_pictures_that_do_not_match_the_display_named_are_refused_before_any_file(
    games: list[Shots], refusal: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _played(games, monkeypatch)
    with pytest.raises(RuntimeError) as refused:
        render_all(tmp_path / "out", seed=3, players=3)
    assert str(refused.value) == refusal
    assert not (tmp_path / "out").exists()


def test_every_picture_is_written_in_8_bit_grey_as_the_docs_hold_them(tmp_path: Path) -> None:
    # The 128×64 panel draws in 1 bit; its pictures are written grey all the same, so writing
    # them again over docs/screens changes no file that shows the same picture.
    written = render_all(tmp_path, seed=3, players=3, scale=1)
    docs = Path(__file__).resolve().parents[2] / "docs" / "screens"
    assert {p.name for p in written} == {p.name for p in docs.iterdir()}
    for path in written:
        with Image.open(path) as img, Image.open(docs / path.name) as shown:
            assert img.mode == shown.mode == "L", path.name
