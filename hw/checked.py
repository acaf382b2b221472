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
pin: got string "4"; accepted: GPIO 2–27
level: 300 is not accepted; accepted: 0–255
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Callable, Iterable
from typing import Any

_BARE = re.compile(r"[A-Za-z0-9_-]+")
HERE = "{here}"  # in a message: the section's key and a dot (a sibling key is named in full)


SHOWN_MAX = 60  # the most of a key or value from a file that a message repeats
PATH_MAX = 120  # a path is the user's own: shown longer, its end (the file's name) kept


class ConfigError(Exception):
    """A config was refused; :attr:`problems` lists every reason, one line each, and
    :attr:`sources` the file each one is about (None: the file the caller asked for)."""

    def __init__(self, problems: list[str], source: str | None = None) -> None:
        self._templates = problems  # may name a sibling key as HERE + name
        self.problems = [p.replace(HERE, "") for p in problems]
        self.sources: list[str | None] = [source] * len(problems)
        super().__init__("\n".join(self.problems))

    @classmethod
    def joined(cls, errors: list[ConfigError]) -> ConfigError:
        """One error holding every problem of ``errors``, each still naming its own file."""
        combined = cls([p for e in errors for p in e.problems])
        combined.sources = [s for e in errors for s in e.sources]
        return combined

    def lines(self, default: str) -> list[str]:
        """Each problem as ``FILE: problem``, the file shown escaped (``default`` when unknown)."""
        return [
            f"{shown_path(s or default)}: {p}"
            for s, p in zip(self.sources, self.problems, strict=True)
        ]

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
    refused: str = "{value} is not accepted"  # for a value failing ``check``; {value}: shown()
    missing: str = ""  # said after "missing; " (default: "accepted: …")
    toml: str | None = None  # the key in the TOML file, if not the field's name
    gpio: bool = False  # a GPIO number: the reader tracks who uses which
    hex: bool = False  # an address: shown as 0x3C, as it is written
    secret: bool = False  # a password: never shown, in a problem or a repr


def setting(
    default: Any,
    *,
    accept: str = "",
    check: Callable[[Any], bool] | None = None,
    kind: type | None = None,
    choices: Iterable[Any] | None = None,
    refused: str = "{value} is not accepted",
    missing: str = "",
    toml: str | None = None,
    gpio: bool = False,
    hex: bool = False,
    secret: bool = False,
) -> Any:
    """A dataclass field checked by :class:`Checked`. ``kind`` defaults to the default's type;
    ``choices`` fills in both ``accept`` and ``check``."""
    if choices is not None:
        options = tuple(choices)
        accept = accept or ", ".join(shown(c) for c in options)
        check = options.__contains__
        kind = kind or type(options[0])
    if kind is None and default is REQUIRED:
        raise TypeError("a required setting needs its kind")
    kind = kind or type(default)
    meta = Setting(kind, accept or kind.__name__, check, refused, missing, toml, gpio, hex, secret)
    if default is REQUIRED:
        return dataclasses.field(metadata={"setting": meta}, repr=not secret)
    return dataclasses.field(default=default, metadata={"setting": meta}, repr=not secret)


def toml_name(f: dataclasses.Field[Any]) -> str:
    meta: Setting | None = f.metadata.get("setting")
    return (meta.toml if meta is not None else None) or f.name


def checked_fields(cls: type) -> list[dataclasses.Field[Any]]:
    """The fields of ``cls`` a TOML table may set, in order."""
    return [f for f in dataclasses.fields(cls) if "setting" in f.metadata]


def type_name(value: object) -> str:
    """The TOML word for a value's type."""
    names = {bool: "boolean", int: "integer", float: "number", str: "string", dict: "table"}
    names |= {list: "array", dt.datetime: "date-time", dt.date: "date", dt.time: "time"}
    return names.get(type(value), type(value).__name__)


def cut(text: str, limit: int = SHOWN_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


_ESCAPES = {
    "\\": "\\\\",
    '"': '\\"',
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def escaped(text: str) -> str:
    """``text`` with what a terminal would act on written as TOML escapes, on one line."""

    def one(ch: str) -> str:
        if ch in _ESCAPES:
            return _ESCAPES[ch]
        if ch.isprintable():
            return ch
        return f"\\u{ord(ch):04X}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08X}"

    return "".join(map(one, text))


def shown(value: object, *, hex: bool = False) -> str:
    """A value from a file as a message shows it: in TOML's words (``true``, ``"en"``, ``0x3C``
    for an address), escaped, at most SHOWN_MAX characters.

    >>> shown(True), shown("en\\u0000"), shown(60, hex=True), shown(1e-300), shown("x" * 99)[-3:]
    ('true', '"en\\\\u0000"', '0x3C', '1e-300', 'xx…')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 14_000:  # str() refuses past 4,300 digits (TOML never gets there)
            return f"a {value.bit_length()}-bit number"
        return cut(f"0x{value:02X}" if hex and value >= 0 else str(value))
    if isinstance(value, float):
        return repr(value)  # inf, nan and 1e-300 are TOML's words too
    if isinstance(value, str):
        return cut('"' + escaped(value[: SHOWN_MAX + 1]) + '"')
    if isinstance(value, list):
        parts, size = [], 0  # size: the text's length so far, brackets and commas counted
        for item in value:
            nested = "[…]" if isinstance(item, list) else "{…}" if isinstance(item, dict) else None
            part = nested or shown(item)
            parts.append(part)
            size += len(part) + 2
            if size > SHOWN_MAX:
                break
        return cut("[" + ", ".join(parts) + "]")
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return cut(escaped(repr(value)))


def shown_key(name: str) -> str:
    """A key from a file as a message names it: bare when TOML allows it bare, else quoted."""
    if name and len(name) <= SHOWN_MAX and _BARE.fullmatch(name):
        return name
    return shown(name)


def shown_path(path: str) -> str:
    """A path, escaped, at most PATH_MAX characters (the start cut, the file's name kept)."""
    text = escaped(str(path))
    return text if len(text) <= PATH_MAX else "…" + text[-(PATH_MAX - 1) :]


def show(value: object) -> str:
    """After "got TYPE ": nothing for a table, else the value shown."""
    return "" if isinstance(value, dict) else shown(value)


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
        seen = "" if meta.secret else show(value)
        return f"got {type_name(value)} {seen}".rstrip() + f"; accepted: {meta.accept}"
    if meta.check is not None and not meta.check(value):
        seen = "that value" if meta.secret else shown(value, hex=meta.hex)
        return meta.refused.format(value=seen) + f"; accepted: {meta.accept}"
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
