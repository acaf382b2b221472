"""Read a JSON document a user wrote, refusing what `json.loads` lets through or crashes on.

Refused, each as an `InputError` naming the JSON path: text that is not UTF-8, nesting too deep to
read, duplicate keys, lone surrogates (they cannot be printed back). Numbers too long to be
counts are kept as `LongNumber`, so the caller refuses them with its own "expected …" message.
`json_path` and `clip` keep every message on one short line, whatever the input holds.

>>> load_document(b'{"caballeros": {"red": 1, "red": 2}}')
Traceback (most recent call last):
...
companion.kit.strict_json.InputError: $.caballeros: duplicate key red
>>> json_path("$.caballeros", "re\\nd")
'$.caballeros["re\\\\nd"]'
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Any

CLIP = 60  # characters of an offending value echoed in a message
LONGEST_NUMBER = 30  # digits; more than any count or score, far below int()'s 4300-digit limit
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class InputError(ValueError):
    """Bad input: the message names the JSON path (or the file) and what is accepted."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path


class LongNumber:
    """A JSON integer too long to be a count: kept as text so it is refused, never converted."""

    def __init__(self, digits: str) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"LongNumber({self.digits[:12]}…)"


class _Object(dict[str, Any]):
    """A JSON object that remembers the first key it was given twice."""

    duplicate: str | None = None


def _object(pairs: list[tuple[str, Any]]) -> _Object:
    obj = _Object()
    for key, value in pairs:
        if key in obj and obj.duplicate is None:
            obj.duplicate = key
        obj[key] = value
    return obj


def _integer(text: str) -> int | LongNumber:
    digits = text.lstrip("-")
    return LongNumber(text) if len(digits) > LONGEST_NUMBER else int(text)


def decode_utf8(data: bytes, source: str) -> str:
    """The text of a UTF-8 file (a leading byte-order mark is allowed); else InputError."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\x00" in data[:4]:
        raise InputError(source, "the file is UTF-16 text; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(
            source,
            f"the file is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start});"
            " save it as UTF-8",
        ) from None


def load_document(data: bytes | str, source: str = "$") -> Any:
    """Parse JSON strictly: see the module's docstring for what is refused."""
    text = decode_utf8(data, source) if isinstance(data, bytes) else data
    try:
        doc = json.loads(text, object_pairs_hook=_object, parse_int=_integer)
    except json.JSONDecodeError as e:
        raise InputError(
            "$", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}"
        ) from None
    except RecursionError:
        raise InputError(
            "$", "nested too deeply to read; a position is at most 3 levels deep"
        ) from None
    _check_keys_and_strings(doc)
    return doc


def _check_keys_and_strings(doc: Any) -> None:
    """Refuse duplicate keys and lone surrogates anywhere, naming the first one's path."""
    todo: list[tuple[str, Any]] = [("$", doc)]  # a stack, not recursion: depth is unbounded
    while todo:
        path, value = todo.pop()
        if isinstance(value, str) and not _encodable(value):
            raise InputError(path, f"{clip(value)} is not valid Unicode (a lone surrogate)")
        if isinstance(value, list):
            todo.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(value))))
        if isinstance(value, _Object):
            if value.duplicate is not None:
                raise InputError(path, f"duplicate key {key_text(value.duplicate)}")
            for key in value:
                if not _encodable(key):
                    raise InputError(
                        path, f"the key {clip(key)} is not valid Unicode (a lone surrogate)"
                    )
            todo.extend((json_path(path, k), v) for k, v in reversed(list(value.items())))


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def key_text(key: str) -> str:
    """A key as a message shows it: bare when it is a plain name, else quoted and escaped."""
    return key if _plain(key) else clip(key)


def json_path(parent: str, key: str) -> str:
    """`$.a.b`, or `$.a["b.c"]` for a key that is not a plain name, so a path stays one line."""
    return f"{parent}.{key}" if _plain(key) else f"{parent}[{clip(key)}]"


def _plain(key: str) -> bool:
    return len(key) <= CLIP and _IDENTIFIER.match(key) is not None


def clip(value: Any, limit: int = CLIP) -> str:
    """A value as JSON, cut to about `limit` characters, on one printable line."""
    out: list[str] = []
    size = 0
    for piece in _pieces(value, limit):
        out.append(piece)
        size += len(piece)
        if size > limit:
            break
    text = "".join(out)
    if len(text) > limit:
        text = text[:limit] + "…"
        if isinstance(value, str):
            text += f" ({len(value)} characters)"
        elif isinstance(value, LongNumber):
            text += f" ({len(value.digits.lstrip('-'))} digits)"
    return _printable(text)


def _pieces(value: Any, limit: int) -> Any:
    """JSON text of `value` piece by piece; the caller stops early, so depth never matters."""
    if isinstance(value, dict):
        yield "{"
        for i, (k, v) in enumerate(value.items()):
            yield (", " if i else "") + json.dumps(k[: limit + 1], ensure_ascii=False) + ": "
            yield from _pieces(v, limit)
        yield "}"
    elif isinstance(value, list):
        yield "["
        for i, v in enumerate(value):
            if i:
                yield ", "
            yield from _pieces(v, limit)
        yield "]"
    elif isinstance(value, str):
        yield json.dumps(value[: limit + 1], ensure_ascii=False)
    elif isinstance(value, LongNumber):
        yield value.digits[: limit + 1]
    else:
        yield json.dumps(value)


def _printable(text: str) -> str:
    """Escape what would break or fake a line: control characters, line/paragraph separators."""
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)
