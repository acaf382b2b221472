"""The session's public events, as the table hears and sees them: each new event is spoken
(voice.py), a reveal sounds its cue, and a scoring becomes an announcement, page by page, with
what happened after it said once the announcement is over. A new player to decide is cued.
"""

from __future__ import annotations

from typing import Any

from companion.app.announce import Page
from companion.app.core import TableCore
from companion.app.ledger import ledger_feed
from companion.app.mode import Mode
from companion.screens.pages import (
    CONFIRM_KINDS,
    PAGE_KINDS,
    announce_page,
    discs_page,
    scores_page,
)
from companion.screens.voice import speech_for

CUES_FOR = {"bids": "reveal", "discs": "reveal", "castillo_discs": "reveal"}


def consume_events(t: TableCore) -> None:
    """Take the events the session made since last time."""
    s = t.s
    new, t.seen = s.events[t.seen :], len(s.events)
    if s.game.info.page == "ledger":
        silent = frozenset(getattr(s.game, "silent_events", ()))
        pages, later, now = ledger_feed(
            new, silent, dict(t.view.scores), t.words, t.hw.display.size
        )
        for text, rnd in now:
            t.outputs.say(text, rnd)
        new = []
    else:
        pages, later = [], []
    for ev in new:
        said = speech_for(ev, t.words)
        if ev["kind"] in CUES_FOR:
            t.outputs.cue(CUES_FOR[ev["kind"]])
        if ev["kind"] in PAGE_KINDS or pages:
            if ev["kind"] in PAGE_KINDS:
                pages.append(_page(t, ev, said))
            elif said:
                later.append((said, ev.get("round")))
        elif said:
            t.outputs.say(said, ev.get("round"))
    if pages:
        total = len(pages)
        t.announcer.start(pages, later)
        t.announcer.index, t.start_page = min(t.start_page, total - 1), 0
        t.screen.announcing(s)
        t.mode = Mode.ANNOUNCE
        say_page(t)
    view = t.view
    # Who decides in the open now: a sealed step cues nobody, so the first player after its
    # reveal is cued even when they were the last to enter.
    in_open = view.decision is not None and view.sealed_step is None
    waiting = view.decision.waiting if in_open else ()
    if waiting and waiting != t.waiting:
        t.outputs.cue("turn")
    t.waiting = waiting


def _page(t: TableCore, ev: dict[str, Any], said: str | None) -> Page:
    """One page of an announcement: an area's scoring as `companion screens` draws it, the
    scores as its totals event says them (not the scores now), or the discs' moves to make."""
    if ev["kind"] == "totals":
        ui = scores_page(ev["detail"])
    elif ev["kind"] == "castillo_discs":
        ui = discs_page(ev["detail"])
    else:
        ui = announce_page(ev, localize=t.words)
    confirm = ev["kind"] in CONFIRM_KINDS
    return Page(ui.title, ui.lines, said or ev["text"], confirm, ev.get("round"))


def say_page(t: TableCore) -> None:
    """Say the announcement's current page."""
    page = t.announcer.current if t.announcer.active else None
    if page is not None and page.speech:
        t.outputs.say(page.speech, page.round)


def end_announcement(t: TableCore) -> None:
    """The last page was heard: what happened after the scoring is said now."""
    t.mode = Mode.GAME
    for text, rnd in t.announcer.after:
        t.outputs.say(text, rnd)
    t.announcer.after = []
