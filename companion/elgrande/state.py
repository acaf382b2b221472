"""The game state: plain data, mutated only by the engine's steps. Its repr shows no secret.

Hidden information lives in: `hands` (after a hidden power-card take-back), `stacks` (the order of
the face-down action cards), the Castillo's contents in `board`, and the `sealed` choices of a
pending secret step. Views (companion/elgrande/views.py) remove them before anything is shown.

>>> from companion.elgrande.engine import new_game
>>> s = new_game(["red", "blue"], seed=1)
>>> s.caballeros("red"), s.others("red"), s.total_in(s.grandes["blue"])
(30, ('blue',), 2)
>>> "hands" in repr(s)  # a repr never shows a secret
False
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from companion.elgrande.data import CASTILLO, GameData, game_data
from companion.elgrande.options import TableOptions
from companion.elgrande.scoring import Position
from companion.kit.events import Event, EventLog


@dataclass(repr=False, eq=False)
class State(EventLog):
    players: tuple[str, ...]  # seat order, clockwise
    options: TableOptions
    seed: int
    rounds: tuple[int, ...]  # the round numbers played (the short game skips some)
    king: str
    grandes: dict[str, str]
    board: dict[str, dict[str, int]]  # area (Castillo included) -> player -> caballeros
    court: dict[str, int]
    province: dict[str, int]
    hands: dict[str, list[int]]  # unused power cards (private once a take-back was hidden)
    stacks: dict[int, list[str]]  # face-down action cards, top last (private)
    first_bidder: str | None
    scores: dict[str, int] = field(default_factory=dict)
    round_index: int = -1
    phase: str = "setup"
    played: dict[str, list[int]] = field(default_factory=dict)  # power cards played, in order
    bids: dict[str, int] = field(default_factory=dict)  # this round's revealed bids
    turn_order: tuple[str, ...] = ()
    turn_index: int = 0
    face_up: list[str] = field(default_factory=list)  # this round's action cards still on offer
    taken: dict[str, str] = field(default_factory=dict)  # this round: player -> action card
    scoreboards: dict[str, str] = field(default_factory=dict)  # region -> scoreboard id
    # player -> the round index each Veto they hold was taken in, oldest first (2 copies: a
    # player may hold both; each expires on its own). A player holding none has no entry.
    vetoes: dict[str, list[int]] = field(default_factory=dict)
    # Pending decisions, the top one is asked; each a companion.elgrande.base.Step, not imported
    # even for the annotation: base builds on state, and the layers import one way.
    steps: list[Any] = field(default_factory=list)
    # The events announced since the game's keeper (the session) last took them: the whole log
    # is not kept here, so that copying a state (`apply`, a bot looking ahead) stays cheap.
    events: list[Event] = field(default_factory=list)
    event_count: int = 0  # how many the game has announced: the last one's seq
    winners: tuple[str, ...] = ()

    # -- derived facts -------------------------------------------------------------------------
    @property
    def data(self) -> GameData:
        return game_data()

    @property
    def round(self) -> int | None:
        return self.rounds[self.round_index] if self.round_index >= 0 else None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def others(self, player: str) -> tuple[str, ...]:
        """The other players, clockwise from the player's left."""
        i = self.players.index(player)
        return self.players[i + 1 :] + self.players[:i]

    def seat_order_from(self, first: str) -> tuple[str, ...]:
        return (first, *self.others(first))

    def values(self, area: str) -> tuple[int, int, int]:
        board_id = self.scoreboards.get(area)
        return self.data.scoreboards[board_id] if board_id else self.data.printed_values(area)

    def caballeros(self, player: str) -> int:
        """All of a colour's caballeros: province, court, regions and Castillo (always 30)."""
        on_board = sum(counts[player] for counts in self.board.values())
        return self.province[player] + self.court[player] + on_board

    def total_in(self, area: str) -> int:
        return sum(self.board[area].values())

    def placement_areas(self) -> list[str]:
        """Where a turn's caballeros go: regions bordering the King's region, and the Castillo."""
        near = self.data.neighbours[self.king]
        return [CASTILLO, *(r for r in self.data.regions if r in near)]

    def position(self) -> Position:
        scoreboards = {r: self.data.scoreboards[b] for r, b in self.scoreboards.items()}
        return Position(
            self.players, self.king, self.grandes, self.board, scoreboards, self.options.ruleset
        )

    def play_power_card(self, player: str, value: int) -> None:
        """The card leaves the hand face up; `played` is the public record of it."""
        self.hands[player].remove(value)
        self.played[player].append(value)
        self.bids[player] = value

    def move(self, player: str, source: str, target: str, n: int = 1) -> None:
        """Move caballeros between 'province', 'court' and areas. Callers check the rules."""
        for place, delta in ((source, -n), (target, n)):
            if place == "province":
                self.province[player] += delta
            elif place == "court":
                self.court[player] += delta
            else:
                self.board[place][player] += delta

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """The copy `apply` and a bot looking ahead make: the plain containers copied by hand,
        the rest (the pending steps) by `copy.deepcopy` — the same result, several times
        faster."""
        new = object.__new__(State)
        memo[id(self)] = new
        for name, value in self.__dict__.items():
            new.__dict__[name] = _copied(value, memo)
        return new

    def __repr__(self) -> str:
        # Public facts only: no hands, stacks, Castillo contents or sealed choices.
        return (
            f"<State round={self.round} phase={self.phase} king={self.king} "
            f"scores={self.scores} pending={len(self.steps)}>"
        )


_ATOMS = (str, int, float, bool, type(None))


def _copied(value: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of `value`: dicts, lists and tuples of atoms by hand, anything else by
    `copy.deepcopy` (with the same memo, so shared objects stay shared)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        out = value.copy()
        for k, v in out.items():
            if type(v) not in _ATOMS:
                out[k] = _copied(v, memo)
        return out
    if kind is list:
        out = value.copy()
        for i, v in enumerate(out):
            if type(v) not in _ATOMS:
                out[i] = _copied(v, memo)
        return out
    if kind is tuple and all(type(v) in _ATOMS for v in value):
        return value
    return copy.deepcopy(value, memo)
