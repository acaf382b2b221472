"""A player's presses during a game: on their own pad's menu (◀ ▶ walk, ● picks, a held ◀ ▶
steps a number faster), in a sealed step (a long ● withdraws), on the main display's private
page for a pad without a display, and the last look before the last seal of a sealed step."""

from __future__ import annotations

import logging

from companion.app.core import TableCore
from companion.app.menus import NumberMenu
from companion.kit.moves import RuleError

log = logging.getLogger(__name__)

# Picks that only open a sub-menu (a group of power cards, back out of it): the choice is not
# entered yet, so a private page stays open.
MENU_STEPS = frozenset({"bid_group", "back"})


def _waiting(t: TableCore) -> tuple[str, ...]:
    """Who the public is told is deciding."""
    decision = t.view.decision
    return decision.waiting if decision is not None else ()


def sealed_press(t: TableCore, p: str, button: str) -> None:
    """A press of a player in the sealed step: only their own pad, or the private page, shows
    their choices; a long ● withdraws a sealed choice (or leaves the private page)."""
    s = t.s
    private = t.has_display(p) or t.privacy == p
    if not private:
        if button == "long" and t.privacy is None:
            t.privacy = p  # the main display turns to this player alone
        return
    if button == "long" and t.last_look.pop(p, None) is not None:
        return  # back from the last look to the choices
    if button == "long":
        if s.withdraw_refusal(p) is None:
            s.withdraw(p)
        elif t.privacy == p:
            t.privacy = None
        return
    if t.seat(p).options:
        menu_press(t, p, button)
    elif button == "select" and t.privacy == p:
        t.privacy = None


def blind_press(t: TableCore, p: str, button: str) -> None:
    """A pad without a display whose public step's options are private: a long ● opens the
    main display to this player alone, where ◀ ▶ ● choose and a long ● leaves. The page closes
    by itself once the player no longer decides such a step (privacy.close_if_done)."""
    if t.privacy != p:
        if button == "long" and t.privacy is None:
            t.privacy = p
        return
    if button == "long":
        t.privacy = None
    else:
        menu_press(t, p, button)


def _last_to_seal(t: TableCore, p: str) -> bool:
    """Would `p`'s choice finish the sealed step open now (and reveal every choice)? Read from
    what the table sees: nobody else is shown as still choosing."""
    view = t.view
    return view.sealed_step is not None and set(_waiting(t)) <= {p}


def menu_press(t: TableCore, p: str, button: str) -> None:
    menu = t.menu(p)
    looked = t.last_look.pop(p, None)
    if looked is not None and (button != "select" or menu.current() != looked):
        return  # ◀ ▶ leave the last look for the menu, the cursor where it was
    if button in ("left", "right"):
        step = -1 if button == "left" else 1
        if isinstance(menu, NumberMenu):
            menu.move(step, t.held.get(p, 0))  # a held button steps faster
        else:
            menu.move(step)
        return
    if button != "select":
        return
    action = menu.pick()
    if action is None:
        return
    if looked is None and action.kind not in MENU_STEPS and _last_to_seal(t, p):
        # The last one to seal cannot withdraw once in: the pad shows the choice first and a
        # second ● seals it (the menu may have changed its shape since last round).
        t.last_look[p] = action
        return
    s = t.s
    try:
        s.decide(p, action)
    except RuleError as e:  # cannot happen from the legal list; never shown publicly
        log.warning("a menu choice was refused (%s)", type(e).__name__)
        return
    t.last_pick[p] = action
    # A correction moves a cube on the real board: the whole table hears it.
    for ev in s.events[len(s.events) - s.applied[-1].events :]:
        if ev["kind"] == "correction":
            t.outputs.say(ev["text"], ev["round"])
    # A sealed choice is in: the page closes. In a public step it stays open while the player
    # still decides there (a correction's next menu); refresh closes it after.
    secret = s.applied[-1].secret
    if t.privacy == p and secret and action.kind not in MENU_STEPS:
        t.privacy = None
