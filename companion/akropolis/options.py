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

from dataclasses import dataclass, fields
from typing import Any

from companion.akropolis.data import VARIANTS

# The first choice of each is the default: the printed game plays no variant.
CHOICES: dict[str, tuple[Any, ...]] = {name: (False, True) for name in VARIANTS}


class OptionsError(ValueError):
    """A table option is unknown or has a value that is not accepted."""


@dataclass(frozen=True)
class Options:
    houses: bool = False  # a house group worth 10 or more counts twice
    markets: bool = False  # a market touching a market plaza counts twice
    barracks: bool = False  # a barracks with 3+ empty outside sides counts twice
    temples: bool = False  # a temple above the ground counts twice
    gardens: bool = False  # a garden touching a lake counts twice

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if type(value) is not bool:  # 1 is not taken for True
                raise OptionsError(
                    f"table option {f.name}: got {value!r:.40}; accepted: False or True"
                )

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants on, in the colours' order."""
        return tuple(name for name in VARIANTS if getattr(self, name))

    def on(self, variant: str) -> bool:
        return bool(getattr(self, variant))

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Options:
        if not isinstance(raw, dict):
            raise OptionsError(f"table options must be a mapping, got {type(raw).__name__}")
        unknown = sorted(str(k)[:20] for k in raw if k not in CHOICES)
        if unknown:
            raise OptionsError(
                f"unknown table option {unknown[0]!r}; accepted: {', '.join(CHOICES)}"
            )
        return cls(**raw)

    @classmethod
    def with_variants(cls, variants: tuple[str, ...] | list[str]) -> Options:
        return cls.from_dict(dict.fromkeys(variants, True))
