"""The main display's private page (privacy.py), as the player who looks sees it drawn: the
prompt, the entry under their cursor with its place in the menu, a notice, and how to pick or
leave; on the 256×64 display of sim.toml and on pi.toml's 128×64 one (its pads without a
display: `table_config`)."""

from __future__ import annotations

import errno

from table_testing import Table, enter_power_card

from companion.commands.screens_moments import table_config
from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import decision
from companion.elgrande.moves import Action
from companion.screens.text import ELLIPSIS, fit, width
from companion.session.resilient import ResilientStore
from companion.session.store import StoreError


def _narrow(make_table, seed: int = 9, **options) -> Table:
    """pi.toml's 128×64 main display, blue and green without a pad display."""
    table = make_table(hardware=table_config("pi.toml"), seed=seed, **options)
    table.press("red", "select")  # the defaults: sealed power cards first
    return table


def _bots_until(table: Table, kind: str, take_back: bool = False) -> str:
    """Bots decide (straight into the session) until a step of `kind`; returns its first
    decider. With `take_back`, blue and green play their highest power cards and the players
    take 4b from round 2 (take a played card back, unseen)."""
    s = table.session
    bots = {p: GreedyBot(i) for i, p in enumerate(s.players)}
    for _ in range(3000):
        if table.app.mode == "announce":
            table.press("red", "select")
            continue
        d = decision(s.state)
        if d.kind == kind:
            return d.players[0]
        p = d.players[0]
        legal = s.legal(p)
        pick = bots[p].choose(s.state, p)
        if take_back and d.kind == "bid" and p in ("blue", "green"):
            high = [a for a in legal if a == Action("bid_group", "8-13")]
            pick = (high or sorted((a for a in legal if a.kind == "bid"), key=lambda a: a.target))[
                -1
            ]
        if take_back and s.state.round >= 2:
            acts = [a for a in legal if a.kind == "act" and s.state.taken.get(p) == "4b"]
            wanted = [Action("reveal", "4b"), Action("card", "4b"), *acts]
            pick = next((a for a in wanted if a in legal), pick)
        s.decide(p, pick)
        table.app.refresh()
    raise AssertionError(f"no {kind} step")


def _page(table: Table, drawn: list[str], p: str, *buttons: str) -> list[str]:
    """What the main display draws after `p` presses `buttons`, but its title."""
    drawn.clear()
    table.press(p, *buttons)
    return [text for text in drawn if text != f"Only {p} looks"]


def test_the_private_page_shows_the_entry_its_place_in_the_menu_and_how_to_pick(make_table, drawn):
    table = make_table("sim.toml", seed=9)
    table.press("red", "select")
    drawn.clear()
    table.press("yellow", "long")  # no pad display: the main display turns to yellow alone
    assert drawn[0] == "Only yellow looks"
    assert drawn[1:] == [
        "● pick  hold ● leave",
        "Choose your power card (sealed)",
        "◀ power cards 1-7 ▶  1/2",
    ]
    drawn.clear()
    table.press("yellow", "right")
    assert "◀ power cards 8-13 ▶  2/2" in drawn


def _clash(table: Table, blind: tuple[str, ...]) -> str:
    """Everyone plays 5: all after the first must choose again, each told so in private;
    returns a player without a pad display who must."""
    for p in decision(table.session.state).players:
        if p in blind:
            table.press(p, "long")
        enter_power_card(table, p, 5)
    assert table.session.secret_step() is not None  # not revealed: some choose again
    who = next(p for p in blind if table.session.seat_view(p).notice)
    assert table.session.seat_view(who).notice == "5 is taken: choose again"
    return who


def test_a_notice_to_choose_again_is_drawn_on_the_private_page(make_table, drawn):
    wide = make_table("sim.toml", seed=9)
    wide.press("red", "select")
    who = _clash(wide, ("yellow", "green"))
    assert _page(wide, drawn, who, "long") == [
        "● pick  hold ● leave",
        "Choose your power card (sealed)",
        "◀ power cards 1-7 ▶  1/2",
        "5 is taken: choose again",  # under the title's two rows it was not drawn
    ]
    narrow = _narrow(make_table)
    who = _clash(narrow, ("blue", "green"))
    assert _page(narrow, drawn, who, "long") == [
        "● pick  hold ● leave",
        "◀ power cards 1-7 ▶",  # the prompt's two rows give way to the notice's
        "5 is taken: choose",
        "again",
    ]


def test_the_secret_disc_is_drawn_whole_on_either_private_page(make_table, drawn):
    wide = make_table("sim.toml", seed=9)
    wide.press("red", "select")
    _bots_until(wide, "castillo_disc")
    assert _page(wide, drawn, "yellow", "long") == [
        "● pick  hold ● leave",
        "Secret disc: where your Castillo",
        "caballeros go",
        # The entry (under the title's two rows it was not drawn), in the middle of the list.
        "◀ disc on Cataluña ▶  4/8",
    ]
    narrow = _narrow(make_table)
    _bots_until(narrow, "castillo_disc")
    assert _page(narrow, drawn, "blue", "long") == [
        "● pick  hold ● leave",
        "Secret disc: where",
        "your Castillo",
        "caballeros go",
        "◀ disc on Galicia ▶",  # "◀ disc on Galicia ▶  4/8" would not fit
    ]


def _take_back(make_table) -> tuple[Table, str]:
    table = _narrow(make_table, seed=1, deck="physical")
    who = _bots_until(table, "take_back", take_back=True)
    assert who in ("blue", "green")  # no pad display
    return table, who


