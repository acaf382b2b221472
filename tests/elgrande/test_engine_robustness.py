"""No decision can wedge the engine: malformed input is refused before anything changes, actions
round-trip through JSON, and sealed choices give the same game whatever order they arrive in."""

import itertools
import json
import pickle

import pytest
from cardkit import FIVE, put, start, turn_with
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_properties import options

from companion.elgrande.base import SecretStep
from companion.elgrande.engine import apply, apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import Action, Piece, RuleError
from companion.elgrande.options import TableOptions


def random_game_prefix(n, seed, opts, rnd, steps):
    """A game after `steps` random legal decisions (or over, if it ends first)."""
    s = new_game(FIVE[:n], seed, opts)
    for _ in range(steps):
        if s.is_over:
            break
        p = rnd.choice(decision(s).players)
        apply_in_place(s, p, rnd.choice(legal_actions(s, p)))
    return s


def malformed(s, rnd):
    """Decisions nobody may take now: wrong types, wrong kinds, wrong players, not Actions."""
    d = decision(s)
    p = d.players[0]
    legal = legal_actions(s, p)
    a = rnd.choice(legal)
    others = [q for q in s.players if q not in d.players]
    cases = [
        (p, "take:1"),
        (p, a.to_json()),
        (p, (a.kind, a.target)),
        (p, None),
        (p, Action(a.kind, True)),
        (p, Action(a.kind, False)),
        (p, Action(a.kind, [a.target])),
        (p, Action(a.kind, {"t": a.target})),
        (p, Action([a.kind], a.target)),
        (p, Action("no_such_kind", a.target)),
        (p, Action(a.kind, "no_such_target")),
        (p, Action(a.kind, 99)),
        (["red"], a),
        ("nobody", a),
    ]
    if isinstance(a.target, int):
        cases.append((p, Action(a.kind, float(a.target))))
    if isinstance(a.target, str):
        cases.append((p, Action(a.kind, a.target.upper())))
    if others:
        cases.append((rnd.choice(others), a))
    return [(q, b) for q, b in cases if not (q == p and b in legal)]


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    opts=options,
    rnd=st.randoms(use_true_random=False),
    steps=st.integers(0, 400),
)
def test_a_refused_decision_leaves_the_state_byte_for_byte_unchanged(n, seed, opts, rnd, steps):
    s = random_game_prefix(n, seed, opts, rnd, steps)
    if s.is_over:
        return
    for player, action in malformed(s, rnd):
        before = pickle.dumps(s)
        with pytest.raises((RuleError, TypeError)) as err:
            apply_in_place(s, player, action)
        assert "Traceback" not in str(err.value) and str(err.value)
        assert pickle.dumps(s) == before, (player, action)


@pytest.mark.parametrize(
    ("kind", "target"), [("refill", 2.0), ("take_back", True), ("refill", True)]
)
def test_a_target_equal_to_a_legal_one_but_of_another_type_is_refused(kind, target):
    card = "4d" if kind == "refill" else "4b"
    s = turn_with(card)
    start(s, card)
    before = pickle.dumps(s)
    with pytest.raises(RuleError, match="another type than (float|bool)"):
        apply_in_place(s, "red", Action(kind, target))
    assert pickle.dumps(s) == before
    legal = legal_actions(s, "red")
    apply_in_place(s, "red", legal[0])  # the game goes on: nothing was wedged


def test_apply_refuses_a_string_with_a_plain_type_error():
    s = new_game(["red", "blue"], 1)
    with pytest.raises(TypeError, match="apply takes an Action .* got str"):
        apply(s, "red", "take:1")


@pytest.mark.parametrize(
    ("players", "seed", "opts", "error", "message"),
    [
        (["red", "blue"], 1, {"veto": False}, TypeError, "options must be a TableOptions"),
        ([["a"], "b"], 1, None, RuleError, "seat 1 holds a list"),
        (["", "b"], 1, None, RuleError, "seat 1 holds a str that is empty"),
        ("redblue", 1, None, TypeError, "players must be a list of names, got str"),
        (["red", "blue"], None, None, TypeError, "seed must be an int .* replayed, got NoneType"),
        (["red", "blue"], 1.0, None, TypeError, "seed must be an int"),
        (["red", "blue"], True, None, TypeError, "seed must be an int"),
    ],
)
def test_new_game_refuses_malformed_arguments_plainly(players, seed, opts, error, message):
    with pytest.raises(error, match=message):
        new_game(players, seed, opts)


