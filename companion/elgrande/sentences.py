"""The engine's sentences in the table's language.

The engine writes its events, prompts and choices in English (the stored games, the transcripts
and `demo --json` keep them so). What reaches the table goes through `localize`: a sentence the
catalog holds whole is translated whole; any other is matched against the templates below (the
engine's own f-strings, as catalog entries) and the template's translation is filled with its
fields translated in turn: a colour by the catalog, an action card by its French screen label
from the glossary (data/glossary.fr.json), an area by the glossary too (the board's Spanish name
on screens, the French name with its own preposition in the voice), a list item by item.

>>> from companion.i18n import set_language
>>> set_language("fr")
>>> localize("red places a caballero in País Vasco")
'rouge place un Caballero au País Vasco'
>>> localize("red places a caballero in País Vasco", spoken=True)
'rouge place un Caballero au Pays Basque'
>>> print(localize("Turn order: black, green, red"))  # a narrow no-break space before ":"
Ordre du tour : noir, vert, rouge
>>> set_language("en"); localize("Turn order: black, green, red")
'Turn order: black, green, red'
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from companion.elgrande.data import CASTILLO, game_data
from companion.i18n import N_, _, language

COLOURS = ("red", "blue", "yellow", "green", "black")
N_("red"), N_("blue"), N_("yellow"), N_("green"), N_("black")  # noqa: B018 - marked for the catalog

# The engine's sentences, each field named for what it holds (a trailing digit tells two apart):
# player (a colour), area (a board area, long or short name), card (a quoted action card title),
# n (a number), nth (an ordinal: 1st), items (a list joined by ", "), parts (joined by "; ").
TEMPLATES: tuple[str, ...] = (
    # an undo (module.undo_text, undo_words): what was taken back, and what the real board does
    N_("{player} takes back: {rest}; on the board: {parts}"),
    N_("{player} takes back: {rest}"),
    N_("their choice of colour"),
    N_("{player}'s caballero from {rest} back to {rest2}"),
    N_("{n} of {player}'s caballeros from {rest} back to {rest2}"),
    N_("a caballero from {rest} back to {rest2}"),
    N_("{n} caballeros from {rest} back to {rest2}"),
    N_("the court"),
    N_("the province"),
    N_("the Castillo"),
    # events
    N_("The King starts in {area}. Homes: {items}"),
    N_("{player} in {area}"),
    N_("Round {n}"),
    N_("Round {n}. Lay out the action cards: stack {items}"),
    N_("{n} {card}"),
    N_("{player} bids first"),
    N_("Power cards: {items}"),
    N_("Power cards played: {items}"),
    N_("{player} {n}"),
    N_("Turn order: {items}"),
    N_("{player}"),
    N_("{player}'s turn"),
    N_("{player} plays power card {n}"),
    N_("{player} takes {n} into the court"),
    N_("{player} takes {card}"),
    N_("{player} takes {card}: {rest}"),
    N_("{player} places a caballero in {area}"),
    N_("{player} carries out {card}"),
    N_("{player} plays it as {card}"),
    N_("{player} moves the King to {area}"),
    N_("{player} moves the Grande to {area}"),
    N_("{player} takes {n} from the province into the court"),
    N_("{player} returns {n} from the court to the province"),
    N_("{player} returns a caballero from {area}"),
    N_("{player} returns a caballero from the court"),
    N_("{player} returns one of {player2}'s caballeros from {area}"),
    N_("{player} takes one back from {area}"),
    N_("{player} takes a power card back"),
    N_("{player} chooses {area}"),
    N_("{player} vetoes {player2}'s {card}"),
    N_("{player}'s Veto is discarded unused"),
    N_("{player}'s caballero moves from {area} to {area2}"),
    N_("{player}: {n} from {area} to {area2}"),
    N_("{player}: {n} from {area} to the province"),
    N_("{player} puts scoreboard {n}-{n2}-{n3} on {area}"),
    N_("{player} confirms the board for scoring"),
    N_("Discarded: {items}"),
    N_("Discs ({card}): {items}"),
    N_("{player} → {area}"),
    N_("Discs revealed. {parts}"),
    N_("{player} → {area}, none in the {area2}"),
    N_("{player}: {n} caballero → {area}"),
    N_("{player}: {n} caballeros → {area}"),
    N_("{player}: {n} caballero → the court (disc on the King's {area})"),
    N_("{player}: {n} caballeros → the court (disc on the King's {area})"),
    N_("{n} is taken: choose again"),
    N_("{player} withdraws their choice"),
    N_("General scoring after round {n}"),
    N_("Game over. Winner: {items}"),
    N_("{area} scored. Scores: {items}"),
    N_("Regions scored. Scores: {items}"),
    N_("Special scoring of {area}. Scores: {items}"),
    N_("Special scoring: the {area}. Scores: {items}"),
    N_("Special scoring: first places. Scores: {items}"),
    N_("Special scoring: regions with first value {n}. Scores: {items}"),
    N_("Special scoring: the emptiest region(s). Scores: {items}"),
    N_("Special scoring: the fullest region(s). Scores: {items}"),
    N_("Special scoring: {n}- and {n2}-point regions. Scores: {items}"),
    N_("Special scoring: {n}-point regions. Scores: {items}"),
    N_("Regions picked by exactly one player. Scores: {items}"),
    N_("Regions picked by exactly one player: no region qualifies"),
    N_("{card}: nobody can set a disc"),
    N_("{area}: nobody here"),
    # prompts
    N_("Who bids first in round {n}?"),
    N_("Choose your power card (sealed)"),
    N_("Play a power card"),
    N_("Take up to {n} caballero into your court"),
    N_("Take up to {n} caballeros into your court"),
    N_("Take an action card"),
    N_("{card}: place up to {n} and/or act"),
    N_("Place caballeros ({n} of {n2} placed)"),
    N_("Place up to {n} more anywhere (not the King's region)"),
    N_("Before scoring: does the board match? Fix a place or confirm"),
    N_("Choose a caballero to move ({n} moved)"),
    N_("Choose a region or the {area} to score now"),
    N_("Choose a region to move all your caballeros out of"),
    N_("Choose a region to move up to {n} caballeros out of"),
    N_("Choose a region to score now"),
    N_("Choose a region: opponents there move all theirs away"),
    N_("Move the King to which neighbouring region?"),
    N_("Move your Grande to which region?"),
    N_("Move {player}'s caballero from {area} to?"),
    N_("Play {card} as which card?"),
    N_("Province empty: take up to {n} from your regions"),
    N_("Put the King into which region?"),
    N_("Put the scoreboard on which region?"),
    N_("Return one caballero of each opponent: from which region?"),
    N_("Return {n} caballero (court or regions) to the province"),
    N_("Return {n} caballeros (court or regions) to the province"),
    N_("Secret disc: a region of yours; you return all yours there"),
    N_("Secret disc: a region with {n}+ of yours; you return {n2} there"),
    N_("Secret disc: a region; a region only one picks is scored"),
    N_("Secret disc: where your {area} caballeros go"),
    N_("Secret disc: where yours in {area} go"),
    N_("Take back which played power card? (secret)"),
    N_("Take how many from the province into your court?"),
    N_("Veto {player}'s {card}?"),
    N_("Which card was turned up from stack {n}?"),
    N_("Which mobile scoreboard?"),
    N_("Whose caballero in {area} goes back?"),
    N_("Whose caballero in {area}?"),
    # choices
    N_("back"),
    N_("board is right"),
    N_("board to {area}"),
    N_("carry out the card"),
    N_("done"),
    N_("done placing"),
    N_("empty {area}"),
    N_("end the turn"),
    N_("fix a region"),
    N_("fix the court"),
    N_("fix {area}"),
    N_("let it happen"),
    N_("move from {area}"),
    N_("place in {area}"),
    N_("power cards {n}-{n2}"),
    N_("power {n}: {n2} to court"),
    N_("return from the court"),
    N_("return from {area}"),
    N_("score {area}"),
    N_("scoreboard {n}-{n2}-{n3}"),
    N_("take from {area}"),
    N_("take {n} to court"),
    N_("to {area}"),
    N_("veto it"),
    N_("{area} matches"),
    N_("Grande to {area}"),
    N_("King to {area}"),
    N_("disc on {area}"),
    N_("take back {n}"),
    N_("{player}'s caballero"),
    N_("move to {area}"),
    N_("courts match"),
    N_("scoreboards match"),
    N_("{card}"),
    # a scoring's reasons, as the engine writes them (the sim's log shows them)
    N_("{player} {nth} with {n} → {n2}"),
    N_("{player} {nth} with {n} → {n2}, {items}"),
    N_("{player} tied for {nth}, paid as {nth2} with {n} → {n2}"),
    N_("{player} tied for {nth}, paid as {nth2} with {n} → {n2}, {items}"),
    N_("+{n} King"),
    N_("+{n} home"),
    N_("{area}: {parts}"),
    # the devices' alerts (app/table.py)
    N_("LED matrix: fault"),
    N_("main display: fault"),
    N_("{player} pad display: fault"),
    N_("{player}'s pad: {button} stuck"),
)

_KINDS = {
    "player": "|".join(COLOURS),
    "n": r"\d+",
    "nth": r"\d+(?:st|nd|rd|th)",
    "card": r"“[^”]*”",
    "items": r".+",
    "parts": r".+",
    "rest": r".+",
    "button": r"left|right|select",
}
_SEPARATORS = {"items": ", ", "parts": "; "}


@cache
def glossary() -> dict[str, Any]:
    """data/glossary.fr.json: the French names of the areas, colours and cards, with sources."""
    raw = resources.files("companion.elgrande").joinpath("data/glossary.fr.json").read_text("utf-8")
    return json.loads(raw)


@cache
def _areas() -> dict[str, str]:
    """Every name an area is shown by (long and short) -> its id."""
    data = game_data()
    names = {data.area_name(a): a for a in data.areas}
    names.update({data.short_name(a): a for a in data.areas})
    return names


@cache
def _cards() -> dict[str, str]:
    """An action card's English title -> its id."""
    return {c.title: c.id for c in game_data().action_cards.values()}


