"""The game-agnostic vocabulary every game module is written in, and the registry that finds them.

Nothing here names a game. A game is a package (`companion/elgrande/`, `companion/akropolis/`, …)
whose `module.py` provides one `GameModule` (see `companion.kit.game`); `companion.games` lists
the packages the device ships, as OpenSpiel's registry and boardgame.io's game list do.
"""
