"""The main display's game page: the table at a glance and what is asked now.

The round and phase beside the round track; a column a player in turn order (name, this round's
power card, running score); the King's region and the cards on offer by title (in small print on
128 px); who is still choosing a secret and the prompt. Only the public view is read.

Five titles never fit one row, so the cards row shows as many whole titles as fit and pages
through the rest ("Cards 2/3 Veto, King's card"); the app turns the page every few seconds while
the row has more than one (`offer_pages`, `MainUI.page`).

>>> offer_pages(("2h", "5"), 256)
("Cards: Score one region, King's card",)
>>> offer_pages(("2h", "5"), 128)
('Cards 1/2 Score one region', "Cards 2/2 King's card")
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.elgrande.data import game_data
from companion.i18n import N_, _, language, pgettext
from companion.screens.books_row import WIDE, book_pages, row_fits
from companion.screens.canvas import Canvas
from companion.screens.legacy_text import TINY, draw_legacy, text_width, tiny_fit, tiny_wrap
from companion.screens.model import MainUI
from companion.screens.names import card_titles, short_area
from companion.screens.text import BIG, GLYPH_H, GLYPH_W, LINE, draw_big, width, wrap

BODY = 13  # the first body row: below the title row (0–10) and the rule (11)
SMALL = 6  # the pitch of a row of small print (the tiny glyphs are 5 px tall)

HEADLINE = BIG * GLYPH_H + 1  # the headline's rows and the gap under it


# What a decision asks, in a word or two the headline has room for (in the table's language:
# the same English word may be another one elsewhere, hence the context).
def _asks() -> dict[str, str]:
    return {
        "first_bidder": pgettext("headline", "first bid"),
        "reveal": pgettext("headline", "cards"),
        "bid": pgettext("headline", "bid"),
        "take": pgettext("headline", "take"),
        "card": pgettext("headline", "card"),
        "turn": pgettext("headline", "turn"),
        "pick": pgettext("headline", "choose"),
        "move": pgettext("headline", "move"),
        "place_extra": pgettext("headline", "place"),
        "return": pgettext("headline", "return"),
        "return_each": pgettext("headline", "return"),
        "launch": pgettext("headline", "choose"),
        "veto": pgettext("headline", "veto"),
        "correct": pgettext("headline", "board"),
        "castillo_disc": pgettext("headline", "disc"),
        "card_disc": pgettext("headline", "disc"),
        "take_back": pgettext("headline", "card"),
    }


PHASES = {
    "setup": N_("Set-up"),
    "bidding": N_("Bids"),
    "turns": N_("Turns"),
    "round_end": "",
    "scoring": N_("Scoring"),
    "over": N_("The end"),  # "Game over" would not fit beside the round track on 128 px
}


def headline(view: dict[str, Any], room: int) -> str:
    """Who must act and what, for the first row at twice the size (`room` px): "blue: card",
    "bid: red yellow", "3 to bid"; "" when nobody is asked.

    >>> view = {"decision": {"kind": "card", "players": ["yellow"], "secret": False}}
    >>> headline(view, 254), headline(view, 126)
    ('yellow: card', 'yel: card')
    >>> view = {"decision": {"kind": "bid", "players": ["red", "blue", "green"], "secret": True}}
    >>> headline(view, 254), headline(view, 126)
    ('bid: red blue green', '3 to bid')
    """
    decision = view.get("decision")
    if not decision:
        return ""
    asks = _asks()
    what = asks.get(decision.get("kind") or "", asks["turn"])
    players = [_(p) for p in decision.get("players") or []]  # each colour in the table's words
    if not players:  # a sealed step that no one named is finishing (a clash chosen again)
        ways = [_("{what}: wait").format(what=what), what] if decision.get("secret") else []
    elif len(players) == 1:
        one = players[0]
        ways = [_("{player}: {what}").format(player=p, what=what) for p in (one, one[:3])]
        ways.append(one[:3])
    else:
        ways = [
            _("{what}: {players}").format(what=what, players=" ".join(names))
            for names in (players, [p[:3] for p in players])
        ]
        ways.append(_("{n} to {what}").format(n=len(players), what=what))
    return next((w for w in ways if width(w) * BIG <= room), "")


def draw_game(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    """The table at a glance: who must act and what, at twice the size (read from a metre);
    then the round and phase, the turn order with each power card played this round (▶ who
    decides), the running scores, the King's region, the cards on offer; then who is still
    choosing a secret and what the deciding player is asked."""
    head = headline(view, c.width - 2)
    if not head:
        _draw_glance(c, view, ui, bottom)
        return
    draw_big(c.draw, (1, 0), head, c.ink, c.width - 2)
    wide = c.width >= WIDE
    offer = row_pages(view, c.width)
    cards = offer[ui.page % len(offer)] if offer else ""
    if ui.footer and bottom - LINE - 1 >= HEADLINE:  # the keys that act now, e.g. "hold ● undo"
        bottom -= LINE + 1
        c.row(bottom, ui.footer)
    rnd = view.get("round")
    label = f"R{rnd}/{game_data().rounds}" if rnd else ""
    phase = PHASES.get(view.get("phase") or "", view.get("phase") or "")
    phase = _(phase) if phase else ""
    where = _("King {area}").format(area=short_area(view["king"])) if view.get("king") else ""
    beside = c.width - 2 - BIG * width(head) - GLYPH_W  # room right of the headline
    if wide:
        # The round and the King beside the headline where they fit whole, else a row below.
        when = f"{label} {phase}".strip()
        if max(width(when), width(where)) <= beside:
            c.right(0, when, beside)
            if where:
                c.right(LINE + 1, where, beside)
            when = where = ""
        # The standings in the big font while two big rows stay free under them (no alert).
        if bottom - HEADLINE - 2 * LINE >= 2 * LINE:
            top = _standings(c, view, HEADLINE, LINE, "▶")
        else:
            top = _standings(c, view, HEADLINE, SMALL, ">") + 1
        facts = [(cards, False)] if cards else []
        later = "  ".join(x for x in (when, where) if x)
        facts += [(later, False)] if later else []
    else:
        top = _standings(c, view, HEADLINE, SMALL, ">")
        round_and_king = "  ".join(x for x in (f"{label} {phase}".strip(), where) if x)
        share = bool(offer) and all(_fits_small(f"{round_and_king}  {o}", c) for o in offer)
        first = f"{round_and_king}  {cards}" if share else round_and_king
        if first:
            small_print(c, 1, top, first, c.width - 2)
            top += SMALL
        top += 1
        facts = [] if not cards or share else [(cards, True)]
    # Who is still choosing, unless the headline names them all already.
    waiting = (view.get("decision") or {}).get("players") or []
    named = all(p[:3] in head.split(": ")[-1].split() or head.startswith(p[:3]) for p in waiting)
    who = "" if named else who_line(view, c.width - 2)
    facts += [(who, not wide)] if who else []
    # The app may word the prompt itself. The headline says what is asked: the app's lines (a
    # refusal, a blind pad's menu) go before the prompt in full.
    prompt = ui.title or ("" if ui.lines else _prompt(view))
    _game_body(c, top, bottom + 1, facts, prompt, list(ui.lines), facts_first=True)


def _draw_glance(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    """The game page while nobody is asked: the round header, the standings, the board."""
    wide = c.width >= WIDE
    x = _round_header(c, view)
    king = _("King: {area}").format(area=short_area(view["king"])) if view.get("king") else ""
    offer = row_pages(view, c.width)
    cards = offer[ui.page % len(offer)] if offer else ""
    if ui.footer and bottom - LINE - 1 >= BODY:  # the keys that act now, e.g. "hold ● undo"
        bottom -= LINE + 1
        c.row(bottom, ui.footer)
    share = False  # the King and the cards on one row (narrow display)
    if wide:
        c.right(0, king, c.width - x - GLYPH_W * 2)
        top = _standings(c, view, BODY, LINE, "▶")
    else:
        # Small print keeps the standings and the board's facts on a narrow display too,
        # above the rows a player must read from across the table.
        top = _standings(c, view, BODY - 1, SMALL, ">")
        where = _("King {area}").format(area=short_area(view["king"])) if view.get("king") else ""
        # The King and the cards share a row when every page fits beside it whole (the rows
        # stay put while the pages turn); else the cards are a row of the body, which gives
        # way to the prompt when rows run out.
        share = bool(where and offer) and all(_fits_small(f"{where}  {o}", c) for o in offer)
        head = f"{where}  {cards}" if share else where
        if head:
            small_print(c, 1, top, head, c.width - 2)
            top += SMALL
        top += 1
    facts = [] if not cards or share else [(cards, not wide)]
    who = who_line(view, c.width - 2)
    facts += [(who, False)] if who else []
    prompt = ui.title or _prompt(view)  # the app may word the prompt itself
    _game_body(c, top, bottom + 1, facts, prompt, list(ui.lines))


def row_pages(view: dict[str, Any], display_width: int) -> tuple[str, ...]:
    """The cards row's pages: the cards on offer, then who holds a Veto and the power cards
    played (`book_pages`)."""
    face_up = tuple(view.get("face_up") or ())
    return offer_pages(face_up, display_width) + book_pages(view, display_width)


def offer_pages(face_up: tuple[str, ...], display_width: int) -> tuple[str, ...]:
    """The cards row's pages for the cards on offer: all titles on one ("Cards: Veto, King's
    card") when they fit, else as many whole titles a page as fit ("Cards 1/3 …"). The row is
    small print below `WIDE` px, the big font from it; () when no card is on offer."""
    return _offer_pages(face_up, display_width, language())


@lru_cache(maxsize=64)
def _offer_pages(face_up: tuple[str, ...], display_width: int, _language: str) -> tuple[str, ...]:
    if not face_up:
        return ()
    titles = card_titles(face_up)
    fits = row_fits(display_width)
    whole = _("Cards: {titles}").format(titles=", ".join(titles))
    if fits(whole):
        return (whole,)
    # "Cards 9/9 " is the widest label: every page is packed against it.
    groups: list[list[str]] = []
    for title in titles:
        widest = _("Cards {i}/{n} {titles}").format(i=9, n=9, titles="")
        if groups and fits(widest + ", ".join([*groups[-1], title])):
            groups[-1].append(title)
        else:
            groups.append([title])
    n = len(groups)
    return tuple(
        _("Cards {i}/{n} {titles}").format(i=i, n=n, titles=", ".join(g))
        for i, g in enumerate(groups, 1)
    )


def _fits_small(text: str, c: Canvas) -> bool:
    return text_width(text, TINY) <= c.width - 2


def _game_body(
    c: Canvas,
    top: int,
    bottom: int,
    facts: list[tuple[str, bool]],
    prompt: str,
    lines: list[str],
    facts_first: bool = False,
) -> None:
    """The facts (each with its size: small print or not), the prompt and the app's lines (the
    active player's menu, a refusal), each whole, between `top` and `bottom`: the first way of
    these that fits is drawn — the prompt and the lines in the big font, then the lines, or the
    prompt, or both in small print; each first with every fact, then without the last of them
    (who is still choosing, which the standings mark too, goes before the cards on offer).
    With `facts_first` (a headline says what is asked) the facts are kept as long as the
    prompt and the lines fit in small print."""
    said = [prompt] if prompt else []
    sizes = [(False, False), (False, True), (True, False), (True, True)]
    order = [(k, size) for size in sizes for k in range(len(facts) + 1)]
    if facts_first:
        order.sort(key=lambda way: way[0])  # stable: the sizes in turn for each k
    ways = [
        facts[: len(facts) - k] + _rows(c, said, small_said) + _rows(c, lines, small_lines)
        for k, (small_said, small_lines) in order
    ]
    rows = next((w for w in ways if _height(w) <= bottom - top), ways[-1])
    y = top
    for text, small in rows:
        if y + _height([(text, small)]) > bottom:
            break  # nothing fits any more: better left out than drawn over the alerts
        if small:
            small_print(c, 1, y, text, c.width - 2)
            y += SMALL
        else:
            c.row(y, text)
            y += LINE


def _rows(c: Canvas, texts: list[str], small: bool) -> list[tuple[str, bool]]:
    """Each text word-wrapped to the display's width, in small print or the big font."""
    room = c.width - 2
    if small:
        return [(r, True) for t in texts for r in tiny_wrap(t, room, 9)]
    return [(r, False) for t in texts for r in wrap(t, room, 9)]


