"""The sim's log: everything the table said or showed, to scroll back through and, with
`--log PATH`, written as plain text line by line (a game stopped half-way keeps what was said).

It takes public outputs only: the voice's lines, each announcement page with its reasons, and
the final ranking.

>>> log = SimLog()
>>> log.take_spoken(["Round 1", "red bids 9"]); log.take_spoken(["Round 1", "red bids 9", "x"])
>>> log.lines
['Round 1', 'red bids 9', 'x']
>>> log.window(2, 0), log.window(2, 1)
(['red bids 9', 'x'], ['Round 1', 'red bids 9'])
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO


class SimLog:
    def __init__(self, path: Path | None = None) -> None:
        self.lines: list[str] = []
        self._spoken = 0
        self._page: object = None
        self._file: TextIO | None = path.open("a", encoding="utf-8") if path else None

    def add(self, line: str) -> None:
        self.lines.append(line)
        if self._file is not None:
            self._file.write(line + "\n")
            self._file.flush()

    def take_spoken(self, spoken: Sequence[str]) -> None:
        """The voice's lines not taken yet (`spoken` only grows)."""
        for line in spoken[self._spoken :]:
            self.add(line)
        self._spoken = len(spoken)

    def take_page(self, key: object, title: str, lines: Sequence[str]) -> None:
        """A page (announcement, final ranking) once, however often it is drawn."""
        if key == self._page:
            return
        self._page = key
        self.add(f"» {title}")
        for line in lines:
            self.add(f"    {line}")

    def window(self, height: int, back: int) -> list[str]:
        """The `height` lines that end `back` lines before the newest."""
        end = max(len(self.lines) - back, 0)
        return self.lines[max(end - height, 0) : end]

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
