"""What players would otherwise keep on paper is on the main display: the cards row turns, after
the cards on offer, through who holds a Veto and until which round, and, while the table bids,
each player's power cards played so far. Whole bot games on both shipped main displays."""

from __future__ import annotations

import pytest

from companion.testing import make_bots

SEATS = ("red", "blue", "yellow", "green")


def _row_texts(table, drawn: list[str], tiny: list[str]) -> list[str]:
    """Every text the main display draws while its cards row turns through all its pages."""
    drawn.clear()
    tiny.clear()
    for _ in range(12):
        table.app.turn()
    return [*drawn, *tiny]


@pytest.mark.parametrize("config", ["pi.toml", "sim.toml"])
def test_vetoes_and_played_cards_turn_on_the_main_display(make_table, drawn, monkeypatch, config):
    from companion.screens import game_page

    tiny: list[str] = []
    real = game_page.draw_legacy

    def record(draw, xy, text, fill, font):
        tiny.append(text)
        return real(draw, xy, text, fill, font)

    monkeypatch.setattr(game_page, "draw_legacy", record)
    table = make_table(config, seats=SEATS, seed=5)
    driver = table.bots(make_bots(SEATS, 5))
    checked_played = checked_veto = False
    while driver.step() and not (checked_played and checked_veto):
        view = table.app.session.table_view().to_json()
        if table.app.mode != "game":
            continue
        played = {p: cards for p, cards in view["played"].items() if cards}
        if not checked_played and view["phase"] == "bidding" and len(played) == len(SEATS):
            texts = " | ".join(t for t in _row_texts(table, drawn, tiny) if "Played:" in t)
            for p, cards in played.items():
                assert f"{p} {' '.join(map(str, cards))}" in texts.replace(", ", " | ")
            checked_played = True
        if not checked_veto and view["veto_until"]:
            holder, until = next(iter(view["veto_until"].items()))
            texts = _row_texts(table, drawn, tiny)
            assert any(f"{holder} to R{until[0]}" in t for t in texts if "Veto:" in t), texts
            checked_veto = True
        elif view["phase"] == "turns" and not view["veto_until"]:
            texts = _row_texts(table, drawn, tiny)
            assert not any("Played:" in t or "Veto:" in t for t in texts), texts
    assert checked_played and checked_veto
