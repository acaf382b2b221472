"""The setup screen's words that come from the games' data (option labels and values, shown
with `_` by setup.py), marked here so the catalogs hold them.

Each game's module gives its option labels and values in English; a value the catalog lacks is
shown as it is (a number, a year).
"""

from companion.i18n import N_

OPTION_LABELS = (
    N_("Ruleset"),
    N_("Short game"),
    N_("Veto"),
    N_("Bids"),
    N_("Deck"),
    N_("First bidder"),
    N_("King's disc"),
    N_("Tie-break"),
    N_("Castillo shown"),
    # The other games' options, named from their keys (Akropolis' are its colours' names).
    N_("Festivals"),
    N_("Expansion"),
    N_("Edition"),
)
OPTION_VALUES = (
    N_("random"),
    N_("choose"),
    N_("sealed"),
    N_("open"),
    N_("shuffled"),
    N_("physical"),
    N_("shared"),
    N_("tournament"),
    N_("forbidden"),
    N_("court"),
    N_("bga"),
    N_("tracked"),
    N_("final_only"),
)
OTHER = (N_("Not playing"), N_("Scores"), N_("● next"), N_("plus"))

# Carcassonne's sixth seat colour (El Grande's five are marked with its sentences).
SEAT_COLOURS = (N_("pink"),)
