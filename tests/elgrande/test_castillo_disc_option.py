"""Table option castillo_disc_on_king in a running game: is the King's region a disc choice?"""

import pytest
from cardkit import FIVE

from companion.elgrande.bots import RandomBot
from companion.elgrande.engine import apply, apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import Action, RuleError
from companion.elgrande.options import OptionsError, TableOptions

MAX_DECISIONS = 5_000  # far more than three rounds take: a stuck engine fails, never hangs


def at_first_general_scoring(option, seed=3, players=FIVE[:3]):
    """Random bots play until the castillo discs of the first general scoring are asked for."""
    s = new_game(players, seed, TableOptions(castillo_disc_on_king=option))
    bots = {p: RandomBot(seed * 10 + i) for i, p in enumerate(players)}
    for _ in range(MAX_DECISIONS):
        d = decision(s)
        if d.kind == "castillo_disc":
            return s
        apply_in_place(s, d.players[0], bots[d.players[0]].choose(s, d.players[0]))
    raise AssertionError(f"no general scoring within {MAX_DECISIONS} decisions")


def disc_regions(s, player):
    return [a.target for a in legal_actions(s, player) if a.kind == "disc"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_court_offers_the_kings_region_and_sends_those_caballeros_to_court(seed):
    s = at_first_general_scoring("court", seed)
    assert s.round == 3
    for p in s.players:
        assert len(disc_regions(s, p)) == 9 and s.king in disc_regions(s, p)
    red = s.players[0]
    s.court[red] -= 2  # two of red's caballeros sit in the Castillo
    s.board["castillo"][red] += 2
    court, castillo = s.court[red], s.board["castillo"][red]
    for p in s.players:
        apply_in_place(s, p, Action("disc", s.king))
    assert s.court[red] == court + castillo and s.board["castillo"][red] == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_forbidden_never_offers_the_kings_region_and_refuses_it(seed):
    s = at_first_general_scoring("forbidden", seed)
    for p in s.players:
        regions = disc_regions(s, p)
        assert s.king not in regions and len(regions) == 8
    before = apply(s, s.players[0], Action("disc", regions[0]))  # a legal disc is taken
    assert s.players[0] not in decision(before).players
    with pytest.raises(RuleError):
        apply(s, s.players[0], Action("disc", s.king))
    assert s.players[0] in decision(s).players  # the refused disc changed nothing


def test_forbidden_holds_at_every_general_scoring_of_whole_games():
    scorings = set()
    for seed in range(4):
        players = FIVE[: 2 + seed % 4]
        s = new_game(players, seed, TableOptions(castillo_disc_on_king="forbidden"))
        bots = {p: RandomBot(seed * 10 + i) for i, p in enumerate(players)}
        for _ in range(MAX_DECISIONS * 3):
            if s.is_over:
                break
            d = decision(s)
            if d.kind == "castillo_disc":
                assert all(s.king not in disc_regions(s, p) for p in d.players)
                scorings.add((seed, s.round))
            apply_in_place(s, d.players[0], bots[d.players[0]].choose(s, d.players[0]))
        assert s.is_over
    assert len(scorings) == 4 * 3  # every general scoring of every game was checked


def test_the_option_takes_only_court_or_forbidden():
    assert TableOptions().castillo_disc_on_king == "forbidden"  # both rule texts
    with pytest.raises(OptionsError, match="castillo_disc_on_king: got 'never'"):
        TableOptions.from_dict({"castillo_disc_on_king": "never"})
    assert TableOptions(ruleset="bga").ruleset == "bga"
