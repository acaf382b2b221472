"""The main display's private page: a pad without a display of its own lets its player look at
the main display alone ("Only blue looks") to choose in a sealed step of theirs, or in a public
step whose options are private (open bids that may hold a card taken back unseen, a hidden
Castillo's colours). The page closes once the choice is in or the player no longer decides such
a step.
"""

from __future__ import annotations

from companion.app.core import TableCore
from companion.i18n import _
from companion.screens import MainUI
from companion.screens.text import width as text_width
from companion.screens.text import wrap as wrap_text


def may_look(t: TableCore, p: str) -> bool:
    """May `p` have the private page: a pad without a display, in a sealed step of theirs or
    deciding a public step whose options are private."""
    s = t.session
    if s is None or t.has_display(p) or p not in s.players:
        return False
    return t.seat(p).may_look


def blind_and_private(t: TableCore, p: str) -> bool:
    """Does `p`, deciding a public step with private options, have no display to see them?"""
    return t.view.sealed_step is None and may_look(t, p)


def needs_privacy(t: TableCore, p: str) -> bool:
    """True if `p` must open the main display's private page before choosing."""
    return t.privacy != p and may_look(t, p)


def close_if_done(t: TableCore) -> None:
    """The page closes by itself once its player may no longer look."""
    if t.privacy and not may_look(t, t.privacy):
        t.privacy = None


def privacy_ui(t: TableCore, p: str, alerts: tuple[str, ...]) -> MainUI:
    seat = t.seat(p)
    if seat.options:
        menu = t.menu(p)
        entries = menu.entries()
        room = t.hw.display.size[0] - 2
        label = t.words(entries[menu.cursor])
        entry = f"◀ {label} ▶"
        counted = f"{entry}  {menu.cursor + 1}/{len(entries)}"
        # A narrow display: the entry keeps its arrows before the count and its whole label
        # before the arrows (a power card's label takes 20 of the 128-pixel row's 21 places).
        shown = next((s for s in (counted, entry) if text_width(s) <= room), label)
        decision = t.view.decision
        assert decision is not None  # the seat has options
        # Four rows under a one-row title, one of them the entry's: the prompt takes up to three
        # ("Take back which played power card? (secret)" on 128 pixels), or gives way to a
        # notice when both cannot be whole ("5 is taken: choose again" takes two there).
        notice = wrap_text(t.words(seat.notice), room, 2) if seat.notice else []
        prompt = wrap_text(t.words(decision.prompt), room, 3)
        if notice and len(prompt) + len(notice) > 3:
            prompt = []
        lines, entry_line = (*prompt, shown, *notice), len(prompt)
        footer = _("● pick  hold ● leave")
        look = t.last_look.get(p)
        if look is not None:  # the last to choose: a second ● reveals every choice
            lines, entry_line = (_("You are the last:"), t.words(t.s.label(look))), 1
            footer = _("● reveal  ◀ ▶ back")
    else:
        room = t.hw.display.size[0] - 2
        # No key that does nothing: while a clashed choice is made again, none is withdrawn.
        may_withdraw = t.s.withdraw_refusal(p) is None
        sealed = t.words(seat.sealed_choice or "")
        choice = _("your choice: {choice}").format(choice=sealed)
        footer = _("● leave  hold ● withdraw") if may_withdraw else _("● leave")
        lines, entry_line = (choice,), 0
        if text_width(choice) > room or text_width(footer) > room:
            # A narrow display: the choice on a row of its own, how to withdraw on another.
            shown = wrap_text(sealed, room, 2)
            lines, entry_line = (_("your choice:"), *shown, _("hold ● to withdraw")), 1
            if not may_withdraw:
                lines = lines[:-1]
            footer = _("● leave")
    # The cursor marks the line that must be drawn when rows run short (an alert takes some).
    title = _("Only {player} looks").format(player=_(p))
    return MainUI("privacy", title, lines, entry_line, footer, alerts)
