"""systemd/pip_sees.py, which install.sh asks whether pip will keep the system's lgpio: an lgpio
that imports without metadata pip reads (or an older one) sends install.sh to install swig and a
compiler, as pip will then build lgpio from PyPI's source on Python 3.13."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PIP_SEES = ROOT / "systemd" / "pip_sees.py"
INSTALL = ROOT / "systemd" / "install.sh"


def sees(site: Path, *args: str) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-s", str(PIP_SEES), *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def site_with(tmp_path: Path, *, module: bool, metadata: str | None, kind: str = "dist-info"):
    if module:
        (tmp_path / "lgpio.py").write_text("")
    if metadata is not None:
        info = f"Metadata-Version: 2.1\nName: lgpio\nVersion: {metadata}\n"
        if kind == "dist-info":
            folder = tmp_path / f"lgpio-{metadata}.dist-info"
            folder.mkdir()
            (folder / "METADATA").write_text(info)
        else:  # Debian's python3-* packages often carry a bare .egg-info file
            (tmp_path / f"lgpio-{metadata}.egg-info").write_text(info)
    return tmp_path


@pytest.mark.parametrize("kind", ["dist-info", "egg-info"])
def test_an_lgpio_with_metadata_of_the_version_asked_is_kept(tmp_path, kind):
    site = site_with(tmp_path, module=True, metadata="0.2.2.0", kind=kind)
    assert sees(site, "lgpio", "0.2.2") == (0, "", "")


def test_an_lgpio_that_imports_without_metadata_is_named_and_refused(tmp_path):
    site = site_with(tmp_path, module=True, metadata=None)
    assert sees(site, "lgpio", "0.2.2") == (
        1,
        "  lgpio imports but carries no metadata pip reads: pip will fetch it\n",
        "",
    )


def test_an_older_lgpio_is_refused(tmp_path):
    site = site_with(tmp_path, module=True, metadata="0.2.0.0")
    assert sees(site, "lgpio", "0.2.2") == (
        1,
        "  lgpio 0.2.0.0 is older than 0.2.2: pip will fetch a newer one\n",
        "",
    )


def test_no_lgpio_at_all_is_refused(tmp_path):
    assert sees(tmp_path, "lgpio", "0.2.2") == (
        1,
        "  lgpio is not installed: pip will fetch it\n",
        "",
    )


def test_a_bad_command_line_exits_2(tmp_path):
    code, out, err = sees(tmp_path, "lgpio")
    assert (code, out) == (2, "") and err.startswith("usage: pip_sees.py PACKAGE LEAST_VERSION")


def test_install_sh_asks_it_after_the_system_packages_and_adds_the_build_tools():
    text = INSTALL.read_text()
    asked = text.index('python3 "$SOURCE/systemd/pip_sees.py" lgpio 0.2.2 || BUILD+=(swig)')
    assert text.index('apt-get install -y -qq "${PACKAGES[@]}"') < asked
    assert asked < text.index('apt-get install -y -qq "${BUILD[@]}"')
    assert "BUILD+=(python3-dev gcc libc6-dev)" in text


def test_install_sh_asks_for_the_lgpio_the_pi_extra_requires():
    import re
    import tomllib

    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    (lgpio,) = [r for r in extra["optional-dependencies"]["pi"] if r.startswith("lgpio")]
    least = re.match(r"lgpio>=([\d.]+)", lgpio).group(1)
    assert f'pip_sees.py" lgpio {least} ||' in INSTALL.read_text()
