"""A scoring announced area by area: ● shows the next page, a long ● says the current one again.

>>> a = Announcer()
>>> a.start([Page("Aragón: red 7", ("red 1st with 4: 5 +2 home",), "Aragón: red first")])
>>> a.active, a.current.title
(True, 'Aragón: red 7')
>>> a.next(); a.active
False
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    title: str
    lines: tuple[str, ...]
    speech: str | None
    confirm: bool = False  # ● says the real board now matches this page, not just "next"
    round: int | None = None  # the round of the event the page announces


class Announcer:
    def __init__(self) -> None:
        self.pages: list[Page] = []
        self.index = 0
        # What to say once the announcement is over, each with its event's round.
        self.after: list[tuple[str, int | None]] = []

    @property
    def active(self) -> bool:
        return self.index < len(self.pages)

    @property
    def current(self) -> Page:
        return self.pages[self.index]

    def start(self, pages: list[Page], after: list[tuple[str, int | None]] | None = None) -> None:
        self.pages, self.index, self.after = pages, 0, list(after or [])

    def next(self) -> None:
        self.index += 1
