"""Config files read at their limits: MAX_DEPTH levels of nesting are read and one more refused,
a file of MAX_BYTES is read and one byte more refused, also where each read returns a little; a
file swapped between the check and the open, or one that fails while it is read, is refused in
one line; and every refusal of the table.toml beside the hardware file names table.toml."""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from test_hw_config_hostile import PI_TEXT, _reads_nothing, pi_with, refused

import hw
from hw.config import ConfigError, read_toml
from hw.config.toml_file import MAX_BYTES, MAX_DEPTH

NESTED: dict[str, Callable[[int], str]] = {
    "arrays": lambda n: "a = " + "[" * n + "]" * n,
    "inline tables": lambda n: "a = " + "{b = " * n + "1" + "}" * n,
    "dotted keys": lambda n: "a" + ".a" * n + " = 1",
}
NEST_REFUSED = f"tables or arrays nest deeper than {MAX_DEPTH} levels; a config needs 4"


def refusal(path: Path) -> tuple[list[str], list[str | None]]:
    """What read_toml says of a file it refuses: the problems and the file each is about."""
    with pytest.raises(ConfigError) as info:
        read_toml(path)
    return info.value.problems, info.value.sources


@pytest.mark.parametrize("nested", NESTED.values(), ids=NESTED)
def test_max_depth_levels_of_nesting_are_read_and_one_more_is_refused(tmp_path, nested):
    path = tmp_path / "deep.toml"
    path.write_text(nested(MAX_DEPTH) + "\n")
    assert read_toml(path) == tomllib.loads(nested(MAX_DEPTH))
    path.write_text(nested(MAX_DEPTH + 1) + "\n")
    assert refusal(path) == ([NEST_REFUSED], [str(path)])


def padded(size: int) -> bytes:
    """pi.toml and a comment: a valid config of exactly ``size`` bytes."""
    body = PI_TEXT.encode()
    return body + b"#" + b"x" * (size - len(body) - 1)


def short_reads(monkeypatch: pytest.MonkeyPatch, most: int) -> None:
    """Every read returns at most ``most`` bytes, as a read on NFS or FUSE may."""
    real = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: real(fd, min(n, most)))


@pytest.mark.parametrize("most", [None, 1024], ids=["whole reads", "1 KiB reads"])
def test_a_file_of_max_bytes_is_read_and_one_byte_more_is_refused(tmp_path, monkeypatch, most):
    edge, over = tmp_path / "edge.toml", tmp_path / "over.toml"
    edge.write_bytes(padded(MAX_BYTES))
    over.write_bytes(padded(MAX_BYTES + 1))
    if most:
        short_reads(monkeypatch, most)
    assert read_toml(edge) == tomllib.loads(PI_TEXT)
    assert refusal(over) == (
        [f"is larger than {MAX_BYTES // 1024} KiB; a config is a few KiB"],
        [str(over)],
    )


def test_a_file_read_a_little_at_a_time_is_the_same_config(tmp_path, monkeypatch):
    path = tmp_path / "pi.toml"
    path.write_text(PI_TEXT)
    short_reads(monkeypatch, 100)
    assert read_toml(path) == tomllib.loads(PI_TEXT)


