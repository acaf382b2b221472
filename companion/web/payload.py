"""The bytes each audience gets, built from the table's finished views and nothing else.

`public_payload` reads a `Snapshot`'s public parts only (the `TableView`, the announcement page,
the public note, the score chart): it never touches a `SeatView`, so whatever the seats hold, the
public bytes are the same. `seat_payload` is one seat's own page. Both are compact JSON with
sorted keys, so equal views give equal bytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from companion.app.localized import words_of
from companion.app.remote import SeatSnapshot, Snapshot
from companion.elgrande import sentences
from companion.elgrande.data import game_data
from companion.elgrande.moves import Action, describe
from companion.elgrande.sentences import card_label
from companion.i18n import _, language
from companion.kit.shortcuts import Shortcut
from companion.screens.names import card_text


def dumps(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@cache
def places() -> dict[str, str]:
    """Each area's name, the Castillo's among them."""
    data = game_data()
    return {area: data.area_name(area) for area in data.areas}


def _card(card: str) -> dict[str, str]:
    cards = game_data().action_cards
    if card not in cards:
        return {"id": card, "title": card, "text": ""}
    return {"id": card, "title": card_label(card), "text": sentences.card_text(card)}


def public_payload(
    snap: Snapshot, *, paired: Iterable[str] = (), offline: Iterable[str] = ()
) -> dict[str, Any]:
    """The board page's data: the public view, with which seats have a phone and which
    phone-only seats must decide while their phone is away."""
    paired, offline = sorted(paired), sorted(offline)
    seats = {*paired, *offline, *(snap.table.players if snap.table is not None else ())}
    out: dict[str, Any] = {
        "lang": language(),  # a page whose words are in another language asks for them again
        "names": {p: _(p) for p in sorted(seats)},  # each seat's name in the table's language
        "mode": snap.mode,
        "note": snap.note,
        "paired": paired,
        "offline": offline,
        "places": places(),
    }
    view = snap.table
    if view is None:
        return out
    public = view.to_json()
    decision = view.decision
    localize = words_of(view.game)
    out["game"] = {
        "name": view.game_name,
        "page": view.page,  # "board" (El Grande's map) or "ledger" (scores and who enters)
        "players": list(view.players),
        "round": view.round,
        "rounds": list(view.rounds),
        "phase": view.phase,
        "king": view.king,
        "grandes": dict(view.grandes),
        "scoreboards": dict(view.scoreboards),
        "board": {area: dict(c) for area, c in view.board.items()},
        "castillo_public": bool(public.get("castillo_public")),
        "castillo_total": public.get("castillo_total"),
        "court": dict(view.court),
        "province": dict(view.province),
        "scores": dict(view.scores),
        "turn_order": list(view.turn_order),
        "bids": dict(view.bids),
        "played": {p: list(c) for p, c in public.get("played", {}).items()},
        "hand_counts": dict(view.hand_counts),
        "face_up": [_card(c) for c in view.face_up],
        "decision": None
        if decision is None
        else {
            "kind": decision.kind,
            "prompt": localize(decision.prompt),
            "secret": decision.secret,
            "waiting": list(decision.waiting),
            "chosen": list(decision.chosen),
            "parallel": decision.parallel,
        },
        "winners": list(view.winners),
        "over": view.over,
        "log": [localize(e["text"]) for e in public.get("events", [])[-8:]],
    }
    a = snap.announce
    out["announce"] = (
        None
        if a is None
        else {
            "title": a.title,
            "lines": list(a.lines),
            "page": a.index + 1,
            "pages": a.count,
            "confirm": a.confirm,
        }
    )
    out["history"] = [dict(h) for h in snap.history]
    return out


def _area(action: Action) -> str | None:
    t = action.target
    if isinstance(t, str) and t in places():
        return t
    region = getattr(t, "region", None)
    return region if isinstance(region, str) and region in places() else None


def _target(action: Action) -> str | int | None:
    t = action.target
    return t if isinstance(t, str | int) and not isinstance(t, bool) else None


def seat_payload(seat: str, snap: Snapshot, me: SeatSnapshot) -> dict[str, Any]:
    """One seat's pad page: its choices and what only it may know, beside the public data."""
    view = me.view
    localize = words_of(snap.table.game if snap.table is not None else None)
    played: list[int] = []
    if snap.table is not None:
        played = list(snap.table.to_json().get("played", {}).get(seat, []))
    number = view.number if me.may_choose else None
    return {
        # A number asked: the page shows a number field; its value v is option v - low.
        "number": None
        if number is None
        else {
            "label": localize(number.label),
            "prompt": localize(number.prompt),
            "low": number.low,
            "high": number.high,
            "default": number.default,
        },
        "seat": seat,
        "name": _(seat),
        "mark": me.mark,
        "title": localize(me.title),
        "next": me.may_next,
        "hand": list(view.hand),
        "played": played,
        "castillo": view.castillo,
        "notice": localize(view.notice or "") or view.notice,
        "sealed": localize(view.sealed_choice or "") or view.sealed_choice,
        "options": [
            {
                "i": i,
                "kind": a.kind,
                "label": localize(me.labels[i] if i < len(me.labels) else describe(a)),
                "target": _target(a),
                "area": _area(a),
                "text": card_text(a) or "",
            }
            for i, a in enumerate(view.options if me.may_choose else ())
        ],
        "shortcuts": [_shortcut(j, c, view.options, localize) for j, c in enumerate(me.shortcuts)],
    }


def _shortcut(
    j: int, cut: Shortcut, options: tuple[Action, ...], localize: Callable[[str], str]
) -> dict[str, Any]:
    """One tap for several decisions: "+k" into an area (a repeat), or a choice and the one
    that follows it; `first` is the option it starts with."""
    first = cut.actions[0]
    count = len(cut.actions) if cut.repeat else None
    words = [localize(label) for label in cut.labels]
    return {
        "s": j,
        "first": options.index(first) if first in options else None,
        "count": count,
        "area": _area(first) if cut.repeat else _area(cut.actions[-1]),
        "label": f"{words[0]} ×{count}" if count else " → ".join(words),
        "then": words[-1],
        "text": card_text(cut.actions[-1]) or "",
    }
