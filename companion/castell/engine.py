"""Castell's engine: set up a game, ask who decides what, apply a decision.

Pure and deterministic. The device keeps the calendar (festivals « à la fin des tours 3 à 10 »),
each player's best tower, and the final count; the board, the towers and the prizes stay with
the table (docs/RULES-castell.md says why).

>>> from companion.kit.moves import Action
>>> s = new_game(["red", "blue"], seed=1)
>>> d = decision(s)
>>> d.kind, d.players, d.prompt[:40]
('festival', ('red', 'blue'), 'Festival after round 3: enter your tower')
>>> apply_in_place(s, "red", Action("tower", 9))
>>> apply_in_place(s, "blue", Action("tower", 0))
>>> [e.text for e in s.take_events()][-3:-1]
["red's best tower is now 9", "blue's best tower stays 0"]
>>> s.round, s.scores
(4, {'red': 9, 'blue': 0})
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.castell import rules
from companion.castell.options import TableOptions
from companion.castell.state import State
from companion.castell.steps import FestivalEntry, FinalEntry, final_form, tower_form
from companion.kit import engine as kit_engine
from companion.kit.moves import Action
from companion.kit.steps import Step

PLAYERS = (2, 4)  # « LE NOMBRE DE JOUEURS : 2 à 4 joueurs »


def new_game(players: Sequence[str], seed: int, options: TableOptions | None = None) -> State:
    """A game for 2–4 players (names in seat order). `seed` is kept for the bots and replays;
    the device draws nothing (the bag and the tiles stay physical)."""
    seats = kit_engine.checked_players(players, *PLAYERS, "Castell")
    options = kit_engine.checked_setup(
        seed,
        options,
        TableOptions,
        "a TableOptions (TableOptions.from_dict builds one from a dict)",
    )
    s = State(seats, options, seed, best=dict.fromkeys(seats, 0), scores=dict.fromkeys(seats, 0))
    if options.festivals == "tracked":
        first, last = rules.FESTIVAL_ROUNDS[0], rules.FESTIVAL_ROUNDS[-1]
        plan = f"after each festival (rounds {first} to {last}) everyone enters their tower score"
    else:
        plan = "festivals are not entered; everything is counted at the end of round 10"
    s.announce("setup", f"Castell, {len(seats)} players: {plan}", options.to_json())
    _settle(s)
    return s


decision = kit_engine.decision
legal_actions = kit_engine.legal_actions


def apply(s: State, player: str, action: Action) -> State:
    """The state after `player` takes `action`; `s` itself is unchanged."""
    return kit_engine.applied(s, player, action, apply_in_place)


def apply_in_place(s: State, player: str, action: Action) -> None:
    """Take `player`'s entry. A refused one raises RuleError saying why and what is allowed,
    and changes nothing; TypeError for what is not an Action at all."""
    kit_engine.apply_step(
        s,
        player,
        action,
        not_an_action="apply takes an Action, e.g. Action('tower', 9); got",
        over="the game is over; no more entries are taken",
        waiting=_waiting,
    )
    _settle(s)


def _waiting(s: State, top: Step, player: str, deciders: tuple[str, ...]) -> str:
    waiting = ", ".join(deciders)
    return f"{player} has entered everything for now; waiting for {waiting} (a long ● takes back)"


def _settle(s: State) -> None:
    """Pop finished steps; when none is pending, the calendar says what comes next."""
    kit_engine.settle(s, _advance)


def _advance(s: State) -> None:
    """The next festival, else the final count, else the end."""
    if s.phase in ("setup", "festival"):
        festivals = rules.FESTIVAL_ROUNDS if s.options.festivals == "tracked" else ()
        upcoming = [r for r in festivals if s.round is None or r > s.round]
        if upcoming:
            _open_festival(s, upcoming[0])
        else:
            _open_final(s)
    elif s.phase == "final":
        s.phase = "over"
        won = " and ".join(s.winners)
        tie = " (shared: the seed names no tie-break)" if len(s.winners) > 1 else ""
        s.announce("game_over", f"Game over. Winner: {won}{tie}", list(s.winners))


def _open_festival(s: State, festival_round: int) -> None:
    s.phase, s.current_round = "festival", festival_round
    title = f"Festival after round {festival_round}: enter your tower score (0 = did not take part)"
    form = tower_form(festival_round)
    s.steps.append(
        FestivalEntry(
            forms={p: form for p in s.players}, title=title, festival_round=festival_round
        )
    )
    s.announce("festival", title, {"round": festival_round})


def _open_final(s: State) -> None:
    s.phase, s.current_round = "final", rules.ROUNDS[-1]
    tracked = s.options.festivals == "tracked"
    forms = {p: final_form(s.best[p], tracked=tracked) for p in s.players}
    s.steps.append(FinalEntry(forms=forms))
    s.announce("final_scoring", f"End of round {rules.ROUNDS[-1]}: final scoring, five categories")
