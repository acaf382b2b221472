"""A table on mock hardware, driven only by presses on its gpiozero mock pins."""

from __future__ import annotations

import queue

import pytest

from companion.app.config import load_app_config, packaged
from companion.app.drivers import BotDriver
from companion.app.presses import Presser, VirtualClock
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.elgrande.options import TableOptions
from hw.config import load_config
from hw.hardware import build_hardware


class Table:
    """The app on mock hardware; `press` goes through the pins, the hub and the queue.

    Events are handled on the test's thread as soon as they are queued (the loop's job), so each
    press is finished when `press` returns.
    """

    def __init__(
        self,
        config: str = "pi.toml",
        seats=None,
        seed: int = 1,
        store=None,
        hardware=None,  # a HardwareConfig built by the test, instead of `config`
        **options,
    ) -> None:
        hardware = hardware or load_app_config(None, config)[0]
        self.clock = VirtualClock()
        self.hw = build_hardware(hardware, backend="mock", clock=self.clock, start=False)
        defaults = TableDefaults(TableOptions(**options), tuple(seats) if seats else None)
        self.app = TableApp(self.hw, defaults, seed=seed, store=store)
        self.presser = Presser(self.hw, self.clock)

    def drain(self) -> None:
        while True:
            try:
                event = self.hw.events.get_nowait()
            except queue.Empty:
                return
            self.app.handle(event)
            self.hw.events.task_done()

    def press(self, player: str, *buttons: str) -> None:
        for button in buttons:
            self.presser.press(player, button)
            self.drain()

    def bots(self, bots) -> BotDriver:
        return _SyncDriver(self, bots)

    @property
    def session(self):
        return self.app.session

    def close(self) -> None:
        self.hw.close()


class _SyncDriver(BotDriver):
    def __init__(self, table: Table, bots) -> None:
        super().__init__(table.app, table.presser, bots, table.hw.events)
        self.table = table

    def step(self) -> bool:
        planned = self.plan()
        if planned is None:
            return False
        player, buttons = planned
        self.table.press(player, *buttons)
        return True


@pytest.fixture
def make_table():
    tables: list[Table] = []

    def make(*args, **kwargs) -> Table:
        t = Table(*args, **kwargs)
        tables.append(t)
        return t

    yield make
    for t in tables:
        t.close()


@pytest.fixture(scope="session")
def sim_config():
    return load_config(packaged("sim.toml"))
