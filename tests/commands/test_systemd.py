"""The service unit verifies clean with systemd-analyze, and asks for what the service needs."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "elgrande-companion.service"
INSTALL = ROOT / "systemd" / "install.sh"
EXEC = "/opt/elgrande-companion/venv/bin/companion"


def settings(text: str) -> dict[str, list[str]]:
    """'Section.Key' -> values in order (keys such as DeviceAllow repeat)."""
    out: dict[str, list[str]] = {}
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            out.setdefault(f"{section}.{key}", []).append(value)
    return out


def test_the_unit_verifies_without_a_single_warning(tmp_path):
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze is missing: .ci/run installs the systemd package"
    text = UNIT.read_text()
    assert f"ExecStart={EXEC} run " in text
    # verify checks that ExecStart's program exists and is executable; it lives in the venv that
    # install.sh makes on the Pi. So verify a copy whose ExecStart names this Python instead:
    # everything else is the unit as shipped.
    copy = tmp_path / UNIT.name
    copy.write_text(text.replace(f"ExecStart={EXEC} ", f"ExecStart={sys.executable} "))
    done = subprocess.run(
        [analyze, "verify", "--man=no", str(copy)], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0 and done.stderr == "" and done.stdout == "", (
        done.stdout + done.stderr
    )


def test_verify_would_report_a_misspelt_key(tmp_path):
    # The check above is only worth something if a mistake shows up on stderr.
    copy = tmp_path / UNIT.name
    text = UNIT.read_text().replace(f"ExecStart={EXEC} ", f"ExecStart={sys.executable} ")
    copy.write_text(text.replace("WatchdogSec=", "WatchdogSecs="))
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(copy)], capture_output=True, text=True
    )
    assert "Unknown key" in done.stderr


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("Unit.StartLimitIntervalSec", None),
        ("Unit.StartLimitBurst", None),
        ("Service.Type", "notify"),
        ("Service.WatchdogSec", None),
        ("Service.Restart", "on-failure"),
        ("Service.RestartSec", None),
        ("Service.User", "elgrande"),
        ("Service.SupplementaryGroups", "gpio i2c spi audio"),
        ("Service.StateDirectory", "elgrande-companion"),
        ("Service.RuntimeDirectory", "elgrande-companion"),
        ("Service.Environment", "LG_WD=%t/elgrande-companion"),
        ("Service.Environment", "GPIOZERO_PIN_FACTORY=lgpio"),
        ("Service.ProtectSystem", "strict"),
        ("Service.ProtectHome", "yes"),
        ("Service.PrivateTmp", "yes"),
        ("Service.NoNewPrivileges", "yes"),
        ("Service.DevicePolicy", "closed"),
        ("Service.DeviceAllow", "char-gpiochip rw"),
        ("Service.DeviceAllow", "char-i2c rw"),
        ("Service.DeviceAllow", "char-spi rw"),
        ("Service.RestrictAddressFamilies", "AF_UNIX"),
        ("Service.CapabilityBoundingSet", ""),
    ],
)
def test_the_unit_sets(key, value):
    found = settings(UNIT.read_text())
    assert key in found, f"{key} is not set"
    if value is not None:
        assert value in found[key], f"{key}: {found[key]}"


def test_the_install_script_is_valid_bash_and_uses_the_systems_gpio_packages():
    subprocess.run(["bash", "-n", str(INSTALL)], check=True)
    text = INSTALL.read_text()
    assert "python3 -m venv --system-site-packages" in text
    assert "python3-lgpio" in text and "python3-spidev" in text
    assert '"$SOURCE[pi]"' in text  # rpi-lgpio for luma's GPIO, lgpio and spidev
    assert "i2c-dev" in text and "/etc/modules-load.d/" in text
