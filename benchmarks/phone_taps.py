"""Taps a phone's pad needs for a turn and for a bid, over games played by greedy bots.

    .venv/bin/python benchmarks/phone_taps.py [GAMES]

On the pad every legal choice is one button and a power card is entered with one tap (the
group of cards a three-button pad walks through first is entered with it), so a bid is 1 tap.
A turn here is a run of one player's decisions outside the bids, the board checks and the
scorings' own choices. Two counts of a turn:

- one tap a decision (the pad without shortcuts);
- the fewest taps on the pad as it is: at each point, a tap enters one decision or one of the
  shortcuts the pad shows then ("+k" into an area, take then a card, the card's action then
  its first choice) whose decisions are the bot's next ones. The bot's next decisions are
  known ahead: the game is played first by the same deterministic bots, then replayed decision
  by decision, and at each point the shortcuts offered are matched against what follows.
"""

from __future__ import annotations

import statistics
import sys
import time
from functools import cache

from companion.elgrande.bots import GreedyBot, play_game
from companion.elgrande.engine import apply_in_place, new_game
from companion.elgrande.moves import Action
from companion.elgrande.shortcuts import shortcuts

SEATS = ("red", "blue", "yellow", "green")
NOT_A_TURN = {"confirm", "matches", "fix_from", "fix_regions", "fix_colour", "fix_to", "disc"}
LOOKS: list[float] = []  # the seconds each look-ahead for shortcuts took (the table's cost)


def p90(values: list[int]) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def played(seed: int) -> list[tuple[str, Action]]:
    decided: list[tuple[str, Action]] = []
    play_game(SEATS, seed, default=GreedyBot, on_step=lambda s, p, a: decided.append((p, a)))
    return decided


def fewest(runs: list[list[int]]) -> int:
    """The fewest taps to enter decisions 0..n-1, when `runs[i]` lists how many decisions one
    tap may enter from decision i (1 always among them)."""
    n = len(runs)

    @cache
    def best(i: int) -> int:
        if i >= n:
            return 0
        return min(1 + best(i + k) for k in runs[i] if i + k <= n)

    return best(0)


def turns(seed: int) -> tuple[list[list[list[int]]], int]:
    """One game's turns, each as what one tap may enter from each of its decisions (how many
    decisions: 1, or a shortcut's length), and the game's number of bids."""
    decided = played(seed)
    s = new_game(SEATS, seed)
    out: list[list[list[int]]] = [[]]
    bids = 0
    who = None
    for i, (player, action) in enumerate(decided):
        kind = action.kind
        if kind == "bid_group":
            pass
        elif kind == "bid" or kind in NOT_A_TURN or kind == "first_bidder":
            bids += kind == "bid"
            out.append([])
            who = None
        else:
            if player != who:
                out.append([])
                who = player
            lengths = [1]
            start = time.perf_counter()
            offered = shortcuts(s, player)
            LOOKS.append(time.perf_counter() - start)
            for cut in offered:
                n = len(cut.actions)
                if [(player, a) for a in cut.actions] == decided[i : i + n]:
                    lengths.append(n)
            out[-1].append(lengths)
        apply_in_place(s, player, action)
        s.take_events()  # as the session does: the state's copies stay small
    return [turn for turn in out if turn], bids


def taps(games: int) -> tuple[list[int], list[int], int]:
    """Per turn: taps with one a decision, taps with the shortcuts; and the number of bids."""
    before: list[int] = []
    after: list[int] = []
    bids = 0
    for seed in range(games):
        game, n = turns(seed)
        before += [len(turn) for turn in game]
        after += [fewest(turn) for turn in game]
        bids += n
    return before, after, bids


if __name__ == "__main__":
    before, after, bids = taps(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    print(f"{len(before)} turns")
    print(f"  one tap a decision: median {statistics.median(before):g} taps, p90 {p90(before)}")
    print(f"  with shortcuts:     median {statistics.median(after):g} taps, p90 {p90(after)}")
    print(f"{bids} bids: 1 tap each")
    looks = sorted(LOOKS)
    p99 = looks[min(len(looks) - 1, round(0.99 * (len(looks) - 1)))]
    print(
        f"the look-ahead for shortcuts, per decision asked in a turn: median "
        f"{statistics.median(looks) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms here"
    )
