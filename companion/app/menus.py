"""A pad menu over the legal choices: ◀ ▶ walk them, ● picks; long lists are split into pages.

The engine keeps every decision small, but a list longer than a pad menu (10 entries) is paged
here as a fallback: nine choices and "more…", which turns the page without deciding anything.

>>> from companion.elgrande.moves import Action, describe
>>> m = MenuState([Action("bid", v) for v in range(1, 14)], describe)
>>> len(m.entries()), m.entries()[-1]
(10, 'more…')
>>> presses_to(m, Action("bid", 11))
['left', 'select', 'right', 'select']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from companion.kit.moves import Action
from companion.kit.steps import NumberField
from companion.screens.model import MAX_MENU

MORE = "more…"
PER_PAGE = MAX_MENU - 1


@dataclass
class MenuState:
    """One player's menu: the legal actions, the page shown and the cursor on it."""

    actions: list[Action] = field(repr=False)  # may be a hand, or a sealed step's options
    describe: Callable[[Action], str] = field(default=str, repr=False)  # the game's labels
    page: int = 0
    cursor: int = 0
    _pages: list[list[Action]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.actions) <= MAX_MENU:
            self._pages = [list(self.actions)]
        else:
            n = PER_PAGE
            self._pages = [self.actions[i : i + n] for i in range(0, len(self.actions), n)]

    @property
    def paged(self) -> bool:
        return len(self._pages) > 1

    def _shown(self) -> list[Action | None]:
        page: list[Action | None] = list(self._pages[self.page])
        return [*page, None] if self.paged else page

    def entries(self) -> tuple[str, ...]:
        return tuple(MORE if a is None else self.describe(a) for a in self._shown())

    def current(self) -> Action | None:
        """The action under the cursor (None on "more…" or an empty menu)."""
        shown = self._shown()
        return shown[self.cursor] if shown else None

    def move(self, step: int) -> None:
        n = len(self._shown())
        if n:
            self.cursor = (self.cursor + step) % n

    def pick(self) -> Action | None:
        """● on the cursor: the chosen action, or None after turning the page."""
        if self.paged and self.cursor == len(self._shown()) - 1:
            self.page = (self.page + 1) % len(self._pages)
            self.cursor = 0
            return None
        return self.current()

    def point_at(self, action: Action) -> None:
        for page, actions in enumerate(self._pages):
            if action in actions:
                self.page, self.cursor = page, actions.index(action)
                return


def likeliest(actions: list[Action], last: Action | None) -> Action | None:
    """Where the cursor starts: the same choice as last time (another caballero into the same
    region), else the engine's first offer (most caballeros to take, the first area); once the
    allowance is used up the engine offers little more than "done", which is then first; a
    power card or a disc's region starts in the middle (`MIDDLE_KINDS`)."""
    if not actions:
        return None
    if last is not None and last in actions:
        return last
    if last is not None and last.kind in ("matches", "fix_to"):
        # A board page matched: on to the next; a page fixed: back to it, to look again.
        return next((a for a in actions if a.kind == "matches"), actions[0])
    finishing = [a for a in actions if a.kind in ("stop_placing", "end_turn", "done")]
    if finishing and len(actions) == len(finishing):
        return finishing[0]
    alike = [a for a in actions if a.kind != "back"]
    if alike and {a.kind for a in alike} <= MIDDLE_KINDS:
        return alike[(len(alike) - 1) // 2]
    return actions[0]


# Choices none of which is likelier than another (a power card, a disc's region): the cursor
# starts in the middle of the list, so that none is more than half of it away (◀ ▶ wrap).
MIDDLE_KINDS = frozenset({"bid", "disc"})


# A held ◀ or ▶ repeats; the longer it is held, the bigger each step: (repeats so far, step).
SPEEDS = ((10, 5), (4, 2), (0, 1))


@dataclass
class NumberMenu:
    """A number on a pad: ◀ one less, ▶ one more, ● enters it. A held ◀ or ▶ repeats, in
    bigger steps the longer it is held (`SPEEDS`), so a count of 25 is one hold and a nudge.

    >>> m = NumberMenu(NumberField("value", "Markets: value", "…", high=40))
    >>> m.move(1); m.move(1, held=12); m.entries(), m.pick()
    (('6',), Action(kind='value', target=6))
    >>> presses_to(m, Action("value", 4))
    ['left', 'left', 'select']
    """

    number: NumberField = field(repr=False)
    value: int = field(init=False, repr=False)
    page: int = 0  # a number has one page; kept so the painter reads every menu alike
    cursor: int = 0
    paged = False

    def __post_init__(self) -> None:
        self.value = self.number.default

    @property
    def actions(self) -> list[Action]:
        f = self.number
        return [Action(f.key, v) for v in range(f.low, f.high + 1)]

    def entries(self) -> tuple[str, ...]:
        return (str(self.value),)  # the pad draws ◀ ▶ around it

    def current(self) -> Action:
        return Action(self.number.key, self.value)

    def move(self, step: int, held: int = 0) -> None:
        """One press (or one repeat of a held button, the `held`-th in a row)."""
        size = next(size for after, size in SPEEDS if held >= after)
        self.value = min(self.number.high, max(self.number.low, self.value + step * size))

    def pick(self) -> Action:
        return self.current()

    def point_at(self, action: Action) -> None:
        if action.kind == self.number.key and type(action.target) is int:
            self.value = min(self.number.high, max(self.number.low, action.target))


def presses_to(menu: MenuState | NumberMenu, action: Action) -> list[str]:
    """The ◀ ▶ ● presses that pick `action` from where the menu stands (bots press these)."""
    if isinstance(menu, NumberMenu):
        if action not in menu.actions:
            raise ValueError("that number is not on this menu")
        delta = int(action.target) - menu.value  # type: ignore[arg-type]
        return ["right" if delta > 0 else "left"] * abs(delta) + ["select"]
    presses: list[str] = []
    probe = MenuState(menu.actions, menu.describe, menu.page, menu.cursor)
    for _ in range(len(probe._pages)):
        shown = probe._shown()
        if action in shown:
            target = shown.index(action)
            n = len(shown)
            right = (target - probe.cursor) % n
            left = (probe.cursor - target) % n
            presses += ["right"] * right if right <= left else ["left"] * left
            return [*presses, "select"]
        more = len(shown) - 1
        right = (more - probe.cursor) % len(shown)
        left = (probe.cursor - more) % len(shown)
        presses += ["right"] * right if right <= left else ["left"] * left
        presses.append("select")
        probe.cursor = more
        probe.pick()
    raise ValueError("that choice is not on this menu")  # never echo it: it may be sealed
