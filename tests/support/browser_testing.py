"""Phones and a TV in Debian's Chromium, driven by Playwright (never its own browser download).

`act` plays one tap on a phone's pad the way a quick player would: the lowest power card, a
Castillo disc on the first region offered, else the choice that ends a step soonest."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"viewport": {"width": 412, "height": 915}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}}
# How long a page may take to get somewhere: generous, so that a busy machine (two test runs on
# two cores, each with a browser) slows the tests down without failing them.
PATIENCE_MS = 180_000
# A tap on a button the page shows now; past this, the page has moved on and is read again.
TAP_MS = 10_000
QUICK = ("stop_placing", "end_turn", "done", "matches", "confirm", "allow", "first_bidder")


def have_chromium() -> bool:
    return Path(CHROMIUM).exists()


def pair_phone(browser: Any, table: Any, seat: str) -> Any:
    """A new phone (its own cookie jar) that scans `seat`'s code and takes the seat."""
    page = browser.new_context(**PHONE).new_page()
    offer = table.web.offer(seat)
    page.goto(f"{table.origin}/j/{offer.code}")
    page.click("#take")
    page.wait_for_url("**/pad")
    page.wait_for_function("() => me !== null")
    return page


def state(page: Any) -> dict[str, Any] | None:
    return page.evaluate("() => me")


def act(page: Any, high: bool = False) -> str | None:
    """One tap, and wait until the pad shows its result; what was tapped (None: nothing to).
    Bids the lowest power card, or the highest with `high` (two phones never clash)."""
    me = state(page)
    if me is None:
        return None
    options = me["options"]
    if any(o["kind"] in ("bid", "bid_group") for o in options):
        card = max(me["hand"]) if high else min(me["hand"])
        tapped, what = f"button.card[data-card='{card}']", f"card {card}"
    elif options:
        discs = [o for o in options if o["kind"] == "disc"]
        quick = [o for o in options if o["kind"] in QUICK]
        plain = [o for o in options if o["kind"] != "back"]
        chosen = (discs or quick or plain or options)[0]
        what = chosen["label"]
        if chosen["area"]:
            box = page.locator(f"#map [data-area='{chosen['area']}']")
            one = box.locator(".plus-chip:text-is('+1')")  # an area with "+k" chips: the "+1"
            if not _tap(one if one.count() else box):
                return None
            if page.locator("#choices button", has_text=what).count():
                _tap(page.locator("#choices button", has_text=what).first)
            return _settled(page, me, what)
        if not _tap(page.locator("#choices button", has_text=what).first):
            return None
        return _settled(page, me, what)
    elif me["next"]:
        tapped, what = "#next", "next"
    else:
        return None
    if not _tap(page.locator(tapped)):
        return None
    return _settled(page, me, what)


def _tap(target: Any) -> bool:
    """Tap `target` if the page still shows it. The page may have been redrawn since `me` was
    read (the other phone's tap moved the game on): then nothing is tapped, and the caller
    reads the page again rather than waiting for a button that will never come back."""
    from playwright.sync_api import Error as PlaywrightError

    if not target.count():
        return False
    try:
        target.click(timeout=TAP_MS)
    except PlaywrightError:  # gone between the count and the tap, or covered by a redraw
        return False
    return True


def _settled(page: Any, before: dict[str, Any], what: str) -> str | None:
    """Wait for the pad to show the tap's result. A tap that landed on a page being redrawn
    may do nothing: then None, and the caller taps again on the page as it is now."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            "m => me === null || me.mark !== m || document.getElementById('message').textContent",
            arg=before["mark"],
            timeout=5000,
        )
    except PlaywrightTimeout:
        return None
    page.evaluate("() => { document.getElementById('message').textContent = '' }")
    return what


def wait_until(check: Any, seconds: float = PATIENCE_MS / 1000) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError("the pages did not get there in time")
        time.sleep(0.05)
