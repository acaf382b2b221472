"""A French table plays the games beside El Grande in French: whole bot games of each, driven as
at the table (the setup screen's Start, every entry by presses on both shipped configs), with
every text any display draws (main display, pads, small print) and every sentence the voice
says read for English words, French words looked for, and nothing cut on either panel size in
either language."""

from __future__ import annotations

import pytest
from french_words import stray_english

from companion.testing import make_bots

SEATS = ("red", "blue", "yellow", "green")

# Words only a French page of each game draws: its reasons, its fields, its ranking.
FRENCH = {
    "akropolis": ("Maisons", "places", "étoile", "Pierres", "Classement"),
    "castell": ("Score de la tour", "Meilleure tour", "Prix", "Classement"),
    "carcassonne": ("Route", "Ville", "meeple", "Classement"),
}

# Texts whose own wording ends in an ellipsis: nothing was cut.
WHOLE = ("waiting…", "more…", "en attente…", "a big meeple…", "un grand meeple…")


def _play(make_table, drawn, monkeypatch, game, config, n, seed, language, left_out=None):
    from companion.app import painter
    from companion.screens import game_page, main_display, pad
    from companion.screens.legacy_text import tiny_legible

    small: list[str] = []
    for module in (pad, game_page, main_display):
        real = module.draw_legacy

        def record(draw, xy, text, fill, font, real=real):
            small.append(text)
            return real(draw, xy, text, fill, font)

        monkeypatch.setattr(module, "draw_legacy", record)
    real_main = painter.render_main

    def main(view, ui, size, mode):
        """`left_out`: every word of a ledger page's or a scoring's lines not drawn, and any of
        its lines translated twice."""
        first, first_small = len(drawn), len(small)
        image = real_main(view, ui, size, mode)
        if left_out is not None and ui.screen in ("ledger", "announce"):
            shown = {
                w.rstrip(",") for w in " ".join([*drawn[first:], *small[first_small:]]).split()
            }
            words = {w.rstrip(",") for line in ui.lines for w in line.split()}
            left_out.update(w for w in words if w not in shown and tiny_legible(w) not in shown)
            # A sentence translated twice doubles French's narrow spaces ("blason\u202f\u202f;").
            left_out.update(x for x in (ui.title, *ui.lines) if "\u202f\u202f" in x)
        return image

    monkeypatch.setattr(painter, "render_main", main)
    seats = SEATS[:n]
    table = make_table(config, seats=seats, seed=seed, game=game, language=language)
    said: list[str] = []
    table.app.outputs.on_say.append(lambda text, _round: said.append(text))
    table.press(seats[0], "select")  # Start
    driver = table.bots(make_bots(seats, seed, game))
    while driver.step():
        if table.app.turn_every() is not None:
            table.app.turn()
    assert table.app.finished and table.session.over
    return small, said


@pytest.mark.parametrize("game", ["akropolis", "castell", "carcassonne"])
@pytest.mark.parametrize(("config", "n", "seed"), [("pi.toml", 3, 4), ("sim.toml", 2, 7)])
def test_a_french_game_of_each_shows_and_says_french_and_no_english(
    make_table, drawn, monkeypatch, game, config, n, seed
):
    small, said = _play(make_table, drawn, monkeypatch, game, config, n, seed, "fr")
    assert drawn and small and said
    assert not stray_english([*drawn, *small, *said])
    shown = " ".join([*drawn, *small, *said])
    assert all(word in shown for word in FRENCH[game]), [w for w in FRENCH[game] if w not in shown]


# Every game on both panels: a player's reasons over as many pages as the 128×64 panel needs,
# a long question under the page's title (in small print when it needs to), and a pad's long
# question going on below its entry.
WHOLE_GAMES = [
    ("akropolis", "pi.toml", 4, 2),
    ("akropolis", "sim.toml", 3, 5),
    ("castell", "pi.toml", 3, 4),
    ("castell", "sim.toml", 3, 5),
    ("carcassonne", "pi.toml", 3, 4),
    ("carcassonne", "sim.toml", 3, 5),
]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("game", "config", "n", "seed"), WHOLE_GAMES)
def test_nothing_is_cut_in_a_whole_game_of_each(
    make_table, drawn, monkeypatch, game, config, n, seed, language
):
    left_out: set[str] = set()
    small, _said = _play(make_table, drawn, monkeypatch, game, config, n, seed, language, left_out)
    cut = {t for t in drawn if t.endswith("…") and t not in WHOLE}
    cut |= {t for t in small if t.endswith("..")}
    assert not cut, sorted(cut)
    assert not left_out, sorted(left_out)  # no line left out for want of rows either


@pytest.mark.parametrize("game", ["akropolis", "castell", "carcassonne"])
def test_the_sim_of_each_game_in_french_shows_no_english(make_table, game):
    from companion.commands.sim import SimScreen
    from companion.commands.sim_layout import frame
    from companion.commands.sim_log import SimLog

    seats, bots = SEATS[:3], ("blue", "yellow")
    table = make_table("sim.toml", seats=seats, seed=5, game=game, language="fr")
    screen = SimScreen(table.app, table.hw, bots, False, SimLog(None))
    shown: list[str] = []
    table.press(seats[0], "select")  # Start
    driver = table.bots(make_bots(seats, 5, game))
    while driver.step():
        for rows, cols in ((24, 80), (32, 130)):
            shown += frame(screen.snapshot(rows, cols, ""), rows, cols)
    assert table.app.session.over
    assert not stray_english(shown)


@pytest.mark.parametrize("config", ["pi.toml", "sim.toml"])
@pytest.mark.parametrize("game", ["akropolis", "castell", "carcassonne"])
def test_the_setup_screen_of_each_game_in_french_names_its_options_in_french(
    make_table, drawn, config, game
):
    table = make_table(config, seats=SEATS[:3], game=game, language="fr")
    for _line in range(14):  # Start, five seats, the game, up to five options, the language
        table.press("red", "right")  # every line comes under the cursor, its options drawn
    assert not stray_english(drawn)
    assert not {t for t in drawn if t.endswith("…")}
    assert {"Maisons\u202f: non", "Festivals\u202f: suivis", "Extension\u202f: oui"} & set(drawn)
