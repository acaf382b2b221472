"""Castell's table options, checked when built: one clear line for a bad one.

>>> TableOptions.from_dict({"festivals": "final_only"}).festivals
'final_only'
>>> TableOptions.from_dict({"festival": "tracked"})
Traceback (most recent call last):
...
companion.kit.options.OptionsError: unknown table option 'festival'; accepted: festivals
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.kit.options import ChoiceOptions, OptionsError  # noqa: F401  (named here for callers)

# The first choice of each is the default: what the seed describes.
CHOICES: dict[str, tuple[Any, ...]] = {
    # "tracked": after each festival (« À la fin des tours 3 à 10 ») everyone enters their tower
    # score and the device keeps each best tower; "final_only": nothing until the end, where the
    # best tower is read off the score track with the other four categories.
    "festivals": ("tracked", "final_only"),
}


@dataclass(frozen=True)
class TableOptions(ChoiceOptions):
    CHOICES = CHOICES
    festivals: str = "tracked"

    @staticmethod
    def shown(value: Any) -> str:
        return (repr(value) if type(value) in (str, int, bool) else type(value).__name__)[:40]
