"""Helpers for engine tests: reach a turn holding a given card, arrange the board."""

from companion.elgrande.data import SHORT_NAME_MAX
from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import NAME_MAX, Action, Piece
from companion.elgrande.options import TableOptions
from companion.elgrande.steps import BID_GROUPS

FIVE = ("red", "blue", "yellow", "green", "black")


def act(s, player, kind, target=None):
    """Take a decision as a pad would: a power card is reached through its menu group first."""
    if kind == "bid" and Action(kind, target) not in legal_actions(s, player):
        group = next((g for g, r in BID_GROUPS.items() if target in r), None)
        if Action("bid_group", group) in legal_actions(s, player):
            apply_in_place(s, player, Action("bid_group", group))
    apply_in_place(s, player, Action(kind, target))


def move(s, player, region, colour, to):
    """Move one caballero through the three menus: region, colour, destination."""
    act(s, player, "move_region", region)
    act(s, player, "move_from", Piece(region, colour))
    act(s, player, "move_to", to)


def confirm_board(s):
    """Answer the correction step before a general scoring: the board is right."""
    if decision(s) and decision(s).kind == "correct":
        act(s, decision(s).players[0], "confirm")


def targets(s, player, kind=None):
    return [a.target for a in legal_actions(s, player) if kind is None or a.kind == kind]


def turn_with(card, n=3, seed=1, king=None, **options):
    """A game at the first turn of round 1, red to play, holding `card`, nothing placed.

    Red bids 13 so it plays first; the board is cleared of the home caballeros (back to the
    province) so each test lays out exactly what it needs.
    """
    s = new_game(FIVE[:n], seed, TableOptions(**options))
    for p in list(s.board["aragon"]):
        for area in s.board:
            s.province[p] += s.board[area][p]
            s.board[area][p] = 0
    if king:
        s.king = king
    values = dict(zip(FIVE[:n], (13, 1, 2, 3, 4), strict=False))
    for _ in range(n):  # sealed: one pass (the bids are distinct); open: one bidder at a time
        if decision(s).kind != "bid":
            break
        for p in decision(s).players:
            act(s, p, "bid", values[p])
    assert s.turn_order[0] == "red" and decision(s).kind == "card"  # 13 takes nobody
    s.face_up = [card] + [c for c in s.face_up if c != card]
    act(s, "red", "card", card)
    return s


def put(s, player, area, n):
    """Move n of the player's caballeros from the province onto the board."""
    s.move(player, "province", area, n)


def start(s, card):
    act(s, "red", "act", card)


def take_first_choice(s, player):
    """The first legal choice, going down through menu groups (a power card's group first);
    returns the choice taken last (the power card itself, not its group)."""
    a = legal_actions(s, player)[0]
    apply_in_place(s, player, a)
    if a.kind == "bid_group":
        a = legal_actions(s, player)[0]
        apply_in_place(s, player, a)
    return a


# A label's fields at their longest: the longest short name, a name at NAME_MAX, the longest card
# or group text. The font is monospaced, so x's are as wide as any text of their length.
WIDEST_FIELDS = {
    "area": "x" * SHORT_NAME_MAX,
    "from": "x" * SHORT_NAME_MAX,
    "colour": "x" * NAME_MAX,
    "name": "x" * NAME_MAX,
    "t": "8-4-0",  # a scoreboard id; card ids, groups and numbers are shorter
    "card": "x" * 21,  # the longest action card title (test_cards_by_name checks them)
    "n": "6",  # caballeros a power card brings
}


def widest_fields(kind: str) -> dict[str, str]:
    """The widest values a label of `kind` is filled with (a power card is at most "13")."""
    return WIDEST_FIELDS | ({"t": "13"} if kind == "bid" else {})
