"""Names are drawn whole wherever a screen shows them: every area's short name (from board.json),
every pad label at its longest, every phase beside the round track.

The main display shows the King's region ("King: C.Nueva"); a pad shows an area as a menu entry
(◀ entry ▶, with n/m in the small print). The LED matrix shows no area names (the round and colour
codes only).
"""

import pytest
from cardkit import widest_fields

from companion.elgrande.data import game_data
from companion.elgrande.moves import LABELS
from companion.screens import MainUI, PadMenu, render_main, render_pad
from companion.screens.game_page import PHASES
from companion.screens.model import MAX_MENU
from companion.screens.names import short_area

LONGEST_PHASE = max(PHASES, key=lambda p: len(PHASES[p]))  # the header leaves the least room


def test_the_screens_and_the_pad_menus_use_the_data_files_short_names():
    data = game_data()
    assert [short_area(a) for a in data.areas] == [data.short_name(a) for a in data.areas]


@pytest.mark.parametrize(("size", "mode"), [((128, 64), "1"), ((256, 64), "L")])
def test_the_kings_region_is_named_whole_on_the_main_display(size, mode, drawn, monkeypatch):
    from companion.screens import game_page
    from companion.screens.legacy_text import ascii_only

    small: list[str] = []  # a narrow display names it in its small print
    real = game_page.draw_legacy
    monkeypatch.setattr(
        game_page,
        "draw_legacy",
        lambda d, xy, text, *a: small.append(text) or real(d, xy, text, *a),
    )
    data = game_data()
    for region in data.regions:
        view = {"round": data.rounds, "phase": LONGEST_PHASE, "king": region, "players": []}
        drawn.clear()
        small.clear()
        render_main(view, MainUI(), size, mode)
        name = data.short_name(region)
        whole = f"King: {name}" in drawn or f"King {ascii_only(name)}" in small
        assert whole, (region, drawn, small)


def test_every_area_is_named_whole_as_a_pad_menu_entry(drawn, small_print):
    data = game_data()
    for area in data.areas:
        entries = ("-",) * (MAX_MENU - 1) + (data.short_name(area),)  # the widest count: 10/10
        drawn.clear()
        small_print.clear()
        render_pad(None, PadMenu("red", "Region", entries, MAX_MENU - 1, True), (128, 32))
        assert data.short_name(area) in drawn and f"{MAX_MENU}/{MAX_MENU}" in small_print, area


@pytest.mark.parametrize("kind", sorted(LABELS))
def test_every_pad_label_at_its_longest_is_shown_whole_beside_the_count(kind, drawn, small_print):
    label = LABELS[kind].format(**widest_fields(kind))
    menu = PadMenu("red", "Which?", ("-",) * (MAX_MENU - 1) + (label,), MAX_MENU - 1, True)
    render_pad(None, menu, (128, 32))
    assert label in drawn and f"{MAX_MENU}/{MAX_MENU}" in small_print, drawn


@pytest.mark.parametrize("phase", [p for p in PHASES if PHASES[p]])
def test_every_phase_is_named_whole_beside_the_round_track_on_the_narrow_display(phase, drawn):
    render_main(
        {"round": game_data().rounds, "phase": phase, "players": []}, MainUI(), (128, 64), "1"
    )
    assert PHASES[phase] in drawn, drawn