def test_options_from_a_dict_go_through_table_options_from_dict():
    s = new_game(["red", "blue"], 1, TableOptions.from_dict({"veto": False}))
    assert s.options.veto is False


# -- JSON round trip -----------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32), opts=options, rnd=st.randoms())
def test_every_legal_action_round_trips_through_json_exactly(n, seed, opts, rnd):
    s = new_game(FIVE[:n], seed, opts)
    seen = 0
    while not s.is_over:
        for p in decision(s).players:
            legal = legal_actions(s, p)
            for a in legal:
                back = Action.from_json(json.loads(json.dumps(a.to_json())))
                assert back == a and back in legal and type(back.target) is type(a.target)
                seen += 1
        p = rnd.choice(decision(s).players)
        apply_in_place(s, p, rnd.choice(legal_actions(s, p)))
    assert seen > 0


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("bid:7", "must be a JSON object, got str"),
        ({"kind": "bid", "target": 7.0}, "target must be text, a whole number, null or a cab"),
        ({"kind": "move_from", "target": {"region": "galicia"}}, "needs text region and colour"),
        ({"kind": "move_from", "target": {"region": 1, "colour": "red"}}, "region and colour"),
        ({"kind": "bid", "target": True}, "got bool"),
        ({"kind": "bid", "target": [7]}, "got list"),
        ({"target": 7}, "kind must be non-empty text"),
        ({"kind": "", "target": 7}, "kind must be non-empty text"),
        ({"kind": "bid", "value": 7}, "unknown key 'value'"),
    ],
)
def test_from_json_refuses_malformed_dicts_naming_what_is_accepted(raw, message):
    with pytest.raises(RuleError, match=message) as err:
        Action.from_json(raw)
    assert '"kind": text' in str(err.value)


def test_from_json_accepts_a_missing_target_as_none_and_a_caballero_as_a_piece():
    assert Action.from_json({"kind": "done"}) == Action("done")
    raw = {"kind": "move_from", "target": {"region": "galicia", "colour": "red"}}
    assert Action.from_json(raw) == Action("move_from", Piece("galicia", "red"))
    assert Action("move_from", Piece("galicia", "red")).to_json() == raw


# -- sealed choices: arrival order changes nothing -----------------------------------------------


def sealed_choices(s, rnd):
    """Each decider's whole entry (a menu group, then the choice) until it is sealed."""
    top = s.steps[-1]
    choices = {}
    for p in top.deciders(s):
        t, entry = pickle.loads(pickle.dumps(s)), []
        while p in t.steps[-1].deciders(t):
            a = rnd.choice([b for b in legal_actions(t, p) if b.kind != "back"])
            apply_in_place(t, p, a)
            entry.append(a)
        choices[p] = entry
    return choices


@pytest.mark.slow  # a sweep: .ci/run runs the slow set beside the README's command
@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32), opts=options, rnd=st.randoms())
def test_permuting_the_arrival_of_sealed_choices_gives_the_same_state_and_events(
    n, seed, opts, rnd
):
    s = new_game(FIVE[:n], seed, opts)
    checked = 0
    while not s.is_over:
        top = s.steps[-1]
        if isinstance(top, SecretStep) and len(top.deciders(s)) > 1:
            choices = sealed_choices(s, rnd)
            orders = list(itertools.permutations(choices))
            outcomes = set()
            for order in rnd.sample(orders, min(len(orders), 6)):
                t = pickle.loads(pickle.dumps(s))
                for p in order:
                    for a in choices[p]:
                        apply_in_place(t, p, a)
                outcomes.add(pickle.dumps(t))
            assert len(outcomes) == 1
            checked += 1
        p = rnd.choice(decision(s).players)
        apply_in_place(s, p, rnd.choice(legal_actions(s, p)))
    assert checked > 0


def test_disc_reveal_text_follows_seat_order_not_arrival():
    texts = []
    for order in (("yellow", "blue", "red"), ("red", "blue", "yellow")):
        s = turn_with("2g")
        for p in ("red", "blue", "yellow"):
            put(s, p, "galicia", 1)
        start(s, "2g")
        for p in order:
            apply_in_place(s, p, Action("disc", "galicia"))
        texts.append(next(e.text for e in reversed(s.events) if e.kind == "discs"))
    assert texts[0] == texts[1]
    assert texts[0].index("red") < texts[0].index("blue") < texts[0].index("yellow")
