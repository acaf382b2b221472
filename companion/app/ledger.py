"""The main display's game page for a game that keeps a ledger rather than mirror a board: who
must enter what now, in the title's big print (what, under it, when it is long), then the
scores. Every game can have it.

>>> from companion.session.views import DecisionView
>>> view = type("V", (), {"decision": DecisionView("entry", "Final count", False, ("red",), (),
...                                                 parallel=True), "scores": {"red": 3}})()
>>> ui = ledger_ui(view, "", (), 128)
>>> ui.title, ui.lines
('Still entering: red', ('Final count', 'red 3'))
"""

from __future__ import annotations

from typing import Any

from companion.app.announce import Page
from companion.i18n import N_, _
from companion.kit.sentences import Localize, as_is
from companion.screens import MainUI
from companion.screens.ledger_pages import is_score_line, player_pages, ranking_page
from companion.screens.text import wrap

FOOTER = N_("hold ● take back")


def ledger_ui(
    view: Any, note: str, alerts: tuple[str, ...], width_px: int, localize: Localize = as_is
) -> MainUI:
    """The page from the public view (its decision and scores) and the table's last note, a
    sentence a line, which the page wraps whole (`localize`: the game's words, in the table's
    language). The question goes under the title when the title's rows of the display's
    `width_px` would not hold it whole."""
    d = view.decision
    prompt = localize(d.prompt) if d is not None else ""
    scores = tuple(f"{_(p)} {n}" for p, n in view.scores.items())
    waiting = ", ".join(_(p) for p in d.waiting) if d is not None else ""
    if d is None:
        title, lines = _("Scores"), scores
    elif d.parallel:
        title = _("Still entering: {players}").format(players=waiting)
        lines = (prompt, *scores)
    else:
        title = _("{players}: {prompt}").format(players=waiting, prompt=prompt)
        lines = scores
        # Too long for the title's two rows, whole: who in the title, what under it.
        if len(wrap(title, width_px - 2, len(title) + 1)) > 2:
            title, lines = waiting, (prompt, *scores)
    if note:
        lines = (note, *lines)
    return MainUI("ledger", title, lines, None, _(FOOTER) if d is not None else "", alerts)


def ledger_feed(
    events: list[dict[str, Any]],
    silent: frozenset[str] = frozenset(),
    scores_now: dict[str, int] | None = None,
    localize: Localize = as_is,
    size: tuple[int, int] | None = None,
) -> tuple[list[Page], list[tuple[str, int | None]], list[tuple[str, int | None]]]:
    """New events of a ledger game as the table gets them: (announcement pages, what to say once
    they have been heard, what to say now). A run of score lines makes a player's page (as many
    as the main display of `size` needs to show each reason whole); the
    ranking a page of its own, with the totals announced before it (else `scores_now`); every
    other event is said as its text (unless `silent`), in the table's language (`localize`)."""
    pages: list[Page] = []
    later: list[tuple[str, int | None]] = []
    now: list[tuple[str, int | None]] = []
    scores: dict[str, int] = dict(scores_now or {})
    run: list[dict[str, Any]] = []

    def close_run() -> None:
        if run:
            for ui, said in player_pages([ev["detail"] for ev in run], size, localize):
                pages.append(Page(ui.title, ui.lines, said, False, run[0].get("round")))
            run.clear()

    for ev in events:
        kind, detail, rnd = ev["kind"], ev.get("detail"), ev.get("round")
        if kind == "score" and is_score_line(detail):
            if run and run[0]["detail"]["player"] != detail["player"]:
                close_run()
            run.append(ev)
            continue
        close_run()
        if kind == "totals" and isinstance(detail, dict):
            scores = dict(detail.get("scores") or {})  # the ranking page shows them
        elif kind == "ranking" and isinstance(detail, dict):
            ui = ranking_page(detail, scores, localize=localize)
            pages.append(
                Page(ui.title, ui.lines, localize(str(ev["text"]), spoken=True), False, rnd)
            )
        elif kind not in silent and ev.get("text"):
            (later if pages else now).append((localize(str(ev["text"]), spoken=True), rnd))
    close_run()
    return pages, later, now
