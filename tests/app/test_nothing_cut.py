"""Nothing that carries meaning is cut: whole bot games on both shipped configs (pi.toml: a
128×64 main display and 128×32 pads; sim.toml: a 256×64 main display, pads with and without a
display), 2 to 5 players and every table option, and every text any display draws — prompts,
menu labels, alerts, announcements, notices, each page of the cards on offer — must fit whole.
A text fitted to its room ends in "…" (the main font) or ".." (the small print) when it did
not. (A row with no room on its screen is not drawn at all; the layouts give the prompt its
rows first.)
"""

from __future__ import annotations

import pytest

from companion.app.menus import presses_to
from companion.testing import make_bots

SEATS = ("red", "blue", "yellow", "green", "black")

# Texts whose own wording ends in an ellipsis: nothing was cut.
WHOLE = ("waiting…", "more…", "en attente…")

# (seats, seed, options): every option's every value at least once, 2–5 players.
GAMES = [
    (2, 1, {"short_game": True}),
    (3, 2, {"ruleset": "1995", "bidding": "open"}),
    (4, 3, {"veto": False, "castillo_public": True, "deck": "physical"}),
    (5, 4, {"tiebreak": "tournament", "castillo_disc_on_king": "court"}),
    (5, 5, {"bidding": "open", "first_bidder": "choose"}),
    (3, 6, {"castillo_public": True, "short_game": True}),
    (2, 7, {"ruleset": "1995", "deck": "physical", "tiebreak": "tournament"}),
    (4, 8, {"bidding": "open", "castillo_disc_on_king": "court", "veto": False}),
    (5, 9, {}),
]


def _cut(texts: list[str], mark: str) -> set[str]:
    return {t for t in texts if t.endswith(mark) and t not in WHOLE}


def _stray_presses(table) -> None:
    """A player who is not asked presses ● and holds ●: the refusals are shown publicly."""
    app = table.app
    view = app.session.table_view() if app.session is not None else None
    if app.mode != "game" or view is None or view.decision is None or view.sealed_step:
        return
    idle = [p for p in view.players if p not in view.decision.waiting]
    if idle:
        table.press(idle[0], "long", "select")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("config", ["pi.toml", "sim.toml"])
@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_no_text_is_cut_in_a_whole_game(
    make_table, drawn, monkeypatch, config, n, seed, options, language
):
    from companion.screens import game_page, pad

    tiny: list[str] = []
    for module in (pad, game_page):
        real = module.draw_legacy

        def record(draw, xy, text, fill, font, real=real):
            tiny.append(text)
            return real(draw, xy, text, fill, font)

        monkeypatch.setattr(module, "draw_legacy", record)
    seats = SEATS[:n]
    table = make_table(config, seats=seats, seed=seed, language=language, **options)
    driver = table.bots(make_bots(seats, seed))
    steps, walked_at = 0, -1
    while driver.step():
        steps += 1
        if table.app.turn_every() is not None:
            table.app.turn()  # the cards row's next page: over a game, every page is drawn
        if steps % 23 == 0:
            _stray_presses(table)
        s = table.app.session
        decision = s.table_view().decision if s is not None else None
        if decision and decision.kind == "correct" and len(s.entries) != walked_at:
            walked_at = len(s.entries)
            p = decision.waiting[0]
            table.press(p, *["right"] * 10)  # the board pages in the menu are drawn
            while page := next((a for a in s.seat_view(p).options if a.kind == "matches"), None):
                table.press(p, *presses_to(table.app.menu_for(p), page))  # every page, ● each
    assert table.app.session.over
    assert not _cut(drawn, "…"), sorted(_cut(drawn, "…"))
    assert not _cut(tiny, ".."), sorted(_cut(tiny, ".."))
