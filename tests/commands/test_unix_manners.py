"""The installed `companion` behaves as Unix commands do: a reader that goes away (`| head`) and
Ctrl-C end it quietly with the usual status, and an output folder it cannot use is refused
before the game starts, in one line with exit 2."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import companion
from companion.cli import main

# The tree this test imports (the checkout, or a mutant of it run by hand): what its
# programs must run too.
IMPORTED = Path(companion.__file__).resolve().parents[1]


def _command(*args: str) -> tuple[list[str], dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    if os.environ.get("COMPANION_TEST_SOURCE") == "1":  # the checkout, on purpose
        env["PYTHONPATH"] = str(IMPORTED)
        return [sys.executable, "-m", "companion.cli", *args], env
    return [str(Path(sys.executable).with_name("companion")), *args], env


def _start(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    command, env = _command(*args)
    return subprocess.Popen(
        command,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as a terminal gives it, whatever this process inherited (a shell's background
        # job ignores SIGINT, and so would every program it starts).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def test_a_reader_that_stops_early_ends_the_demo_by_sigpipe_without_a_word(tmp_path):
    demo = _start(tmp_path, "demo", "--pace", "0")
    assert demo.stdout is not None and demo.stderr is not None
    for _ in range(3):  # as `companion demo --pace 0 | head -3`
        assert demo.stdout.readline()
    demo.stdout.close()
    started = time.monotonic()
    demo.wait(timeout=60)
    err = demo.stderr.read()
    assert demo.returncode == -signal.SIGPIPE  # 141 in a shell
    assert err == ""
    assert time.monotonic() - started < 30  # it stopped, rather than playing on unheard


def test_ctrl_c_ends_the_demo_quietly_as_killed_by_sigint(tmp_path):
    # Paced so that the game is still under way when the signal comes, however busy the machine.
    demo = _start(tmp_path, "demo", "--pace", "1")
    assert demo.stdout is not None
    while "R1 │" not in demo.stdout.readline():  # the game is under way
        pass
    demo.send_signal(signal.SIGINT)
    _, err = demo.communicate(timeout=60)
    assert demo.returncode == -signal.SIGINT  # 130 in a shell
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command, env = _command(*args)
    return subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("a-file", "is not a folder (a file is there)"),
        ("/proc/x", "cannot be written"),
        ("a-file/below", "cannot be written"),
    ],
)
@pytest.mark.parametrize(("command", "option"), [("demo", "--frames"), ("screens", "--out")])
def test_an_output_folder_that_cannot_be_used_is_refused_before_any_work(
    tmp_path, where, reason, command, option
):
    (tmp_path / "a-file").write_text("keep me")
    started = time.monotonic()
    result = _run(tmp_path, command, option, where)
    assert result.returncode == 2
    assert result.stdout == ""  # no game was played, no screen rendered
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"companion {command}: {option} {where}: {reason}")
    assert (tmp_path / "a-file").read_text() == "keep me"
    assert time.monotonic() - started < 20


def test_an_output_folder_name_with_control_characters_is_shown_escaped(tmp_path):
    (tmp_path / "x\x1b]0;t\x07").write_text("")
    result = _run(tmp_path, "demo", "--frames", "x\x1b]0;t\x07")
    assert result.returncode == 2
    assert "\x1b" not in result.stderr and "x\\u001B]0;t\\u0007" in result.stderr


# -- every command: --version, --help, a mistake in its arguments, a reader gone first ---------

COMMANDS = (
    "score",
    "cards",
    "check-config",
    "check-store",
    "screens",
    "demo",
    "sim",
    "bench",
    "run",
)
BAD = {  # one mistake each, and a word of what the one line must say
    "score": ([], "the following arguments are required: FILE"),
    "cards": (["--jsn"], "unrecognized arguments: '--jsn'"),
    "check-config": (["a", "b"], "unrecognized arguments: 'b'"),
    "check-store": (["--json", "a", "b"], "unrecognized arguments: 'b'"),
    "screens": (["--scale", "0"], "argument --scale: expected a whole number 1–8, got '0'"),
    "demo": (["--players", "6"], "argument --players: expected a whole number 2–5, got '6'"),
    "sim": (["--pace", "x"], "argument --pace: expected seconds 0–60, got 'x'"),
    "bench": (["--presses", "0"], "argument --presses: expected a whole number 1 or more, got '0'"),
    "run": ([], "the following arguments are required: --config"),
}


def test_version_prints_the_installed_packages_version_on_stdout(tmp_path):
    from importlib.metadata import version

    result = _run(tmp_path, "--version")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == f"companion {version('elgrande-companion')}\n"


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_goes_to_stdout_with_exit_0(command, capsys):
    with pytest.raises(SystemExit) as ended:
        main([command, "--help"] if command else ["--help"])
    out, err = capsys.readouterr()
    assert ended.value.code == 0 and err == ""
    assert out.startswith(f"usage: companion {command}".rstrip())


@pytest.mark.parametrize("command", COMMANDS)
def test_a_mistake_in_the_arguments_is_one_line_on_stderr_with_exit_2(command, capsys):
    args, said = BAD[command]
    with pytest.raises(SystemExit) as ended:
        main([command, *args])
    out, err = capsys.readouterr()
    assert ended.value.code == 2 and out == ""
    (line,) = err.splitlines()
    assert line == f"companion {command}: {said} (`companion {command} --help` lists the options)"


def test_arguments_that_are_shown_back_are_escaped(capsys):
    with pytest.raises(SystemExit):
        main(["cards", "\x1b]0;title\x07"])
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b]0;title\\x07" in err


@pytest.mark.parametrize(
    ("args", "ends"),
    [
        (("--version",), "by SIGPIPE"),
        (("cards",), "by SIGPIPE"),
        (("cards", "--json"), "by SIGPIPE"),
        (("--help",), "as done"),  # argparse drops what it could not print, and exits 0
        (("demo", "--help"), "as done"),
    ],
)
def test_a_reader_gone_before_the_first_line_ends_it_quietly(tmp_path, args, ends):
    """As `companion cards | true`: the pipe is closed before anything is written."""
    read, write = os.pipe()
    os.close(read)
    command, env = _command(*args)
    try:
        done = subprocess.run(
            command, cwd=tmp_path, env=env, stdout=write, stderr=subprocess.PIPE, timeout=60
        )
    finally:
        os.close(write)
    assert done.stderr == b""
    if ends == "as done":
        assert done.returncode == 0
    else:  # 141 in a shell
        assert done.returncode in (-signal.SIGPIPE, 128 + signal.SIGPIPE)


def test_a_command_run_in_process_leaves_the_sigpipe_handler_as_it_found_it(capsys):
    """`main` ends a piped command as `cat` does, by SIGPIPE; a caller in the same process (a
    test whose web server writes to a phone gone away) must not be killed by it afterwards."""
    import signal

    from companion.cli import main

    before = signal.getsignal(signal.SIGPIPE)
    assert main(["cards"]) == 0
    assert signal.getsignal(signal.SIGPIPE) == before
    capsys.readouterr()
