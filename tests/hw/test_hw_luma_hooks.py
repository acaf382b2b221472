"""While a luma device is built, its module's ``atexit`` is our recorder: only ``register`` is
caught, the rest of the module is the real one."""

from __future__ import annotations

import atexit

import luma.core.device as luma_device

from hw.luma_hooks import _recording_hooks


def test_while_a_device_is_built_luma_still_sees_the_rest_of_atexit():
    with _recording_hooks() as recorder:
        assert luma_device.atexit is recorder
        assert luma_device.atexit.unregister is atexit.unregister
        assert luma_device.atexit._run_exitfuncs is atexit._run_exitfuncs
    assert luma_device.atexit is atexit
