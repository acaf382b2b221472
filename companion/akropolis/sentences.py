"""Akropolis' sentences in the table's language: its engine's English f-strings as catalog
templates (`companion.kit.sentences`), read back by `MODULE.localize`. The colours' names, the
conditions their districts meet and the fields' fixed words are marked where they are written
(data.py, steps.py).

>>> from companion.i18n import set_language
>>> set_language("fr"); print(SENTENCES.localize("Markets: (5 + 3 doubled) × 4 stars = 32"))
Marchés\u202f: (5 + 3 en double) × 4 étoiles = 32
>>> print(SENTENCES.localize("Gardens: no garden plaza, 0"))
Jardins\u202f: sans place, 0
>>> set_language("en")
"""

from __future__ import annotations

from companion.akropolis.data import COLOURS
from companion.i18n import N_
from companion.kit.sentences import Sentences

TEMPLATES = (
    # events (engine.py, steps.py)
    N_("Akropolis final count (variants: {items}): everyone enters their city on their pad"),
    N_("Game over. Winner: {players}"),
    # the ranking (tally.ranking_text), its places joined by "; "
    N_("{player} wins with {n}"),
    N_("{player} {nth} with {n}"),
    N_("{player} wins with {n} ({n2} unused stones against {items})"),
    N_("{player} {nth} with {n} ({n2} unused stones against {items})"),
    N_("{players} share first place with {n} and {n2} unused stones each"),
    N_("{players} share place {n} with {n2} and {n3} unused stones each"),
    # a colour's reason (tally.colour_line): the colour, then its stars
    N_("Houses: no house plaza, 0"),
    N_("Markets: no market plaza, 0"),
    N_("Barracks: no barracks plaza, 0"),
    N_("Temples: no temple plaza, 0"),
    N_("Gardens: no garden plaza, 0"),
    (N_("{word}: {n2} × {n} star = {n3}"), N_("{word}: {n2} × {n} stars = {n3}")),
    (
        N_("{word}: ({n2} + {n3} doubled) × {n} star = {n4}"),
        N_("{word}: ({n2} + {n3} doubled) × {n} stars = {n4}"),
    ),
    N_("Stones {n}"),
    # the fields (steps.py): a colour's labels and questions
    N_("{word}: plazas"),
    N_("{word}: value"),
    N_("{word}: doubled"),
    N_("Houses: how many house plazas can you see? (1 star each; none: the colour scores 0)"),
    N_("Markets: how many market plazas can you see? (2 stars each; none: the colour scores 0)"),
    N_("Barracks: how many barracks plazas can you see? (2 stars each; none: the colour scores 0)"),
    N_("Temples: how many temple plazas can you see? (2 stars each; none: the colour scores 0)"),
    N_("Gardens: how many garden plazas can you see? (3 stars each; none: the colour scores 0)"),
    N_("{word}: {text} ({n} or more counts twice)"),
    N_("{word}: {text}"),
    N_("{word} variant: {text} (they count twice)"),
    # the table's variants, as the setup event lists them
    N_("houses"),
    N_("markets"),
    N_("barracks"),
    N_("temples"),
    N_("gardens"),
    N_("none"),
    # the ranking page's tie-break: unused stones separated equal scores
    N_("stones"),
    # the game's phase, as the sim's header names it
    N_("entry"),
)

SENTENCES = Sentences(
    TEMPLATES, words=[c.name for c in COLOURS], colours=("red", "blue", "yellow", "green")
)
