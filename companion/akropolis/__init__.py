"""Akropolis (2–4 players): the end-of-game count, from each player's tally or from their city's
hexes, with the five optional variants of BGA's help page. See docs/RULES-akropolis.md."""
