"""`companion screens --out DIR`: every screen as a PNG, as the app draws it (for the docs).

The app itself plays a seeded game on mock hardware, its bots pressing the buttons
(`screens_moments` beside this file); at each moment pictured, the images its panels hold are
written, enlarged `scale` times (nearest neighbour: the pixels stay square). The same game is
played once per main display in `MAINS`, so the two sizes show the same moments; the LED matrix,
the pads and the saved chart come from the first.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from companion import games
from companion.commands.screens_ledger import MOMENTS, take_ledger_shots
from companion.commands.screens_moments import MAIN_DISPLAYS, Shots, table_config, take_shots
from companion.session.store import DEFAULT_GAME

MAINS = {"128x64": ((128, 64), "1"), "256x64": ((256, 64), "L")}
# The main display's pages, by file name: the moment each is taken at (see screens_moments).
MAIN_PAGES = {
    "setup": "setup",
    "game-bids": "bids",
    "game-turn": "turn",
    "privacy": "privacy",
    "announce": "announce",
    "scores": "scores",
    "final": "final",
}


def render_all(
    out: Path,
    *,
    seed: int = 7,
    players: int = 5,
    scale: int = 3,
    game: str = DEFAULT_GAME,
    language: str = "en",
) -> list[Path]:
    """Play the seeded game and write every screen under `out`; returns the files written."""
    if game != DEFAULT_GAME:
        return _render_ledger(out, seed, players, scale, game, language)
    shots = {
        label: take_shots(table_config(MAIN_DISPLAYS[label]), players, seed, language)
        for label in MAINS
    }
    first = shots[next(iter(MAINS))]
    for label, taken in shots.items():
        _check(label, taken, first)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, image: Image.Image, times: int = scale) -> None:
        path = out / f"{name}.png"
        big = image.convert("L").resize(
            (image.width * times, image.height * times), Image.Resampling.NEAREST
        )
        big.save(path)
        written.append(path)

    for label, taken in shots.items():
        for name, moment in MAIN_PAGES.items():
            save(f"main-{label}-{name}", taken.main[moment])
        save(f"chart-{label}", taken.main["chart"])
    for name in ("turn", "bids", "final"):
        save(f"matrix-{name}", first.matrix[name])
    for name in ("turn", "sealed"):
        save(f"pad-{name}", first.pads[name])
    assert first.saved_chart is not None
    save("chart-large", first.saved_chart, 1)  # a PNG file already: as the app writes it
    return written


def _render_ledger(
    out: Path, seed: int, players: int, scale: int, game: str, language: str = "en"
) -> list[Path]:
    """Another game's pictures, each file named for the game: `akropolis-main-128x64-entry.png`."""
    shots = {
        label: take_ledger_shots(table_config(MAIN_DISPLAYS[label]), players, seed, game, language)
        for label in MAINS
    }
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for label, taken in shots.items():
        for moment in MOMENTS:
            written.append(
                _save(out / f"{game}-main-{label}-{moment}.png", taken.main[moment], scale)
            )
    first = shots[next(iter(MAINS))]
    written.append(_save(out / f"{game}-pad-entry.png", first.pads["entry"], scale))
    return written


def _save(path: Path, image: Image.Image, times: int) -> Path:
    big = image.convert("L").resize(
        (image.width * times, image.height * times), Image.Resampling.NEAREST
    )
    big.save(path)
    return path


def _check(label: str, taken: Shots, first: Shots) -> None:
    """Each main display is the size its label says, and was pictured at the same moments."""
    size, _ = MAINS[label]
    wrong = {k: im.size for k, im in taken.main.items() if im.size != size}
    if wrong:
        raise RuntimeError(f"main display {label}: frames of another size {wrong}")
    if taken.when != first.when:
        raise RuntimeError(f"main display {label}: the game went otherwise ({taken.when})")


def run_screens(
    out: str, seed: int, players: int, scale: int, game: str = DEFAULT_GAME, language: str = "en"
) -> int:
    """The command: checks its numbers, writes the PNGs, prints each path."""
    low, high = games.load(game).info.players
    high = min(high, 5)  # the pictured table has five pads
    if not low <= players <= high:
        print(
            f"companion screens: --players must be {low} to {high}, got {players}", file=sys.stderr
        )
        return 2
    if not 1 <= scale <= 8:
        print(f"companion screens: --scale must be 1 to 8, got {scale}", file=sys.stderr)
        return 2
    shown = render_all(
        Path(out), seed=seed, players=players, scale=scale, game=game, language=language
    )
    for path in shown:
        print(path)
    return 0
