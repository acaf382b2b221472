"""Table options: the five variants of BGA's help page, each on or off; the printed game (all
off) by default. BGA names them OPTION_VARIANT_HOUSE … OPTION_VARIANT_GARDEN
(`modules/php/constants.inc.php`, `gameoptions.inc.php`).

>>> Options.from_dict({"markets": True}).variants
('markets',)
>>> try:
...     Options.from_dict({"market": True})
... except OptionsError as e:
...     print(e)
unknown table option 'market'; accepted: houses, markets, barracks, temples, gardens
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.akropolis.data import VARIANTS
from companion.kit.options import ChoiceOptions, OptionsError  # noqa: F401  (named here for callers)

# The first choice of each is the default: the printed game plays no variant.
CHOICES: dict[str, tuple[Any, ...]] = {name: (False, True) for name in VARIANTS}


@dataclass(frozen=True)
class Options(ChoiceOptions):
    CHOICES = CHOICES
    KEY_CUT = 20
    houses: bool = False  # a house group worth 10 or more counts twice
    markets: bool = False  # a market touching a market plaza counts twice
    barracks: bool = False  # a barracks with 3+ empty outside sides counts twice
    temples: bool = False  # a temple above the ground counts twice
    gardens: bool = False  # a garden touching a lake counts twice

    @staticmethod
    def shown(value: Any) -> str:
        return repr(value)[:40]

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants on, in the colours' order."""
        return tuple(name for name in VARIANTS if getattr(self, name))

    def on(self, variant: str) -> bool:
        return bool(getattr(self, variant))

    @classmethod
    def with_variants(cls, variants: tuple[str, ...] | list[str]) -> Options:
        return cls.from_dict(dict.fromkeys(variants, True))
