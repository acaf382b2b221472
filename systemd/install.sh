#!/usr/bin/env bash
# Install the El Grande companion as a service on Raspberry Pi OS Bookworm (run as root from a
# checkout: sudo systemd/install.sh). Safe to run again: it upgrades the venv and keeps the config.
#
# The GPIO and SPI drivers come from Debian, not PyPI: lgpio on PyPI has wheels only for 64-bit
# (manylinux_2_34 aarch64) and none for 32-bit armv7l, and spidev is source-only. So the venv is
# made with --system-site-packages and sees python3-lgpio / python3-spidev from apt.
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
if ! grep -qs 'VERSION_CODENAME=bookworm' /etc/os-release; then
  echo "install.sh: written for Raspberry Pi OS Bookworm; continuing anyway" >&2
fi

echo "+ system packages"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq python3-venv python3-lgpio python3-spidev python3-smbus2 espeak-ng >/dev/null

echo "+ user $SERVICE_USER (groups gpio, i2c, spi, audio)"
for group in gpio i2c spi audio; do
  getent group "$group" >/dev/null || groupadd --system "$group"
done
if ! id "$SERVICE_USER" >/dev/null 2>&1; then
  useradd --system --user-group --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin "$SERVICE_USER"
fi
usermod --append --groups gpio,i2c,spi,audio "$SERVICE_USER"

echo "+ venv in $PREFIX/venv (with the system's lgpio and spidev)"
install -d -m 0755 "$PREFIX"
python3 -m venv --system-site-packages "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install -q --upgrade "$SOURCE"
"$PREFIX/venv/bin/python" -c 'import lgpio, spidev' || {
  echo "install.sh: lgpio/spidev not importable from the venv (python3-lgpio, python3-spidev?)" >&2
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
systemctl daemon-reload
systemctl enable "$SERVICE.service"
systemctl restart "$SERVICE.service"
echo "Installed. Status: systemctl status $SERVICE; log: journalctl -u $SERVICE -f"
