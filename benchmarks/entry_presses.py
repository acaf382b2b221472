"""What entering a game's counts costs in button presses, for the games that keep a ledger: bots
at the table (mock pins, the reference pi.toml) enter plausible values, each by the fewest ◀ ▶
presses from the field's starting value, then ●. Per number entered and per player for the
whole game; a second figure counts a run of three or more steps the same way as one held
button (it repeats, faster the longer it is held). Not a test; run it by hand.

.venv/bin/python benchmarks/entry_presses.py akropolis|castell|carcassonne [GAMES]
"""

from __future__ import annotations

import statistics
import sys

from companion.app.config import load_app_config
from companion.app.menus import NumberMenu
from companion.app.mode import Mode
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.testing import BotDriver, Presser, VirtualClock, make_bots
from hw.backend import MockBackend
from hw.hardware import build_hardware

HOLD_FROM = 3  # steps in a row from which a person holds ◀ or ▶ rather than taps


def held(buttons: list[str]) -> int:
    """Presses with a run of HOLD_FROM or more of one arrow counted as one hold."""
    count, run = 0, 0
    for i, b in enumerate(buttons):
        run = run + 1 if i and b == buttons[i - 1] and b in ("left", "right") else 1
        count += 1 if run < HOLD_FROM else 0
        if run == HOLD_FROM:
            count -= HOLD_FROM - 2  # the run so far becomes one hold
    return count


def play(game: str, seed: int) -> tuple[list[int], list[int], list[int]]:
    hardware, _ = load_app_config(None, "pi.toml")
    seats = tuple(hardware.players)[:4]
    clock = VirtualClock()
    hw = build_hardware(hardware, backend=MockBackend(), clock=clock, start=False)
    try:
        app = TableApp(hw, TableDefaults(None, seats, game), seed=seed)
        driver = BotDriver(
            app, Presser(hw, clock), make_bots(seats, seed, game), hw.events, sync=True
        )
        driver.press(seats[0], "select")  # Start
        per_value, per_value_held = [], []
        per_player = dict.fromkeys(seats, 0)
        while (planned := driver.plan()) is not None:
            p, buttons = planned
            number = app.mode == Mode.GAME and isinstance(app.menu_for(p), NumberMenu)
            if app.mode == Mode.GAME:
                per_player[p] += len(buttons)
            if number:
                per_value.append(len(buttons))
                per_value_held.append(held(buttons))
            for b in buttons:
                driver.press(p, b)
        return per_value, per_value_held, list(per_player.values())
    finally:
        hw.close()


def main() -> None:
    game = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    values, values_held, players = [], [], []
    for seed in range(1, games + 1):
        v, h, p = play(game, seed)
        values += v
        values_held += h
        players += p

    def p90(xs: list[int]) -> float:
        return statistics.quantiles(xs, n=10)[-1]

    print(f"{game}, {games} games of four bots:")
    print(f"  a number, every press: median {statistics.median(values)}, p90 {p90(values):.0f}")
    held_median = statistics.median(values_held)
    print(f"  a number, held ▶ as one: median {held_median}, p90 {p90(values_held):.0f}")
    print(f"  a player's whole game: median {statistics.median(players)}, p90 {p90(players):.0f}")


if __name__ == "__main__":
    main()
