"""The rules engine's public face: set up a game, ask who decides what, apply a decision.

Pure: no I/O, clock, threads or hardware; deterministic from the seed.

>>> from companion.elgrande.engine import new_game, decision, legal_actions, apply
>>> s = new_game(["red", "blue", "yellow"], seed=7)
>>> d = decision(s)
>>> d.kind, d.secret, sorted(d.players)
('bid', True, ['blue', 'red', 'yellow'])
>>> legal_actions(s, "red")  # 13 power cards: a pad-sized menu of two groups first
[Action(kind='bid_group', target='1-7'), Action(kind='bid_group', target='8-13')]
>>> s2 = apply(apply(s, "red", Action("bid_group", "1-7")), "red", Action("bid", 7))
>>> decision(s2).players != d.players  # red is in; the others still choose
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.elgrande.base import SecretStep, Step, choices_text
from companion.elgrande.data import CASTILLO, game_data
from companion.elgrande.moves import TARGET_TYPES, Action, echo, plain
from companion.elgrande.options import TableOptions
from companion.elgrande.scoring_steps import CastilloDiscs, Corrections
from companion.elgrande.state import State
from companion.elgrande.steps import (
    ChooseActionCard,
    ChooseFirstBidder,
    OpenBids,
    RevealCard,
    SealedBids,
    TakeCaballeros,
    Turn,
)
from companion.kit import engine as kit_engine

KINGS_CARD = "5"


def new_game(players: Sequence[str], seed: int, options: TableOptions | None = None) -> State:
    """Set up a game for 2–5 players (names in seat order, clockwise) from a seeded shuffle.

    `seed` must be an int: a game is replayed from its seed and decisions, so there is no
    "seed from the clock". `options` must be a TableOptions (None: the defaults); a dict is
    refused rather than guessed at: convert it with `TableOptions.from_dict`, which names any
    unknown option or value.
    """
    players = checked_players(players)
    options = kit_engine.checked_setup(
        seed,
        options,
        TableOptions,
        "a TableOptions (TableOptions.from_dict builds one from a dict)",
    )
    data = game_data()
    rng = random.Random(seed)
    region_cards = list(data.regions)
    rng.shuffle(region_cards)
    king, homes = region_cards[0], dict(zip(players, region_cards[1:], strict=False))
    board = {a: dict.fromkeys(players, 0) for a in data.areas}
    for p, home in homes.items():
        board[home][p] = data.home_caballeros
    stacks = {}
    for stack in (1, 2, 3, 4):
        cards = [c for c in data.action_deck() if data.action_cards[c].stack == stack]
        if not options.veto:  # playing without the Veto: its cards leave the game
            cards = [c for c in cards if c != "2a"]
        rng.shuffle(cards)
        stacks[stack] = cards
    on_board = data.home_caballeros + data.court_caballeros
    s = State(
        players=players,
        options=options,
        seed=seed,
        rounds=data.round_numbers(options.short_game),
        king=king,
        grandes=homes,
        board=board,
        court=dict.fromkeys(players, data.court_caballeros),
        province=dict.fromkeys(players, data.caballeros_per_colour - on_board),
        hands={p: list(data.power_cards) for p in players},
        stacks=stacks,
        first_bidder=rng.choice(players) if options.first_bidder == "random" else None,
        scores=dict.fromkeys(players, 0),
        played={p: [] for p in players},
    )
    homes_text = ", ".join(f"{p} in {data.area_name(r)}" for p, r in homes.items())
    s.announce("setup", f"The King starts in {data.area_name(king)}. Homes: {homes_text}")
    PHASES[s.phase].begin(s)
    _settle(s)
    return s


def checked_players(players: object) -> tuple[str, ...]:
    """The seats as a tuple: 2 to 5 distinct, non-empty names (RuleError, or TypeError for
    what is not a list of names, saying what is wrong)."""
    return kit_engine.checked_players(players, 2, 5, "El Grande")


decision = kit_engine.decision
legal_actions = kit_engine.legal_actions


def apply(s: State, player: str, action: Action) -> State:
    """The state after `player` takes `action`; `s` itself is unchanged."""
    return kit_engine.applied(s, player, action, apply_in_place)


def apply_in_place(s: State, player: str, action: Action) -> None:
    """As `apply`, mutating `s` (for replays and bots). A refused action changes nothing.

    Refusals: RuleError for a decision the rules do not allow now (the message says what is
    allowed), TypeError when `action` is not an Action at all (a programming error).
    """
    kit_engine.apply_step(
        s,
        player,
        action,
        not_an_action="apply takes an Action (e.g. Action('bid', 7) or Action.from_json(...)), got",
        waiting=_waiting,
        refusal=_refusal,
    )
    _settle(s)


def _waiting(s: State, top: Step, player: str, deciders: tuple[str, ...]) -> str:
    if isinstance(top, SecretStep) and player in top.players:
        return f"{player} has already chosen; waiting for {', '.join(deciders)}"
    return kit_engine.not_deciding(s, top, player, deciders)


def _refusal(s: State, top: Step, player: str, action: Action, legal: list[Action]) -> str:
    """Why the action is refused. A target of a type no legal choice of that kind has is
    answered plainly here, as is one too long or odd to repeat (see ``moves.plain``), so a step's
    own explanation only ever sees short, well-formed targets."""
    kinds = {a.kind: type(a.target) for a in legal}
    if type(action.kind) is not str:
        return f"an action's kind is text, not {type(action.kind).__name__}; " + choices_text(legal)
    wanted = kinds.get(action.kind)
    if type(action.target) not in TARGET_TYPES or (wanted and type(action.target) is not wanted):
        what = "this choice" if top.secret else repr(action.kind[:20])
        return (
            f"{what} takes a target of another type than {type(action.target).__name__}; "
            + choices_text(legal)
        )
    if not (plain(action.kind) and plain(action.target)):
        # Never a legal choice: answered here, so no step's message repeats it whole.
        if top.secret:
            return f"that is not an allowed choice for this secret {top.kind}; " + choices_text(
                legal
            )
        return f"{echo(action.kind)} {echo(action.target)} is not allowed now; " + choices_text(
            legal
        )
    return top.refusal(s, player, action, legal)


# -- the round structure -------------------------------------------------------------------------


@dataclass(frozen=True)
class Phase:
    """One part of a round, walked the way boardgame.io's Flow walks its phases: `begin` runs on
    entry (it may push steps); while steps are pending they are asked; once none is pending,
    `end_if` says whether the phase is over — if not, `each` pushes the next decision (the next
    player's turn) — and when it is, `end` runs and `next` names the phase that follows."""

    begin: Callable[[State], None]
    next: Callable[[State], str]
    end_if: Callable[[State], bool] = lambda s: True  # over once its steps are done
    each: Callable[[State], None] = lambda s: None
    end: Callable[[State], None] = lambda s: None


def _next_round_or_over(s: State) -> str:
    return "bidding" if s.round_index + 1 < len(s.rounds) else "over"


def _after_turns(s: State) -> str:
    return "scoring" if s.round in s.data.general_scoring_after else _next_round_or_over(s)


def _ask_first_bidder(s: State) -> None:
    if s.first_bidder is None:
        s.steps.append(ChooseFirstBidder())


DEAL_SAID = "Lay out the action cards: "  # after "Round N. " when the device shuffles


def _start_round(s: State) -> None:
    s.round_index += 1
    s.bids, s.taken, s.turn_order, s.turn_index = {}, {}, (), 0
    s.face_up = [KINGS_CARD]
    assert s.first_bidder is not None
    seats = s.seat_order_from(s.first_bidder)
    s.steps.append(SealedBids(seats) if s.options.bidding == "sealed" else OpenBids(seats))
    if s.options.deck == "physical":
        s.steps += [RevealCard(stack) for stack in (4, 3, 2, 1)]  # stack 1 asked first
    else:
        s.face_up = [s.stacks[stack].pop() for stack in (1, 2, 3, 4)] + [KINGS_CARD]
    deal = ""
    if s.options.deck == "shuffled":  # the table lays out the printed cards the device dealt
        dealt = ", ".join(f"{i} {s.data.card_named(c)}" for i, c in enumerate(s.face_up[:4], 1))
        deal = f". {DEAL_SAID}stack {dealt}"
    s.announce("round", f"Round {s.round}{deal}", s.round)


def _set_turn_order(s: State) -> None:
    s.turn_order = tuple(sorted(s.players, key=lambda p: -s.bids[p]))
    s.turn_index = 0
    s.announce("order", "Turn order: " + ", ".join(s.turn_order))


def _start_turn(s: State) -> None:
    p = s.turn_order[s.turn_index]
    allowance = s.data.power_cards[s.bids[p]]
    s.steps += [Turn(p), ChooseActionCard(p), TakeCaballeros(p, allowance)]
    s.announce("turn", f"{p}'s turn")


def _end_round(s: State) -> None:
    discarded = [c for c in s.face_up if c != KINGS_CARD]
    if discarded:
        s.announce("discard", "Discarded: " + ", ".join(map(s.data.card_named, discarded)))
    s.face_up = []
    s.first_bidder = min(s.players, key=lambda p: s.bids[p])
    for p, held in list(s.vetoes.items()):
        kept = [taken for taken in held if taken >= s.round_index]  # through the next round
        for _ in range(len(held) - len(kept)):
            s.announce("veto", f"{p}'s Veto is discarded unused")
        if kept:
            s.vetoes[p] = kept
        else:
            del s.vetoes[p]


def _general_scoring(s: State) -> None:
    s.announce("general_scoring", f"General scoring after round {s.round}")
    assert s.first_bidder is not None  # set as the round ended: the next round's first bidder
    s.steps += [CastilloDiscs(s.players), Corrections(s.first_bidder)]  # corrections asked first


def _finish(s: State) -> None:
    s.winners = winners(s)
    s.announce("game_over", f"Game over. Winner: {' and '.join(s.winners)}", s.winners)


# A round of El Grande: bid (everyone at once, or in seat order), then each player once in
# turn order, then after rounds 3, 6 and 9 a general scoring (the table's corrections, then
# the Castillo discs); the game ends after the last round.
PHASES: dict[str, Phase] = {
    "setup": Phase(begin=_ask_first_bidder, next=_next_round_or_over),
    "bidding": Phase(begin=_start_round, next=lambda s: "turns"),
    "turns": Phase(
        begin=_set_turn_order,
        end_if=lambda s: s.turn_index >= len(s.turn_order),  # each player once, in bid order
        each=_start_turn,
        end=_end_round,
        next=_after_turns,
    ),
    "scoring": Phase(begin=_general_scoring, next=_next_round_or_over),
    "over": Phase(begin=_finish, next=lambda s: "over"),
}


def _settle(s: State) -> None:
    """Pop finished steps and walk the phases until someone must decide."""
    kit_engine.settle(s, _next_in_phase)


def _next_in_phase(s: State) -> None:
    """No step is pending: the phase's next decision, or the next phase."""
    phase = PHASES[s.phase]
    if not phase.end_if(s):
        phase.each(s)
        return
    phase.end(s)
    s.phase = phase.next(s)
    PHASES[s.phase].begin(s)


def winners(s: State) -> tuple[str, ...]:
    """Highest score, a tie shared (the printed rules name no tie-break); the tournament
    option breaks it by court, then province, then best unused power card."""
    best = max(s.scores.values())
    tied = [p for p in s.players if s.scores[p] == best]
    if s.options.tiebreak == "tournament":
        for key in (
            lambda p: s.court[p],
            lambda p: s.province[p],
            lambda p: max(s.hands[p], default=0),
        ):
            top = max(key(p) for p in tied)
            tied = [p for p in tied if key(p) == top]
    return tuple(tied)


def check_invariants(s: State) -> None:
    """Raise AssertionError where the state breaks a rule that always holds (tests, bots)."""
    data = s.data
    for p in s.players:
        assert s.caballeros(p) == data.caballeros_per_colour, f"{p} has {s.caballeros(p)}"
        assert s.province[p] >= 0 and s.court[p] >= 0
        assert all(s.board[a][p] >= 0 for a in s.board)
        assert s.grandes[p] in data.regions
    assert s.king in data.regions and s.king != CASTILLO
    assert all(r != CASTILLO for r in s.scoreboards)
