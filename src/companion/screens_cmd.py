"""`companion screens --out DIR`: every screen as a PNG, from a seeded bot game (for the README).

The game is played by the engine's bots; moments are picked from it (a sealed bid half-entered, a
turn, a scoring, the end) and each is rendered by the same functions the app calls, at each
device's size, then enlarged `scale` times (nearest neighbour: the pixels stay square).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from PIL import Image

from companion.elgrande.bots import GreedyBot, play_game
from companion.elgrande.state import State
from companion.elgrande.views import events_json, player_view, public_view
from companion.screens.chart import render_chart, score_history
from companion.screens.model import MainUI, PadMenu
from companion.screens.pages import (
    PAGE_KINDS,
    announce_footer,
    announce_page,
    score_parts,
    scores_page,
)
from companion.screens.render import render_main, render_matrix, render_pad

MAINS = {"128x64": ((128, 64), "1"), "256x64": ((256, 64), "L")}
MATRIX = (32, 8)
PAD = (128, 32)
COLOURS = ("red", "blue", "yellow", "green", "black")


class _Moments:
    """Keeps the first public view (and a pad's) that matches each wanted moment."""

    def __init__(self) -> None:
        self.views: dict[str, dict[str, Any]] = {}
        self.pads: dict[str, tuple[dict[str, Any], PadMenu]] = {}

    def __call__(self, s: State, _player: str, _action: object) -> None:
        view = public_view(s)
        d = view["decision"]
        if not d or (s.round or 0) < 3:
            return
        if d["kind"] == "bid" and d["secret"] and d.get("chosen") and "bids" not in self.views:
            self.views["bids"] = view
            p = d["chosen"][0]
            mine = player_view(s, p)
            hand = [str(n) for n in mine["you"]["hand"]][:10]
            sealed = mine["you"]["sealed"] or ""
            menu = PadMenu(p, d["prompt"], tuple(hand), 0, False, note=f"sealed: {sealed}")
            self.pads["sealed"] = (mine, menu)
        if d["kind"] == "card" and "turn" not in self.views:
            self.views["turn"] = view
            p = d["players"][0]
            mine = player_view(s, p)
            options = tuple(mine["you"]["options"][:10])
            self.pads["turn"] = (mine, PadMenu(p, d["prompt"], options, 1, True))


def render_all(out: Path, *, seed: int = 7, players: int = 5, scale: int = 3) -> list[Path]:
    """Play the seeded game and write every screen under `out`; returns the files written."""
    moments = _Moments()
    seats = list(COLOURS[:players])
    final = play_game(seats, seed, default=GreedyBot, on_step=moments)
    events = events_json(final)
    final_view = public_view(final)
    scored = [e for e in events if e["kind"] == "score" and e["detail"] is not None]
    scoring = max(scored, key=lambda e: len(score_parts(e["detail"])[2]))
    page, pages_in_scoring = _place_in_announcement(events, scoring)
    start = public_view(_fresh(seats, seed))
    setup = MainUI(
        screen="setup",
        title="New game",
        lines=(
            "Seats: " + " ".join(seats),
            "Ties: 2015 rules",
            "Short game: no",
            "Veto: yes",
            "Bids: sealed",
            "Deck: shuffled",
            "Start",
        ),
        cursor=6,
        footer="◀ ▶ move  ● change",
    )
    privacy = MainUI(
        screen="privacy",
        title="Only blue looks",
        lines=("Everyone else: look away",),
        footer="blue: hold ● to see",
    )
    pages: dict[str, tuple[dict[str, Any], MainUI]] = {
        "setup": (start, setup),
        "game-bids": (moments.views["bids"], MainUI()),
        "game-turn": (moments.views["turn"], MainUI(alerts=("blue's pad: fault",))),
        "announce": (final_view, announce_page(scoring)),
        "scores": (final_view, scores_page(final_view)),
        "privacy": (final_view, privacy),
        "final": (final_view, MainUI(screen="final", history=tuple(score_history(events)))),
    }
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, image: Image.Image) -> None:
        path = out / f"{name}.png"
        big = image.convert("L").resize(
            (image.width * scale, image.height * scale), Image.Resampling.NEAREST
        )
        big.save(path)
        written.append(path)

    for label, (size, mode) in MAINS.items():
        for name, (view, ui) in pages.items():
            if name == "announce":  # the footer the app draws on a display this wide
                ui = replace(ui, footer=announce_footer(page, pages_in_scoring, size[0]))
            save(f"main-{label}-{name}", render_main(view, ui, size, mode))
        save(f"chart-{label}", render_chart(score_history(events), seats, size, mode))
    save("matrix-turn", render_matrix(moments.views["turn"], MATRIX))
    save("matrix-bids", render_matrix(moments.views["bids"], MATRIX))
    save("matrix-final", render_matrix(final_view, MATRIX))
    for name, (view, menu) in moments.pads.items():
        save(f"pad-{name}", render_pad(view, menu, PAD))
    save("chart-large", render_chart(score_history(events), seats, (400, 200), "L"))
    return written


def _place_in_announcement(events: list[dict[str, Any]], event: dict[str, Any]) -> tuple[int, int]:
    """(page, pages) of `event` in the announcement the app makes of its run of scoring events."""
    i = events.index(event)
    first, last = i, i
    while first > 0 and events[first - 1]["kind"] in PAGE_KINDS:
        first -= 1
    while last + 1 < len(events) and events[last + 1]["kind"] in PAGE_KINDS:
        last += 1
    return i - first + 1, last - first + 1


def _fresh(seats: list[str], seed: int) -> State:
    from companion.elgrande.engine import new_game

    return new_game(seats, seed)


def run_screens(out: str, seed: int, players: int, scale: int) -> int:
    """The command: checks its numbers, writes the PNGs, prints each path."""
    if not 2 <= players <= 5:
        print(f"companion screens: --players must be 2 to 5, got {players}", file=sys.stderr)
        return 2
    if not 1 <= scale <= 8:
        print(f"companion screens: --scale must be 1 to 8, got {scale}", file=sys.stderr)
        return 2
    for path in render_all(Path(out), seed=seed, players=players, scale=scale):
        print(path)
    return 0
