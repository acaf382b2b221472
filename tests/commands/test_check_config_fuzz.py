"""check-config over generated hostile configs (a hardware file and the table.toml beside it):
never a traceback, never a hang, one printable line a problem, nothing from the file longer
than ~60 characters; and what it calls OK starts a game on the mock table."""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import math
import signal
import tempfile
import tomllib
from pathlib import Path

from hw_testing import CONFIG
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.app.config import load_app_config
from companion.app.table import TableApp
from companion.commands.check_config import check_config_command
from companion.testing import Presser, VirtualClock, drain
from hw.backend import MockBackend
from hw.hardware import build_hardware

PI = tomllib.loads((CONFIG / "pi.toml").read_text())
TABLE = tomllib.loads((CONFIG / "table.toml").read_text())
MARK = "Z"  # long runs of it are generated; no message may repeat more than ~60 of them
SECONDS = 20  # longer than any check takes: past it, check-config hung


class Digits(int):
    """10**n, written as its digits (str() refuses past 4,300 of them)."""

    def __new__(cls, n: int) -> Digits:
        value = super().__new__(cls, 0)
        value.n = n  # type: ignore[attr-defined]
        return value


def toml_text(value: object) -> str:
    """``value`` written as TOML (tables inline), any text escaped as TOML requires."""
    if isinstance(value, Digits):
        return "1" + "0" * value.n  # type: ignore[attr-defined]
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        out = []
        for ch in value:
            if ch in '"\\' or ord(ch) < 0x20 or ord(ch) == 0x7F:
                out.append(f"\\u{ord(ch):04X}")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_text, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_text(k)} = {toml_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    raise TypeError(type(value))


def nested(levels: int) -> list:
    """An array ``levels`` deep: [[[…]]]."""
    value: list = []
    for _ in range(levels - 1):
        value = [value]
    return value


def document(data: dict) -> str:
    return "".join(f"{toml_text(k)} = {toml_text(v)}\n" for k, v in data.items())


def leaves(data: dict) -> list:
    out = []
    for v in data.values():
        out += leaves(v) if isinstance(v, dict) else [v]
    return out


texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=80)
scalars = st.one_of(
    st.sampled_from(leaves(PI) + leaves(TABLE)),  # a value right for some key: many configs start
    st.booleans(),
    st.integers(-(2**64), 2**64),
    st.integers(19, 5000).map(Digits),  # past 4,300 digits tomllib itself refuses
    st.sampled_from([0, 1, 2, 3, 7, 8, 0x3C, 0x70, 0x77, 255, 256, -1, 2**63 - 1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e-300, 0.0, 0.01, 0.5, 2.0, 1e300]),
    texts,
    st.sampled_from(["", "en", "--help", "en\x00", "i2c", "spi", "red", "\x1b]0;t\x07", "a\nOK"]),
    st.integers(61, 300_000).map(lambda n: MARK * n),
    st.datetimes(timezones=st.none() | st.just(dt.UTC)),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
) | st.integers(1, 40).map(lambda n: nested(n))


def leaf_paths(data: dict, prefix: tuple = ()) -> list[tuple]:
    paths = []
    for k, v in data.items():
        paths.append((*prefix, k))
        if isinstance(v, dict):
            paths += leaf_paths(v, (*prefix, k))
    return paths


@st.composite
def hostile(draw, base: dict) -> dict:
    """``base`` with a few keys set to hostile values, deleted, or added."""
    import copy

    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 4))):
        paths = leaf_paths(data)
        path = draw(st.sampled_from(paths)) if paths else ()
        node = data
        for part in path[:-1]:
            node = node[part]
        action = draw(st.sampled_from(["set", "set", "delete", "add"]))
        if action == "set" and path:
            node[path[-1]] = draw(values)
        elif action == "delete" and path:
            del node[path[-1]]
        else:
            target = node[path[-1]] if path and isinstance(node.get(path[-1]), dict) else node
            target[draw(texts | st.sampled_from(["mux", "seats", "voice", "address"]))] = draw(
                values
            )
    return data


class Hung(Exception):
    pass


def _alarm(*_: object) -> None:
    raise Hung(f"check-config took more than {SECONDS} s")


def _starts(hw_path: Path) -> None:
    """The config check-config called OK starts: the table on mock pins, Start pressed."""
    hardware, table = load_app_config(hw_path, "pi.toml")
    clock = VirtualClock()
    hw = build_hardware(hardware, backend=MockBackend(), clock=clock, start=False)
    try:
        app = TableApp(hw, table, seed=1)
        Presser(hw, clock).press(next(iter(hardware.players)), "select")
        drain(app, hw.events)
        assert app.session is not None, "check-config said OK but Start did not start a game"
    finally:
        hw.close()


def check(hw_text: str | bytes, table_text: str | bytes | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        hw_path, table_path = Path(folder, "pi.toml"), Path(folder, "table.toml")
        for path, text in ((hw_path, hw_text), (table_path, table_text)):
            if isinstance(text, str):
                path.write_text(text, encoding="utf-8")
            elif isinstance(text, bytes):
                path.write_bytes(text)
        out, err = io.StringIO(), io.StringIO()
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(SECONDS)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                rc = check_config_command(str(hw_path))
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
        out_lines, err_lines = out.getvalue().splitlines(), err.getvalue().splitlines()
        event(f"exit status {rc}")
        for line in out_lines + err_lines:
            assert line.isprintable(), line[:200]
            assert MARK * 61 not in line, line[:200]
            assert len(line) < 800, line[:200]
        if rc == 0:
            assert err_lines == [] and len(out_lines) == 2
            assert all(line.startswith("OK: ") for line in out_lines)
            _starts(hw_path)
            return
        assert rc == 2 and out_lines == [], (rc, out_lines, err_lines)
        *problems, summary = err_lines
        n = len(problems)
        assert n >= 1
        assert (
            summary
            == f"{hw_path}: refused, {n} problem{'s' if n != 1 else ''}; nothing was started"
        )
        for line in problems:
            assert line.startswith((f"{hw_path}: ", f"{table_path}: ")), line
            assert line.count("\n") == 0 and line.split(": ", 1)[1], line


FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(hw=hostile(PI), table=st.none() | hostile(TABLE))
def test_hostile_values_and_keys_in_either_file(hw, table):
    check(document(hw), document(table) if table is not None else None)


@FUZZ
@given(
    cut=st.integers(0, 4000),
    junk=st.binary(max_size=40)
    | st.sampled_from([b"\xef\xbb\xbf", b"\x00", b"[[[[", b"\r", b"\xff"]),
    table=st.none() | st.binary(max_size=200),
)
def test_damaged_bytes_in_either_file(cut, junk, table):
    text = (CONFIG / "pi.toml").read_bytes()
    check(text[:cut] + junk + text[cut + len(junk) :], table)
