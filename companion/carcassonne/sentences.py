"""Carcassonne's sentences in the table's language: its engine's English f-strings as catalog
templates (`companion.kit.sentences`), read back by `MODULE.localize`. The features' titles,
the menus' choices and the fields' fixed words are marked where they are written.

A feature's arithmetic (`calc`) is a field of its own kind: whatever follows its title up to
the next colon, an end-of-game nothing first.

>>> from companion.i18n import set_language
>>> set_language("fr"); print(SENTENCES.localize("Road with an inn, 5 tiles × 2 = 10 to red"))
Route avec auberge, 5 tuiles × 2 = 10 pour rouge
>>> set_language("en")
"""

from __future__ import annotations

from companion.carcassonne.scoring import TITLES
from companion.i18n import N_
from companion.kit.sentences import Sentences

TEMPLATES = (
    # events (engine.py, steps.py, form.py, ledger.py, track.py)
    N_("Carcassonne {text}, edition {code}: {items}; the device keeps the score track"),
    N_("with Inns & Cathedrals"),
    N_("without the expansion"),
    N_(
        "{player}: end of game. Final count: open roads, open cities, cloisters, fields; then no "
        "more features"
    ),
    N_("{player} enters: {word}, {calc}; meeples {items}; {items2} to confirm"),
    N_("{player} says the entry is wrong: back to {player2}"),
    N_("{player} passes {n}: {text}; marker on {n2}"),
    N_("remember {n} (lap {n2})"),
    N_(
        "turn your score tile to its 100 side (« retournez votre tuile de points pour montrer "
        "son côté 100 »)"
    ),
    N_("take a score tile, 50 side up (« vous prenez une tuile de score »)"),
    N_("take another score tile, 50 side up (« Utilisez une tuile de score supplémentaire »)"),
    N_("{player} wins with {n}; {items}"),
    N_("{players} share the win with {n}; {items}"),
    N_("{players} share the win with {n}"),
    N_("Game over: {text}"),
    # a feature scored (scoring.py): its title, its arithmetic, who scores
    N_("{word}, {calc} to {player}"),
    N_("{word}, {calc}: {clause}: {player} {n}"),
    N_("{word}, {calc}: no meeple there, nobody scores"),
    (N_("{n} tile × {n2} = {n3}"), N_("{n} tiles × {n2} = {n3}")),
    N_("{text} and {text2}, {n} × {n2} = {n3}"),
    (N_("{n} tile"), N_("{n} tiles")),
    (N_("{n} pennant"), N_("{n} pennants")),
    N_("{text} × {n} = {n2}"),
    N_("an inn scores nothing at the end: {text}"),
    N_("a cathedral scores nothing at the end: {text}"),
    N_("complete, 1 + 8 neighbours = {n}"),
    (N_("1 + {n} neighbour = {n2}"), N_("1 + {n} neighbours = {n2}")),
    (N_("{n} completed city × {n2} = {n3}"), N_("{n} completed cities × {n2} = {n3}")),
    # who has the majority (scoring.majority_text)
    (N_("{n} meeple"), N_("{n} meeples")),
    N_("{text} (a big meeple)"),
    N_("{text} (a big meeple and {n})"),
    N_("{text} against {items}"),
    N_("{items} and {text} tied at {text2} each"),
    N_("{player} {text}"),
    # the entry's questions and choices (form.py)
    N_("Road: tiles"),
    N_("City: tiles"),
    N_("Road: count its tiles, each tile once"),
    N_("Road: count its tiles, each tile once (open at the end: 1 a tile)"),
    N_("City: count its tiles, each tile once"),
    N_("City: count its tiles, each tile once (open at the end: 1 a tile)"),
    N_("{player} entered {word}, {calc}, meeples {items}: is it right?"),
    N_("{player} {n} + big"),
    N_("+1 {player}"),
    N_("big meeple {player}"),
    # what is being entered, as each stage asks it
    N_("{player}: the road was said to be wrong; enter it again or cancel it"),
    N_("{player}: the city was said to be wrong; enter it again or cancel it"),
    N_("{player}: the cloister was said to be wrong; enter it again or cancel it"),
    N_("{player}: the open road was said to be wrong; enter it again or cancel it"),
    N_("{player}: the open city was said to be wrong; enter it again or cancel it"),
    N_("{player}: the open cloister was said to be wrong; enter it again or cancel it"),
    N_("{player}: the field was said to be wrong; enter it again or cancel it"),
    N_("Meeples on the road? One press a meeple, then done ({items})"),
    N_("Meeples on the city? One press a meeple, then done ({items})"),
    N_("Meeples on the cloister? One press a meeple, then done ({items})"),
    N_("Meeples on the open road? One press a meeple, then done ({items})"),
    N_("Meeples on the open city? One press a meeple, then done ({items})"),
    N_("Meeples on the open cloister? One press a meeple, then done ({items})"),
    N_("Meeples on the field? One press a meeple, then done ({items})"),
    N_("Whose big meeple is on the road? (it counts as 2 for the majority)"),
    N_("Whose big meeple is on the city? (it counts as 2 for the majority)"),
    N_("Whose big meeple is on the cloister? (it counts as 2 for the majority)"),
    N_("Whose big meeple is on the open road? (it counts as 2 for the majority)"),
    N_("Whose big meeple is on the open city? (it counts as 2 for the majority)"),
    N_("Whose big meeple is on the open cloister? (it counts as 2 for the majority)"),
    N_("Whose big meeple is on the field? (it counts as 2 for the majority)"),
    N_("{player} cancels the road entry; nothing scored"),
    N_("{player} cancels the city entry; nothing scored"),
    N_("{player} cancels the cloister entry; nothing scored"),
    N_("{player} cancels the field entry; nothing scored"),
)

# The game's phases, as the sim's header names them.
PHASES = (N_("play"), N_("final"))

# A feature's arithmetic: up to the next colon or semicolon, after an end-of-game nothing.
CALC = r"(?:(?:an inn|a cathedral) scores nothing at the end: )?[^:;]+?"

SENTENCES = Sentences(
    TEMPLATES,
    words=TITLES,
    colours=("red", "blue", "green", "yellow", "black", "pink"),
    kinds={"calc": CALC, "clause": r"[^:;]+"},
)
