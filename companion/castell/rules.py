"""Castell's arithmetic, as the seed (002, French) gives it: the calendar and the five final
categories, each a pure function that returns its `ScoreLine` with the reason in words.

Every number here comes from a sentence of the seed, quoted beside it; docs/RULES-castell.md
says how each one is read and what the device leaves to the table.

>>> FESTIVAL_ROUNDS, len(FESTIVAL_ROUNDS)
((3, 4, 5, 6, 7, 8, 9, 10), 8)
>>> region_variety("red", 5).text
'Region variety: 5 regions = 7'
>>> size_tokens("red", 2, 0).text
'Size tokens: 2 sizes × 2 + 0 further = 4'
>>> size_token_counts([2, 5, 2, 2])
(2, 2)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from companion.i18n import N_
from companion.kit.scoring import ScoreLine

# « Le jeu se poursuit pendant dix tours. » / « À la fin du dixième tour, le jeu se termine »
ROUNDS: tuple[int, ...] = tuple(range(1, 11))

# The calendar is read from the seed's own words, so the count of festivals is the seed's.
FESTIVALS_SEED = "À la fin des tours 3 à 10, des festivals ont lieu."


def _festival_rounds(sentence: str) -> tuple[int, ...]:
    found = re.search(r"tours (\d+) à (\d+)", sentence)
    assert found, "the seed's festival sentence names no range of rounds"
    first, last = int(found[1]), int(found[2])
    return tuple(range(first, last + 1))


FESTIVAL_ROUNDS: tuple[int, ...] = _festival_rounds(FESTIVALS_SEED)

REGIONS = 7  # « placez un nombre déterminé de Castellers sur les sept régions du plateau »

# « Une région vous rapporte zéro point, deux vous rapporte un point, trois vous rapporte trois
# points, quatre vous rapporte cinq points, cinq vous rapporte sept points, six vous rapporte dix
# points, et sept vous rapporte quatorze points. » The seed's table starts at one region; no
# region at all pays nothing (index = number of regions).
VARIETY: tuple[int, ...] = (0, 0, 1, 3, 5, 7, 10, 14)

# « Chaque trophée que vous avez gagné vaut cinq points, chaque métal vaut trois points et chaque
# ruban vaut un point. » (« métal » is the translation's slip for médaille.)
TROPHY, MEDAL, RIBBON = 5, 3, 1

# « deux points étant gagnés pour chaque jeton de taille unique que vous possédez et un point pour
# chaque jeton de même taille »: read as 2 for the first token of each size, 1 for each further
# token of a size already counted.
FIRST_OF_SIZE, FURTHER_OF_SIZE = 2, 1

# What the box holds (« MATÉRIAUX »): the most a player could own of each, for checks.
PRIZE_TOKENS = 40  # « 40 jetons de prix »
SIZE_TOKENS = 30  # « 30 jetons de taille »
SPECIAL_TOKENS = 28  # « 28 jetons d'action spéciale »
LOCAL_TILES_IN_PLAY = 14  # 32 tiles, « Les dix-huit tuiles inutilisées » go back to the box
LARGEST_SIZE = 9  # a casteller's size, as printed: « ne peut varier que d'un chiffre »
LARGEST_TILE = 10  # a local performance tile's points (a skill exhibition's points = levels)
LARGEST_TOWER = 30  # a tower score: 1 per level + 1 per matching casteller

# The five categories, in the seed's order, as `categories` keys and `ScoreLine.rule` ids.
CATEGORIES = ("best_tower", "region_variety", "prizes", "size_tokens", "local_performances")


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def best_tower(player: str, score: int) -> ScoreLine:
    """« C'est votre meilleur score à la tour qui est évalué »: the score marker's place."""
    return ScoreLine(player, score, "best_tower", f"Best tower: {score}", quantity=score)


def region_variety(player: str, regions: int) -> ScoreLine:
    """The variety bonus for the number of regions a player won things in (0–7)."""
    points = VARIETY[regions]
    if regions == 0:
        return ScoreLine(
            player, 0, "region_variety", N_("Region variety: no region, 0"), quantity=0
        )
    text = f"Region variety: {_plural(regions, 'region')} = {points}"
    return ScoreLine(player, points, "region_variety", text, quantity=regions)


def prizes(player: str, trophies: int, medals: int, ribbons: int) -> ScoreLine:
    """Trophies × 5 + medals × 3 + ribbons × 1; a kind not won is left out of the words."""
    points = trophies * TROPHY + medals * MEDAL + ribbons * RIBBON
    parts = []
    if trophies:
        parts.append(f"{_plural(trophies, 'trophy', 'trophies')} × {TROPHY}")
    if medals:
        parts.append(f"{_plural(medals, 'medal')} × {MEDAL}")
    if ribbons:
        parts.append(_plural(ribbons, "ribbon"))  # × 1 goes without saying
    text = f"Prizes: {' + '.join(parts)} = {points}" if parts else N_("Prizes: none, 0")
    detail = {"trophies": trophies, "medals": medals, "ribbons": ribbons}
    return ScoreLine(player, points, "prizes", text, detail=detail)


def size_token_counts(sizes: Iterable[int]) -> tuple[int, int]:
    """(distinct sizes, further tokens of a size already counted) of a player's size tokens."""
    tokens = list(sizes)
    distinct = len(set(tokens))
    return distinct, len(tokens) - distinct


