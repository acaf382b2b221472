"""Taps a phone's pad needs for a turn and for a bid, over games played by greedy bots.

    .venv/bin/python benchmarks/phone_taps.py [GAMES]

On the pad every legal choice is one button and a power card is entered with one tap (the
group of cards a three-button pad walks through first is entered with it), so a bid is 1 tap
and a turn is as many taps as its decisions. A turn here is a run of one player's decisions
outside the bids, the board checks and the scorings' own choices.
"""

from __future__ import annotations

import statistics
import sys

from companion.elgrande.bots import GreedyBot, play_game

SEATS = ("red", "blue", "yellow", "green")
NOT_A_TURN = {"confirm", "matches", "fix_from", "fix_regions", "fix_colour", "fix_to", "disc"}


def p90(values: list[int]) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def taps(games: int) -> tuple[list[int], int]:
    turns: list[int] = []
    bids = 0
    for seed in range(games):
        decided: list[tuple[str, str]] = []

        def keep(state: object, p: str, a: object, decided: list = decided) -> None:
            decided.append((p, a.kind))  # type: ignore[attr-defined]

        play_game(SEATS, seed, default=GreedyBot, on_step=keep)
        who, count = None, 0
        for player, kind in decided:
            if kind == "bid_group":
                continue
            if kind == "bid" or kind in NOT_A_TURN or kind == "first_bidder":
                bids += kind == "bid"
                if who:
                    turns.append(count)
                who, count = None, 0
                continue
            if player != who:
                if who:
                    turns.append(count)
                who, count = player, 0
            count += 1
        if who:
            turns.append(count)
    return turns, bids


if __name__ == "__main__":
    turns, bids = taps(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    print(f"{len(turns)} turns: median {statistics.median(turns):g} taps, p90 {p90(turns)}")
    print(f"{bids} bids: 1 tap each")
