"""What a game costs in button presses: bots at the table (mock pins, the reference pi.toml),
counted per turn and per round outside the turns (bids, and with the physical deck the cards
turned up), with the shuffled deck and the physical one. Not a test; run it by hand.

.venv/bin/python benchmarks/presses.py [GAMES]

A turn's presses run from its "turn" event to the next turn, round or scoring, all pads together
(an action card may ask every player), and the turn's own player's alone; beside them the
decisions the turn asked, the fewest presses it could take (one ● each). The rest of a round
(bidding, entering the turned-up cards) is counted per round, all pads together. Players cycle
through 2-5 with the seed.
"""

from __future__ import annotations

import dataclasses
import statistics
import sys
from collections.abc import Callable

from companion.app.config import load_app_config
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.testing import BotDriver, Presser, VirtualClock, drain, make_bots
from hw.backend import MockBackend
from hw.hardware import build_hardware

BREAKS = ("round", "turn", "general_scoring")  # events where one count stops, the next starts
HOLD_FROM = 3  # steps in a row from which a person holds ◀ or ▶ (it repeats) rather than taps


def taps(buttons: list[str]) -> int:
    """Every ◀ ▶ ● a press."""
    return len(buttons)


def with_holds(buttons: list[str]) -> int:
    """A person's presses: HOLD_FROM or more steps the same way are one held ◀ or ▶.

    >>> with_holds(["right", "right", "right", "select"]), with_holds(["left", "left", "select"])
    (2, 3)
    """
    count, run, last = 0, 0, ""
    for b in [*buttons, ""]:
        if b == last and b in ("left", "right"):
            run += 1
            continue
        if last in ("left", "right"):
            count += 1 if run >= HOLD_FROM else run
        elif last:
            count += 1
        last, run = b, 1
    return count


@dataclasses.dataclass
class Game:
    """One bot game's counts: presses of each turn (all pads), of the turn's own player, the
    decisions each turn asked (its floor: one ● each), each round's other presses and each
    player's bid (their presses in a round's bidding, to the sealed or open card)."""

    turns: list[int] = dataclasses.field(default_factory=list)
    own: list[int] = dataclasses.field(default_factory=list)
    decisions: list[int] = dataclasses.field(default_factory=list)
    rounds: list[int] = dataclasses.field(default_factory=list)
    bids: list[int] = dataclasses.field(default_factory=list)


def count_game(players: int, seed: int, deck: str, cost: Callable[[list[str]], int] = taps) -> Game:
    """The counts of one bot game (`Game`)."""
    hardware, table = load_app_config(None, "pi.toml")
    seats = tuple(hardware.players)[:players]
    clock = VirtualClock()
    hw = build_hardware(hardware, backend=MockBackend(), clock=clock, start=False)
    try:
        options = dataclasses.replace(table.options, deck=deck)
        app = TableApp(hw, TableDefaults(options, seats), seed=seed)
        driver = BotDriver(app, Presser(hw, clock), make_bots(seats, seed), hw.events, sync=True)
        game = Game()
        bids: dict[tuple[int, str], int] = {}
        phase, count, own, decided, seen, mover = "", 0, 0, 0, 0, ""
        while True:
            planned = driver.plan()
            if planned is None:
                break
            player, buttons = planned
            session = app.session
            step = session.state.steps[-1] if session and session.state.steps else None
            if step is not None and getattr(step, "kind", "") == "bid":
                key = (session.state.round, player)
                bids[key] = bids.get(key, 0) + cost(buttons)
            asked = session is not None and session.decision() is not None
            for button in buttons:
                driver.press(player, button)
            drain(app, hw.events)
            count += cost(buttons)
            own += cost(buttons) if player == mover else 0
            decided += asked
            events = app.session.events if app.session is not None else []
            for ev in events[seen:]:
                if ev["kind"] in BREAKS:
                    if phase == "turn":
                        game.turns.append(count)
                        game.own.append(own)
                        game.decisions.append(decided)
                    elif phase == "round":
                        game.rounds.append(count)
                    phase, count, own, decided = ev["kind"], 0, 0, 0
                    mover = str(getattr(app.session.state.steps[-1], "player", ""))
            seen = len(events)
        if phase == "turn":
            game.turns.append(count)
            game.own.append(own)
            game.decisions.append(decided)
        game.bids = list(bids.values())
        return game
    finally:
        hw.close()


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def main(games: int = 8) -> None:
    for deck, cost in (("shuffled", taps), ("physical", taps), ("shuffled", with_holds)):
        how = "taps" if cost is taps else f"a hold from {HOLD_FROM} steps"
        total = Game()
        for seed in range(1, games + 1):
            one = count_game(2 + seed % 4, seed, deck, cost)
            for name in ("turns", "own", "decisions", "rounds", "bids"):
                getattr(total, name).extend(getattr(one, name))
        turns, rounds, bids = total.turns, total.rounds, total.bids
        print(
            f"deck = {deck:>8}, {how}: presses per turn median {statistics.median(turns):g}, "
            f"p90 {p90(turns):g} ({len(turns)} turns; the turn's own player "
            f"{statistics.median(total.own):g}, p90 {p90(total.own):g}; decisions asked "
            f"{statistics.median(total.decisions):g}, p90 {p90(total.decisions):g}); outside "
            f"the turns a round costs the table {statistics.mean(rounds):.1f} presses on average "
            f"(median {statistics.median(rounds):.1f}, p90 {p90(rounds):.1f}; {games} games); "
            f"a bid: median {statistics.median(bids):g}, p90 {p90(bids):g} ({len(bids)} bids)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8)