def _height(rows: list[tuple[str, bool]]) -> int:
    """The pixels these rows take (a big glyph is 11 px tall on a 10 px pitch)."""
    big = sum(not small for _, small in rows)
    return big * LINE + (len(rows) - big) * SMALL + 1


def small_print(c: Canvas, x: int, y: int, text: str, room: int) -> None:
    draw_legacy(c.draw, (x, y), tiny_fit(text, room), c.ink, TINY)


def _standings(c: Canvas, view: dict[str, Any], y: int, pitch: int, mark: str) -> int:
    """A column a player, in turn order: their name and this round's power card over their
    score. Returns the y below it."""
    cells = standings(view, mark)
    if not cells:
        return y
    room = (c.width - 2) // len(cells)
    for i, (head, score) in enumerate(cells):
        x = 1 + i * room
        if pitch == SMALL:
            if head.startswith(mark):  # no room for the mark: the decider's cell is inverted
                head = head[len(mark) :]
                c.draw.rectangle((x - 1, y - 1, x + text_width(head, TINY), y + 5), fill=c.ink)
                draw_legacy(c.draw, (x, y), tiny_fit(head, room - 1), 0, TINY)
            else:
                small_print(c, x, y, head, room - 1)
            small_print(c, x, y + pitch, score, room - 1)
        else:
            c.row(y, head, x, room - 1)
            c.row(y + pitch, score, x, room - 1)
    return y + 2 * pitch


