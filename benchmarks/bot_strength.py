"""A bot's win rate against GreedyBot: one seat played by the bot, the others greedy, over many
seeded games (the seat rotates, so no seat's advantage counts for it).

    .venv/bin/python benchmarks/bot_strength.py [GAMES] [PLAYERS]

A shared first place counts as a win. Four greedy bots would each win about 1 game in 4.
"""

from __future__ import annotations

import sys

from companion.elgrande.bots import GreedyBot, RelativeBot, play_game

SEATS = ("red", "blue", "yellow", "green", "black")


def win_rate(games: int, players: int) -> tuple[float, float]:
    """The bot's share of games won, and its mean score less the greedy bots' mean."""
    wins, margin = 0, 0.0
    seats = SEATS[:players]
    for seed in range(games):
        mine = seats[seed % players]
        final = play_game(seats, seed, bots={mine: RelativeBot(seed)}, default=GreedyBot)
        wins += mine in final.winners
        others = [final.scores[q] for q in seats if q != mine]
        margin += final.scores[mine] - sum(others) / len(others)
    return wins / games, margin / games


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    rate, margin = win_rate(games, players)
    print(
        f"RelativeBot vs {players - 1} GreedyBots, {games} games: wins {rate:.1%} "
        f"(even: {1 / players:.1%}), mean score {margin:+.1f} over the greedy mean"
    )
