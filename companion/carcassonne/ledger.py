"""Where an entered feature becomes points on the track, and where the game ends: the score
lines, the laps and the totals are announced here, and nowhere else changes a score (a
correction is an undo of the entry, never an edit of the track).

>>> from companion.carcassonne.engine import new_game
>>> from companion.carcassonne.features import Feature, Meeples
>>> s = new_game(["red", "blue"], seed=1)
>>> _ = s.take_events()
>>> record(s, Feature("road", False, tiles=5, inn=True, meeples={"red": Meeples(1)}), "red")
>>> [(e.kind, e.text) for e in s.take_events()]
[('score', 'Road with an inn, 5 tiles × 2 = 10 to red'), ('totals', 'Scores: red 10, blue 0')]
"""

from __future__ import annotations

from companion.carcassonne.features import Feature
from companion.carcassonne.scoring import score_feature
from companion.carcassonne.state import State
from companion.carcassonne.track import lap_messages
from companion.kit.scoring import ranking


def scores_text(scores: dict[str, int]) -> str:
    return "Scores: " + ", ".join(f"{p} {n}" for p, n in scores.items())


def record(s: State, feature: Feature, placer: str) -> None:
    """Score `feature` (entered by `placer`, agreed by its owners) and announce it."""
    result = score_feature(feature, s.options.edition)
    if result.nobody is not None:
        s.announce("feature", result.nobody, {"feature": feature.to_json()})
    before = dict(s.scores)
    for line in result.lines:
        s.scores[line.player] += line.points
        s.announce("score", line.text, line.to_json())
    for player in s.players:
        for lap in lap_messages(
            player, before[player], s.scores[player], expansion=s.options.expansion
        ):
            s.announce("lap", lap.text, lap.to_json())
    s.log.append(
        {
            "by": placer,
            "feature": feature.to_json(),
            "points": result.points(),
            "why": result.texts(),
        }
    )
    s.announce("totals", scores_text(s.scores), {"scores": dict(s.scores)})


def ranking_text(places: list[tuple[int, tuple[str, ...]]], scores: dict[str, int]) -> str:
    """'red wins with 46; blue 40', 'red and blue share the win with 46; green 31'."""
    first = places[0][1]
    if len(first) == 1:
        head = f"{first[0]} wins with {scores[first[0]]}"
    else:
        head = f"{', '.join(first[:-1])} and {first[-1]} share the win with {scores[first[0]]}"
    rest = [f"{p} {scores[p]}" for _, group in places[1:] for p in group]
    return head + ("; " + ", ".join(rest) if rest else "")


def finish(s: State) -> None:
    """The final count is over: rank (ties share a place; the rules name no tie-break)."""
    s.phase = "over"
    s.places = ranking(s.scores)
    s.winners = s.places[0][1]
    text = ranking_text(s.places, s.scores)
    places = [[place, list(group)] for place, group in s.places]
    s.announce("ranking", text, {"places": places, "tiebreak": None})
    s.announce("game_over", f"Game over: {text}", {"winners": list(s.winners)})
