"""`companion demo`: a whole game by bots that press the buttons, on the reference build mocked.

The hardware is config pi.toml on the mock backend: the same gpiozero pins and luma drivers, with
dummy devices. Time for debounce and long presses is virtual, so `--pace 0` runs flat out;
`--pace` adds real seconds between decisions so that a person can watch.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from companion import games
from companion.app.config import load_app_config
from companion.app.loop import STOP, run_loop
from companion.app.mode import Mode
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.commands.demo_summary import game_summary
from companion.commands.terminal import framed
from companion.i18n import _
from companion.screens.game_page import winner_line
from companion.session.resilient import open_resilient
from companion.session.session import Session
from companion.session.store import DEFAULT_GAME, MemoryStore, Store, StoreError
from companion.testing import BotDriver, Presser, VirtualClock, make_bots
from hw.backend import MockBackend
from hw.hardware import build_hardware

DEFAULT_PACE = 0.2  # seconds between decisions: a five-player game (~480) in about two minutes


class _Printer:
    """What a new user watches: every spoken line, the main display and the LED matrix as each
    round's first turn begins, and the final screen."""

    def __init__(self, app: TableApp, out: TextIO) -> None:
        self.app, self.out = app, out
        self.shown_round: object = None

    def say(self, text: str, round_no: int | None) -> None:
        """A spoken line, tagged with its event's round: a general scoring or a round's last
        turn, said once the next round has begun, is still its own round's."""
        print(f"  R{round_no or '-'} │ {text}", file=self.out, flush=True)

    def main(self, image: Any) -> None:
        app, s = self.app, self.app.session
        if s is None:
            return
        view = s.table_view()
        first_turn = view.phase == "turns" and view.round != self.shown_round
        if app.mode == Mode.FINAL or (app.mode == Mode.GAME and first_turn):
            self.shown_round = view.round
            print(framed(image, "main display"), file=self.out)
            matrix = app.hw.matrix
            if matrix is not None and matrix.image is not None:
                print(framed(matrix.image, "LED matrix"), file=self.out, flush=True)


def _open_store(path: Path | None) -> tuple[Store, bool]:
    """The demo's store, and whether it holds an unfinished game to resume."""
    if path is None:
        return MemoryStore(), False
    with contextlib.suppress(OSError):  # if it cannot be made, the store says why
        path.parent.mkdir(parents=True, exist_ok=True)
    store = open_resilient(path)
    if store.message:  # the game still plays, in memory: the terminal hears it too
        print(f"companion demo: {store.message}", file=sys.stderr)
    try:
        resumed = Session.resume(store)
    except StoreError:
        return store, False  # no game stored (or one whose header sets up none)
    return store, not resumed.over


def run_demo(
    players: int | None = None,  # None: as many as the game seats and the pads allow
    seed: int = 1,
    pace: float = DEFAULT_PACE,
    as_json: bool = False,
    frames: Path | None = None,
    out: TextIO | None = None,  # standard output as it is when called
    store_path: Path | None = None,
    game: str = DEFAULT_GAME,
    language: str | None = None,  # None: table.toml's, else the system locale's
) -> int:
    out = sys.stdout if out is None else out
    hardware, table = load_app_config(None, "pi.toml")
    info = games.load(game).info
    seats = tuple(hardware.players)[: players or info.players[1]]
    clock = VirtualClock()
    store, unfinished = _open_store(store_path)
    hw = build_hardware(hardware, backend=MockBackend(), clock=clock, start=False)
    try:
        options = table.options if table.game == game else table.others.get(game)
        defaults = TableDefaults(options, seats, game, language=language or table.language)
        app = TableApp(hw, defaults, seed=seed, out_dir=frames, store=store, resume=unfinished)
        recorded: list[Any] = []  # every main display frame shown, with --frames
        if frames is not None:
            app.outputs.on_main.append(recorded.append)
        if unfinished and app.session is not None:
            # The stored game wins over --players/--seed: it is the one to finish.
            seats, seed = app.session.players, app.session.header.seed
            game, info = app.session.header.game, app.session.game.info
            if not as_json:
                print(f"Resuming the unfinished game in {store_path}.", file=out)
        if not as_json:
            printer = _Printer(app, out)
            app.outputs.on_say.append(printer.say)
            app.outputs.on_main.append(printer.main)
            print(
                f"{info.name} companion demo: {len(seats)} bots ({', '.join(seats)}),"
                f" seed {seed}.\n"
                "Each bot presses its pad's buttons through gpiozero's mock pins; below is what\n"
                "the voice says, and the main display and matrix as each round begins.\n",
                file=out,
                flush=True,
            )
        loop = threading.Thread(target=run_loop, args=(app, hw.events), name="app-loop")
        loop.start()
        driver = BotDriver(app, Presser(hw, clock), make_bots(seats, seed, game), hw.events)
        try:
            while driver.step():
                if pace:
                    time.sleep(pace)
        finally:
            hw.events.put(STOP)
            loop.join()
        assert app.session is not None and app.session.over, "the demo stopped before the end"
        if not store.saving:
            print(f"companion demo: the game ended unsaved ({store.message})", file=sys.stderr)
        elif store.message:  # its files were lost during the game and written again
            print(f"companion demo: {store.message}", file=sys.stderr)
        store.close()
        summary = game_summary(app.session)
        if frames is not None:
            _save_frames(recorded, frames)
        if as_json:
            print(json.dumps(summary), file=out)
        else:
            # In the table's language, as the main display says it (the JSON stays as stored).
            ranking = sorted(summary["scores"].items(), key=lambda kv: -kv[1])
            items = ", ".join(f"{_(p)} {n}" for p, n in ranking)
            print("\n" + _("Final scores: {items}").format(items=items), file=out)
            winner = summary["winner"]  # a list of names when the table shares a tie
            print(winner_line([winner] if isinstance(winner, str) else winner), file=out)
            if frames is not None:
                print(f"Frames, animation and score chart saved in {frames}", file=out)
            again = f"companion demo --players {len(seats)} --seed {seed}"
            again += "" if game == DEFAULT_GAME else f" --game {game}"
            again += "" if language is None else f" --lang {language}"
            print(_("Same game again: {command}").format(command=again), file=out)
        return 0
    finally:
        hw.close()


def _save_frames(images: list[Any], folder: Path) -> None:
    """Every main display frame as PNG, and all of them as one animated GIF."""
    folder.mkdir(parents=True, exist_ok=True)
    big = [img.convert("L").resize((img.width * 2, img.height * 2)) for img in images]
    for i, img in enumerate(big, 1):
        img.save(folder / f"main-{i:04d}.png")
    if big:
        big[0].save(folder / "main.gif", save_all=True, append_images=big[1:], duration=200, loop=0)
