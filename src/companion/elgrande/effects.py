"""Action-card special actions (RULES.md §6) as a few effect kinds, each made of pad-sized steps.

`CARD_EFFECTS` maps every card id to how its action starts. The kinds: move caballeros, extra
placement, return to province, special scoring, mobile scoreboard, power card back (secret), Grande
move, court refill, King move, disc-based effects (secret) and the Veto (2a, kept, no action).

"Move" rules, shared by every move card: caballeros come from regions (never from the Castillo,
a court or the King's region) and go to another region or the Castillo (never the King's region);
each caballero moves once per card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from companion.elgrande.data import CASTILLO
from companion.elgrande.moves import Action
from companion.elgrande.scoring import score_area
from companion.elgrande.state import State
from companion.elgrande.steps import SecretStep, Step, add_scores, choices_text

# -- shared helpers ------------------------------------------------------------------------------


def _free_regions(s: State) -> list[str]:
    """Regions a caballero may leave or enter by a card: every region but the King's."""
    return [r for r in s.data.regions if r != s.king]


def _name(s: State, place: object) -> str:
    if place in ("province", "court"):
        return f"the {place}"
    return s.data.area_name(str(place))


def special_scoring(s: State, areas: list[str], title: str, *, first_only: bool = False) -> None:
    pos = s.position()
    results = [score_area(pos, a, first_only=first_only) for a in areas]
    if not results:
        s.announce("score", f"{title}: no region qualifies")
        return
    add_scores(s, results, title)


# -- one-choice steps ----------------------------------------------------------------------------


@dataclass
class PickOne(Step):
    """One choice among a list, then a resolution; `purpose` names both (see PURPOSES)."""

    kind: ClassVar[str] = "pick"
    player: str
    purpose: str
    arg: str | None = None  # what an earlier choice fixed (a region, a scoreboard)
    done: bool = False

    def deciders(self, s: State) -> tuple[str, ...]:
        return () if self.done or not self.legal(s, self.player) else (self.player,)

    def prompt(self, s: State) -> str:
        return PURPOSES[self.purpose].prompt

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action(self.purpose, t) for t in PURPOSES[self.purpose].options(s, self)]

    def apply(self, s: State, player: str, action: Action) -> None:
        self.done = True
        PURPOSES[self.purpose].resolve(s, self, action.target)

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return f"{PURPOSES[self.purpose].rule}; " + choices_text(legal)


def _either_options(s: State, step: PickOne) -> list[str]:
    return ["1g", "1i"]


def _either(s: State, step: PickOne, target: object) -> None:
    s.announce("card", f"{step.player} chooses {target}")
    CARD_EFFECTS[str(target)](s, step.player)


def _own_regions(s: State, step: PickOne) -> list[str]:
    return [r for r in _free_regions(s) if s.board[r][step.player] > 0]


def _occupied_regions(s: State, step: PickOne) -> list[str]:
    return [r for r in _free_regions(s) if s.total_in(r) > 0]


def _move_out_of(s: State, step: PickOne, target: object) -> None:
    region = str(target)
    if step.arg == "1i":  # all your caballeros out of one region
        s.steps.append(MoveCaballeros(step.player, "own", 99, source=region, must_empty=True))
    else:  # 1a: up to 5 of any colours out of one region
        s.steps.append(MoveCaballeros(step.player, "any", 5, source=region))


def _any_region(s: State, step: PickOne) -> list[str]:
    return list(s.data.regions)


def _any_area(s: State, step: PickOne) -> list[str]:
    return [*s.data.regions, CASTILLO]


def _score_chosen(s: State, step: PickOne, target: object) -> None:
    special_scoring(s, [str(target)], f"Special scoring of {_name(s, target)}")


def _scoreboards(s: State, step: PickOne) -> list[str]:
    # A scoreboard in the King's region may not be taken out of it.
    on_king = s.scoreboards.get(s.king)
    movable = [b for b in s.data.scoreboards if b != on_king]
    return movable if _scoreboard_regions(s, step) else []


