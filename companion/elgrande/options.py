"""Table options: every variant the table can choose, in one place, validated with clear messages.

>>> from companion.elgrande.options import TableOptions
>>> TableOptions.from_dict({"ruleset": "1995", "bidding": "open"}).bidding
'open'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.elgrande.scoring import RULESETS
from companion.kit.options import ChoiceOptions, OptionsError  # noqa: F401  (named here for callers)

# The first choice of each is the default.
CHOICES: dict[str, tuple[Any, ...]] = {
    "ruleset": RULESETS,  # tie rule: "2015", "1995" (RULES.md §4) or "bga" (BGA's help page)
    "short_game": (False, True),  # 8 rounds: the round marker starts on round 2
    "veto": (True, False),  # play with the Veto cards (2a)
    "first_bidder": ("random", "choose"),  # round 1: drawn from the seed, or the table picks
    "castillo_public": (False, True),  # may the device show the Castillo's contents?
    "bidding": ("sealed", "open"),  # power cards entered at once, or in seat order face up
    "deck": ("shuffled", "physical"),  # the device shuffles, or the table says what was turned up
    # A tie for the most points at the game's end: shared (the printed rules name no
    # tie-break), or broken by court, then province, then best unused power card.
    "tiebreak": ("shared", "tournament"),
    # A Castillo disc on the King's region: not offered (both rule texts exclude it), or
    # allowed, its caballeros going back to the court (the printed rules' fate for a disc set
    # there by mistake).
    "castillo_disc_on_king": ("forbidden", "court"),
}


@dataclass(frozen=True)
class TableOptions(ChoiceOptions):
    CHOICES = CHOICES
    MAPPING_WORD = None  # a dict is all callers pass
    KEY_CUT = None
    ruleset: str = "2015"
    short_game: bool = False
    veto: bool = True
    first_bidder: str = "random"
    castillo_public: bool = False
    bidding: str = "sealed"
    deck: str = "shuffled"
    tiebreak: str = "shared"
    castillo_disc_on_king: str = "forbidden"
