"""The score track the device replaces: 50 spaces (0–49), so a score is laps of 50 plus the
marker's space; with the expansion, the laps are shown by the 50/100 score tiles.

What to do with a score tile at each lap, in the seed's words (seed 004, « Les tuiles de
score »): the first lap « vous prenez une tuile de score. Placez-la devant vous sur le côté qui
affiche 50 points »; the second « retournez votre tuile de points pour montrer son côté 100 »;
the third « Utilisez une tuile de score supplémentaire ». The pattern goes on: an odd lap takes
a new tile (50 side up), an even lap turns it to 100.

>>> [m.text for m in lap_messages("red", 48, 52, expansion=True)]
['red passes 50: take a score tile, 50 side up (« vous prenez une tuile de score »); marker on 2']
>>> tiles_text(112)
'one score tile, 100 side up'
"""

from __future__ import annotations

from dataclasses import dataclass

LAP = 50  # spaces on the base game's track

TAKE = "vous prenez une tuile de score"
TURN = "retournez votre tuile de points pour montrer son côté 100"
ANOTHER = "Utilisez une tuile de score supplémentaire"


@dataclass(frozen=True)
class LapMessage:
    """A player's score passed a multiple of 50: what to do with the score tiles."""

    player: str
    lap: int  # 1 for the first 50, 2 for 100 …
    marker: int  # the space the marker stands on afterwards
    action: str  # "take", "turn" or "another" (the expansion), "note" without it
    quote: str | None  # the seed's words for it
    text: str

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "lap": self.lap,
            "marker": self.marker,
            "action": self.action,
            "quote": self.quote,
        }


def marker(score: int) -> int:
    """The track space a score's marker stands on."""
    return score % LAP


def laps(score: int) -> int:
    return score // LAP


def tiles_text(score: int) -> str:
    """What lies in front of a player whose score is `score`: its score tiles."""
    hundreds, fifty = divmod(laps(score), 2)
    parts = []
    if hundreds:
        parts.append(
            "one score tile, 100 side up"
            if hundreds == 1
            else f"{hundreds} score tiles, 100 side up"
        )
    if fifty:
        parts.append("one score tile, 50 side up")
    return " and ".join(parts) or "no score tile"


def _lap_words(lap: int, expansion: bool) -> tuple[str, str | None, str]:
    if not expansion:  # the base game has no score tiles: the table remembers the laps
        return "note", None, f"remember {lap * LAP} (lap {lap})"
    if lap % 2 == 0:
        return "turn", TURN, f"turn your score tile to its 100 side (« {TURN} »)"
    if lap == 1:
        return "take", TAKE, f"take a score tile, 50 side up (« {TAKE} »)"
    return "another", ANOTHER, f"take another score tile, 50 side up (« {ANOTHER} »)"


def lap_messages(player: str, before: int, after: int, *, expansion: bool) -> list[LapMessage]:
    """One message for each multiple of 50 the score passed going from `before` to `after`
    (several when one feature pays more than 50), in order."""
    out = []
    for lap in range(laps(before) + 1, laps(after) + 1):
        action, quote, words = _lap_words(lap, expansion)
        text = f"{player} passes {lap * LAP}: {words}; marker on {marker(after)}"
        out.append(LapMessage(player, lap, marker(after), action, quote, text))
    return out


def track_json(scores: dict[str, int]) -> dict[str, dict[str, object]]:
    """Each player's score as the track and the tiles show it."""
    return {
        p: {"score": s, "laps": laps(s), "marker": marker(s), "tiles": tiles_text(s)}
        for p, s in scores.items()
    }
