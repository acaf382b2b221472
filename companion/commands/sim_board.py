"""The sim's board panel: what a person at the table sees on the board, in text.

Built from the session's public `TableView` only: caballeros per area and colour, the King, the
Grandes and the scoreboards; each player's score, court and province, power cards left and the
one played this round; the turn order and who is choosing. The Castillo's counts appear only when
the table option makes them public. A seat's status is "choosing" or "chose", never its choice.

>>> from companion.session.session import Session
>>> from companion.session.store import MemoryStore
>>> view = Session.new(MemoryStore(), ("red", "blue"), seed=7).table_view()
>>> print(board_lines(view)[0])
area (g: Grande) 1st2nd3rd red blu  K
>>> print(board_lines(view)[8])
País Vasco         5  3  1  2g   .
>>> print(player_lines(view, 32)[1])
red      0   7  21  13   -
"""

from __future__ import annotations

import textwrap

from companion.elgrande.data import CASTILLO, game_data
from companion.i18n import N_, _, language
from companion.screens.game_page import PHASES
from companion.screens.names import card_titles
from companion.session.views import TableView

NAME_W = 17


def colour_tag(player: str) -> str:
    """A colour in three letters, as the board panel's columns name it."""
    return _(player)[:3]


def status(view: TableView, player: str) -> str:
    """What the table sees of a seat now: "choosing", "chose" (a sealed step) or ""."""
    d = view.decision
    if d is None:
        return ""
    if player in d.waiting:
        return "choosing"
    return "chose" if d.secret and player in d.chosen else ""


def area_values(view: TableView, area: str) -> tuple[int, int, int]:
    """The points for 1st, 2nd and 3rd there: a mobile scoreboard's, else the printed ones."""
    data = game_data()
    board = view.scoreboards.get(area)
    return data.scoreboards[board] if board else data.printed_values(area)


def board_width(view: TableView) -> int:
    """The board panel's columns: name, three values, a column a colour, the King."""
    return NAME_W + 9 + 4 * len(view.players) + 3


def board_lines(view: TableView) -> list[str]:
    """The areas, one a row: values, each colour's caballeros (g: its Grande stands there)
    and the King (K)."""
    data = game_data()
    places = "".join(f"{_(x):>3}" for x in (N_("1st"), N_("2nd"), N_("3rd")))
    area = _("area (g: Grande)")
    head = f"{area:<{NAME_W}}{places}"
    head += "".join(f"{colour_tag(p):>4}" for p in view.players) + "  K"
    lines = [head]
    for area in (CASTILLO, *data.regions):
        row = f"{data.area_name(area)[:NAME_W]:<{NAME_W}}"
        row += "".join(f"{v:>3}" for v in area_values(view, area))
        counts = view.board.get(area)
        if counts is None:
            row += "  " + _("(secret)")  # the table keeps the Castillo hidden
        else:
            for p in view.players:
                cell = str(counts.get(p, 0) or ".") + ("g" if view.grandes.get(p) == area else "")
                row += f"{cell:>4}"
            row += "  K" if view.king == area else ""
        lines.append(row.rstrip())
    return lines


def player_lines(view: TableView, width: int) -> list[str]:
    """Each player's score, court, province, power cards left and played; then the turn
    order, the action cards on offer by title and who is choosing, wrapped to `width` (a title
    goes on over the next row rather than be cut)."""
    cards = width >= 26  # power cards left: the first column to go on a narrow panel
    # Points, court, province, cards in hand, bid: three letters each.
    columns = [_("pts"), _("crt"), _("prv"), *([_("crd")] if cards else []), _("bid")]
    lines = [" " * 6 + "".join(f"{c:>4}" for c in columns)]
    for p in view.players:
        bid = view.bids.get(p)
        row = f"{_(p)[:6]:<6}{view.scores.get(p, 0):>4}{view.court.get(p, 0):>4}"
        row += f"{view.province.get(p, 0):>4}"
        row += f"{view.hand_counts.get(p, 0):>4}" if cards else ""
        lines.append(row + f"{bid if bid is not None else '-':>4}")
    d = view.decision
    deciding = set(d.waiting) if d is not None and not d.secret else set()
    marked = [f"[{_(p)}]" if p in deciding else _(p) for p in view.turn_order]
    titles = card_titles(view.face_up)
    # A player deciding in the open is marked in the order ("[red]"); "choosing:" names the
    # others: a sealed step's (the bids), or one the order does not list.
    choosing = [
        p
        for p in view.players
        if status(view, p) == "choosing" and not (p in deciding and p in view.turn_order)
    ]
    chose = [p for p in view.players if status(view, p) == "chose"]
    choosing, chose = [_(p) for p in choosing], [_(p) for p in chose]
    # Who is still choosing first: a short panel cuts its last lines, never these.
    if choosing:
        lines += listed(_("choosing:"), choosing, width, ",", short=True)
    if chose:
        lines += listed(_("chose:"), chose, width, ",", short=True)
    if view.over:
        won = _("game over: {winners} won").format(winners=", ".join(_(w) for w in view.winners))
        lines += textwrap.wrap(won, width)
    public = view.to_json()
    held = (public.get("veto_until") or {}).items()
    vetoes = [
        _("{player} to R{round}").format(player=_(p), round=r) for p, until in held for r in until
    ]
    if vetoes:
        lines += listed(_("veto:"), vetoes, width, ",")
    lines += listed(_("order:"), marked, width, " >", short=True)
    lines += listed(_("cards:"), titles, width, ",")
    played = [
        f"{_(p)[:3]} {' '.join(map(str, cards))}"
        for p, cards in (public.get("played") or {}).items()
        if cards
    ]
    if played:
        lines += listed(_("played:"), played, width, ",")
    return [line[:width] for line in lines]


