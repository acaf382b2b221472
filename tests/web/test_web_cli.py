"""`--web` on the command line and `[web]` in the config: the server library is imported only
when the web is on, and a bad `[web]` value is named by its key."""

import socket
import subprocess
import sys
import textwrap

import pytest

from companion.app.config import packaged
from hw.config import ConfigError, load_config

RUN = """
import sys
import companion.commands.run as run
from companion.cli import main
seen = {}
def loop(app, events, notifier=None):  # instead of the table's loop: look, then stop
    seen["server"] = app.outlet is not None
run.run_loop = loop
code = main(["run", "--config", sys.argv[1], "--store", sys.argv[2], *sys.argv[3:]])
print(code, "aiohttp" in sys.modules, "companion.web.server" in sys.modules, seen["server"])
"""


def _config(tmp_path, web: str = "") -> str:
    path = tmp_path / "hardware.toml"
    path.write_text(packaged("sim.toml").read_text() + web)
    return str(path)


def _run(tmp_path, config: str, *extra: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", RUN, config, str(tmp_path / "game.db"), *extra],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "COMPANION_BACKEND": "mock", "HOME": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_run_without_web_never_imports_the_server_library(tmp_path):
    assert _run(tmp_path, _config(tmp_path)) == ["0", "False", "False", "False"]


def test_run_with_web_serves_from_the_config_section(tmp_path):
    web = f'\n[web]\nbind = "127.0.0.1"\nport = {_free_port()}\n'
    assert _run(tmp_path, _config(tmp_path, web), "--web") == ["0", "True", "True", "True"]


def test_web_enabled_in_the_config_turns_it_on_without_the_flag(tmp_path):
    web = f'\n[web]\nenabled = true\nbind = "127.0.0.1"\nport = {_free_port()}\n'
    assert _run(tmp_path, _config(tmp_path, web))[1:] == ["True", "True", "True"]


@pytest.mark.parametrize(
    ("web", "problem"),
    [
        ('bind = "the pi"', 'web.bind: "the pi" is not accepted; accepted: an IP address'),
        ("port = 70000", "web.port: 70000 is not accepted; accepted: a TCP port 1–65535"),
        ('enabled = "yes"', "web.enabled: "),
        ("host = 1", "web.host: unknown key; accepted here: enabled, bind, port"),
    ],
)
def test_a_bad_web_value_is_named_by_its_key(tmp_path, web, problem):
    with pytest.raises(ConfigError) as e:
        load_config(_config(tmp_path, textwrap.dedent(f"\n[web]\n{web}\n")))
    assert any(p.startswith(problem) for p in e.value.problems), e.value.problems


def test_the_default_binds_every_interface_on_port_8080(tmp_path):
    web = load_config(_config(tmp_path)).web
    assert (web.enabled, web.bind, web.port) == (False, "0.0.0.0", 8080)
