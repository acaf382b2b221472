"""What the app shows besides the game itself: the menu on a pad, the page on the main display.

These are plain values the app builds; the renderers turn them, with the views, into images.

>>> PadMenu(player="red", title="Power card", entries=("13", "12"), cursor=0, waiting=True).current
'13'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MAX_MENU = 10  # no pad menu holds more entries than this (◀ ▶ must stay quick)


@dataclass(frozen=True)
class MainUI:
    """The main display's page. `screen` picks the layout:

    "game" (the board summary and the current prompt), "setup" (the start menu), "announce" (one
    scoring area and its reasons), "privacy" (only one player looks), "final" (ranking), "message",
    "ledger" (a ledger game's page: sentences, each wrapped whole).
    """

    screen: str = "game"
    title: str = ""
    lines: tuple[str, ...] = ()  # body lines: setup entries, reasons, a message
    cursor: int | None = None  # the highlighted line (setup; the private page keeps it drawn)
    footer: str = ""  # the keys that act now, e.g. "● next  hold ● repeat"
    alerts: tuple[str, ...] = ()  # shown on every page: "NOT SAVED", "blue's pad: fault"
    # "final": the totals after each scoring ({"round", "totals"}); a wide display draws the
    # score progression beside the ranking.
    history: tuple[Mapping[str, Any], ...] = ()
    # "game": which page of the cards on offer the cards row shows, when they need more than
    # one (the app turns it on a slow timer).
    page: int = 0
    # "pair": a seat's pairing QR code, one string of "1" (dark) and "0" per row of modules.
    qr: tuple[str, ...] = ()


@dataclass(frozen=True)
class PadMenu:
    """One player's pad: the question, the entries ◀ ▶ walk through, and where the cursor is.

    `note` is private to this pad (e.g. "choose again", "sealed: 9"); it never reaches the main
    display. The repr hides the entries and note: a sealed choice may be among them. `text` is
    a card's printed text, public.
    """

    player: str
    title: str
    entries: tuple[str, ...]
    cursor: int
    waiting: bool  # the device waits for this player (their LED is lit)
    note: str = ""
    # What the entry under the cursor does, when it names an action card: its printed text
    # (public, the card lies face up), shown a page at a time below the entry.
    text: str = ""
    page: int = 0  # the page of `text` shown (the app turns it on a slow timer)
    # Where the entry stands, as the pad prints it: the cursor's place in the menu ("2/4") by
    # default; the board check's page number instead, as the main display numbers it.
    count: str | None = None

    @property
    def place(self) -> str:
        return self.count if self.count is not None else f"{self.cursor + 1}/{len(self.entries)}"

    def __post_init__(self) -> None:
        if len(self.entries) > MAX_MENU:
            raise ValueError(
                f"a pad menu holds at most {MAX_MENU} entries, got {len(self.entries)}"
            )
        if self.entries and not 0 <= self.cursor < len(self.entries):
            raise ValueError(f"cursor {self.cursor} outside 0–{len(self.entries) - 1}")

    @property
    def current(self) -> str | None:
        return self.entries[self.cursor] if self.entries else None

    def __repr__(self) -> str:
        return f"<PadMenu {self.player}: {len(self.entries)} entries, waiting={self.waiting}>"
