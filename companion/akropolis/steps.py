"""The final count as one open parallel entry: every player enters their own tally on their pad
at once (plazas, then the qualifying value, then the doubled part with the colour's variant on,
per colour; then unused stones). When all are in, it scores and the game ends.

>>> from companion.akropolis.options import Options
>>> [f.key for f in tally_form(Options(markets=True))][:5]
['house.plazas', 'house.value', 'market.plazas', 'market.value', 'market.doubled']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.akropolis.city import Count
from companion.akropolis.data import (
    COLOURS,
    HOUSE_PLAZAS_DEFAULT,
    HOUSES_DOUBLED_FROM,
    PLAZAS_MOST,
    STONES_MOST,
    VALUE_MOST,
    Colour,
)
from companion.akropolis.options import Options
from companion.akropolis.tally import Tally, places, ranking_text, score_lines
from companion.i18n import N_
from companion.kit.moves import Action
from companion.kit.scoring import totals_of
from companion.kit.steps import NumberField, ParallelEntry


def _fields(colour: Colour, options: Options) -> list[NumberField]:
    variant_on = options.on(colour.variant)
    plural = "stars" if colour.stars > 1 else "star"
    value_prompt = f"{colour.name}: {colour.condition}"
    if variant_on and colour.key == "house":  # the device doubles it: nothing more to ask
        value_prompt += f" ({HOUSES_DOUBLED_FROM} or more counts twice)"
    out = [
        NumberField(
            f"{colour.key}.plazas",
            colour.label("plazas"),
            f"{colour.name}: how many {colour.key} plazas can you see?"
            f" ({colour.stars} {plural} each; none: the colour scores 0)",
            high=PLAZAS_MOST,
            default=HOUSE_PLAZAS_DEFAULT if colour.key == "house" else 0,
        ),
        # No plaza: the colour scores 0, so its value is not asked.
        NumberField(
            f"{colour.key}.value",
            colour.label("value"),
            value_prompt,
            high=VALUE_MOST,
            asked_if=f"{colour.key}.plazas",
        ),
    ]
    if variant_on and colour.key != "house":
        out.append(
            NumberField(
                f"{colour.key}.doubled",
                colour.label("doubled"),
                f"{colour.name} variant: {colour.doubling} (they count twice)",
                high=VALUE_MOST,
                asked_if=f"{colour.key}.value",
            )
        )
    return out


def tally_form(options: Options) -> tuple[NumberField, ...]:
    """One player's form: every colour's numbers, then the unused stones."""
    fields = [f for c in COLOURS for f in _fields(c, options)]
    fields.append(
        NumberField(
            "stones",
            N_("Stones left"),
            N_("Stones: how many unused stones do you have? (1 point each; most breaks a tie)"),
            high=STONES_MOST,
            default=2,
        )
    )
    return tuple(fields)


def tally_of(values: dict[str, int]) -> Tally:
    """A player's entered numbers as a Tally."""
    counts = {
        c.key: Count(
            values.get(f"{c.key}.plazas", 0),
            values.get(f"{c.key}.value", 0),
            values.get(f"{c.key}.doubled", 0),
        )
        for c in COLOURS
    }
    return Tally(counts, values.get("stones", 0))


def _doubled_bound(field: NumberField, mine: dict[str, int]) -> int:
    """A doubled part is part of the value entered: it is at most that value."""
    if field.key.endswith(".doubled"):
        colour = field.key.split(".")[0]
        return min(field.high, mine.get(f"{colour}.value", 0))
    return field.high


@dataclass
class FinalCount(ParallelEntry):
    """Every player's tally, entered at once in the open; scored when all are in."""

    kind: ClassVar[str] = "final_count"
    title: str = N_("Final count: enter your city's numbers")

    def legal(self, s: Any, player: str) -> list[Action]:
        f = self.field(player)
        if f is None:
            return []
        high = _doubled_bound(f, self.values.get(player, {}))
        return [Action(f.key, v) for v in range(f.low, high + 1)]

    def refusal(self, s: Any, player: str, action: Action, legal: list[Action]) -> str:
        f = self.field(player)
        if f is None:
            return super().refusal(s, player, action, legal)
        high = _doubled_bound(f, self.values.get(player, {}))
        if action.kind != f.key:
            return f"{f.label} is asked now: enter a whole number from {f.low} to {high}"
        if f.key.endswith(".doubled") and high < f.high:
            return (
                f"{f.label}: the doubled part is part of the value ({high}):"
                f" enter a whole number from {f.low} to {high}"
            )
        return f"{f.label}: enter a whole number from {f.low} to {high}"

    def complete(self, s: Any) -> None:
        score_final(s, {p: tally_of(self.values[p]) for p in s.players})


def score_final(s: Any, tallies: dict[str, Tally]) -> None:
    """Score every tally, announce the lines, totals and ranking, and end the game."""
    variants = s.options.variants
    lines = [line for p in s.players for line in score_lines(p, tallies[p], variants)]
    for line in lines:
        s.announce("score", f"{line.player}: {line.text}", line.to_json())
    totals = totals_of(lines, s.players)
    stones = {p: tallies[p].stones for p in s.players}
    placed, tiebreak = places(totals, stones)
    s.lines, s.scores, s.places, s.tiebreak = lines, totals, placed, tiebreak
    s.winners = placed[0][1]
    s.announce(
        "totals",
        "Scores: " + ", ".join(f"{p} {n}" for p, n in totals.items()),
        {"scores": dict(totals)},
    )
    s.announce(
        "ranking",
        ranking_text(placed, totals, stones),
        {"places": [[place, list(who)] for place, who in placed], "tiebreak": tiebreak},
    )
    s.phase = "over"
    s.announce("game_over", f"Game over. Winner: {' and '.join(s.winners)}", list(s.winners))