def _kind(field: str) -> str:
    return field.rstrip("0123456789")


@cache
def _compiled() -> tuple[tuple[re.Pattern[str], str], ...]:
    areas = "|".join(re.escape(a) for a in sorted(_areas(), key=len, reverse=True))
    compiled = []
    for template in TEMPLATES:
        pattern, seen = "", set()
        for literal, field, _spec, _conv in _formatter_parse(template):
            pattern += re.escape(literal)
            if field is None:
                continue
            kind = _kind(field)
            body = areas if kind == "area" else _KINDS[kind]
            if field in seen:  # the same field twice (never in these templates): match it again
                pattern += f"(?P={field})"
            else:
                pattern += f"(?P<{field}>{body})"
                seen.add(field)
        compiled.append((re.compile(pattern), template))
    return tuple(compiled)


def _formatter_parse(template: str) -> Any:
    import string

    return string.Formatter().parse(template)


def card_label(card: str) -> str:
    """An action card's screen label in the table's language ("1c" -> "Move 4 of your own")."""
    if language() == "fr":
        return glossary()["cards"][card]["label"]
    return game_data().card_title(card)


def card_text(card: str) -> str:
    """What an action card does, in the table's language."""
    if language() == "fr":
        return glossary()["cards"][card]["text"]
    return game_data().action_cards[card].text


