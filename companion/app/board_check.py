"""The board check before a general scoring, as the table sees it: the main display shows the
device's board at the page under the decider's cursor, numbered as the pads number it."""

from __future__ import annotations

from companion.app.core import TableCore
from companion.elgrande.data import game_data
from companion.elgrande.scoring_steps import check_pages
from companion.i18n import _
from companion.screens import MainUI
from companion.screens.board_page import board_page


def board_check_ui(t: TableCore, alerts: tuple[str, ...]) -> MainUI | None:
    """Before a general scoring: the device's board at the place under the decider's cursor
    ("… matches", "fix …"), for the table to compare with the real one."""
    view = t.view
    decision = view.decision
    if decision is None or decision.kind != "correct" or not decision.waiting:
        return None
    action = t.menu(decision.waiting[0]).current()
    if action is None or action.kind not in ("matches", "fix_from"):
        return None
    place = str(action.target)
    pages = check_pages(game_data().regions, bool(view.scoreboards))
    if place not in pages:
        return None
    # A hidden Castillo's page says how many caballeros it holds, never whose.
    title, lines = board_page(view.to_json(), place, pages.index(place) + 1, len(pages))
    footer = _("● it matches") if action.kind == "matches" else _("● fix it")
    return MainUI("announce", title, lines, None, footer, alerts)


def board_page_count(t: TableCore, action: object) -> str:
    """The board check numbers its pages once, as the main display does ("3/12"); an entry that
    is no page (a fix's colour, "board is right") shows no number."""
    place = getattr(action, "target", None)
    if getattr(action, "kind", "") not in ("matches", "fix_from"):
        return ""
    pages = check_pages(game_data().regions, bool(t.view.scoreboards))
    return f"{pages.index(place) + 1}/{len(pages)}" if place in pages else ""
