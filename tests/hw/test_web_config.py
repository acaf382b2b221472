"""The `[web]` section's seats and Wi-Fi. A seat played by phone only (`phone_only`) needs no
`[players.COLOUR]` table: it is a seat with nothing wired. The device's own Wi-Fi
(`wifi_ssid`, `wifi_password`) becomes the text of a Wi-Fi-join QR code, and its password is
never shown outside it. A broken config is still told in one line per problem."""

from __future__ import annotations

import tomllib

import pytest
from hw_testing import CONFIG, with_edits

from hw.backend import MockBackend
from hw.config import ConfigError, parse_config
from hw.hardware import build_hardware

SIM = tomllib.loads((CONFIG / "sim.toml").read_text())


def _problems(data: dict) -> list[str]:
    with pytest.raises(ConfigError) as info:
        parse_config(data, "test.toml")
    return info.value.problems


def test_a_phone_only_seat_without_a_pin_table_is_a_seat_with_nothing_wired():
    data = with_edits(SIM, **{"players.green": ..., "web": {"phone_only": ["green"]}})
    cfg = parse_config(data, "test.toml")
    assert "green" not in cfg.players and cfg.seats == ("red", "blue", "yellow", "green")
    hw = build_hardware(cfg, backend=MockBackend(), start=False)
    try:
        assert list(hw.pads) == ["red", "blue", "yellow", "green"]
        green = hw.pads["green"]
        assert (green.buttons, green.led, green.display) == ({}, None, None)
        assert "4 players (red, blue, yellow, green)" in cfg.summary()
    finally:
        hw.close()


def test_a_table_of_phones_only_needs_no_players_section():
    data = with_edits(SIM, **{"players": ..., "web": {"phone_only": ["red", "blue", "green"]}})
    assert parse_config(data, "test.toml").seats == ("red", "blue", "green")


def test_seats_are_counted_with_the_phones_and_a_bad_phone_only_is_one_line():
    one = with_edits(SIM, **{"players": ..., "web": {"phone_only": ["red"]}})
    assert _problems(one) == [
        "players: missing; accepted: a [players.COLOUR] table per player, COLOUR one of red, "
        "blue, yellow, green, black, pink (or [web] phone_only seats)"
    ]
    six = with_edits(SIM, **{"web": {"phone_only": ["black", "pink", "red"]}})
    assert parse_config(six, "test.toml").seats[-2:] == ("black", "pink")  # red is wired
    wrong = with_edits(SIM, **{"web": {"phone_only": ["purple"]}})
    (problem,) = _problems(wrong)
    assert problem.startswith("web.phone_only:") and "purple" in problem


# -- the device's own Wi-Fi, for its join code ----------------------------------------------------

SECRET = "correct-horse-9"


def test_the_wifi_join_text_escapes_what_the_format_reserves():
    data = with_edits(SIM, web={"wifi_ssid": 'Tab;le,"1":\\', "wifi_password": SECRET})
    web = parse_config(data, "test.toml").web
    assert web.wifi_join_text() == f'WIFI:T:WPA;S:Tab\\;le\\,\\"1\\"\\:\\\\;P:{SECRET};;'
    open_wifi = with_edits(SIM, web={"wifi_ssid": "Table"})
    assert parse_config(open_wifi, "test.toml").web.wifi_join_text() == "WIFI:T:nopass;S:Table;;"


@pytest.mark.parametrize(
    ("web", "expected"),
    [
        ({"wifi_ssid": "T", "wifi_password": "short"}, "web.wifi_password: that value is not"),
        ({"wifi_ssid": "T", "wifi_password": 12345678}, "web.wifi_password: got integer; accepted"),
        ({"wifi_password": SECRET}, "web.wifi_password: set without wifi_ssid"),
        ({"wifi_ssid": "T" * 20, "wifi_password": SECRET + "x" * 10}, "web.wifi_ssid: with its"),
    ],
)
def test_a_bad_wifi_is_one_line_that_never_shows_the_password(web, expected):
    (problem,) = _problems(with_edits(SIM, web=web))
    assert problem.startswith(expected)
    assert "short" not in problem and "12345678" not in problem and SECRET not in problem


def test_the_wifi_password_is_in_no_repr_of_the_config():
    cfg = parse_config(with_edits(SIM, web={"wifi_ssid": "T", "wifi_password": SECRET}), "t")
    assert cfg.web.wifi_password == SECRET
    assert SECRET not in repr(cfg) and SECRET not in cfg.summary()
