"""The web server's access rules, from outside: headers, Host, Origin and the custom header,
limits, pairing (one phone per seat, a wrong code telling nothing), revocation, stale taps."""

import json

from web_testing import WebTable

from companion.web.pairing import Pairings


def seat_state(table, token):
    status, _, body = table.request("GET", "/s/state", token=token)
    assert status == 200
    return json.loads(body)


def test_every_response_carries_the_security_headers_and_seat_ones_no_store(table):
    token = table.pair("red")
    for path, seat in (("/", False), ("/pad", True), ("/static/app.css", False), ("/nope", False)):
        _, headers, _ = table.request("GET", path, token=token)
        assert headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert (headers.get("Cache-Control") == "no-store") == seat, path
    _, headers, _ = table.request("GET", "/s/state", token=token)
    assert headers["Cache-Control"] == "no-store"


def test_a_host_that_is_not_the_devices_own_is_refused(table):
    status, _, _ = table.request("GET", "/", headers={"Host": "attacker.example"})
    assert status == 421
    status, _, _ = table.request("GET", "/", headers={"Host": f"127.0.0.1:{table.port}"})
    assert status == 200


def test_a_tap_needs_the_devices_origin_the_custom_header_and_json(table):
    table.start_game()
    token = table.pair("red")
    mark = seat_state(table, token)["mark"]
    body = {"mark": mark, "card": 7}
    for bad in (
        {"Origin": "http://attacker.example"},
        {"X-Companion": "0"},
        {"Content-Type": "text/plain"},
    ):
        status, _, _ = table.request("POST", "/s/choose", body, token=token, headers=bad)
        assert status == 403, bad
    assert seat_state(table, token)["sealed"] is None  # nothing was entered
    status, _, _ = table.request("POST", "/s/choose", body, token=token)
    assert status == 200
    assert seat_state(table, token)["sealed"].startswith("power 7")


def test_a_body_over_the_limit_is_refused(table):
    token = table.pair("red")
    status, _, _ = table.request("POST", "/s/choose", {"pad": "x" * 4000}, token=token)
    assert status == 413


def test_a_wrong_code_reveals_nothing_and_tries_are_limited(table):
    table.web.offer("blue")
    answers = {table.request("POST", "/claim", {"code": c})[::2] for c in ("AAAAAAAAAA", "123456")}
    assert len(answers) == 1 and next(iter(answers))[0] == 403
    for _ in range(3):
        table.request("POST", "/claim", {"code": "BBBBBBBBBB"})
    status, _, _ = table.request("POST", "/claim", {"code": "CCCCCCCCCC"})
    assert status == 429


def test_a_code_is_single_use_and_a_second_claim_on_a_paired_seat_is_refused(table):
    offer = table.web.offer("blue")
    status, headers, _ = table.request("POST", "/claim", {"code": offer.digits})
    assert status == 200
    cookie = headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    status, _, _ = table.request("POST", "/claim", {"code": offer.digits})
    assert status == 403  # used up
    again = table.web.offer("blue")
    status, _, body = table.request("POST", "/claim", {"code": again.code})
    assert status == 409
    assert "revoke" in json.loads(body)["error"]


def test_a_revoked_phone_is_refused(table):
    table.start_game()
    token = table.pair("red")
    mark = seat_state(table, token)["mark"]
    assert table.web.revoke("red")
    status, _, _ = table.request("POST", "/s/choose", {"mark": mark, "card": 3}, token=token)
    assert status == 401
    assert table.request("GET", "/s/state", token=token)[0] == 401


def test_a_tap_on_a_stale_page_is_refused_as_the_game_moved_on(table):
    table.start_game()
    token = table.pair("red")
    mark = seat_state(table, token)["mark"]
    assert table.request("POST", "/s/choose", {"mark": mark, "card": 5}, token=token)[0] == 200
    status, _, body = table.request("POST", "/s/choose", {"mark": mark, "card": 6}, token=token)
    assert (status, json.loads(body)) == (409, {"error": "the game moved on"})
    assert seat_state(table, token)["sealed"].startswith("power 5")
    # Withdrawn: the cards are on offer again, yet a tap from the page before is still refused.
    now = seat_state(table, token)["mark"]
    assert table.request("POST", "/s/hold", {"mark": now}, token=token)[0] == 200
    status, _, _ = table.request("POST", "/s/choose", {"mark": mark, "card": 6}, token=token)
    assert status == 409 and seat_state(table, token)["sealed"] is None
    now = seat_state(table, token)["mark"]
    assert table.request("POST", "/s/choose", {"mark": now, "card": 6}, token=token)[0] == 200


def test_the_seat_is_the_tokens_never_one_the_request_names(table):
    table.start_game()
    red = table.pair("red")
    blue_mark = None
    mark = seat_state(table, red)["mark"]
    body = {"mark": mark, "card": 9, "seat": "blue", "player": "blue"}
    assert table.request("POST", "/s/choose", body, token=red)[0] == 200
    blue = table.app.session.seat_view("blue")
    assert blue.sealed_choice is None and blue_mark is None
    assert table.app.session.seat_view("red").sealed_choice.startswith("power 9")


def test_pairings_survive_a_restart_and_the_file_holds_no_token(tmp_path):
    path = tmp_path / "phones.json"
    first = WebTable(pairings=path)
    try:
        token = first.pair("yellow")
    finally:
        first.close()
    assert token not in path.read_text()
    assert Pairings(path).seat_for(token) == "yellow"
    again = WebTable(pairings=path)
    try:
        assert again.request("GET", "/s/state", token=token)[0] == 200
    finally:
        again.close()