def standings(view: dict[str, Any], mark: str = "▶") -> list[tuple[str, str]]:
    """(name and power card, score) for each player in turn order ("bla13", "22"): the player
    deciding marked, "?" after whoever is still choosing a secret; before the order is known,
    the seats in order with any open bid.

    >>> standings({"players": ["red", "blue"], "turn_order": ["blue", "red"],
    ...            "bids": {"red": 3, "blue": 9}, "scores": {"red": 4, "blue": 0},
    ...            "decision": {"players": ["red"], "secret": False}})
    [('blu9', '0'), ('▶red3', '4')]
    """
    players = view.get("turn_order") or view.get("players") or []
    bids = view.get("bids") or {}
    scores = view.get("scores") or {}
    decision = view.get("decision") or {}
    waiting = tuple(decision.get("players") or ())
    secret = bool(decision.get("secret"))
    cells = []
    for p in players:
        card = "?" if secret and p in waiting else str(bids.get(p, ""))
        head = f"{mark if p in waiting and not secret else ''}{_(p)[:3]}{card}"
        cells.append((head, str(scores.get(p, 0))))
    return cells


def _round_header(c: Canvas, view: dict[str, Any]) -> int:
    """Round n/9, a track of the nine rounds (scoring rounds underlined), the phase; returns the
    x where the header's text ends."""
    data = game_data()
    rnd = view.get("round")
    label = f"R{rnd}/{data.rounds}" if rnd else "El Grande"
    x = 1 + c.row(0, label) + GLYPH_W // 2
    played = set(view.get("rounds") or range(1, data.rounds + 1))
    cell = 5  # 4 px wide, 1 px gap
    phase = PHASES.get(view.get("phase") or "", view.get("phase") or "")
    phase = _(phase) if phase else ""
    if x + cell * data.rounds + GLYPH_W // 2 + width(phase) <= c.width:  # the phase comes first
        for n in range(1, data.rounds + 1):
            left = x + (n - 1) * cell
            box = (left, 1, left + 3, 7)
            if n not in played:
                c.draw.point((left + 1, 4), fill=c.ink)  # a skipped round (short game)
            elif rnd and n < rnd:
                c.draw.rectangle((left, 5, left + 3, 7), fill=c.ink)
            elif rnd and n == rnd:
                c.draw.rectangle(box, fill=c.ink)
            else:
                c.draw.rectangle(box, outline=c.ink)
            if n in data.general_scoring_after:
                c.draw.line((left, 9, left + 3, 9), fill=c.ink)
        x += cell * data.rounds + GLYPH_W // 2
    return x + c.row(0, phase, x)


def who_line(view: dict[str, Any], room: int = 10**6) -> str:
    """Who the device waits for; in a secret step, who is still choosing (never what). Names
    shrink to three letters when the row is short."""
    if view.get("winners"):
        return winner_line(view["winners"])
    decision = view.get("decision")
    if not decision:
        return ""
    label = _("Choosing: ") if decision.get("secret") else _("Waiting: ")
    players = decision.get("players") or []
    full = label + " ".join(_(p) for p in players)
    if width(full) <= room:
        return full
    short = label + " ".join(_(p)[:3] for p in players)
    # Too long even so: the standings' "?" and ▶ marks say it.
    return short if width(short) <= room else ""


def winner_line(winners: list[str]) -> str:
    """ "Winner: red", "Winner: red and blue" in the table's language."""
    names = [_(p) for p in winners]
    joined = _(" and ").join(names)
    return _("Winner: {names}").format(names=joined)


def _prompt(view: dict[str, Any]) -> str:
    decision = view.get("decision")
    return decision.get("prompt", "") if decision else ""