def area_name(area: str, spoken: bool = False) -> str:
    """An area as the table reads it (the board's name) or hears it (the French name)."""
    if language() == "fr" and spoken:
        return glossary()["regions"][area]["fr"]
    return game_data().area_name(area)


def in_area(area: str, shown: str, spoken: bool = False) -> str:
    """ "in X" with X's own preposition (« en Aragon », « au Pays Basque », « à Séville »)."""
    entry = glossary()["regions"][area]
    if spoken:
        return entry["in"]
    return f"{entry['board_in']} {shown}"


def _field(field: str, value: str, spoken: bool) -> dict[str, str]:
    kind = _kind(field)
    if kind == "player":
        return {field: _(value)}
    if kind == "card":
        title = value[1:-1]
        shown = card_label(_cards()[title]) if title in _cards() else localize(title, spoken)
        return {field: f"«\u202f{shown}\u202f»"}
    if kind == "area":
        area = _areas()[value]
        shown = area_name(area, spoken=True) if spoken else value  # screens: as the board
        return {
            field: shown,
            f"in_{field}": in_area(area, shown, spoken),
            f"of_{field}": _of(area, shown, spoken),
            f"to_{field}": glossary()["regions"][area]["to"] if spoken else f"→ {shown}",
        }
    if kind == "nth":
        n = int(value[:-2])
        return {field: _("1st") if n == 1 else _("{n}th").format(n=n)}
    if kind in _SEPARATORS:
        sep = _SEPARATORS[kind]
        return {field: sep.join(localize(x, spoken) for x in value.split(sep))}
    if kind == "button":
        return {field: {"left": "◀", "right": "▶", "select": "●"}[value]}
    if kind == "rest":
        return {field: localize(value, spoken)}
    return {field: value}


def _of(area: str, shown: str, spoken: bool) -> str:
    entry = glossary()["regions"][area]
    if spoken:
        return entry["of"]
    if area == CASTILLO:
        return "du Castillo"
    return f"d'{shown}" if shown[:1] in "AEIOUÁÉ" else f"de {shown}"


def localize(text: str, spoken: bool = False) -> str:
    """`text` from the engine in the table's language (as is in English, and where nothing
    matches: `untranslated` in the tests finds those)."""
    if language() == "en" or not text:
        return text
    whole = _(text)
    if whole != text:
        return whole
    if text in _cards():
        return card_label(_cards()[text])
    if text in _areas():
        area = _areas()[text]
        return area_name(area, spoken) if spoken else text
    for pattern, template in _compiled():
        match = pattern.fullmatch(text)
        if match is None:
            continue
        fields: dict[str, str] = {}
        for name, value in match.groupdict().items():
            fields.update(_field(name, value, spoken))
        return _(template).format(**fields)
    return text


def untranslated(text: str) -> bool:
    """True when `localize` would leave `text` in English (French only)."""
    return bool(text) and localize(text) == text and _(text) == text