def test_a_refusal_names_the_source_it_is_given(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text("a = [")
    with pytest.raises(ConfigError) as info:
        read_toml(path, "the pads' file")
    assert info.value.sources == ["the pads' file"]


# -- the table.toml beside, each refusal under its own name -------------------------------------


def unopenable(tmp_path: Path) -> Path:
    """A regular file this process may look at but not open for reading."""
    if os.geteuid() != 0:
        path = tmp_path / "no-read.toml"
        path.write_text("")
        path.chmod(0o200)
        return path
    for attribute in sorted(glob.glob("/sys/bus/*/uevent")):  # write-only: EACCES for root too
        return Path(attribute)
    pytest.skip("no file here that root may not read")


BESIDE: dict[str, tuple[Callable[[Path], None], str]] = {
    "a dangling link": (lambda p: p.symlink_to("gone.toml"), "no such file"),
    "a file that may not be read": (
        lambda p: p.symlink_to(unopenable(p.parent)),
        "cannot be read (Permission denied)",
    ),
    "a read that fails": (
        lambda p: p.symlink_to("/proc/self/mem"),  # a regular file; reading offset 0 is EIO
        "cannot be read (Input/output error)",
    ),
    "a huge file": (
        lambda p: p.write_bytes(b"#" * (MAX_BYTES + 1)),
        f"is larger than {MAX_BYTES // 1024} KiB; a config is a few KiB",
    ),
    "not UTF-8": (
        lambda p: p.write_bytes(b"veto = \xff\n"),
        "is not UTF-8 text (byte 0xFF at offset 7)",
    ),
    "a number of 5001 digits": (
        lambda p: p.write_text("veto = 1" + "0" * 5000 + "\n"),
        "a number in it is longer than 4,300 digits",
    ),
    "deep nesting": (lambda p: p.write_text(NESTED["arrays"](MAX_DEPTH + 1)), NEST_REFUSED),
}


@pytest.mark.parametrize(("make", "expected"), BESIDE.values(), ids=BESIDE)
def test_a_table_beside_refused_as_it_is_read_is_named_as_table_toml(
    tmp_path, capsys, make, expected
):
    path = pi_with(tmp_path)
    make(tmp_path / "table.toml")
    assert refused(path, capsys) == [f"{tmp_path}/table.toml: {expected}"]


# -- a file swapped for another between the check and the open ----------------------------------


def swapped_once_looked_at(
    monkeypatch: pytest.MonkeyPatch, path: Path, swap: Callable[[], None]
) -> None:
    """The first os.stat of ``path`` sees it as it is, then ``swap()`` puts something else there:
    a file replaced between the check and the open."""
    real = os.stat
    done: list[bool] = []

    def stat(p: str | os.PathLike[str], *args: object, **kwargs: object) -> os.stat_result:
        result = real(p, *args, **kwargs)
        if os.fspath(p) == str(path) and not done:
            done.append(True)
            swap()
        return result

    monkeypatch.setattr(os, "stat", stat)


def test_a_table_beside_swapped_for_a_fifo_is_refused_without_waiting(
    tmp_path, capsys, monkeypatch
):
    path = pi_with(tmp_path, table="veto = true\n")
    table = tmp_path / "table.toml"

    def swap() -> None:
        table.unlink()
        os.mkfifo(table)

    swapped_once_looked_at(monkeypatch, table, swap)
    _reads_nothing(path, capsys, "is a FIFO (named pipe), not a regular file", named=table)


TTY_SWAP = """
import os, sys
from pathlib import Path
from hw.config import ConfigError, read_toml

path = Path(sys.argv[1])
master, slave = os.openpty()
tty = os.ttyname(slave)
os.close(slave)
real, swapped = os.stat, []

def stat(p, *args, **kwargs):
    result = real(p, *args, **kwargs)
    if os.fspath(p) == str(path) and not swapped:
        swapped.append(tty)
        path.unlink()
        path.symlink_to(tty)
    return result

os.stat = stat
try:
    read_toml(path)
except ConfigError as e:
    print(*e.problems)
try:
    os.close(os.open("/dev/tty", os.O_RDWR))
    print("a controlling terminal")
except OSError:
    print("no controlling terminal")
"""


def test_a_terminal_swapped_in_is_refused_and_does_not_become_the_controlling_terminal(
    tmp_path,
):
    """Run as a service (a session with no terminal), opening a terminal without O_NOCTTY would
    make it the companion's: its hang-up would then stop the table."""
    path = tmp_path / "pi.toml"
    path.write_text(PI_TEXT)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    env["PYTHONPATH"] = str(Path(hw.__file__).resolve().parents[1])  # the tree imported
    r = subprocess.run(
        [sys.executable, "-c", TTY_SWAP, str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        start_new_session=True,  # no controlling terminal, as under systemd
    )
    assert (r.returncode, r.stderr) == (0, ""), r.stderr
    assert r.stdout.splitlines() == [
        "is a character device, not a regular file; nothing was read",
        "no controlling terminal",
    ]
