"""A French table sees and hears French: whole bot games in French on both shipped configs,
every text any display draws (main display, pads, small print, LED matrix) and every sentence
the voice says is read for English words. An English word is one the catalogs' English holds
and their French never uses ("waiting", "round", "takes", "red"…), so a string that bypasses
the catalogs, or an engine sentence no template matches, fails here."""

from __future__ import annotations

import pytest
from french_words import english_words, stray_english

from companion.testing import make_bots

SEATS = ("red", "blue", "yellow", "green", "black")


def test_the_english_words_are_the_ones_a_french_table_must_not_see():
    words = english_words()
    assert {"waiting", "round", "takes", "red", "scoring"} <= words
    assert not {"rouge", "manche", "castillo"} & words


@pytest.mark.parametrize(
    ("config", "n", "seed", "options"),
    [
        ("pi.toml", 5, 4, {"tiebreak": "tournament", "castillo_disc_on_king": "court"}),
        ("sim.toml", 3, 2, {"ruleset": "1995", "bidding": "open", "first_bidder": "choose"}),
        ("pi.toml", 4, 3, {"veto": True, "castillo_public": True, "deck": "physical"}),
    ],
)
def test_a_french_game_shows_and_says_no_english(
    make_table, drawn, monkeypatch, config, n, seed, options
):
    from companion.screens import game_page, main_display, matrix, pad

    small: list[str] = []
    for module in (pad, game_page, main_display, matrix):
        real = module.draw_legacy

        def record(draw, xy, text, fill, font, real=real):
            small.append(text)
            return real(draw, xy, text, fill, font)

        monkeypatch.setattr(module, "draw_legacy", record)
    table = make_table(config, seats=SEATS[:n], seed=seed, language="fr", **options)
    said: list[str] = []
    table.app.outputs.on_say.append(lambda text, _round: said.append(text))
    driver = table.bots(make_bots(SEATS[:n], seed))
    undone: set[tuple[int, str]] = set()
    while driver.step():
        if table.app.turn_every() is not None:
            table.app.turn()
        # Once a round each player takes back a caballero just placed (the undo is said and
        # shown, with what to change on the real board), then the bot places it again.
        s = table.app.session
        last = s.events[-1] if s.events else None
        mover = s.decision().players[0] if s.decision() else None
        if last and last["kind"] == "place" and (s.state.round, mover) not in undone:
            undone.add((s.state.round, mover))
            table.press(mover, "long")
    assert table.app.session.over
    assert any(" reprend" in t for t in said), "no undo was said"
    assert not stray_english([*drawn, *small, *said])
    assert said and drawn and small


def test_the_sim_in_french_shows_no_english(make_table):
    from companion.commands.sim import SimScreen
    from companion.commands.sim_layout import frame
    from companion.commands.sim_log import SimLog

    seats, bots = SEATS[:4], ("blue", "yellow", "green")
    table = make_table("sim.toml", seats=seats, seed=5, language="fr")
    screen = SimScreen(table.app, table.hw, bots, False, SimLog(None))
    shown: list[str] = []
    driver = table.bots(make_bots(seats, 5))
    while driver.step():
        for rows, cols in ((24, 80), (32, 130)):
            shown += frame(screen.snapshot(rows, cols, ""), rows, cols)
    assert table.app.session.over
    assert not stray_english(shown)
