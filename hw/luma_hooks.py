"""What luma does in every device constructor that a long-running table must undo.

- It registers an ``atexit`` hook that keeps the device (and its bus) alive. :func:`construct`
  takes that hook into one set run by a single atexit hook of ours, and drops it when the
  device is closed or its init fails, so hours of retries leave nothing behind.
- It blanks the panel (``clear()``). :func:`quiet` skips that during the constructor: the HAL
  sends the right frame straight after, so re-sending the init never blinks the panel.

>>> from luma.core.device import dummy
>>> dev, hooks = construct(lambda bus: quiet(dummy)(8, 8, mode="1"), None)
>>> dev.size, len(hooks), hooks[0] in _live_hooks
((8, 8), 1, True)
>>> forget_hooks(hooks)
>>> hooks[0] in _live_hooks
False
"""

from __future__ import annotations

import atexit
import functools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

_construct_lock = threading.Lock()


_live_hooks: set[Callable[[], object]] = set()  # luma's exit hooks of devices still open


@atexit.register
def _run_live_hooks() -> None:
    """At exit, what luma's own hooks would do for the devices still open (switch them off)."""
    for hook in list(_live_hooks):
        hook()  # luma's hook swallows its own errors


class _HookRecorder:
    """Stands in for the ``atexit`` module inside ``luma.core.device`` while one device is
    built: keeps the hook in :data:`_live_hooks` instead, so it can be dropped later (CPython's
    atexit keeps a slot for every hook ever registered, even unregistered ones)."""

    def __init__(self) -> None:
        self.hooks: list[Callable[[], object]] = []

    def register(self, func: Callable[[], object]) -> Callable[[], object]:
        self.hooks.append(func)
        _live_hooks.add(func)
        return func

    def __getattr__(self, name: str) -> Any:
        return getattr(atexit, name)


@contextmanager
def _recording_hooks() -> Iterator[_HookRecorder]:
    import luma.core.device as luma_device

    with _construct_lock:
        recorder = _HookRecorder()
        saved, luma_device.atexit = luma_device.atexit, recorder
        try:
            yield recorder
        finally:
            luma_device.atexit = saved


def construct(make: Callable[[Any], Any], bus: Any) -> tuple[Any, list[Callable[[], object]]]:
    """Build a luma device on ``bus``; returns it and the atexit hooks it registered.

    If the constructor fails (the panel does not answer its init sequence), its hooks are
    removed at once, so a device retried for hours leaves nothing behind. The bus stays the
    caller's to close.
    """
    with _recording_hooks() as recorder:
        try:
            device = make(bus)
        except BaseException:
            forget_hooks(recorder.hooks)
            raise
    return device, recorder.hooks


def forget_hooks(hooks: list[Callable[[], object]]) -> None:
    """Drop luma's exit hooks for a device that is closed or was never finished."""
    for hook in hooks:
        _live_hooks.discard(hook)


@functools.cache
def quiet(cls: type) -> type:
    """A subclass of the luma driver ``cls`` whose constructor does not blank the panel."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        self._hw_constructing = True
        try:
            cls.__init__(self, *args, **kwargs)
        finally:
            self._hw_constructing = False

    def clear(self: Any) -> None:
        if not getattr(self, "_hw_constructing", False):
            cls.clear(self)

    return type(cls.__name__, (cls,), {"__init__": __init__, "clear": clear})