def size_tokens(player: str, distinct: int, further: int) -> ScoreLine:
    """2 per distinct size, 1 per further token of a size already counted."""
    points = distinct * FIRST_OF_SIZE + further * FURTHER_OF_SIZE
    if distinct == 0:
        return ScoreLine(player, 0, "size_tokens", N_("Size tokens: none, 0"), quantity=0)
    text = (
        f"Size tokens: {_plural(distinct, 'size')} × {FIRST_OF_SIZE} + {further} further = {points}"
    )
    detail = {"distinct": distinct, "further": further}
    return ScoreLine(player, points, "size_tokens", text, quantity=distinct, detail=detail)


def local_performances(player: str, tile_points: int, special_tokens: int) -> ScoreLine:
    """The points printed on the local performance tiles claimed, + 1 per special action token
    collected with them."""
    points = tile_points + special_tokens
    if points == 0:
        return ScoreLine(player, 0, "local_performances", N_("Local performances: none, 0"))
    text = f"Local performances: {tile_points} + {_plural(special_tokens, 'token')} = {points}"
    detail = {"tiles": tile_points, "special_tokens": special_tokens}
    return ScoreLine(player, points, "local_performances", text, detail=detail)


@dataclass(frozen=True)
class FinalCounts:
    """What one player counts at the end, as the pad enters it (numbers only); range checks are
    the caller's (the pad's fields, or the score document's reader)."""

    best_tower: int = 0
    regions: int = 0
    trophies: int = 0
    medals: int = 0
    ribbons: int = 0
    sizes: int = 0  # distinct sizes among the size tokens
    further_sizes: int = 0  # further tokens of a size already counted
    local_points: int = 0  # the local performance tiles' points, summed
    special_tokens: int = 0


def final_lines(player: str, c: FinalCounts) -> list[ScoreLine]:
    """The five categories' lines, in the seed's order (« FIN DU JEU »)."""
    return [
        best_tower(player, c.best_tower),
        region_variety(player, c.regions),
        prizes(player, c.trophies, c.medals, c.ribbons),
        size_tokens(player, c.sizes, c.further_sizes),
        local_performances(player, c.local_points, c.special_tokens),
    ]


def best_after(best: int, tower: int) -> int:
    """The score track after a festival: « S'il s'agit de votre meilleur score de tour, déplacez
    votre marqueur de score »: the best tower so far, never the sum.

    >>> best_after(9, 7), best_after(9, 11), best_after(0, 0)
    (9, 11, 0)
    """
    return max(best, tower)
