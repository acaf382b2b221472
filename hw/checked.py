"""Dataclasses that check their own values when built, as gpiozero's constructors do.

Each checked field is declared once with :func:`setting`: its default, what is accepted (said
in every message) and how to check it. Building the dataclass with a wrong value raises
:class:`ConfigError` listing *every* wrong field, each by the name it has in the TOML file;
the config reader puts the section's key in front (``display.contrast: …``).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Lamp(Checked):
...     pin: int = setting(REQUIRED, kind=int, accept="GPIO 2–27", check=range(2, 28).__contains__)
...     level: int = setting(255, accept="0–255", check=lambda v: 0 <= v <= 255)
>>> Lamp(pin=4).level
255
>>> try:
...     Lamp(pin="4", level=300)
... except ConfigError as e:
...     print(*e.problems, sep="\\n")
pin: got string '4'; accepted: GPIO 2–27
level: 300 is not accepted; accepted: 0–255
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

HERE = "{here}"  # in a message: the section's key and a dot (a sibling key is named in full)


class ConfigError(Exception):
    """A config was refused; :attr:`problems` lists every reason, one line each."""

    def __init__(self, problems: list[str]) -> None:
        self._templates = problems  # may name a sibling key as HERE + name
        self.problems = [p.replace(HERE, "") for p in problems]
        super().__init__("\n".join(self.problems))

    def under(self, key: str) -> list[str]:
        """The problems with ``key`` in front of each (a dataclass built for section ``key``)."""
        prefix = f"{key}." if key else ""
        return [prefix + p.replace(HERE, prefix) for p in self._templates]


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()  # a field with no default; the reader passes it when absent


@dataclasses.dataclass(frozen=True)
class Setting:
    """How one field is checked (kept in the field's metadata)."""

    kind: type
    accept: str
    check: Callable[[Any], bool] | None = None
    refused: str = "{value!r} is not accepted"  # the message for a value that fails ``check``
    missing: str = ""  # said after "missing; " (default: "accepted: …")
    toml: str | None = None  # the key in the TOML file, if not the field's name
    gpio: bool = False  # a GPIO number: the reader tracks who uses which


def setting(
    default: Any,
    *,
    accept: str = "",
    check: Callable[[Any], bool] | None = None,
    kind: type | None = None,
    choices: Iterable[Any] | None = None,
    refused: str = "{value!r} is not accepted",
    missing: str = "",
    toml: str | None = None,
    gpio: bool = False,
) -> Any:
    """A dataclass field checked by :class:`Checked`. ``kind`` defaults to the default's type;
    ``choices`` fills in both ``accept`` and ``check``."""
    if choices is not None:
        options = tuple(choices)
        accept = accept or ", ".join(repr(c) for c in options)
        check = options.__contains__
        kind = kind or type(options[0])
    if kind is None and default is REQUIRED:
        raise TypeError("a required setting needs its kind")
    kind = kind or type(default)
    meta = Setting(kind, accept or kind.__name__, check, refused, missing, toml, gpio)
    if default is REQUIRED:
        return dataclasses.field(metadata={"setting": meta})
    return dataclasses.field(default=default, metadata={"setting": meta})


def toml_name(f: dataclasses.Field[Any]) -> str:
    meta: Setting | None = f.metadata.get("setting")
    return (meta.toml if meta is not None else None) or f.name


def checked_fields(cls: type) -> list[dataclasses.Field[Any]]:
    """The fields of ``cls`` a TOML table may set, in order."""
    return [f for f in dataclasses.fields(cls) if "setting" in f.metadata]


def type_name(value: object) -> str:
    return {bool: "boolean", int: "integer", float: "number", str: "string", dict: "table"}.get(
        type(value), type(value).__name__
    )


def show(value: object) -> str:
    return "" if isinstance(value, dict) else repr(value)


def value_problem(meta: Setting, value: Any) -> str | None:
    """Why ``value`` is refused for a field, or None. A None value is an optional field unset."""
    if value is REQUIRED:
        return f"missing; {meta.missing or 'accepted: ' + meta.accept}"
    if value is None:
        return None
    kind = meta.kind
    if kind is float:
        ok_type = isinstance(value, (int, float)) and not isinstance(value, bool)
    else:
        ok_type = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
    if not ok_type:
        return f"got {type_name(value)} {show(value)}".rstrip() + f"; accepted: {meta.accept}"
    if meta.check is not None and not meta.check(value):
        return meta.refused.format(value=value) + f"; accepted: {meta.accept}"
    return None


class Checked:
    """Base for self-checking frozen dataclasses: ``__post_init__`` checks every
    :func:`setting` field, then :meth:`_cross_check`; all problems are raised at once."""

    def __post_init__(self) -> None:
        problems = []
        for f in checked_fields(type(self)):
            value = getattr(self, f.name)
            if (problem := value_problem(f.metadata["setting"], value)) is not None:
                problems.append(f"{toml_name(f)}: {problem}")
            elif isinstance(value, float | int) and f.metadata["setting"].kind is float:
                object.__setattr__(self, f.name, float(value))
        if not problems:
            problems = self._cross_check()
        if problems:
            raise ConfigError(problems)

    def _cross_check(self) -> list[str]:
        """Problems between fields, once each field is fine (``name: message``)."""
        return []
