"""A TV and phones in a real browser (Debian's Chromium through Playwright), against a table
whose web server binds 127.0.0.1 only."""

import os
from pathlib import Path

import pytest
from browser_testing import (
    ARGS,
    CHROMIUM,
    PATIENCE_MS,
    PHONE,
    TV,
    act,
    have_chromium,
    pair_phone,
    state,
    wait_until,
)
from web_testing import WebTable

from hw.events import Btn, Kind, PadEvent

pytestmark = pytest.mark.skipif(
    not have_chromium(), reason=f"needs {CHROMIUM} (.ci/run installs it)"
)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield Patient(b)
        b.close()


class Patient:
    """The browser, each new context waiting up to PATIENCE_MS for what a test asks of it."""

    def __init__(self, browser):
        self.browser = browser

    def new_context(self, **options):
        context = self.browser.new_context(**options)
        context.set_default_timeout(PATIENCE_MS)
        return context


@pytest.fixture
def duo(tmp_path):
    t = WebTable(seats=("red", "blue"), pairings=tmp_path / "phones.json")
    t.start_game()
    yield t
    t.close()


def test_a_tv_and_two_phones_play_to_a_castillo_disc_and_the_board_never_shows_a_secret(
    browser, duo
):
    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{duo.origin}/")
    phones = {"red": pair_phone(browser, duo, "red"), "blue": pair_phone(browser, duo, "blue")}
    secrets_seen, disc, revealed, announced = set(), None, False, False
    for _ in range(300):
        moved = False
        for seat, page in phones.items():
            if act(page, high=seat == "blue"):
                moved = True
            me = state(page)
            if me and me["sealed"]:
                secrets_seen.add(me["sealed"])
                disc = disc or (me["sealed"] if me["sealed"].startswith("disc") else None)
                shown = tv.inner_text("body")
                assert me["sealed"] not in shown, "a sealed choice reached the board page"
            elif disc and me and not any(o["kind"] == "disc" for o in me["options"]):
                revealed = True
        announced = announced or tv.locator("#announce").is_visible()
        if disc and revealed:
            break
        if not moved:
            tv.wait_for_timeout(50)
    assert disc is not None and revealed, "no Castillo disc was set and revealed"
    assert announced, "the board page never showed a scoring's announcement"
    assert any(s.startswith("power") for s in secrets_seen)
    assert "Round" in tv.inner_text("header")


def test_a_phone_taken_offline_mid_bid_comes_back_to_its_seat_with_its_choice(browser, duo):
    red = pair_phone(browser, duo, "red")
    blue = pair_phone(browser, duo, "blue")
    red.click("button.card[data-card='5']")
    red.wait_for_selector("text=Entered, sealed: power 5")
    red.context.set_offline(True)
    red.wait_for_timeout(500)
    red.context.set_offline(False)
    red.reload()
    red.wait_for_selector("text=Entered, sealed: power 5")
    assert red.inner_text("#seat") == "RED"
    blue.click("button.card[data-card='9']")
    # Both bids are in: the reveal reaches the phone that was away, on the same seat.
    red.wait_for_selector("button.card.played[data-card='5']")
    assert duo.app.view.bids == {"red": 5, "blue": 9}


def test_a_revoked_phone_is_refused(browser, duo):
    red = pair_phone(browser, duo, "red")
    assert duo.web.revoke("red")
    red.wait_for_selector("#unpaired", state="visible")
    assert red.inner_text("#seat") == "Not paired"
    tap = "() => post('/s/choose', {mark: 1, card: 3}).then(r => r.status)"
    assert red.evaluate(tap) == 401
    red.reload()
    red.wait_for_selector("#unpaired", state="visible")
    wait_until(lambda: duo.app.session.seat_view("red").sealed_choice is None)


def test_a_second_claim_on_a_paired_seat_is_refused(browser, duo):
    pair_phone(browser, duo, "red")
    second = browser.new_context(**PHONE).new_page()
    offer = duo.web.offer("red")
    second.goto(f"{duo.origin}/j/{offer.code}")
    second.click("text=Take this seat")
    second.wait_for_selector("#message:has-text('revoke')")
    assert "already has a phone" in second.inner_text("#message")
    second.goto(f"{duo.origin}/pad")
    second.wait_for_selector("#unpaired", state="visible")


def test_a_phone_enters_a_count_in_a_number_field_and_the_board_says_who_is_still_entering(
    browser, tmp_path
):
    table = WebTable(seats=("red", "blue"), pairings=tmp_path / "phones.json", game="castell")
    try:
        table.start_game()
        tv = browser.new_context(**TV).new_page()
        tv.goto(f"{table.origin}/")
        red = pair_phone(browser, table, "red")
        assert red.is_hidden("#hand") and red.is_hidden("#map")  # no cards, no El Grande map
        red.fill("#value", "31")  # above the highest tower: refused on the page, nothing sent
        red.click("#enter")
        assert "from 0 to 30" in red.inner_text("#message")
        red.fill("#value", "9")
        red.click("#enter")
        wait_until(lambda: "Tower score 9" in red.inner_text("#message"))
        wait_until(lambda: "entering…" in tv.inner_text("#scores"))
        rows = tv.inner_text("#scores").splitlines()  # "redphone\t0\t": red's phone is paired
        assert rows[1].startswith("red") and "entering" not in rows[1]
        assert rows[2].startswith("blue") and rows[2].endswith("entering…")
        assert tv.is_hidden("#map")  # no El Grande map for a game that keeps a ledger
        assert table.app.session.state.steps[-1].values["red"] == {"tower": 9}
    finally:
        table.close()


