"""El Grande's words for its decisions: the short labels a pad menu and the public log show.

The decision vocabulary itself (Action, Decision, RuleError, Piece) is every game's: it lives in
`companion.kit.moves` and is named here too, so El Grande's modules import it from one place.
"""

from __future__ import annotations

from companion.elgrande.data import game_data
from companion.kit.moves import (  # noqa: F401  (El Grande's modules import these from here)
    ECHO_MAX,
    TARGET_TYPES,
    Action,
    Decision,
    Piece,
    RuleError,
    echo,
    plain,
)

LABEL_MAX = 21  # a 128x32 pad display at 6 pixels a character
NAME_MAX = 7  # a player's name inside a label (longer names are cut, with a dot)

# kind -> label; "{area}" is the target's short area name, "{colour}"/"{from}" a caballero's
# colour and short region, "{t}" the target as it is. Each fits LABEL_MAX (tests check all).
LABELS = {
    "bid": "power {t}: {n} to court",  # how many caballeros the card brings
    "bid_group": "power cards {t}",
    "take": "take {t} to court",
    "take_from": "take from {area}",
    "card": "{card}",  # the card's title: ids are not printed on the cards
    "place": "place in {area}",
    "stop_placing": "done placing",
    "act": "carry out the card",
    "end_turn": "end the turn",
    "done": "done",
    "back": "back",
    "disc": "disc on {area}",
    "first_bidder": "{name} bids first",
    "reveal": "{card}",
    "either": "{card}",
    "region_1a": "{area}",
    "region_1i": "{area}",
    "score_region": "score {area}",
    "score_area": "score {area}",
    "scoreboard": "scoreboard {t}",
    "scoreboard_to": "board to {area}",
    "grande_to": "Grande to {area}",
    "refill": "take {t} to court",
    "king_adjacent": "King to {area}",
    "king_any": "King to {area}",
    "evacuate": "empty {area}",
    "move_region": "move from {area}",
    "move_from": "{colour} in {from}",
    "move_to": "to {area}",
    "return_from": "return from {area}",
    "return_region": "return from {area}",
    "return_of": "{colour} in {from}",
    "take_back": "take back {t}",
    "allow": "let it happen",
    "veto": "veto it",
    "fix_regions": "fix a region",
    "fix_from": "fix {area}",
    "fix_colour": "{name}'s caballero",
    "fix_to": "move to {area}",
    "to_regions": "move to a region",
    "confirm": "board is right",
    "matches": "{area} matches",
}

# The board check's pages that are not areas.
PAGE_LABELS = {"court": "courts match", "scoreboards": "scoreboards match"}


def describe(action: Action) -> str:
    """A short human label (at most LABEL_MAX characters) for a pad menu or a public log.

    >>> describe(Action("move_from", Piece("castilla_nueva", "yellow")))
    'yellow in C.Nueva'
    """
    t = action.target
    fields = {"t": t, "area": "", "colour": "", "from": "", "name": "", "card": "", "n": ""}
    if isinstance(t, int) and not isinstance(t, bool):
        fields["n"] = game_data().power_cards.get(t, "")
    if isinstance(t, str):
        cards = game_data().action_cards
        fields["card"] = cards[t].title if t in cards else t
        fields["area"] = f"the {t}" if t in ("court", "province") else _area_or_text(t)
        fields["name"] = _player(t)
    if isinstance(t, Piece):
        fields["from"], fields["colour"] = _area_or_text(t.region), _player(t.colour)
    template = LABELS.get(action.kind) if isinstance(action.kind, str) else None
    if action.kind == "bid" and fields["n"] == "":  # not a power card: no count to show
        template = "power card {t}"
    if action.kind == "matches" and t in PAGE_LABELS:
        template = PAGE_LABELS[t]
    label = template.format(**fields) if template else str(action).replace("_", " ")
    return label if len(label) <= LABEL_MAX else label[: LABEL_MAX - 1] + "."


def _player(name: str) -> str:
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1] + "."


def _area_or_text(text: str) -> str:
    data = game_data()
    return data.short_name(text) if text in data.areas else _player(text)
