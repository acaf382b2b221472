"""What a game module provides, for the layers above it: `GameInfo` and the `GameModule` protocol.

The model is OpenSpiel's `GameType` (the game's nature declared, not discovered) and boardgame.io's
game object (the game as data and pure moves, `playerView` applied before anything leaves).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from companion.i18n import N_
from companion.kit.moves import Action, Decision
from companion.kit.sentences import Sentences
from companion.kit.shortcuts import Shortcut


def undo_moments(*words: str) -> frozenset[str]:
    """The event kinds no undo crosses, from their words as a refused undo says them ("… past
    the game over": `game_over`); each word marked with `N_` where it is written.

    >>> sorted(undo_moments("score", "game over"))
    ['game_over', 'score']
    """
    return frozenset(word.replace(" ", "_") for word in words)


@dataclass(frozen=True)
class GameInfo:
    """A game's nature: its id (stored in every saved game's header), its name on the setup
    screen, how many may play, the seat colours in the box, and the documents it follows."""

    id: str
    name: str
    players: tuple[int, int]  # fewest, most
    colours: tuple[str, ...]
    hidden_information: bool  # does a seat ever hold a secret (a sealed choice)?
    seeds: tuple[str, ...]  # the source documents every default traces to
    # The main display's game page: "board" (the game draws its own board summary) or "ledger"
    # (the page every game can have: who must enter what, and the scores).
    page: str = "ledger"


class GameModule(Protocol):
    """One game, as the session, the app and the commands see it. The state is the game's own
    object: the layers above read it only through these methods, and need of it only `steps`
    (the top one decides), `round`, `is_over`, `events` and `take_events()`."""

    info: GameInfo
    undo_barriers: frozenset[str]  # event kinds no undo crosses (a reveal, a scoring …)
    bots: Mapping[str, type]  # name -> a bot class: Bot(seed).choose(state, player, legal)

    def option_choices(self) -> Mapping[str, tuple[Any, ...]]:
        """The table options and their accepted values, the default first."""
        ...

    def options_from(self, raw: dict[str, Any]) -> Any:
        """The game's options from a plain dict; ValueError names what is wrong."""
        ...

    def new_game(self, players: Sequence[str], seed: int, options: Any = None) -> Any: ...

    def decision(self, state: Any) -> Decision | None: ...

    def legal_actions(self, state: Any, player: str) -> list[Action]: ...

    def apply_in_place(self, state: Any, player: str, action: Action) -> None:
        """Carry out a legal action; a refused one raises RuleError and changes nothing."""
        ...

    def public_view(self, state: Any, events: Sequence[dict[str, Any]] | None = None) -> dict:
        """Everything the table may see, as JSON: built from public fields only."""
        ...

    def own_view(self, state: Any, player: str) -> dict[str, Any]:
        """What only `player` may know (their hand, their sealed choice …); {} when nothing."""
        ...

    def describe(self, action: Action) -> str:
        """A short label for an action out of context (a log)."""
        ...

    def label(self, state: Any, action: Action) -> str:
        """An action as a pad menu shows it now (the deciding step may name it better)."""
        ...

    def number_field(self, state: Any, player: str) -> Any:
        """The NumberField `player` is asked now (a pad shows a stepper), or None."""
        ...

    def shortcuts(self, state: Any, player: str) -> tuple[Shortcut, ...]:
        """Runs of `player`'s decisions one tap on a phone may enter now (kit.shortcuts)."""
        ...

    def undo_text(self, before: Any, after: Any, player: str, action: Action) -> str:
        """What the table is told of an undo: what was taken back, what to change on the board."""
        ...

    def localize(self, text: str, spoken: bool = False) -> str:
        """One of the engine's English sentences (an event, a prompt, a choice, a field's label,
        a score's reason) in the table's language; `spoken`: as the voice says it."""
        ...

    def score_document(self, doc: Any) -> dict[str, Any]:
        """`companion score FILE` for this game: a parsed JSON document in, the JSON result out
        (`totals` by player first); bad input raises `companion.kit.strict_json.InputError`."""
        ...


class GameBase:
    """What a game module may leave to the kit: the calls handed on to its own engine, views,
    table options and score file, which a module names (`engine`, `views`, `options_type`,
    `score_file`); and, for a game whose steps name their own choices (`Step.label`), whose
    seats hold no secret, and whose numbers are asked by its steps (`Step.number`), the rest.
    El Grande overrides the rest; the ledger games inherit it."""

    undo_barriers = undo_moments(N_("score"), N_("totals"), N_("ranking"), N_("game over"))
    # The game's own modules: the engine (new_game, decision, legal_actions, apply_in_place),
    # the views (public_view), its table options (a `kit.options.ChoiceOptions`), and what
    # scores a document for `companion score FILE` (score_document).
    engine: ClassVar[Any]
    views: ClassVar[Any]
    options_type: ClassVar[Any]
    score_file: ClassVar[Any]
    # The game's sentences: its templates and words, for `localize` (the kit's own only, until
    # a game names its own).
    sentences: ClassVar[Sentences] = Sentences(())

    def localize(self, text: str, spoken: bool = False) -> str:
        return self.sentences.localize(text, spoken)

    def option_choices(self) -> dict[str, tuple[Any, ...]]:
        return dict(self.options_type.CHOICES)

    def options_from(self, raw: dict[str, Any]) -> Any:
        return self.options_type.from_dict(raw)

    def new_game(self, players: Sequence[str], seed: int, options: Any = None) -> Any:
        return self.engine.new_game(players, seed, options)

    def decision(self, state: Any) -> Decision | None:
        return self.engine.decision(state)

    def legal_actions(self, state: Any, player: str) -> list[Action]:
        return self.engine.legal_actions(state, player)

    def apply_in_place(self, state: Any, player: str, action: Action) -> None:
        self.engine.apply_in_place(state, player, action)

    def public_view(self, state: Any, events: Sequence[dict[str, Any]] | None = None) -> dict:
        return self.views.public_view(state, events)

    def score_document(self, doc: Any) -> dict[str, Any]:
        return self.score_file.score_document(doc)

    def own_view(self, state: Any, player: str) -> dict[str, Any]:
        return {}

    def shortcuts(self, state: Any, player: str) -> tuple[Shortcut, ...]:
        return ()  # every decision is its own tap

    def describe(self, action: Action) -> str:
        kind = action.kind.replace("_", " ")
        return kind if action.target is None else f"{kind} {action.target}"

    def label(self, state: Any, action: Action) -> str:
        """An action as the deciding step names it (a pad menu's line)."""
        top = state.steps[-1] if state.steps else None
        return top.label(action) if top is not None else self.describe(action)

    def number_field(self, state: Any, player: str) -> Any:
        """The number `player` is asked now (a pad shows a stepper), or None."""
        top = state.steps[-1] if state.steps else None
        return top.number(state, player) if top is not None else None

    def undo_text(self, before: Any, after: Any, player: str, action: Action) -> str:
        return f"{player} takes back: {self.label(before, action)}"
