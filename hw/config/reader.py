"""Reading TOML tables into the self-checking dataclasses, collecting every problem.

A :class:`Reader` goes through the document section by section; each problem is kept with its
full key, and reading goes on, so one pass reports everything. It also remembers every valid
GPIO it saw and where, for the cross-key checks in :mod:`hw.config.wiring`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, TypeVar

from hw.checked import (
    REQUIRED,
    ConfigError,
    Setting,
    checked_fields,
    show,
    shown_key,
    toml_name,
    type_name,
    value_problem,
)

T = TypeVar("T")


def join(key: str, name: str) -> str:
    """``key.name``, ``name`` (from the file) shown escaped and cut."""
    name = shown_key(name)
    return f"{key}.{name}" if key else name


class Reader:
    """Collects problems while pulling typed values out of nested TOML tables."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.gpio_uses: list[tuple[int, str]] = []  # every valid GPIO read, for cross-checks
        self.broken: set[str] = set()  # sections present but refused: no follow-on problems

    def add(self, key: str, message: str) -> None:
        self.problems.append(f"{key}: {message}")

    def table(self, value: object, key: str, allowed: Iterable[str]) -> dict[str, Any] | None:
        """``value`` as a table whose keys are all ``allowed`` (unknown keys are problems)."""
        allowed = tuple(allowed)
        if not isinstance(value, dict):
            self.add(key, f"expected a table, got {type_name(value)} {show(value)}".rstrip())
            self.broken.add(key)
            return None
        for k in value:
            if k not in allowed:
                self.add(join(key, k), f"unknown key; accepted here: {', '.join(allowed)}")
        return value

    def section(
        self,
        cls: type[T],
        raw: object,
        key: str,
        *,
        also: Iterable[str] = (),
        fixed: dict[str, Any] | None = None,
    ) -> T | None:
        """Build ``cls`` from the table ``raw`` at ``key``: the dataclass checks the values and
        every problem is kept under ``key``. ``also`` are keys another reader handles;
        ``fixed`` are constructor arguments that are not in the file."""
        fields = checked_fields(cls)
        t = self.table(raw, key, [*map(toml_name, fields), *also])
        if t is None:
            return None
        values = {}
        for f in fields:
            if toml_name(f) in t:
                values[f.name] = t[toml_name(f)]
            elif f.default is dataclasses.MISSING:
                values[f.name] = REQUIRED  # the dataclass says "missing; …"
        for f in fields:
            name = toml_name(f)
            meta = f.metadata["setting"]
            if meta.gpio and name in t and value_problem(meta, t[name]) is None:
                self.gpio_uses.append((t[name], join(key, name)))
        try:
            return cls(**(fixed or {}), **values)
        except ConfigError as e:
            self.problems.extend(e.under(key))
            self.broken.add(key)
            return None

    def value(self, t: dict[str, Any], key: str, name: str, meta: Setting, default: Any) -> Any:
        """One loose value (not part of a dataclass), checked like a field."""
        v = t.get(name, default)
        if (problem := value_problem(meta, v)) is not None:
            self.add(join(key, name), problem)
            return None
        return v
