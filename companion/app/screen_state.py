"""Where the screens stand that no decision records, kept in the store: the setup screen's
choices and the page of the latest scoring's announcement, so that a restart puts them back.

A kept state applies only to the game it was kept in, before any later decision (`fingerprint`).
It holds no decision: a store that cannot take it says so itself (NOT SAVED), the game goes on.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.app.announce import Announcer
from companion.i18n import LANGUAGES, language
from companion.session.session import Session
from companion.session.store import Store, StoreError

log = logging.getLogger(__name__)

Fingerprint = dict[str, Any]


def fingerprint(session: Session | None) -> Fingerprint | None:
    """Which game, at which decision."""
    if session is None:
        return None
    h = session.header
    return {"seed": h.seed, "players": list(h.players), "entries": len(session.entries)}


class ScreenKeeper:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.kept: dict[str, Any] | None = None  # the screen state last kept in the store
        self.store_game: Fingerprint | None = None  # the game stored while setup is up
        self.announce_game: Fingerprint | None = None  # the game the announcement is of

    def load(self, session: Session | None) -> dict[str, Any] | None:
        """Read the kept state at start; the setup screen's choices if the table had left
        `session` (or no game) for the setup screen, else None."""
        self.kept = self.store.load_screen()
        screen = self.kept or {}
        game = fingerprint(session)
        if "setup" in screen and screen.get("game") == game:
            self.store_game = game
            return screen["setup"]
        return None

    def leave(self, session: Session | None) -> None:
        """The table goes to the setup screen; the store still holds `session`."""
        self.store_game = fingerprint(session)

    def announcing(self, session: Session) -> None:
        self.announce_game = fingerprint(session)

    def announce_page(self, session: Session) -> int:
        """The announcement page kept for `session` now (0 if none)."""
        screen = self.kept or {}
        page = screen.get("announce") if screen.get("game") == fingerprint(session) else 0
        return page if type(page) is int and page >= 0 else 0

    def keep_setup(self, setup: dict[str, Any]) -> None:
        self._keep({"game": self.store_game, "setup": setup})

    def keep_announce(self, session: Session | None, announcer: Announcer) -> None:
        game = fingerprint(session)
        if announcer.pages and self.announce_game == game:
            self._keep({"game": game, "announce": announcer.index})

    def language(self) -> str | None:
        """The language the table was in when the state was last kept (None: not known)."""
        kept = (self.kept or {}).get("language")
        return kept if kept in LANGUAGES else None

    def _keep(self, state: dict[str, Any]) -> None:
        """Keep `state` if it changed, with the table's language: a game resumed after a power
        cut goes on in the language it was played in."""
        state = {**state, "language": language()}
        if state == self.kept:
            return
        try:
            self.store.save_screen(state)
        except StoreError as e:
            log.warning("the screen state was not kept (%s)", e.strerror or type(e).__name__)
            return
        self.kept = state
