"""The sim's seat lines: the person's own pads in text, and the bots as the table sees them.

A person's seat shows its pad (its LED, the question and the entry under the cursor) and the
power cards in hand, as a player at the table holds them. A bot's seat shows nothing of its own
unless the sim shows the bots; the private page a bot opens on the main display is hidden.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from companion.app.table import TableApp
from companion.commands.sim_board import status
from companion.i18n import _
from companion.screens import MainUI


def hide_bot_page(ui: MainUI, looking: str | None, bots: Sequence[str]) -> MainUI:
    """The main display's page, with a bot's private page replaced by what the table sees.

    >>> page = MainUI("privacy", "Only blue looks", ("your choice: power card 9",))
    >>> hide_bot_page(page, "blue", ("blue",)).lines
    ('blue chooses on the private page.',)
    """
    if ui.screen != "privacy" or looking not in bots:
        return ui
    lines = (_("{player} chooses on the private page.").format(player=_(looking)),)
    title = _("Only {player} looks").format(player=_(looking))
    return MainUI("privacy", title, lines, None, "", ui.alerts)


def person_lines(app: TableApp, p: str) -> list[str]:
    """`p`'s pad: LED, question, entry under the cursor; then their hand and Castillo."""
    lit = "●" if app.hw.pads[p].led_state == "on" else "○"
    menu = app.pad_menu(p)
    if not app.has_display(p):
        pad = f"{lit} {_(p)}: " + _("no pad display: hold ● to choose on the main display")
    else:
        pad = f"{lit} {_(p)}: {menu.title}"
        if menu.entries:  # the question is the main display's prompt: the entry has the room
            cursor = menu.cursor
            pad = f"{lit} {_(p)}: ◀ {menu.entries[cursor]} ▶ {menu.place}"
    note = menu.note if app.has_display(p) else ""
    lines = [pad, f"  {_(p)}: {note}"] if note else [pad]  # e.g. "choose again": its own line
    text = menu.text if menu.entries else ""
    if text:  # at most two lines: the longest card text is about 100 characters
        lines += textwrap.wrap(text, 76, max_lines=2, initial_indent="  ", subsequent_indent="  ")
    own = app.own(p)
    if own is None:
        return lines
    hand, castillo = own
    return [
        *lines,
        "  "
        + _("{player}'s hand: {hand} · in the Castillo: {n}").format(
            player=_(p), hand=" ".join(map(str, hand)) or "-", n=castillo
        ),
    ]


def bot_line(app: TableApp, p: str) -> str:
    """A bot's secrets, for --show-bots only: its hand and its sealed choice."""
    if app.session is None or p not in app.s.players:
        return f"  [bot {p}] not playing"
    seat = app.seat(p)
    sealed = f" · sealed: {seat.sealed_choice}" if seat.sealed_choice else ""
    hand = " ".join(map(str, seat.hand))
    return f"  [bot {p}] {status(app.view, p)} · hand {hand} · Castillo {seat.castillo}{sealed}"