def _pick_scoreboard(s: State, step: PickOne, target: object) -> None:
    s.steps.append(PickOne(step.player, "scoreboard_to", arg=str(target)))


def _scoreboard_regions(s: State, step: PickOne) -> list[str]:
    return [r for r in _free_regions(s) if r not in s.scoreboards]


def _place_scoreboard(s: State, step: PickOne, target: object) -> None:
    board_id = str(step.arg)
    s.scoreboards = {r: b for r, b in s.scoreboards.items() if b != board_id}
    s.scoreboards[str(target)] = board_id
    s.announce("scoreboard", f"{step.player} puts scoreboard {board_id} on {_name(s, target)}")


def _grande_regions(s: State, step: PickOne) -> list[str]:
    if s.grandes[step.player] == s.king:
        return []  # a Grande never leaves the King's region
    return [r for r in _free_regions(s) if r != s.grandes[step.player]]


def _move_grande(s: State, step: PickOne, target: object) -> None:
    s.grandes[step.player] = str(target)
    s.announce("grande", f"{step.player} moves the Grande to {_name(s, target)}")


def _refill_options(s: State, step: PickOne) -> list[int]:
    return list(range(min(2, s.province[step.player]), -1, -1))


def _refill(s: State, step: PickOne, target: object) -> None:
    assert isinstance(target, int)  # only legal targets reach a step
    n = target
    s.move(step.player, "province", "court", n)
    s.announce("take", f"{step.player} takes {n} from the province into the court")


def _king_neighbours(s: State, step: PickOne) -> list[str]:
    return sorted(s.data.neighbours[s.king])


def _other_regions(s: State, step: PickOne) -> list[str]:
    return [r for r in s.data.regions if r != s.king]


def _move_king(s: State, step: PickOne, target: object) -> None:
    s.king = str(target)
    s.announce("king", f"{step.player} moves the King to {_name(s, target)}")


def _opponents_regions(s: State, step: PickOne) -> list[str]:
    return [r for r in _free_regions(s) if any(s.board[r][o] for o in s.others(step.player))]


def _evacuate(s: State, step: PickOne, target: object) -> None:
    region = str(target)
    s.announce("card", f"{step.player} chooses {_name(s, region)}")
    hit = tuple(o for o in s.others(step.player) if s.board[region][o])
    s.steps.append(CardDiscs(hit, card="4g", region=region))


class Purpose(NamedTuple):
    prompt: str
    options: Callable[[State, PickOne], list]  # what may be picked
    resolve: Callable[[State, PickOne, object], None]  # carry out the pick
    rule: str  # why a pick outside the options is refused


PURPOSES: dict[str, Purpose] = {
    "either": Purpose(
        "Card 1h: play it as 1g or as 1i?", _either_options, _either, "choose 1g or 1i"
    ),
    "region_1a": Purpose(
        "Choose a region to move up to 5 caballeros out of",
        _occupied_regions,
        _move_out_of,
        "choose an occupied region other than the King's",
    ),
    "region_1i": Purpose(
        "Choose a region to move all your caballeros out of",
        _own_regions,
        _move_out_of,
        "choose a region, not the King's, where you have caballeros",
    ),
    "score_region": Purpose(
        "Choose a region to score now",
        _any_region,
        _score_chosen,
        "choose one of the nine regions",
    ),
    "score_area": Purpose(
        "Choose a region or the Castillo to score now",
        _any_area,
        _score_chosen,
        "choose a region or the Castillo",
    ),
    "scoreboard": Purpose(
        "Which mobile scoreboard?",
        _scoreboards,
        _pick_scoreboard,
        "a scoreboard never leaves the King's region",
    ),
    "scoreboard_to": Purpose(
        "Put the scoreboard on which region?",
        _scoreboard_regions,
        _place_scoreboard,
        "a scoreboard goes on a region without one, never the King's region or the Castillo",
    ),
    "grande_to": Purpose(
        "Move your Grande to which region?",
        _grande_regions,
        _move_grande,
        "a Grande never enters or leaves the King's region, nor goes to the Castillo",
    ),
    "refill": Purpose(
        "Take how many from the province into your court?",
        _refill_options,
        _refill,
        "at most 2, and no more than your province holds",
    ),
    "king_adjacent": Purpose(
        "Move the King to which neighbouring region?",
        _king_neighbours,
        _move_king,
        "the King moves to a region bordering his own",
    ),
    "king_any": Purpose(
        "Put the King into which region?",
        _other_regions,
        _move_king,
        "the King goes to another region",
    ),
    "evacuate": Purpose(
        "Choose a region: opponents there must move all their caballeros away",
        _opponents_regions,
        _evacuate,
        "choose a region, not the King's, where an opponent has caballeros",
    ),
}


