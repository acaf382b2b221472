"""Reading a TOML config file with bounds: only a regular file, at most MAX_BYTES, tables and
arrays nested at most MAX_DEPTH deep, UTF-8 without a byte order mark.

A FIFO, a device or a folder is refused before anything is read from it (a FIFO would wait for
ever, ``/dev/zero`` never ends). Every refusal is a :class:`~hw.checked.ConfigError` naming the
file, never a traceback.
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from hw.checked import ConfigError

MAX_BYTES = 256 * 1024  # a full five-pad config is about 3 KiB
MAX_DEPTH = 16  # tables and arrays within each other; a config needs 4
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _unreadable(e: OSError, source: str) -> ConfigError:
    return ConfigError([f"cannot be read ({e.strerror or e.__class__.__name__})"], source)


def _refuse_unless_regular(mode: int, source: str) -> None:
    if not stat.S_ISREG(mode):
        raise ConfigError([f"is {_kind(mode)}, not a regular file; nothing was read"], source)


def read_bytes(path: Path, source: str) -> bytes:
    """The file's bytes, refused (ConfigError) unless a regular file of at most MAX_BYTES."""
    try:
        before = os.stat(path)
    except FileNotFoundError:
        raise ConfigError(["no such file"], source) from None
    except OSError as e:
        raise _unreadable(e, source) from None
    _refuse_unless_regular(before.st_mode, source)
    try:
        # O_NONBLOCK: should a FIFO take the file's place now, opening it does not wait.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as e:
        raise _unreadable(e, source) from None
    try:
        _refuse_unless_regular(os.fstat(fd).st_mode, source)
        chunks, size = [], 0
        while size <= MAX_BYTES and (chunk := os.read(fd, MAX_BYTES + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise _unreadable(e, source) from None
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        raise ConfigError(
            [f"is larger than {MAX_BYTES // 1024} KiB; a config is a few KiB"], source
        )
    return b"".join(chunks)


def depth(value: object) -> int:
    """How deep tables and arrays nest below the document ``value`` (walked without recursion,
    and only until past MAX_DEPTH)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        node, level = todo.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                break
            todo.extend((v, level + 1) for v in (node.values() if isinstance(node, dict) else node))
    return deepest


def read_toml(path: str | Path, source: str | None = None) -> dict[str, Any]:
    """The parsed document at ``path``; every refusal a ConfigError about ``source``."""
    source = str(path) if source is None else source
    raw = read_bytes(Path(path), source)
    if raw.startswith(b"\xef\xbb\xbf"):
        raise ConfigError(
            ["starts with a UTF-8 byte order mark (BOM); save it as UTF-8 without one"], source
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ConfigError(
            [f"is not UTF-8 text (byte 0x{raw[e.start]:02X} at offset {e.start})"], source
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError([f"not valid TOML: {e}"], source) from None
    except ValueError:  # not a TOMLDecodeError: a number of more than 4,300 digits
        raise ConfigError(["a number in it is longer than 4,300 digits"], source) from None
    except RecursionError:  # tomllib recurses once per level of [[[…]]] or {a={b=…}}
        data = None
    if data is None or depth(data) > MAX_DEPTH:
        raise ConfigError(
            [f"tables or arrays nest deeper than {MAX_DEPTH} levels; a config needs 4"], source
        )
    return data
