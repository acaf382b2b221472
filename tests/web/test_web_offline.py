"""A seat played by phone only: the board page and the main display say when it must decide
and its phone is away, and stop saying so once the phone is back."""

import json
import threading
import tomllib

from browser_testing import wait_until
from hw_testing import CONFIG, with_edits
from web_testing import WebTable, first_event

from hw.config import parse_config


def _offline(table):
    return json.loads(first_event(table, "/events"))["offline"]


def test_a_phone_only_seat_that_must_decide_without_its_phone_is_named_offline():
    table = WebTable(phone_only=frozenset({"red"}))
    try:
        table.start_game()
        table.hw.events.join()
        assert _offline(table) == ["red"]
        # The server tells the table through the queue: the main display follows on its turn.
        wait_until(lambda: "red's phone is offline" in table.app.main_ui().alerts)
        token = table.pair("red")
        opened = threading.Event()
        holder = threading.Thread(
            target=lambda: (first_event(table, "/s/events", token), opened.set())
        )
        holder.start()
        opened.wait(10)
        # While its stream is open the seat is not offline (the stream above has just closed,
        # and a phone that reloads is given a while before the board says so).
        assert _offline(table) == []
        wait_until(lambda: not any("phone is offline" in a for a in table.app.main_ui().alerts))
        holder.join(10)
    finally:
        table.close()


def test_a_seat_with_a_pad_is_never_named_offline(table):
    table.start_game()
    assert _offline(table) == []


def test_a_phone_only_seat_without_a_pin_table_plays_by_its_phone():
    sim = tomllib.loads((CONFIG / "sim.toml").read_text())
    data = with_edits(sim, **{"players.green": ..., "web": {"phone_only": ["green"]}})
    table = WebTable(seats=("red", "green"), hardware=parse_config(data, "sim.toml"))
    try:
        assert table.app.pads[-1] == "green" and table.app.has_display("green")
        table.start_game()
        table.hw.events.join()
        assert _offline(table) == ["green"]
        token = table.pair("green")
        mine = json.loads(table.request("GET", "/s/state", token=token)[2])
        assert mine["seat"] == "green" and len(mine["hand"]) == 13
        status, _, body = table.request(
            "POST", "/s/choose", {"mark": mine["mark"], "card": 7}, token
        )
        assert (status, json.loads(body)) == (200, {"ok": True})
        assert table.app.session.seat_view("green").sealed_choice.startswith("power 7")
    finally:
        table.close()
