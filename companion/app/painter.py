"""Drawing the displays and lighting the LEDs: a device is drawn again only when what it shows
may have changed, since rendering is the costly part of a press. Each device remembers the key
its last image was drawn from (`Painter.changed`); Outputs then skips images equal to the one
shown.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.app.core import TableCore
from companion.app.localized import localized_menu, localized_ui, localized_view
from companion.app.mode import Mode
from companion.app.modes import MODES
from companion.screens import (
    MainUI,
    PadMenu,
    render_chart_page,
    render_main,
    render_matrix,
    render_pad,
)
from companion.screens.chart import score_history
from companion.screens.game_page import row_pages
from companion.screens.pad import text_pages


def main_ui(t: TableCore) -> MainUI:
    """The main display's page now."""
    return localized_ui(MODES[t.mode].main_ui(t, t.all_alerts()), t.words)


def pad_menu(t: TableCore, p: str) -> PadMenu:
    """What `p`'s pad shows now."""
    return localized_menu(MODES[t.mode].pad_menu(t, p), t.words)


def own(t: TableCore, p: str) -> tuple[tuple[str, ...], int] | None:
    """What of `p`'s own the pad shows besides its menu: hand and Castillo count (None: p
    does not play). render_pad reads nothing else of the player's view."""
    s = t.session
    if s is None or p not in s.players or not s.game.info.hidden_information:
        return None  # not playing, or a game whose seats hold nothing of their own
    seat = t.seat(p)
    return (seat.hand, seat.castillo)


class Painter:
    def __init__(self) -> None:
        self._drawn: dict[str, Any] = {}  # per device (or a device's inputs): the last key
        # Per device, how many pages its timed text has as last drawn (the main display's
        # cards on offer, a pad's card text); the loop turns them while one has more than one.
        self.pages: dict[str, int] = {}
        self._since: dict[str, tuple[str, int]] = {}  # a pad's text, and the turn it came up

    def turning(self) -> bool:
        """Does a display show a text whose pages turn by themselves?"""
        return any(n > 1 for n in self.pages.values())

    def changed(self, device: str, key: Any) -> bool:
        """Has `device`'s key changed since it was last drawn? It is remembered as drawn."""
        if device in self._drawn and self._drawn[device] == key:
            return False
        self._drawn[device] = key
        return True

    def forget(self) -> None:
        """Draw every device again at the next paint."""
        self._drawn.clear()
        self.pages.clear()

    def paint(self, t: TableCore) -> None:
        """Bring every display and LED up to date with the table: the frames go out on every
        bus at once, and are all on the panels before the LEDs change."""
        with t.outputs.moment():
            self._frames(t)
        lit = MODES[t.mode].lit(t)
        for p in t.pads:
            t.outputs.led(p, p in lit)

    def _frames(self, t: TableCore) -> None:
        # The main display and the matrix may change when the log grows, the mode or the page
        # changes; their images are built from the public view only.
        version = (t.mode, len(t.s.entries) if t.session is not None else -1)
        ui = main_ui(t)
        chart = t.mode == Mode.FINAL and t.final_page == 1
        hw = t.hw
        on_board = ui.screen == "game" and t.session is not None
        self.pages["main"] = len(row_pages(t.view.to_json(), hw.display.size[0])) if on_board else 0
        # Each frame goes to its bus as soon as it is drawn, so the first pad that changed, then
        # the main display, then the other pads: every bus (the main display's, the mux's) gets
        # its first frame early, and the pads, most of a busy moment's bytes, keep theirs busy.
        pads = [(p, d.size) for p in t.pads if (d := hw.pads[p].display) is not None]
        drawn = (i + 1 for i, (p, size) in enumerate(pads) if self._pad(t, p, size))
        first = next(drawn, len(pads))  # the pads up to the first drawn were each looked at
        # The turn counter moves for any page that turns (a pad's card text too): the main
        # display is drawn again only when its own cards row shows another page.
        n = self.pages["main"]
        ui = dataclasses.replace(ui, page=ui.page % n if n > 1 else 0)
        if self.changed("main", (version, ui, chart)):
            # Screens draw "1" or "L"; hw's Display converts to its own mode (e.g. RGB).
            size, mode = hw.display.size, "1" if hw.display.mode == "1" else "L"
            if chart:  # the score progression, one line a player
                history = score_history(t.s.public_events())
                main = render_chart_page(history, t.s.players, size, mode, ui.alerts)
            else:
                main = render_main(_public(t), ui, size, mode)
            t.outputs.main(main)
        for p, size in pads[first:]:
            self._pad(t, p, size)
        if hw.matrix is not None and self.changed("matrix", version):
            t.outputs.matrix(render_matrix(_public(t), hw.matrix.size))

    def _pad(self, t: TableCore, p: str, size: tuple[int, int]) -> bool:
        """Draw `p`'s pad again if what it shows changed (True: a frame was given); while what
        it is drawn from is as it was (`_pad_inputs`), the menu and the hand are not even asked
        for again."""
        inputs = f"{p} inputs"
        turned = t.turns if self.pages.get(p, 0) > 1 else None  # a page of its text is due
        if not self.changed(inputs, (_pad_inputs(t, p), turned)):
            return False
        menu = pad_menu(t, p)
        # After pad_menu, which may build p's menu.
        self.changed(inputs, (_pad_inputs(t, p), turned))
        pages = text_pages(menu, size)
        # A new text (or a long question's end, when there is none) starts on its first page.
        shown = menu.text or menu.title
        if self._since.get(p, ("", 0))[0] != shown:
            self._since[p] = (shown, t.turns)
        self.pages[p] = len(pages)
        if pages:
            menu = dataclasses.replace(menu, page=(t.turns - self._since[p][1]) % len(pages))
        # All the pad draws (render_pad: the menu, the hand, the Castillo count, a card's text),
        # so a decision redraws only the pads it changed, not all five.
        mine = own(t, p)
        key = (menu.title, menu.entries, menu.cursor, menu.waiting, menu.note, menu.text)
        key += (menu.page, mine, menu.count)
        if not self.changed(p, key):
            return False
        you = None if mine is None else {"you": {"hand": mine[0], "castillo": mine[1]}}
        t.outputs.pad(p, render_pad(you, menu, size))
        return True


def _public(t: TableCore) -> dict[str, Any]:
    return localized_view(t.view.to_json(), t.words) if t.session is not None else {"round": None}


def _pad_inputs(t: TableCore, p: str) -> tuple[Any, ...]:
    """All that `pad_menu(p)` and `own(p)` read: the mode, the session's state (its stamp
    changes with every change, and differs from any other session's) and p's menu, with its
    page and cursor as they are now (the menu object itself is mutable), and the
    announcement's page (a page the table confirms asks the pads so)."""
    s = t.session
    menu = t.menus.get(p)
    where = None if menu is None else (menu.page, menu.cursor)
    look = t.last_look.get(p)  # the last to seal looks at their choice
    return (t.mode, None if s is None else s.stamp, menu, where, t.announcer.index, look)