def listed(label: str, items: list[str], width: int, sep: str, *, short: bool = False) -> list[str]:
    """`label` and the items, each whole on a row where it fits (the next rows indented);
    colours in their three letters (`short`) when the full names take more than one row.

    >>> listed("cards:", ["Move 5 from a region", "Veto", "King's card"], 24, ",")
    ['cards: Move 5 from a', '  region, Veto,', "  King's card"]
    >>> listed("order:", ["yellow", "[green]", "red"], 24, " >", short=True)
    ['order: yel > [gre] > red']
    """
    if not items:
        return [f"{label} -"]
    if short and len(label + " " + f"{sep} ".join(items)) > width:
        items = [f"[{i[1:4]}]" if i.startswith("[") else i[:3] for i in items]  # named already
    pieces = [item + (sep if i < len(items) - 1 else "") for i, item in enumerate(items)]
    rows = [label]
    for piece in pieces:
        if len(rows[-1]) + 1 + len(piece) <= width:
            rows[-1] += " " + piece
        elif len(rows) == 1 and rows[0] == label:  # the first title goes on beside its label
            rows[-1:] = textwrap.wrap(f"{label} {piece}", width, subsequent_indent="  ")
        else:
            rows += textwrap.wrap(piece, width, initial_indent="  ", subsequent_indent="  ")
    return rows


def round_line(view: TableView, announcing: int | None = None) -> str:
    """The round, the phase and the King, as the table's header says them (a game with no
    King: the round and the phase); while a scoring is announced, the round it scores (the
    game has moved on to the next round's bids by then)."""
    rounds = view.rounds[-1] if view.rounds else 0
    where = _("round {n} of {rounds}").format(n=view.round, rounds=rounds) if view.round else ""
    phase = view.phase if language() == "en" else _(PHASES.get(view.phase) or view.phase)
    if view.page == "ledger":
        return " · ".join(x for x in (where if rounds else "", phase) if x)
    # Numbered as on the round track and by the voice: a short game plays 2, 3, 4, … of 9.
    where = where or _("before round 1")
    if announcing is not None:
        where = _("round {n} of {rounds}").format(n=announcing, rounds=rounds)
        phase = "scoring" if language() == "en" else _(PHASES.get("scoring") or "scoring")
    king = game_data().area_name(view.king) if view.king else "-"
    return _("{where} · {phase} · King in {area}").format(where=where, phase=phase, area=king)


def ledger_lines(view: TableView, width: int) -> list[str]:
    """A game that keeps a ledger: each player's score, and who is still entering or must
    decide (the board stays on the table, nothing of it is mirrored here)."""
    points = _("pts")
    lines = [f"{'':<8}{points:>5}"]
    lines += [f"{_(p)[:8]:<8}{view.scores.get(p, 0):>5}" for p in view.players]
    d = view.decision
    if d is not None:
        label = _("entering:") if d.parallel else _("deciding:")
        lines += listed(label, [_(p) for p in d.waiting], width, ",", short=True)
    if view.over:
        won = _("game over: {winners} won").format(winners=", ".join(_(w) for w in view.winners))
        lines += textwrap.wrap(won, width)
    return [line[:width] for line in lines]
