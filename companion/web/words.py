"""The pages' own words (headings, buttons, alerts, table heads) in the table's language.

The static pages carry no words of their own: an element names its word (`data-w="key"`, or
`data-w-aria-label`, `data-w-title` for an attribute) and the scripts ask `W.key`, filling
`{name}` fields themselves. The server hands these words out as JSON (`GET /words`), built anew
for each request, so a language chosen on the setup screen reaches a page at its next load.
Nothing here depends on the game: these are words, never a view.

>>> from companion.i18n import set_language
>>> set_language("fr"); words()["undo"], words()["lang"]
('Annuler / retirer', 'fr')
>>> set_language("en"); words()["reconnecting"]
'reconnecting…'
"""

from __future__ import annotations

from companion.i18n import _, language, pgettext


def words() -> dict[str, str]:
    """Every static word of the board, pad and pairing pages, by key."""
    return {
        "lang": language(),
        # every page
        "reconnecting": _("reconnecting…"),
        "regions": _("the regions"),
        "king": pgettext("map", "King"),
        "king_title": _("the King"),
        "grande": _("Grande"),
        "scoreboard": _("board {value}"),
        "hidden": pgettext("caballeros", "hidden"),
        "n_hidden": _("{n} hidden"),
        "list_and": _("{items} and {last}"),
        # the board page
        "board_title": _("The board"),
        "connecting": _("Connecting…"),
        "setting_up": _("Setting up the table…"),
        "waiting_table": _("Waiting for the table…"),
        "cards_on_offer": _("Cards on offer"),
        "score_chart": _("score chart"),
        "offline": _("{seat}'s phone is offline"),
        "round_of": _("Round {round} of {rounds}"),
        "game_over": _("{name}: game over"),
        "deciding": _("{seats}: {prompt}"),
        "chosen": _("chosen: {seats}"),
        "scoring_page": _("Scoring · page {page} of {pages}"),
        "winner": _("Winner: {names}"),
        "winners": _("Winners: {names}"),
        "phase_bidding": pgettext("phase", "Bidding"),
        "phase_turns": pgettext("phase", "Turns"),
        "phase_scoring": pgettext("phase", "Scoring"),
        "col_score": pgettext("column", "score"),
        "col_court": pgettext("column", "court"),
        "col_province": pgettext("column", "province"),
        "col_cards": pgettext("column", "cards"),
        "col_bid": pgettext("column", "bid"),
        "has_phone": pgettext("tag", "phone"),
        "entering": _("entering…"),
        # a phone's pad
        "pad_title": _("Your pad"),
        "not_paired": _("Not paired"),
        "no_seat": _("This phone has no seat. Ask the table for a pairing code, then:"),
        "pair_link": _("pair this phone"),
        "your_cards": _("your power cards"),
        "next": _("Next ●"),
        "undo": _("Undo / withdraw"),
        "done": pgettext("entered", "done"),
        "taken_back": _("taken back"),
        "next_done": pgettext("entered", "next"),
        "power_card": _("power card {n}"),
        "no_connection": _("no connection: try again"),
        "refused": _("refused"),
        "sealed": _("Entered, sealed: {choice}"),
        "sealed_wait": _("Sealed. The others are still choosing."),
        "enter": pgettext("button", "Enter"),
        "whole_number": _("{label}: a whole number from {low} to {high}"),
        "tap_next": _("tap Next"),
        "press_yes": _("● yes"),
        "press_next": _("● next"),
        "waiting_for": _("Waiting for {seats}"),
        "waiting": _("Waiting"),
        "own_castillo": _("Your Castillo caballeros: {n}"),
        "then_head": _("{choice}, then:"),  # a choice, then what may follow it at once
        # pairing
        "pair_title": _("Pair this phone"),
        "code_label": _("The code on the main display"),
        "take_seat": _("Take this seat"),
        "pair_failed": _("that did not work: ask the table for a new code"),
    }
