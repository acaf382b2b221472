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
# lgpio: Raspberry Pi OS packages it (python3-lgpio); PyPI has wheels up to Python 3.12 (aarch64,
# armv7l) and none for Trixie's 3.13. So the venv is made with --system-site-packages and uses the
# system's lgpio and spidev. Where the system has no python3-lgpio (plain Debian, which
# tools/pi-rootfs-check.sh uses), pip takes PyPI's wheel up to Python 3.12; on 3.13 it must build
# lgpio, which links against liblgpio: only Raspberry Pi OS's archive has it (liblgpio-dev).
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
PACKAGES=(python3-venv python3-spidev python3-smbus2 espeak-ng alsa-utils i2c-tools)
if apt-cache show python3-lgpio >/dev/null 2>&1; then
  PACKAGES+=(python3-lgpio)
fi
# lgpio's source links against the C library: pip can build it only where the system has that.
if apt-cache show liblgpio-dev >/dev/null 2>&1; then
  PACKAGES+=(liblgpio-dev)
fi
apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
if ! python3 -c 'import importlib.metadata as m; m.version("lgpio"); m.version("spidev")' 2>/dev/null
then
  # Plain Debian has no python3-lgpio, and pip finds no lgpio wheel for Python 3.13.
  echo "  lgpio or spidev not installed for pip here: pip builds them (python3-dev, gcc, swig)"
  apt-get install -y -qq python3-dev gcc libc6-dev swig >/dev/null
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

echo "+ venv in $PREFIX/venv (with the system's lgpio and spidev) and the [pi] extra"
install -d -m 0755 "$PREFIX"
python3 -m venv --system-site-packages "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install -q --upgrade "$SOURCE[pi]"
"$PREFIX/venv/bin/python" - <<'PY' || {
import importlib.metadata
import importlib.util

import lgpio, spidev, smbus2  # noqa: F401
from gpiozero.pins.lgpio import LGPIOFactory  # noqa: F401

# RPi.GPIO refuses to import off a Pi (an image being built): found, and rpi-lgpio's.
assert importlib.util.find_spec("RPi.GPIO") is not None
importlib.metadata.version("rpi-lgpio")
PY
  echo "install.sh: the Pi's drivers (lgpio, spidev, smbus2, rpi-lgpio) are not importable" \
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