def test_an_entry_and_its_place_that_fill_the_narrow_row_are_drawn_together(make_table, drawn):
    table, who = _take_back(make_table)
    page = _page(table, drawn, who, "long")
    assert width("◀ take back 12 ▶  1/2") == 126  # the whole row of a 128-pixel display
    assert "◀ take back 12 ▶  1/2" in page


def test_a_take_back_on_the_narrow_private_page_shows_its_prompt_whole(make_table, drawn):
    table, who = _take_back(make_table)
    assert _page(table, drawn, who, "long") == [
        "● pick  hold ● leave",
        "Take back which",
        "played power card?",
        "(secret)",  # two rows cut it ("played power card? (…"), with a row free below
        "◀ take back 12 ▶  1/2",
    ]


def test_a_take_back_on_the_wide_private_page_wraps_its_prompt_within_the_row(make_table, drawn):
    # sim.toml's 256×64 display: the prompt is 43 characters, 258 px, two more than the row.
    table = make_table("sim.toml", seed=1, deck="physical")
    table.press("red", "select")
    who = _bots_until(table, "take_back", take_back=True)
    assert who == "green"  # no pad display
    page = _page(table, drawn, who, "long")
    assert page == [
        "● pick  hold ● leave",
        "Take back which played power card?",
        "(secret)",
        "◀ take back 12 ▶  1/2",
    ]
    assert all(width(line) <= 254 for line in page)


def test_every_power_card_is_drawn_whole_on_the_narrow_private_page(make_table, drawn):
    table = _narrow(make_table)
    table.press("blue", "long")
    seen = []
    # The group of 1-7, its cursor in the middle; then its cards and "back", round to the first.
    for button in ["select"] + ["right"] * 7:
        lines = _page(table, drawn, "blue", button)
        assert all(width(line) <= 126 and not line.endswith(ELLIPSIS) for line in lines), lines
        seen.append(lines[-1])
    assert seen == [
        "power 4: 4 to court",
        "power 5: 4 to court",
        "power 6: 3 to court",
        "power 7: 3 to court",
        "◀ back ▶  8/8",
        "power 1: 6 to court",  # "◀ power 1: 6 to court ▶" would be cut: the label beats ◀ ▶
        "power 2: 5 to court",
        "power 3: 5 to court",
    ]


def test_the_entry_is_drawn_when_an_alert_leaves_the_private_page_one_row(make_table, drawn):
    """A disk that fails puts NOT SAVED on every page: the player without a display still sees
    what they pick (the prompt gives way first)."""

    def full_disk():
        raise StoreError(errno.ENOSPC, "No space left on device")

    store = ResilientStore(full_disk, where="/var/lib/elgrande-companion/game.db")
    table = make_table(hardware=table_config("pi.toml"), seed=9, store=store)
    table.press("red", "select")
    page = _page(table, drawn, "blue", "long")
    assert any(text.startswith("! NOT SAVED") for text in page), page
    assert "◀ power cards 1-7 ▶" in page, page
    drawn.clear()
    table.press("blue", "right")
    assert "◀ power cards 8-13 ▶" in drawn, drawn


def test_a_sealed_choice_is_drawn_marked_on_the_private_page_with_how_to_leave_or_withdraw(
    make_table, monkeypatch
):
    from companion.screens import canvas as canvas_module

    texts: list[tuple[str, int]] = []  # each text drawn, and its ink: 0 dark on a lit band
    real = canvas_module.draw_text

    def record(draw, xy, text, fill, max_width):
        texts.append((text, fill))
        return real(draw, xy, text, fill, max_width)

    monkeypatch.setattr(canvas_module, "draw_text", record)
    table = make_table("sim.toml", seed=9)
    table.press("red", "select")
    table.press("yellow", "long")  # no pad display: the private page
    enter_power_card(table, "yellow", 9)  # sealed: the page closes
    texts.clear()
    table.press("yellow", "long")  # to see the sealed choice
    ink = {text: fill for text, fill in texts}
    choice = "your choice: power 9: 2 to court"
    assert set(ink) == {"Only yellow looks", choice, "● leave  hold ● withdraw"}
    assert ink[choice] == 0  # the line the page is about, marked as an entry is
    assert ink["● leave  hold ● withdraw"] != 0


def test_on_the_narrow_private_page_a_sealed_choice_and_how_to_withdraw_are_drawn_whole(
    make_table, monkeypatch
):
    from companion.screens import canvas as canvas_module

    texts: list[tuple[str, int]] = []  # each text drawn, cut to its room, and its ink
    real = canvas_module.draw_text

    def record(draw, xy, text, fill, max_width):
        texts.append((fit(text, max_width), fill))
        return real(draw, xy, text, fill, max_width)

    monkeypatch.setattr(canvas_module, "draw_text", record)
    table = _narrow(make_table)
    table.press("blue", "long")  # no pad display: the private page
    enter_power_card(table, "blue", 9)  # sealed: the page closes
    texts.clear()
    table.press("blue", "long")  # to see the sealed choice
    # "your choice: power 9: 2 to court" and "● leave  hold ● withdraw" are wider than the
    # 128-pixel row: the choice gets a row of its own, marked; how to withdraw one of its own.
    page = [text for text, _ in texts if text != "Only blue looks"]
    assert page == ["● leave", "your choice:", "power 9: 2 to court", "hold ● to withdraw"]
    assert all(width(line) <= 126 and not line.endswith(ELLIPSIS) for line in page)
    assert [text for text, ink in texts if ink == 0] == ["power 9: 2 to court"]
