"""Whole games by bots, every table option, with the rules' invariants checked after each step."""

import copy
import itertools
from collections import Counter

import pytest
from cardkit import FIVE

from companion.elgrande.base import SecretStep
from companion.elgrande.bots import GreedyBot, RandomBot, play_game
from companion.elgrande.data import game_data
from companion.elgrande.engine import check_invariants, legal_actions
from companion.elgrande.options import CHOICES, TableOptions
from companion.elgrande.views import public_view

GAMES = 2000
KING_MOVES = {"king_adjacent", "king_any"}
GAME_LIMIT = 10_000  # decisions in one game: far more than any game takes


def bounded(on_step=None):
    """An on_step for play_game that fails a game still running after GAME_LIMIT decisions (the
    engine stopped advancing) instead of letting it loop forever; it then calls `on_step`."""
    taken = []  # one play_game call: one game

    def check(s, player, action):
        taken.append(action)
        assert len(taken) <= GAME_LIMIT, f"no end after {GAME_LIMIT} decisions: {s!r}"
        if on_step:
            on_step(s, player, action)

    return check


def all_options():
    names = list(CHOICES)
    for values in itertools.product(*(CHOICES[n] for n in names)):
        yield TableOptions(**dict(zip(names, values, strict=True)))


class Watcher:
    """Checks every step of a game; collects which cards were taken and carried out."""

    def __init__(self, check_secrets):
        self.check_secrets = check_secrets
        self.taken, self.carried_out = Counter(), Counter()
        self.sealed_states_checked = 0
        self.game = None

    def __call__(self, s, player, action):
        if s is not self.game:  # play_game mutates one state per game: a new one is a new game
            self.game, self.king, self.scores = s, s.king, dict(s.scores)
            self.taken_back = Counter()
        check_invariants(s)
        assert s.king == self.king or action.kind in KING_MOVES, action
        self.king = s.king
        assert all(s.scores[p] >= self.scores[p] for p in s.players)
        self.scores = dict(s.scores)
        if action.kind == "card":
            self.taken[action.target] += 1
        if action.kind == "act":
            self.carried_out[action.target] += 1
        if action.kind == "take_back":
            self.taken_back[(player, action.target)] += 1
        for p in s.players:
            for v, n in Counter(s.played[p]).items():
                assert n <= 1 + self.taken_back[(p, v)], (p, v)
        if self.check_secrets:
            top = s.steps[-1] if s.steps else None
            self.sealed_states_checked += isinstance(top, SecretStep) and bool(top.sealed)
            assert_secrets_do_not_reach_public_view(s)


def assert_secrets_do_not_reach_public_view(s):
    """Changing a secret (a sealed choice, a hand, the face-down stacks) changes no public view."""
    view = public_view(s)
    other = copy.deepcopy(s)
    top = other.steps[-1] if other.steps else None
    if isinstance(top, SecretStep):
        for p, chosen in top.sealed.items():
            alternatives = [a for a in top.legal(other, p) if a != chosen]
            if alternatives:
                top.sealed[p] = alternatives[0]
    for p in other.players:  # other cards, as many: how many is public, which is not
        other.hands[p] = [v + 100 for v in other.hands[p]]
    for stack in other.stacks.values():
        stack.reverse()
    assert public_view(other) == view


@pytest.mark.slow  # a sweep: .ci/run runs the slow set beside the README's command
def test_two_thousand_random_games_keep_every_invariant_and_use_every_card():
    watcher = Watcher(check_secrets=False)
    options = list(all_options())
    seen_players = Counter()
    for i in range(GAMES):
        n = 2 + i % 4
        opts = options[i % len(options)]
        players = FIVE[:n]
        seen_players[n] += 1
        bots = {players[0]: GreedyBot(i)} if i % 3 == 0 else {}
        final = play_game(
            players, seed=i, options=opts, bots=bots, default=RandomBot, on_step=bounded(watcher)
        )
        assert final.is_over and final.winners
    assert set(seen_players) == {2, 3, 4, 5}
    assert set(watcher.taken) == set(game_data().action_cards)
    assert set(watcher.carried_out) == set(game_data().action_cards) - {"2a"}


@pytest.mark.slow  # a sweep: .ci/run runs the slow set beside the README's command
def test_no_secret_reaches_the_public_view_before_its_reveal():
    watcher = Watcher(check_secrets=True)
    options = list(all_options())
    for i in range(32):
        opts = options[i * 37 % len(options)]  # a stride that varies every option
        play_game(FIVE[: 2 + i % 4], seed=1000 + i, options=opts, on_step=bounded(watcher))
    assert watcher.sealed_states_checked > 100


def test_bots_are_deterministic_from_the_seed():
    def events(seed):
        s = play_game(FIVE[:4], seed, bots={"red": GreedyBot(seed)}, on_step=bounded())
        return [e.text for e in s.events]

    assert events(5) == events(5)
    assert events(5) != events(6)


def test_greedy_bot_beats_random_bots_most_of_the_time():
    wins = sum(
        "red" in play_game(FIVE[:4], s, bots={"red": GreedyBot(s)}, on_step=bounded()).winners
        for s in range(20)
    )
    assert wins >= 12


def test_bots_only_ever_choose_legal_actions():
    chosen = []

    def on_step(s, p, a):
        chosen.append(a)

    bot = GreedyBot(1)
    original = bot.choose

    def checked(s, p):
        a = original(s, p)
        assert a in legal_actions(s, p)
        return a

    bot.choose = checked
    play_game(FIVE[:3], 2, bots={"red": bot}, on_step=bounded(on_step))
    assert chosen


def test_a_game_that_stops_advancing_fails_instead_of_hanging():
    with pytest.raises(RuntimeError, match="did not end within 5 decisions"):
        play_game(["red", "blue"], 1, max_decisions=5)
