"""Which luma.oled models and sizes the companion drives: luma's own drivers are asked.

>>> probe_display_mode("ssd1306", 128, 32)
'1'
>>> probe_display_mode("ssd1306", 200, 64) is None
True
"""

from __future__ import annotations

import functools
import warnings

from hw.luma_hooks import construct, forget_hooks

# The luma.oled models this companion drives (the design's list); luma must also have them.
DISPLAY_MODELS = ("ssd1306", "sh1106", "ssd1309", "ssd1322", "ssd1325", "ssd1327")


@functools.lru_cache(maxsize=64)
def probe_display_mode(model: str, width: int, height: int, rotate: int = 0) -> str | None:
    """Build luma's driver on a no-op interface: the PIL mode it takes, or None if luma
    refuses the size."""
    import luma.core.error
    import luma.oled.device
    from luma.core.interface.serial import noop

    cls = getattr(luma.oled.device, model)
    try:
        with warnings.catch_warnings():  # luma's init clears the screen via a deprecated call
            warnings.simplefilter("ignore", DeprecationWarning)
            device, hooks = construct(
                lambda bus: cls(serial_interface=bus, width=width, height=height, rotate=rotate),
                noop(),
            )
    except luma.core.error.DeviceDisplayModeError:
        return None
    forget_hooks(hooks)  # a probe: nothing to switch off at exit
    return device.mode


def supported_sizes(model: str) -> list[tuple[int, int]]:
    candidates = [(w, h) for w in (64, 96, 128, 256) for h in (32, 48, 64, 128)]
    return [s for s in candidates if probe_display_mode(model, *s) is not None]
