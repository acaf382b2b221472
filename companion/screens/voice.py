"""What the device says, from numbered public events only: a sentence, or None when the event is
not worth speaking (each caballero placed would drown the table).

An event is {"seq", "kind", "text", "detail"} as the public view lists them. Nothing here reads a
state, a hand or a sealed choice; an event only exists once it is public (a bid is spoken when
the bids are revealed, and "takes a power card back" never says which).

>>> speech_for({"seq": 7, "kind": "round", "text": "Round 3", "detail": 3})
'Round 3 of 9. A general scoring follows this round.'
>>> speech_for({"seq": 8, "kind": "place", "text": "red places a caballero in Galicia",
...             "detail": None}) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.elgrande import sentences
from companion.elgrande.base import BY_CARD
from companion.elgrande.data import game_data
from companion.elgrande.scoring import NOBODY
from companion.elgrande.sentences import in_area, localize
from companion.i18n import _, language, ngettext
from companion.screens.pages import area_title
from companion.screens.reasons import area_score, spoken_reason

Event = Mapping[str, Any]


def speech_for(event: Event) -> str | None:
    """The sentence for one public event, or None to stay silent."""
    say = _SAYERS.get(str(event.get("kind", "")))
    if say is None:
        return None
    sentence = say(event)
    return _sentence(sentence) if sentence else None


def _sentence(text: str) -> str:
    """Capitalised, ending in a full stop, symbols a speech engine misreads spelled out."""
    if language() != "en":
        # Said, not read: the engine's sentence in the table's language, names as said.
        text = text.replace("«\u202f", "").replace("\u202f»", "")
        for written, said in sentences.glossary().get("said", {}).items():
            text = re.sub(rf"(?<!\w){re.escape(written)}(?!\w)", said, text)
    # "+2 home" and "own+2" (a card's title) alike: "plus" a word of its own.
    text = re.sub(r" ?\+ ?", f" {_('plus')} ", text.replace("→", _("to"))).strip()
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _round(event: Event) -> str:
    data = game_data()
    n = event.get("detail")
    if not isinstance(n, int):
        return str(event["text"])
    general = _(" A general scoring follows this round.") if n in data.general_scoring_after else ""
    said = localize(str(event.get("text", "")), spoken=True)
    _heading, _dot, deal = said.partition(". ")  # the shuffled deck's cards, if any
    heading = _("Round {n} of {rounds}.").format(n=n, rounds=data.rounds)
    return f"{heading}{general}" + (f" {deal}" if deal else "")


def _text(event: Event) -> str:
    return localize(str(event.get("text", "")), spoken=True)


def _score(event: Event) -> str:
    detail = event.get("detail")
    if detail is None:
        return _text(event)
    score = area_score(detail)
    said = "; ".join(spoken_reason(p) for p in score.placings) or _(NOBODY)
    if language() != "en":
        return _("{in_area}: {said}").format(in_area=in_area(score.area, "", True), said=said)
    return f"{area_title(score.area)}: {said}"


def _card(event: Event) -> str:
    """A card taken is said with its whole text, so the table knows what it does."""
    card = event.get("detail")
    cards = game_data().action_cards
    if isinstance(card, str) and card in cards:
        if language() != "en":
            return _("{said}: {text}").format(said=_text(event), text=sentences.card_text(card))
        title, text = cards[card].title, cards[card].text
        return f"{_text(event)}: {text.removeprefix(title + ': ')}"
    return _text(event)


def _game_over(event: Event) -> str:
    winners = event.get("detail")
    if isinstance(winners, list | tuple) and winners:
        if language() != "en":
            who = _(" and ").join(_(str(w)) for w in winners)
            won = ngettext("Game over. {who} wins!", "Game over. {who} win!", len(winners))
            return won.format(who=who[:1].upper() + who[1:])
        who = " and ".join(map(str, winners))
        return f"Game over. {who[:1].upper()}{who[1:]} {'wins' if len(winners) == 1 else 'win'}!"
    return _text(event)


def _by_card(event: Event) -> str:
    """A placement or a take an action card made is said (the turn's own are only shown)."""
    return _text(event) if event.get("detail") == BY_CARD else ""


def _bids(event: Event) -> str:
    text = str(event.get("text", "")).replace("Power cards:", "Power cards played:")
    return localize(text, spoken=True)


_SAYERS: dict[str, Callable[[Event], str]] = {
    "setup": _text,
    "first_bidder": _text,
    "round": _round,
    "bid": _text,  # an open bid: public the moment it is played
    "bids": _bids,  # sealed bids, revealed together
    "order": _text,
    "turn": _text,
    "card": _card,
    "king": _text,
    "veto": _text,
    "take_back": _text,
    "discs": _text,  # revealed discs
    "castillo_discs": _text,  # a general scoring's discs: where the Castillo goes
    "scoreboard": _text,
    "grande": _text,
    # Every caballero an action card moves, from where to where: the real board follows.
    "move": _text,
    "return": _text,
    "place": _by_card,
    "take": _by_card,
    "general_scoring": _text,
    "score": _score,
    "totals": _text,
    "game_over": _game_over,
}
# Silent: the turn's own "place" and "take", "act", "discard" — shown, not spoken.
