"""Bots that enter what a Castell player might, deterministic from a seed, through exactly the
decisions a person makes (`legal_actions`).

>>> final = play_game(["red", "blue", "green"], seed=3)
>>> final.is_over, len(final.festivals), len(final.lines)
(True, 8, 15)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.castell.engine import apply_in_place, decision, legal_actions, new_game
from companion.castell.options import TableOptions
from companion.castell.state import State
from companion.kit.moves import Action


class RandomBot:
    """Any legal number, uniformly: for robustness runs, not for a believable table."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, s: State, player: str, legal: list[Action] | None = None) -> Action:
        legal = legal_actions(s, player) if legal is None else legal
        return self.rng.choice(legal)


def _tower(rng: random.Random) -> int:
    """A festival tower: most festivals see a player elsewhere (0); a tower taking part has
    four levels or so, plus a few castellers matching the size tokens."""
    if rng.random() < 0.6:
        return 0
    return rng.randint(4, 6) + rng.randint(1, 3)


# field key -> a plausible value drawn from the bot's generator
PLAUSIBLE: dict[str, Callable[[random.Random], int]] = {
    "tower": _tower,
    "best_tower": lambda rng: max(_tower(rng) for _ in range(3)),
    "regions": lambda rng: rng.randint(1, 6),
    "trophies": lambda rng: rng.choice((0, 0, 1, 1, 2)),
    "medals": lambda rng: rng.randint(0, 3),
    "ribbons": lambda rng: rng.randint(0, 4),
    "sizes": lambda rng: rng.randint(0, 3),
    "further_sizes": lambda rng: rng.randint(0, 2),
    "local_points": lambda rng: sum(rng.randint(4, 6) for _ in range(rng.randint(0, 3))),
    "special_tokens": lambda rng: rng.randint(0, 4),
}


class PlausibleBot(RandomBot):
    """Enters believable counts; at the final count it keeps the track's best tower (the
    field's default) when the device tracked the festivals."""

    def choose(self, s: State, player: str, legal: list[Action] | None = None) -> Action:
        legal = legal_actions(s, player) if legal is None else legal
        field = s.steps[-1].field(player)
        if field is None or field.key not in PLAUSIBLE:
            return self.rng.choice(legal)
        if field.key == "best_tower" and s.options.festivals == "tracked":
            value = field.default
        else:
            value = PLAUSIBLE[field.key](self.rng)
        value = min(max(value, field.low), field.high)
        return Action(field.key, value) if Action(field.key, value) in legal else legal[0]


def play_game(
    players: Sequence[str],
    seed: int,
    options: TableOptions | None = None,
    bot: type[RandomBot] = PlausibleBot,
) -> State:
    """A whole game entered by bots, each seeded from `seed` and its seat; the final state."""
    s = new_game(players, seed, options)
    bots = {p: bot(seed * 10 + i) for i, p in enumerate(s.players)}
    while (d := decision(s)) is not None:
        for p in d.players:  # everyone at once: one entry each, in seat order
            apply_in_place(s, p, bots[p].choose(s, p))
            if s.is_over or decision(s) != d:
                break
    return s
