"""Carcassonne with Inns & Cathedrals: the device keeps the score track (laps and the 50/100
score tiles) and scores every feature the table enters, with its reason. The board, the tiles
and the meeples stay physical; the device never sees them, so each feature is entered on a pad.

Rules: docs/RULES-carcassonne.md (the expansion from seed 004, the base game from edition C2).
"""
