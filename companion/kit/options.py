"""Table options, checked when built: a game's frozen dataclass of options, each field one of
the values its `CHOICES` accept (the first the default), and one clear line for a bad one.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(ChoiceOptions):
...     CHOICES = {"deck": ("shuffled", "physical")}
...     deck: str = "shuffled"
>>> Demo.from_dict({"deck": "physical"}).to_json()
{'deck': 'physical'}
>>> Demo.from_dict({"decks": "physical"})
Traceback (most recent call last):
...
companion.kit.options.OptionsError: unknown table option 'decks'; accepted: deck
>>> Demo(deck=1)
Traceback (most recent call last):
...
companion.kit.options.OptionsError: table option deck: got 1; accepted: 'shuffled' or 'physical'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, ClassVar, Self


class OptionsError(ValueError):
    """A table option is unknown or has a value that is not accepted."""


class ChoiceOptions:
    """The checks every game's table options share; a subclass is a frozen dataclass whose
    fields are the keys of `CHOICES`."""

    CHOICES: ClassVar[Mapping[str, tuple[Any, ...]]] = {}
    # How a refusal names what it refuses: the word for a dict (None: no check), and how much
    # of an unknown option's name it repeats (None: all of it).
    MAPPING_WORD: ClassVar[str | None] = "a mapping"
    KEY_CUT: ClassVar[int | None] = 40

    def __post_init__(self) -> None:
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            accepted = self.CHOICES[f.name]
            # bool is an int: compare types too, so 1 is not taken for True.
            if not any(type(value) is type(a) and value == a for a in accepted):
                shown = " or ".join(repr(a) for a in accepted)
                got = self.shown(value)
                raise OptionsError(f"table option {f.name}: got {got}; accepted: {shown}")

    @staticmethod
    def shown(value: Any) -> str:
        """A refused value as the refusal repeats it."""
        return repr(value)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        """The options from a plain dict; OptionsError names an unknown option or value."""
        if cls.MAPPING_WORD is not None and not isinstance(raw, dict):
            raise OptionsError(
                f"table options must be {cls.MAPPING_WORD}, got {type(raw).__name__}"
            )
        cut = cls.KEY_CUT
        unknown = sorted(k if cut is None else str(k)[:cut] for k in raw if k not in cls.CHOICES)
        if unknown:
            raise OptionsError(
                f"unknown table option {unknown[0]!r}; accepted: {', '.join(cls.CHOICES)}"
            )
        return cls(**raw)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]