# -- moving caballeros ---------------------------------------------------------------------------


@dataclass
class MoveCaballeros(Step):
    """Move caballeros one at a time: pick one (region, colour), then where it goes.

    `colours`: "any", "own", "opponents" or "split" (1d: up to 2 own and up to 2 opponents').
    """

    kind: ClassVar[str] = "move"
    player: str
    colours: str
    limit: int
    source: str | None = None  # 1a / 1i: only out of this region
    must_empty: bool = False  # 1i: every one of yours there must go
    moved_own: int = 0
    moved_opp: int = 0
    holding: tuple[str, str] | None = None  # (region it came from, colour) while choosing a target
    arrived: dict[str, dict[str, int]] = field(default_factory=dict)  # moved in: may not move again
    stopped: bool = False

    def _may_take(self, colour: str) -> bool:
        own = colour == self.player
        if self.moved_own + self.moved_opp >= self.limit:
            return False
        if self.colours == "own":
            return own
        if self.colours == "opponents":
            return not own
        if self.colours == "split":
            return self.moved_own < 2 if own else self.moved_opp < 2
        return True

    def _sources(self, s: State) -> list[tuple[str, str]]:
        regions = [self.source] if self.source else _free_regions(s)
        out = []
        for r in regions:
            for colour in s.players:
                left = s.board[r][colour] - self.arrived.get(r, {}).get(colour, 0)
                if left > 0 and self._may_take(colour):
                    out.append((r, colour))
        return out

    def deciders(self, s: State) -> tuple[str, ...]:
        if self.holding:
            return (self.player,)
        return () if self.stopped or not self._sources(s) else (self.player,)

    def prompt(self, s: State) -> str:
        if self.holding:
            return f"Move {self.holding[1]}'s caballero from {_name(s, self.holding[0])} to?"
        return f"Choose a caballero to move ({self.moved_own + self.moved_opp} moved)"

    def legal(self, s: State, player: str) -> list[Action]:
        if self.holding:
            return [
                Action("move_to", a) for a in [*_free_regions(s), CASTILLO] if a != self.holding[0]
            ]
        picks = [Action("move_from", f"{r}/{c}") for r, c in self._sources(s)]
        return picks if self.must_empty else [*picks, Action("done")]

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "done":
            self.stopped = True
        elif action.kind == "move_from":
            region, colour = str(action.target).split("/")
            self.holding = (region, colour)
        else:
            assert self.holding is not None
            (region, colour), target = self.holding, str(action.target)
            s.move(colour, region, target)
            self.arrived.setdefault(target, {}).setdefault(colour, 0)
            self.arrived[target][colour] += 1
            if colour == self.player:
                self.moved_own += 1
            else:
                self.moved_opp += 1
            self.holding = None
            s.announce(
                "move", f"{colour}'s caballero moves from {_name(s, region)} to {_name(s, target)}"
            )

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        if action.kind == "move_to":
            why = "a moved caballero goes to another region (not the King's) or the Castillo"
        elif action.kind == "move_from":
            why = (
                "caballeros move out of regions only (never the Castillo, a court or the "
                f"King's region), within this card's limits ({self.colours}, up to {self.limit})"
            )
        else:
            why = "finish this move first" if self.holding else "that is not allowed now"
        return f"{why}; " + choices_text(legal)


