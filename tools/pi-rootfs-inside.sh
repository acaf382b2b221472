#!/usr/bin/env bash
# Run by tools/pi-rootfs-check.sh inside the root file system (as root, under qemu-user): the
# build guide's install step word for word, then what a builder would see with nothing plugged in.
# The clone is replaced by the copy of the checkout in /root/elgrande-companion.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "+ $*"; }
VENV=/opt/elgrande-companion/venv
CONFIG=/etc/elgrande-companion/config.toml
cd /root/elgrande-companion
. /etc/os-release
echo "$PRETTY_NAME, $(dpkg --print-architecture), $(python3 --version)"

step "docs/building.md: sudo systemd/install.sh"
t0=$(date +%s)
systemd/install.sh
echo "  install.sh took $(($(date +%s) - t0)) s"

step "the unit is enabled (a chroot runs no systemd: verified and enabled, never started)"
[ "$(systemctl is-enabled elgrande-companion.service)" = enabled ] || fail "unit not enabled"
[ -L /etc/systemd/system/multi-user.target.wants/elgrande-companion.service ] ||
  fail "no multi-user.target.wants link"
grep -qx i2c-dev /etc/modules-load.d/elgrande-companion.conf || fail "i2c-dev not loaded at boot"

step "the [pi] extra resolves and imports"
"$VENV/bin/pip" check
# rpi-lgpio reads the board from the device tree, which a chroot has not: a Pi 5's revision.
RPI_LGPIO_REVISION=d04170 "$VENV/bin/python" - <<'PY'
import importlib.metadata as m

import lgpio, spidev, RPi.GPIO  # noqa: F401
from gpiozero.pins.lgpio import LGPIOFactory  # noqa: F401

import luma.led_matrix.device, luma.oled.device  # noqa: F401  (Pillow, cbor2)

# Where each came from: the venv (pip: a wheel, or built here) or the system (/usr/lib/python3).
for name in ("lgpio", "spidev", "rpi-lgpio", "gpiozero", "smbus2", "pillow", "cbor2"):
    print(f"  {name} {m.version(name)}", m.distribution(name).locate_file(""))
PY

step "check-config --probe: the GPIO chip, both I²C buses, SPI device and sound card, one line each"
rc=0
"$VENV/bin/companion" check-config --probe "$CONFIG" >/tmp/probe.out 2>/tmp/probe.err || rc=$?
cat /tmp/probe.out /tmp/probe.err | sed 's/^/  /'
[ $rc -eq 1 ] || fail "check-config --probe exited $rc, expected 1"
for key in buses.gpio_chip buses.i2c display.i2c_port matrix.spi_device speaker.device; do
  [ "$(grep -c ": $key: " /tmp/probe.err)" -eq 1 ] || fail "not one line for $key"
done
[ "$(wc -l </tmp/probe.err)" -eq 6 ] || fail "the probe printed more than the five problems"

step "companion run with the pi backend and no hardware: one actionable line"
rc=0
timeout 120 "$VENV/bin/companion" run --config "$CONFIG" >/tmp/run.out 2>/tmp/run.err || rc=$?
cat /tmp/run.out /tmp/run.err | sed 's/^/  /'
[ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "companion run exited $rc"
[ "$(wc -l </tmp/run.err)" -eq 1 ] && [ ! -s /tmp/run.out ] || fail "not one line"
grep -q "not a Raspberry Pi.*COMPANION_BACKEND=mock" /tmp/run.err || fail "no fix in the line"

step "COMPANION_BACKEND=mock companion demo --pace 0 --json: the same bytes as on the host"
(cd /tmp && COMPANION_BACKEND=mock "$VENV/bin/companion" demo --pace 0 --json >/tmp/demo.json)
cmp /tmp/demo.json /root/host-demo.json || fail "the demo differs from the host's"
echo "  $(wc -c </tmp/demo.json) bytes, identical"
echo "ALL CHECKS PASSED"
