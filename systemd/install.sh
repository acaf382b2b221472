#!/usr/bin/env bash
# Install the El Grande companion as a service on Raspberry Pi OS Lite, Bookworm or Trixie, 64- or
# 32-bit (run as root from a checkout: sudo systemd/install.sh). Safe to run again: it upgrades the
# venv and keeps the config.
#
# It installs what every variant of config/pi.toml needs, so a changed config needs no new install:
# gpiozero's lgpio factory (buttons, LEDs, buzzer), spidev (the matrix, an SPI display), smbus2
# (the probe, luma's I²C), rpi-lgpio (RPi.GPIO's API on lgpio: luma drives an SPI display's D/C and
# reset through it, and the real RPi.GPIO cannot reach a Pi 5's GPIO), espeak-ng and ALSA's tools.
#
# Where each driver comes from (the venv is made with --system-site-packages, so pip takes a system
# package that satisfies the project and installs into the venv only what is missing or too old):
# - lgpio: Raspberry Pi OS's python3-lgpio, when pip sees its metadata (systemd/pip_sees.py asks).
#   Without it (plain Debian, or a package pip cannot see) pip takes PyPI's wheel (64- and 32-bit,
#   up to Python 3.12) or, on Trixie's 3.13, builds PyPI's source, with swig and a compiler this
#   script then installs: it carries the C library, which PYPI=1 builds in (else it needs
#   liblgpio, which only Raspberry Pi OS packages).
# - spidev, smbus2, cbor2 (luma's): the distribution's.
# - Pillow: Trixie's python3-pil (11); Bookworm's (9.4) is older than the 10.1 the project needs,
#   so pip takes PyPI's wheel on 64-bit, and on 32-bit, where PyPI has none, piwheels' (Raspberry
#   Pi OS's pip asks it) or else builds it with libjpeg's and zlib's headers.
set -euo pipefail

SERVICE=elgrande-companion
SERVICE_USER=elgrande
PREFIX=/opt/$SERVICE
CONFIG_DIR=/etc/$SERVICE
SOURCE=$(cd "$(dirname "$0")/.." && pwd)

if [ "$(id -u)" -ne 0 ]; then
  echo "install.sh: run as root (sudo $0)" >&2
  exit 1
fi
if ! grep -Eqs 'VERSION_CODENAME=(bookworm|trixie)' /etc/os-release; then
  echo "install.sh: written for Raspberry Pi OS Bookworm or Trixie; continuing anyway" >&2
fi

echo "+ system packages"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
PACKAGES=(python3-venv python3-spidev python3-smbus2 python3-cbor2 python3-pil
  espeak-ng alsa-utils i2c-tools)
# Raspberry Pi OS's python3-lgpio; plain Debian has none.
if apt-cache show python3-lgpio >/dev/null 2>&1; then
  PACKAGES+=(python3-lgpio)
fi
apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
# What pip needs to build a driver that has neither a system package it sees nor a wheel here.
# pip keeps the system's lgpio only if it reads its metadata (of 0.2.2 or later, as the [pi] extra
# asks): an lgpio that imports without it is fetched again, and on Trixie's Python 3.13, where
# PyPI has no wheel, built from source. Asked after python3-lgpio is in, not assumed.
BUILD=()
python3 "$SOURCE/systemd/pip_sees.py" lgpio 0.2.2 || BUILD+=(swig)
case "$(dpkg --print-architecture)" in
  armhf | armel) BUILD+=(libjpeg-dev zlib1g-dev) ;;  # Pillow, where no wheel is found
esac
if [ ${#BUILD[@]} -gt 0 ]; then
  BUILD+=(python3-dev gcc libc6-dev)
  apt-get install -y -qq "${BUILD[@]}" >/dev/null
  echo "  and what pip may need to build lgpio or Pillow: ${BUILD[*]}"
fi

echo "+ i2c-dev loaded at every boot (/etc/modules-load.d/$SERVICE.conf)"
echo i2c-dev >"/etc/modules-load.d/$SERVICE.conf"
modprobe i2c-dev 2>/dev/null || echo "  (modprobe i2c-dev failed here: it loads at the next boot)"

echo "+ user $SERVICE_USER (groups gpio, i2c, spi, audio)"
for group in gpio i2c spi audio; do
  getent group "$group" >/dev/null || groupadd --system "$group"
done
if ! id "$SERVICE_USER" >/dev/null 2>&1; then
  useradd --system --user-group --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin "$SERVICE_USER"
fi
usermod --append --groups gpio,i2c,spi,audio "$SERVICE_USER"

echo "+ venv in $PREFIX/venv (it sees the system's packages) and the [pi] extra"
install -d -m 0755 "$PREFIX"
python3 -m venv --system-site-packages "$PREFIX/venv"
# --prefer-binary: a release piwheels has not built yet must not send pip to its source.
PYPI=1 "$PREFIX/venv/bin/pip" install -q --prefer-binary --upgrade "$SOURCE[pi]"
"$PREFIX/venv/bin/python" - <<'PY' || {
import importlib.metadata
import importlib.util

import lgpio, spidev, smbus2  # noqa: F401
import luma.led_matrix.device, luma.oled.device  # noqa: F401  (Pillow, cbor2)
from gpiozero.pins.lgpio import LGPIOFactory  # noqa: F401

# RPi.GPIO refuses to import off a Pi (an image being built): found, and rpi-lgpio's.
assert importlib.util.find_spec("RPi.GPIO") is not None
importlib.metadata.version("rpi-lgpio")
PY
  echo "install.sh: the Pi's drivers (lgpio, spidev, smbus2, rpi-lgpio, luma) are not importable" \
    "from $PREFIX/venv" >&2
  exit 1
}

echo "+ config in $CONFIG_DIR"
install -d -m 0755 "$CONFIG_DIR"
if [ ! -e "$CONFIG_DIR/config.toml" ]; then
  install -m 0644 "$SOURCE/config/pi.toml" "$CONFIG_DIR/config.toml"
else
  echo "  keeping the existing $CONFIG_DIR/config.toml"
fi
"$PREFIX/venv/bin/companion" check-config "$CONFIG_DIR/config.toml"

echo "+ unit /etc/systemd/system/$SERVICE.service"
install -m 0644 "$SOURCE/systemd/$SERVICE.service" "/etc/systemd/system/$SERVICE.service"
systemd-analyze verify "/etc/systemd/system/$SERVICE.service"
systemctl enable "$SERVICE.service"
if [ -d /run/systemd/system ]; then
  systemctl daemon-reload
  systemctl restart "$SERVICE.service"
  echo "Installed. Status: systemctl status $SERVICE; log: journalctl -u $SERVICE -f"
else
  # A chroot or an image being built: no running systemd; the unit starts at the next boot.
  echo "Installed and enabled; systemd is not running here, so it starts at the next boot."
fi
