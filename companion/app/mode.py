"""The table's modes by name (what each does: companion.app.modes).

A `StrEnum`: a mode is its own name, so `app.mode == "final"` reads as it says.
"""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    SETUP = "setup"  # the new-game screen
    RESUMED = "resumed"  # a stored game found at start: ● goes on
    ABANDON = "abandon"  # asked whether to abandon the resumed game
    GAME = "game"  # decisions
    ANNOUNCE = "announce"  # a scoring, page by page
    FINAL = "final"  # the ranking and its chart
    PHONES = "phones"  # pairing phones to seats, revoking them