@dataclass
class PlaceExtra(Step):
    """1g: up to 2 more from your court into any region (not the King's) or the Castillo."""

    kind: ClassVar[str] = "place_extra"
    player: str
    remaining: int = 2

    def deciders(self, s: State) -> tuple[str, ...]:
        return (self.player,) if self.remaining > 0 and s.court[self.player] > 0 else ()

    def prompt(self, s: State) -> str:
        return f"Place up to {self.remaining} more anywhere (not the King's region)"

    def legal(self, s: State, player: str) -> list[Action]:
        areas = [*_free_regions(s), CASTILLO]
        return [*(Action("place", a) for a in areas), Action("done")]

    def apply(self, s: State, player: str, action: Action) -> None:
        if action.kind == "done":
            self.remaining = 0
            return
        s.move(player, "court", str(action.target))
        self.remaining -= 1
        s.announce("place", f"{player} places a caballero in {_name(s, action.target)}")

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return "the King's region is taboo; " + choices_text(legal)


# -- returning caballeros to the province --------------------------------------------------------


def _return_from_courts(s: State, player: str, most: int | None) -> None:
    """2b (most None: all) and 2c (most 3): every opponent returns caballeros from the court."""
    for o in s.others(player):
        n = s.court[o] if most is None else min(most, s.court[o])
        s.move(o, "court", "province", n)
        s.announce("return", f"{o} returns {n} from the court to the province")


@dataclass
class ReturnThree(Step):
    """2d: clockwise from the card player's left, each opponent returns 3 from court and/or
    regions (never the Castillo or the King's region); as many as they can if fewer."""

    kind: ClassVar[str] = "return"
    player: str
    returned: dict[str, int] = field(default_factory=dict)

    def _sources(self, s: State, o: str) -> list[str]:
        court = ["court"] if s.court[o] else []
        return court + [r for r in _free_regions(s) if s.board[r][o]]

    def _left(self, o: str) -> int:
        return 3 - self.returned.get(o, 0)

    def deciders(self, s: State) -> tuple[str, ...]:
        # Only this step moves caballeros meanwhile, so who is next is derived, never stored.
        for o in s.others(self.player):
            if self._left(o) and self._sources(s, o):
                return (o,)
        return ()

    def prompt(self, s: State) -> str:
        (o,) = self.deciders(s)
        return f"Return {self._left(o)} more caballeros (court or regions) to the province"

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("return_from", a) for a in self._sources(s, player)]

    def apply(self, s: State, player: str, action: Action) -> None:
        s.move(player, str(action.target), "province")
        self.returned[player] = self.returned.get(player, 0) + 1
        s.announce("return", f"{player} returns a caballero from {_name(s, action.target)}")

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return "return from your court or a region (not the Castillo or the King's region); " + (
            choices_text(legal)
        )


@dataclass
class ReturnOneEach(Step):
    """2e: the card player returns 1 caballero of each opponent, from regions of their choice."""

    kind: ClassVar[str] = "return_each"
    player: str
    hit: list[str] = field(default_factory=list)

    def _targets(self, s: State) -> list[tuple[str, str]]:
        return [
            (r, o)
            for o in s.others(self.player)
            if o not in self.hit
            for r in _free_regions(s)
            if s.board[r][o]
        ]

    def deciders(self, s: State) -> tuple[str, ...]:
        return (self.player,) if self._targets(s) else ()

    def prompt(self, s: State) -> str:
        return "Return one caballero of each opponent: whose, from where?"

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("return_of", f"{r}/{o}") for r, o in self._targets(s)]

    def apply(self, s: State, player: str, action: Action) -> None:
        region, o = str(action.target).split("/")
        s.move(o, region, "province")
        self.hit.append(o)
        s.announce("return", f"{player} returns one of {o}'s caballeros from {_name(s, region)}")

    def refusal(self, s: State, player: str, action: Action, legal: list[Action]) -> str:
        return "one caballero per opponent, from a region that is not the King's; " + (
            choices_text(legal)
        )


# -- secret choices for cards --------------------------------------------------------------------


