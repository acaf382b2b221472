"""The main display's game page for a game that keeps a ledger rather than mirror a board: who
must enter what now, in the title's big print, then the scores. Every game can have it.

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
from companion.screens import MainUI
from companion.screens.ledger_pages import is_score_line, player_page, player_speech, ranking_page
from companion.screens.text import wrap

FOOTER = "hold ● take back"


def ledger_ui(view: Any, note: str, alerts: tuple[str, ...], width_px: int) -> MainUI:
    """The page from the public view (its decision and scores) and the table's last note, each
    sentence wrapped whole to the display's `width_px`."""
    d = view.decision
    scores = tuple(f"{p} {n}" for p, n in view.scores.items())
    if d is None:
        title, lines = "Scores", scores
    elif d.parallel:
        title = "Still entering: " + ", ".join(d.waiting)
        lines = (*wrap(d.prompt, width_px - 2, 3), *scores)
    else:
        title = f"{', '.join(d.waiting)}: {d.prompt}"
        lines = scores
    if note:
        lines = (*wrap(note, width_px - 2, 3), *lines)
    return MainUI("message", title, lines, None, FOOTER if d is not None else "", alerts)


def ledger_feed(
    events: list[dict[str, Any]],
    silent: frozenset[str] = frozenset(),
    scores_now: dict[str, int] | None = None,
) -> tuple[list[Page], list[tuple[str, int | None]], list[tuple[str, int | None]]]:
    """New events of a ledger game as the table gets them: (announcement pages, what to say once
    they have been heard, what to say now). A run of score lines makes one page a player; the
    ranking a page of its own, with the totals announced before it (else `scores_now`); every
    other event is said as its text (unless `silent`)."""
    pages: list[Page] = []
    later: list[tuple[str, int | None]] = []
    now: list[tuple[str, int | None]] = []
    scores: dict[str, int] = dict(scores_now or {})
    run: list[dict[str, Any]] = []

    def close_run() -> None:
        if run:
            ui = player_page([ev["detail"] for ev in run])
            said = player_speech([ev["detail"] for ev in run])
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
            ui = ranking_page(detail, scores)
            pages.append(Page(ui.title, ui.lines, str(ev["text"]), False, rnd))
        elif kind not in silent and ev.get("text"):
            (later if pages else now).append((str(ev["text"]), rnd))
    close_run()
    return pages, later, now
