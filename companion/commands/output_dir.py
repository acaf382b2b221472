"""Output folders checked before any work starts: a game is not played to fail at the end.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     ready_folder(str(pathlib.Path(d) / "frames")).is_dir()
True
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hw.checked import shown_path

__all__ = ["OutputError", "ready_folder", "shown_path"]


class OutputError(Exception):
    """An output option names a place that cannot take the files; the message says why."""


def ready_folder(text: str) -> Path:
    """The folder ``text`` names, made now if missing and proven writable; raises OutputError."""
    folder = Path(text).resolve()
    if folder.exists() and not folder.is_dir():
        raise OutputError("is not a folder (a file is there)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as e:
        raise OutputError(f"cannot be written ({e.strerror or e.__class__.__name__})") from None
    return folder