@dataclass(repr=False)
class CardDiscs(SecretStep):
    """Secret discs for 2f, 2g, 4e and 4g: all chosen, then revealed and carried out together."""

    kind: ClassVar[str] = "card_disc"
    card: str = ""
    region: str = ""  # 4g: the region being emptied

    def prompt(self, s: State) -> str:
        if self.card == "4g":
            return f"Secret disc: where your caballeros in {_name(s, self.region)} must go"
        return {
            "2f": "Secret disc: a region where you have 2 or more; you return 2 from it",
            "2g": "Secret disc: a region where you have caballeros; you return all of them",
            "4e": "Secret disc: a region; each region only one player picks is scored",
        }[self.card]

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("disc", r) for r in card_disc_options(s, self.card, player, self.region)]

    def reveal(self, s: State) -> None:
        discs = {p: str(self.sealed[p].target) for p in self.players}
        shown = ", ".join(f"{p} → {_name(s, r)}" for p, r in discs.items())
        s.announce("discs", f"Discs ({self.card}): {shown}", discs)
        if self.card == "4e":
            picked = list(discs.values())
            once = [r for r in s.data.regions if picked.count(r) == 1]
            special_scoring(s, once, "Regions picked by exactly one player")
            return
        for p, r in discs.items():
            if self.card == "2f":
                n, source, target = 2, r, "province"
            elif self.card == "2g":
                n, source, target = s.board[r][p], r, "province"
            else:
                n, source, target = s.board[self.region][p], self.region, r
            s.move(p, source, target, n)
            s.announce("move", f"{p}: {n} from {_name(s, source)} to {_name(s, target)}")


def card_disc_options(s: State, card: str, player: str, region: str = "") -> list[str]:
    """Where a player may set their disc for this card; the King's region is taboo for moves."""
    if card == "2f":
        return [r for r in _free_regions(s) if s.board[r][player] >= 2]
    if card == "2g":
        return [r for r in _free_regions(s) if s.board[r][player] >= 1]
    if card == "4e":
        return list(s.data.regions)
    return [r for r in _free_regions(s) if r != region]  # 4g


def _disc_card(card: str) -> Callable[[State, str], None]:
    def start(s: State, player: str) -> None:
        who = tuple(p for p in s.players if card_disc_options(s, card, p))
        if who:
            s.steps.append(CardDiscs(who, card=card))
        else:
            s.announce("card", f"Card {card}: nobody can set a disc")

    return start


@dataclass(repr=False)
class TakeBackPower(SecretStep):
    """4b: take one of your played power cards back into your hand; nobody sees which."""

    kind: ClassVar[str] = "take_back"

    def prompt(self, s: State) -> str:
        return "Take back which played power card? (secret)"

    def legal(self, s: State, player: str) -> list[Action]:
        back = sorted(set(s.played[player]) - set(s.hands[player]))
        return [Action("take_back", v) for v in back]

    def reveal(self, s: State) -> None:
        (player,) = self.players
        s.hands[player].append(int(self.sealed[player].target or 0))
        s.hands[player].sort()
        s.announce("take_back", f"{player} takes a power card back")  # which one stays private


def _take_back(s: State, player: str) -> None:
    if set(s.played[player]) - set(s.hands[player]):
        s.steps.append(TakeBackPower((player,)))


# -- the Veto ------------------------------------------------------------------------------------


def veto_holders(s: State, actor: str) -> list[str]:
    return [p for p in s.others(actor) if p in s.vetoes]


@dataclass
class VetoWindow(Step):
    """Before a special action runs, each other Veto holder (clockwise) may cancel it."""

    kind: ClassVar[str] = "veto"
    actor: str
    card: str
    asked: list[str]
    vetoed_by: str | None = None

    def deciders(self, s: State) -> tuple[str, ...]:
        return () if self.vetoed_by or not self.asked else (self.asked[0],)

    def prompt(self, s: State) -> str:
        return f"Veto {self.actor}'s card {self.card}?"

    def legal(self, s: State, player: str) -> list[Action]:
        return [Action("allow"), Action("veto", self.card)]

    def apply(self, s: State, player: str, action: Action) -> None:
        self.asked.pop(0)
        if action.kind == "veto":
            self.vetoed_by = player
            del s.vetoes[player]
            s.announce("veto", f"{player} vetoes {self.actor}'s card {self.card}")
            launch = s.steps[-2]
            assert isinstance(launch, LaunchEffect)
            launch.cancelled = True


