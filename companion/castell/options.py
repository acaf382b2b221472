"""Castell's table options, checked when built: one clear line for a bad one.

>>> TableOptions.from_dict({"festivals": "final_only"}).festivals
'final_only'
>>> TableOptions.from_dict({"festival": "tracked"})
Traceback (most recent call last):
...
companion.castell.options.OptionsError: unknown table option 'festival'; accepted: festivals
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

# The first choice of each is the default: what the seed describes.
CHOICES: dict[str, tuple[Any, ...]] = {
    # "tracked": after each festival (« À la fin des tours 3 à 10 ») everyone enters their tower
    # score and the device keeps each best tower; "final_only": nothing until the end, where the
    # best tower is read off the score track with the other four categories.
    "festivals": ("tracked", "final_only"),
}


class OptionsError(ValueError):
    """A table option is unknown or has a value that is not accepted."""


@dataclass(frozen=True)
class TableOptions:
    festivals: str = "tracked"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            accepted = CHOICES[f.name]
            if not any(type(value) is type(a) and value == a for a in accepted):
                shown = " or ".join(repr(a) for a in accepted)
                got = repr(value) if type(value) in (str, int, bool) else type(value).__name__
                raise OptionsError(f"table option {f.name}: got {got[:40]}; accepted: {shown}")

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> TableOptions:
        if not isinstance(raw, dict):
            raise OptionsError(f"table options must be a mapping, got {type(raw).__name__}")
        unknown = sorted(str(k)[:40] for k in raw if k not in CHOICES)
        if unknown:
            raise OptionsError(
                f"unknown table option {unknown[0]!r}; accepted: {', '.join(CHOICES)}"
            )
        return cls(**raw)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