def test_a_french_tables_phone_and_board_page_show_french_words(browser, tmp_path):
    table = WebTable(seats=("red", "blue"), pairings=tmp_path / "phones.json", language="fr")
    try:
        table.start_game()
        tv = browser.new_context(**TV).new_page()
        tv.goto(f"{table.origin}/")
        joining = browser.new_context(**PHONE).new_page()
        joining.goto(f"{table.origin}/j/{table.web.offer('red').code}")
        joining.wait_for_selector("#take:has-text('Prendre cette place')")
        assert joining.inner_text("h1") == "Appairer ce téléphone"
        joining.click("#take")
        joining.wait_for_url("**/pad")
        red = joining
        red.wait_for_function("() => me !== null")
        red.wait_for_selector("#title:has-text('Carte de pouvoir')")
        tv.wait_for_selector("#headline:has-text('Enchères')")
        assert tv.inner_text("#headline") == "Manche 1 sur 9 · Enchères"
        assert tv.inner_text("#cards-title") == "Cartes proposées"
        assert tv.inner_text("#scores").splitlines()[0].split("\t")[1:3] == ["score", "cour"]
        assert "rouge" in tv.inner_text("#scores") and "téléphone" in tv.inner_text("#scores")
        assert (red.inner_text("#seat"), red.inner_text("#hold")) == ("ROUGE", "Annuler / retirer")
        assert (
            red.evaluate("document.documentElement.lang")
            == "fr"
            == tv.evaluate("document.documentElement.lang")
        )
        assert (red.title(), tv.title()) == ("Votre manette", "Le plateau")
        red.click("button.card[data-card='5']")
        red.wait_for_selector("#sealed:has-text('Saisi, sous scellé')")
        assert red.inner_text("#message") == "✓ carte de pouvoir 5"
        red.screenshot(path=str(tmp_path / "phone-fr.png"), full_page=True)
        tv.screenshot(path=str(tmp_path / "board-fr.png"))
        shots = os.environ.get("COMPANION_SHOTS")
        if shots:  # a person looks at them: COMPANION_SHOTS=<folder>
            for name in ("phone-fr.png", "board-fr.png"):
                (Path(shots) / name).write_bytes((tmp_path / name).read_bytes())
    finally:
        table.close()


def test_a_language_chosen_on_the_setup_screen_reaches_an_open_board_page(browser, tmp_path):
    table = WebTable(seats=("red", "blue"), pairings=tmp_path / "phones.json")
    try:
        tv = browser.new_context(**TV).new_page()
        tv.goto(f"{table.origin}/")
        tv.wait_for_selector("#headline:has-text('Setting up the table…')")
        for button in (Btn.LEFT, Btn.SELECT):  # round from Start to Language, then ●: French
            table.hw.events.put(PadEvent("red", button, Kind.PRESS, at=0.0))
        table.hw.events.join()
        tv.wait_for_selector("#headline:has-text('Préparation de la table…')")
        assert tv.evaluate("document.documentElement.lang") == "fr"
        assert tv.title() == "Le plateau"
    finally:
        table.close()


def test_a_plus_k_chip_on_the_map_places_k_caballeros_with_one_tap(browser, duo, tmp_path):
    phones = {"red": pair_phone(browser, duo, "red"), "blue": pair_phone(browser, duo, "blue")}
    red = phones["red"]
    for _ in range(300):
        me = state(red)
        chips = [c for c in (me or {}).get("shortcuts", []) if (c["count"] or 0) >= 2]
        if chips:
            break
        for seat, page in phones.items():
            act(page, high=seat == "blue")
    else:
        raise AssertionError("red was never offered a +2 chip")
    chip = chips[0]
    area = chip["area"]
    with duo.app.lock:
        start = duo.app.session.state.board[area]["red"]
    red.screenshot(path=str(tmp_path / "phone-412x915-chips.png"), full_page=True)
    red.locator(f"#map [data-area='{area}'] .plus-chip:text-is('+{chip['count']}')").click()
    red.wait_for_function("() => document.getElementById('message').textContent.startsWith('✓')")
    assert red.inner_text("#message") == f"✓ {chip['label']}"
    assert chip["label"].endswith(f"×{chip['count']}")
    with duo.app.lock:  # the tap is answered once its decisions are all taken
        assert duo.app.session.state.board[area]["red"] == start + chip["count"]
    red.screenshot(path=str(tmp_path / "phone-412x915-placed.png"), full_page=True)