@dataclass
class LaunchEffect(Step):
    """Starts the card's effect when it leaves the stack, unless a Veto cancelled it."""

    kind: ClassVar[str] = "launch"
    player: str
    card: str
    cancelled: bool = False

    def deciders(self, s: State) -> tuple[str, ...]:
        return ()

    def on_finish(self, s: State) -> None:
        if not self.cancelled:
            CARD_EFFECTS[self.card](s, self.player)


# -- the cards -----------------------------------------------------------------------------------


def _pick(purpose: str, arg: str | None = None) -> Callable[[State, str], None]:
    return lambda s, player: s.steps.append(PickOne(player, purpose, arg=arg))


def _move(colours: str, limit: int) -> Callable[[State, str], None]:
    return lambda s, player: s.steps.append(MoveCaballeros(player, colours, limit))


def _score(title: str, select: Callable[[State], list[str]], first_only: bool = False):
    return lambda s, player: special_scoring(s, select(s), title, first_only=first_only)


def _first_value_in(values: set[int]) -> Callable[[State], list[str]]:
    return lambda s: [r for r in s.data.regions if s.values(r)[0] in values]


def _most(s: State) -> list[str]:
    counts = {r: s.total_in(r) for r in s.data.regions}
    top = max(counts.values())
    return [r for r, n in counts.items() if n == top] if top else []


def _fewest(s: State) -> list[str]:
    counts = {r: s.total_in(r) for r in s.data.regions if s.total_in(r)}
    low = min(counts.values(), default=0)
    return [r for r, n in counts.items() if n == low]


CARD_EFFECTS: dict[str, Callable[[State, str], None]] = {
    "1a": _pick("region_1a", "1a"),
    "1b": _move("any", 4),
    "1c": _move("own", 4),
    "1d": _move("split", 4),
    "1e": _move("opponents", 3),
    "1f": _move("any", 3),
    "1g": lambda s, player: s.steps.append(PlaceExtra(player)),
    "1h": _pick("either"),
    "1i": _pick("region_1i", "1i"),
    "2b": lambda s, player: _return_from_courts(s, player, None),
    "2c": lambda s, player: _return_from_courts(s, player, 3),
    "2d": lambda s, player: s.steps.append(ReturnThree(player)),
    "2e": lambda s, player: s.steps.append(ReturnOneEach(player)),
    "2f": _disc_card("2f"),
    "2g": _disc_card("2g"),
    "2h": _pick("score_region"),
    "3a": _score("Special scoring: regions with first value 4", _first_value_in({4})),
    "3b": _score("Special scoring: 5-point regions", _first_value_in({5})),
    "3c": _score("Special scoring: 6- and 7-point regions", _first_value_in({6, 7})),
    "3d": _score("Special scoring: the Castillo", lambda s: [CASTILLO]),
    "3e": _score("Special scoring: first places", lambda s: list(s.data.regions), True),
    "3f": _score("Special scoring: the fullest region(s)", _most),
    "3g": _score("Special scoring: the emptiest region(s)", _fewest),
    "3h": _pick("score_area"),
    "4a": _pick("scoreboard"),
    "4b": _take_back,
    "4c": _pick("grande_to"),
    "4d": _pick("refill"),
    "4e": _disc_card("4e"),
    "4f": _pick("king_adjacent"),
    "4g": _pick("evacuate"),
    "5": _pick("king_any"),
}


def has_effect(card: str) -> bool:
    """Every card but the Veto (which is kept, not carried out) has a special action."""
    return card in CARD_EFFECTS


def begin_effect(s: State, player: str, card: str) -> None:
    """The player carries out the card's action: Veto holders are asked first."""
    s.announce("act", f"{player} carries out card {card}", card)
    s.steps.append(LaunchEffect(player, card))
    holders = veto_holders(s, player) if s.options.veto else []
    if holders:
        s.steps.append(VetoWindow(player, card, holders))
