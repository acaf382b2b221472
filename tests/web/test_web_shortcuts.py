"""A phone's shortcut over HTTP: one tap, several decisions; only the deciding seat's page offers
any, and the board's data never holds one."""

import json

from web_testing import WebTable, first_event

QUICK = ("stop_placing", "end_turn", "done", "matches", "confirm", "allow")


def mine(table, token):
    status, _, body = table.request("GET", "/s/state", token=token)
    assert status == 200
    return json.loads(body)


def choose(table, token, **what):
    me = mine(table, token)
    return table.request("POST", "/s/choose", {"mark": me["mark"], **what}, token=token)


def step(table, token, high):
    """One plain tap: a power card (the highest or the lowest), else the quickest choice."""
    me = mine(table, token)
    options = me["options"]
    if any(o["kind"] in ("bid", "bid_group") for o in options):
        return choose(table, token, card=(max if high else min)(me["hand"]))
    if options:
        quick = [o for o in options if o["kind"] in QUICK] or options
        return choose(table, token, index=quick[0]["i"])
    if me["next"]:
        return table.request("POST", "/s/next", {"mark": me["mark"]}, token=token)
    return None


def test_take_then_a_card_is_one_tap_and_only_the_deciding_phone_is_offered_it(tmp_path):
    table = WebTable(seats=("red", "blue"), pairings=tmp_path / "phones.json")
    try:
        table.start_game()
        tokens = {p: table.pair(p) for p in ("red", "blue")}
        for _ in range(200):
            red = mine(table, tokens["red"])
            then = [c for c in red["shortcuts"] if c["count"] is None]
            if then and red["options"][then[0]["first"]]["kind"] == "take":
                break
            for seat, token in tokens.items():
                step(table, token, high=seat == "blue")
        else:
            raise AssertionError("red was never offered take, then a card")
        assert mine(table, tokens["blue"])["shortcuts"] == []
        public = json.loads(first_event(table, "/events"))
        assert "shortcut" not in json.dumps(public)
        cut = then[-1]
        status, _, body = choose(table, tokens["red"], shortcut=True)
        assert (status, json.loads(body)) == (400, {"error": "expected a choice"})
        status, _, body = choose(table, tokens["red"], shortcut=cut["s"])
        assert status == 200, body
        with table.app.lock:
            state = table.app.session.state
            took = [(e.player, e.action) for e in table.app.session.entries[-2:]]
        assert took[0][1]["kind"] == "take" and took[1][1]["kind"] == "card"
        assert state.taken["red"] == took[1][1]["target"]
        assert cut["label"] == f"{red['options'][cut['first']]['label']} → {cut['then']}"
    finally:
        table.close()
