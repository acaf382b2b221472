"""A bot that enters a plausible city tally through exactly the decisions a person makes:
plazas 0–2, values 0–14 (a doubled part within its value, at most 6), stones 0–6, each drawn
from the seed, the player and the field, so the same seed gives the same tally whatever the
order of entry.

>>> from companion.akropolis.engine import new_game
>>> final = play_game(["red", "blue", "green"], seed=3)
>>> final.is_over, len(final.lines)
(True, 18)
>>> play_game(["red", "blue"], seed=3).scores == play_game(["red", "blue"], seed=3).scores
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.akropolis.engine import apply_in_place, decision, legal_actions, new_game
from companion.akropolis.options import Options
from companion.akropolis.state import State
from companion.kit.moves import Action

# The most a bot enters for each part of a field's key: a plausible city, not the pad's most.
PLAUSIBLE = {"plazas": 2, "value": 14, "doubled": 6, "stones": 6}


class TallyBot:
    """Enters a random plausible number for each field it is asked."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, s: State, player: str, legal: list[Action] | None = None) -> Action:
        legal = legal_actions(s, player) if legal is None else legal
        if not legal:
            raise ValueError(f"{player} has nothing to decide now")
        key = legal[0].kind
        most = PLAUSIBLE.get(key.rpartition(".")[2], PLAUSIBLE["value"])
        rng = random.Random(f"{self.seed}:{player}:{key}")
        wanted = rng.randint(0, most)
        fitting = [a for a in legal if isinstance(a.target, int) and a.target <= wanted]
        return fitting[-1] if fitting else legal[0]


def play_game(
    players: Sequence[str], seed: int, options: Options | None = None, bot_seed: int = 0
) -> State:
    """A whole final count entered by bots, one player's number after another's."""
    s = new_game(players, seed, options)
    bots = {p: TallyBot(bot_seed + i) for i, p in enumerate(s.players)}
    while (d := decision(s)) is not None:
        for p in d.players:
            apply_in_place(s, p, bots[p].choose(s, p))
            if s.is_over:
                break
    return s
