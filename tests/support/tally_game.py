"""A two-number game for testing the game-agnostic layers: everyone enters their own counts at
once (an open parallel entry), then the device scores count × 2 + bonus. No game ships it: tests
register it under the id "tally" (`registered`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from companion import games
from companion.kit.events import Event, events_json
from companion.kit.game import GameInfo
from companion.kit.moves import Action, Decision, RuleError
from companion.kit.scoring import ScoreLine, ranking, totals_of
from companion.kit.steps import NumberField, ParallelEntry

FORM = (
    NumberField("count", "Count", "how many you have", high=9, default=3),
    NumberField("bonus", "Bonus", "your bonus, if you have any count", high=5, asked_if="count"),
)


@dataclass(frozen=True)
class Options:
    double: bool = False

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Options:
        unknown = set(raw) - {"double"}
        if unknown:
            raise ValueError(f"unknown table option {sorted(unknown)[0]!r}; accepted: double")
        return cls(**raw)


class Count(ParallelEntry):
    def complete(self, s: State) -> None:
        factor = 4 if s.options.double else 2
        lines = [
            ScoreLine(p, v["count"] * factor + v["bonus"], "count", f"{p}: count {v['count']}")
            for p, v in self.values.items()
        ]
        for line in lines:
            s.announce("score", line.text, line.to_json())
        s.scores = totals_of(lines, s.players)
        s.announce("totals", f"Scores: {s.scores}", {"scores": dict(s.scores)})
        s.announce("ranking", "ranked", {"places": ranking(s.scores)})
        s.announce("game_over", "game over")


@dataclass(repr=False)
class State:
    players: tuple[str, ...]
    options: Options
    seed: int
    steps: list[Any] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    count: int = 0

    @property
    def round(self) -> int | None:
        return 1

    @property
    def is_over(self) -> bool:
        return not self.steps or not self.steps[-1].deciders(self)

    def announce(self, kind: str, text: str, detail: Any = None) -> None:
        self.count += 1
        self.events.append(Event(kind, text, detail, seq=self.count, round=1))

    def take_events(self) -> list[Event]:
        taken, self.events = self.events, []
        return taken


class Tally:
    info = GameInfo("tally", "Tally", (2, 4), ("red", "blue"), False, ())
    undo_barriers = frozenset({"score", "totals", "game_over"})
    bots: dict[str, type] = {}

    def option_choices(self) -> dict[str, tuple[Any, ...]]:
        return {"double": (False, True)}

    def options_from(self, raw: dict[str, Any]) -> Options:
        return Options.from_dict(raw)

    def new_game(self, players: Sequence[str], seed: int, options: Any = None) -> State:
        s = State(tuple(players), options or Options(), seed)
        s.steps.append(Count(forms={p: FORM for p in s.players}))
        return s

    def decision(self, s: State) -> Decision | None:
        top = s.steps[-1]
        deciders = top.deciders(s)
        return Decision(deciders, top.kind, top.prompt(s)) if deciders else None

    def legal_actions(self, s: State, player: str) -> list[Action]:
        return s.steps[-1].legal(s, player)

    def apply_in_place(self, s: State, player: str, action: Action) -> None:
        top = s.steps[-1]
        legal = top.legal(s, player)
        if action not in legal:
            raise RuleError(top.refusal(s, player, action, legal))
        top.apply(s, player, action)

    def public_view(self, s: State, events: Any = None) -> dict[str, Any]:
        d = self.decision(s)
        pending = None
        if d is not None:
            pending = {"players": list(d.players), "kind": d.kind, "prompt": d.prompt,
                       "secret": False, "parallel": True}  # fmt: skip
        return {"game": "tally", "players": list(s.players), "round": 1, "rounds": [1],
                "phase": "entry", "scores": dict(s.scores), "decision": pending,
                "winners": [], "options": asdict(s.options),
                "entries": {p: dict(v) for p, v in s.steps[-1].values.items()},
                "events": events_json(s.events) if events is None else list(events)}  # fmt: skip

    def own_view(self, s: State, player: str) -> dict[str, Any]:
        return {}

    def describe(self, action: Action) -> str:
        return f"{action.kind} {action.target}"

    def undo_text(self, before: State, after: State, player: str, action: Action) -> str:
        return f"{player} takes back: {self.describe(action)}"

    def score_document(self, doc: Any) -> dict[str, Any]:
        return {"totals": {}}


MODULE = Tally()


@contextmanager
def registered() -> Iterator[None]:
    """The tally game in the registry for the length of a `with`."""
    games.CATALOGUE["tally"] = __name__
    try:
        yield
    finally:
        del games.CATALOGUE["tally"]
