"""Two games that differ only in a secret choice send the board the same bytes until the
reveal; a seat's stream carries its own secrets and no one else's."""

import json

from web_testing import WebTable, first_event


def _bid(table, token, card):
    status, _, body = table.request("GET", "/s/state", token=token)
    mark = json.loads(body)["mark"]
    status, _, body = table.request("POST", "/s/choose", {"mark": mark, "card": card}, token=token)
    assert status == 200, body


def test_public_bytes_are_the_same_whatever_was_bid_until_the_reveal():
    tables = [WebTable(seed=3), WebTable(seed=3)]
    try:
        tokens = []
        for t in tables:
            t.start_game()
            tokens.append({p: t.pair(p) for p in ("red", "blue", "yellow")})
        seen = []
        for (t, tok), red_card in zip(zip(tables, tokens, strict=True), (4, 11), strict=True):
            _bid(t, tok["red"], red_card)
            _bid(t, tok["blue"], 6)
            seen.append((first_event(t, "/events"), t.request("GET", "/")[2]))
        assert seen[0] == seen[1]
        for t, tok in zip(tables, tokens, strict=True):
            _bid(t, tok["yellow"], 2)  # the last bid: every card is revealed
        revealed = [json.loads(first_event(t, "/events"))["game"]["bids"] for t in tables]
        assert revealed[0]["red"] == 4 and revealed[1]["red"] == 11
    finally:
        for t in tables:
            t.close()


def test_a_seat_stream_holds_its_own_sealed_choice_and_no_one_elses(table):
    table.start_game()
    red, blue = table.pair("red"), table.pair("blue")
    _bid(table, red, 8)
    mine = json.loads(first_event(table, "/s/events", red))
    theirs = json.loads(first_event(table, "/s/events", blue))
    assert mine["seat"] == "red" and mine["sealed"].startswith("power 8")
    assert theirs["seat"] == "blue" and theirs["sealed"] is None
    assert "power 8" not in json.dumps(theirs)


def test_a_stream_without_a_valid_token_gets_nothing(table):
    status, _, body = table.request("GET", "/s/events", token="forged")
    assert status == 401 and b"seat" not in body.replace(b"no seat", b"")


def test_a_seats_snapshot_never_shows_its_choices_labels_in_a_repr():
    """The labels name a seat's options (their hand of power cards): a log of the snapshot
    must not list them."""
    from companion.app.remote import SeatSnapshot

    snap = SeatSnapshot(None, 1, "Power card", False, True, ("power 13: 4 to court",))
    assert "power 13" not in repr(snap)
