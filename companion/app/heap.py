"""The table's heap after start-up: what is alive then (the fonts, the screens' caches, the rules'
data, the resumed game) lives until the table stops, so the cyclic garbage collector is told to
leave it be, and a full collection during a press looks only at what was made since.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Once start-up is done: collect what start-up left, then freeze the rest (gc.freeze)."""
    gc.collect()
    gc.freeze()


def unsettle() -> None:
    """When the table stops: what was frozen may be collected again."""
    gc.unfreeze()
