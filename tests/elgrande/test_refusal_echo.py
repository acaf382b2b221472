"""Any wrong target is a RuleError whose message is one line and repeats at most ~60 characters
of what was sent: a huge number, a huge text, a line break or a wrong type never escapes."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_properties import options
from test_engine_robustness import random_game_prefix

from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import ECHO_MAX, Action, Piece, RuleError

HUGE_TEXT = "x" * 10**6
HOSTILE = [
    10**5000,  # str() of it raises ValueError: past Python's 4,300-digit limit
    -(10**5000),
    2**63,
    HUGE_TEXT,
    "galicia\nOK: forged line",
    "\x1b]0;retitled\x07",
    "tab\there",
    "\u202egalicia",  # a right-to-left override is not printable either
    b"galicia",
    1.5,
    float("nan"),
    [1],
    {"region": "galicia"},
    Piece(HUGE_TEXT, "red"),
    Piece("galicia", "red\nblue"),
    Piece(["galicia"], 5),  # type: ignore[arg-type]
]


def _refused(s, player, action) -> str:
    before = pickle.dumps(s)
    with pytest.raises(RuleError) as err:
        apply_in_place(s, player, action)
    assert pickle.dumps(s) == before
    return str(err.value)


def _check(message: str) -> None:
    assert "\n" not in message and message.isprintable(), message[:200]
    assert "x" * (ECHO_MAX + 5) not in message


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    opts=options,
    rnd=st.randoms(use_true_random=False),
    steps=st.integers(0, 400),
)
def test_every_hostile_target_is_a_rule_error_on_one_short_line(n, seed, opts, rnd, steps):
    s = random_game_prefix(n, seed, opts, rnd, steps)
    if s.is_over:
        return
    player = decision(s).players[0]
    kinds = sorted({a.kind for a in legal_actions(s, player)}) + ["no_such_kind"]
    for kind in kinds:
        for target in HOSTILE:
            _check(_refused(s, player, Action(kind, target)))
        for hostile_kind in (HUGE_TEXT, "card\nOK", "\x1b[2J"):
            _check(_refused(s, player, Action(hostile_kind, 1)))


def _at(kind: str):
    s = new_game(["red", "blue"], 1)
    while decision(s).kind != kind:
        p = decision(s).players[0]
        apply_in_place(s, p, legal_actions(s, p)[0])
    return s, decision(s).players[0]


@pytest.mark.parametrize(
    "target",
    [10**5000, HUGE_TEXT, "1a\nOK", Piece(HUGE_TEXT, "red")],
    ids=["5001 digits", "1 MB text", "newline", "huge caballero"],
)
@pytest.mark.parametrize(("step", "kind"), [("card", "card"), ("bid", "bid")])
def test_a_hostile_target_is_answered_with_the_choices_and_a_short_echo(target, step, kind):
    s, player = _at(step)
    message = _refused(s, player, Action(kind, target))
    _check(message)
    assert "; you may: " in message
    assert len(message.split("; you may: ")[0]) <= 2 * ECHO_MAX
