"""Castell's sentences in the table's language: its engine's English f-strings as catalog
templates (`companion.kit.sentences`), read back by `MODULE.localize`. Its fixed words (the
fields' labels and rules) are marked where they are written.

>>> from companion.i18n import set_language
>>> set_language("fr"); print(SENTENCES.localize("red's best tower is now 9"))
nouvelle meilleure tour pour rouge\u202f: 9
>>> print(SENTENCES.localize("Prizes: 2 trophies × 5 + 1 ribbon = 11"))
Prix\u202f: 2 trophées × 5 + 1 ruban = 11
>>> set_language("en")
"""

from __future__ import annotations

from companion.i18n import N_
from companion.kit.sentences import Sentences

TEMPLATES = (
    # events (engine.py, steps.py)
    N_("Castell, {n} players: {text}"),
    N_("after each festival (rounds {n} to {n2}) everyone enters their tower score"),
    N_("festivals are not entered; everything is counted at the end of round {n}"),
    N_("Festival after round {n}: enter your tower score (0 = did not take part)"),
    N_("End of round {n}: final scoring, five categories"),
    N_("{player}'s best tower is now {n}"),
    N_("{player}'s best tower stays {n}"),
    N_("{player}'s best tower corrected from {n} to {n2} (the track's marker counts)"),
    N_("Game over. Winner: {players}"),
    N_("Game over. Winner: {players} (shared: the seed names no tie-break)"),
    # the ranking (steps.ranking_text), its places joined by "; "
    N_("{player} wins with {n}"),
    N_("{player} {nth} with {n}"),
    N_("{players} share {nth} with {n}"),
    # the final count's reasons (rules.py)
    N_("Best tower: {n}"),
    (N_("Region variety: {n} region = {n2}"), N_("Region variety: {n} regions = {n2}")),
    N_("Prizes: {terms} = {n}"),
    (N_("{n} trophy × {n2}"), N_("{n} trophies × {n2}")),
    (N_("{n} medal × {n2}"), N_("{n} medals × {n2}")),
    (N_("{n} ribbon"), N_("{n} ribbons")),
    (
        N_("Size tokens: {n} size × {n2} + {n3} further = {n4}"),
        N_("Size tokens: {n} sizes × {n2} + {n3} further = {n4}"),
    ),
    (
        N_("Local performances: {n2} + {n} token = {n3}"),
        N_("Local performances: {n2} + {n} tokens = {n3}"),
    ),
    # the fields' rules with a number in them (steps.py)
    N_(
        "Festival after round {n}: your tower score, 1 per level + 1 per casteller matching "
        "the festival's size tokens. Enter 0 if you did not take part (to take part your pawn is "
        "in the festival's region and your tower has four levels with matching castellers). The "
        "track keeps your best tower, not the sum."
    ),
    N_(
        "Best tower: the score your marker shows on the score track, your best festival "
        "tower (1 per level + 1 per matching casteller). The device's track says {n}; ● keeps "
        "it. It scores as it is."
    ),
    N_(
        "Best tower: the score your marker shows on the score track, your best festival "
        "tower (1 per level + 1 per matching casteller). It scores as it is."
    ),
    N_(
        "Region variety: in how many of the 7 regions you won things (the regions of your "
        "player board holding a prize, a size token or a local performance). {items}; none "
        "scores 0."
    ),
)

# The game's phases, as the sim's header names them.
PHASES = (N_("festival"), N_("final"))

SENTENCES = Sentences(TEMPLATES, colours=("red", "blue", "green", "yellow"))
