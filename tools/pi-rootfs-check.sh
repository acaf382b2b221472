#!/usr/bin/env bash
# The build guide's install path on the Pi's own userland: in an arm64 (or armhf) root file system
# of Debian Bookworm and Trixie, run under qemu-user, follow docs/building.md's "Install" step
# (system packages, then systemd/install.sh) and check what a builder would see on a Pi with
# nothing plugged in. Run as root on a machine with qemu-user-static and binfmt_misc:
#
#   tools/pi-rootfs-check.sh [SUITE-ARCH ...]     # default: bookworm-arm64 trixie-arm64 bookworm-armhf
#
# The roots are built once with mmdebstrap and cached outside the repository
# ($ROOTFS_CACHE, default /var/cache/companion-rootfs); each run unpacks a fresh copy.
# What a chroot cannot check: no running systemd (the unit is verified and enabled, never
# started), no GPIO chip, I²C bus, SPI device or sound card (the probe must say so, one line each),
# and the archive is Debian's, not Raspberry Pi OS's, with PyPI but not piwheels: so install.sh's
# fallbacks run where Raspberry Pi OS takes a package (no python3-lgpio: pip builds lgpio from its
# source, the C library built in; on 32-bit Bookworm pip builds Pillow, which piwheels has built).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${ROOTFS_CACHE:-/var/cache/companion-rootfs}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# What Raspberry Pi OS Lite already has (python3, systemd, kmod, ca-certificates) and most of what
# install.sh adds, so that a cached run downloads little; install.sh still installs the rest (in
# a root cached before this list grew too), and the check runs every step.
SEED=python3,python3-venv,python3-dev,gcc,libc6-dev,ca-certificates,espeak-ng,alsa-utils,i2c-tools,python3-smbus2,python3-spidev,systemd,kmod,swig,python3-pil,python3-cbor2
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(bookworm-arm64 trixie-arm64 bookworm-armhf)

[ "$(id -u)" -eq 0 ] || { echo "pi-rootfs-check: run as root" >&2; exit 1; }
command -v mmdebstrap >/dev/null || {
  echo "pi-rootfs-check: mmdebstrap is missing: apt-get install mmdebstrap qemu-user-static" >&2
  exit 1
}
for target in "${TARGETS[@]}"; do
  case ${target#*-} in
    arm64) qemu=qemu-aarch64 ;;
    armhf) qemu=qemu-arm ;;
    *) echo "pi-rootfs-check: $target: the architecture must be arm64 or armhf" >&2; exit 1 ;;
  esac
  [ -e "/proc/sys/fs/binfmt_misc/$qemu" ] || {
    echo "pi-rootfs-check: binfmt_misc has no $qemu: apt-get install qemu-user-static" \
      "binfmt-support, then update-binfmts --enable" >&2
    exit 1
  }
done

# What this machine prints: the chroot's mock demo must print the same bytes.
HOST_DEMO=$(mktemp)
trap 'rm -f "$HOST_DEMO"' EXIT
COMPANION_BACKEND=mock "${COMPANION:-$REPO/.venv/bin/companion}" demo --pace 0 --json >"$HOST_DEMO"

check_one() {
  local suite=${1%-*} arch=${1#*-}
  local tar=$CACHE/$suite-$arch.tar root=$CACHE/run-$suite-$arch start
  start=$(date +%s)
  mkdir -p "$CACHE"
  if [ ! -e "$tar" ]; then
    echo "== $1: building the root (cached in $tar)"
    # The .tar ending tells mmdebstrap to write a tarball (anything else: a directory).
    mmdebstrap --variant=apt --architectures="$arch" --include="$SEED" \
      --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
      "$suite" "$CACHE/$suite-$arch.part.tar" "$MIRROR" >"$CACHE/$suite-$arch.log" 2>&1 || {
      echo "== $1: mmdebstrap failed, see $CACHE/$suite-$arch.log" >&2
      return 1
    }
    mv "$CACHE/$suite-$arch.part.tar" "$tar"
  fi
  echo "== $1: fresh copy, the checkout in /root/elgrande-companion"
  umount "$root/dev/pts" "$root/proc" 2>/dev/null || true
  if mountpoint -q "$root/proc" || mountpoint -q "$root/dev/pts"; then
    echo "== $1: $root/proc or $root/dev/pts is still mounted: not removing the old copy" >&2
    return 1
  fi
  rm -rf "$root" && mkdir -p "$root"
  # Called from an `||` list, where set -e does not stop a function: each step says so itself.
  tar -C "$root" -xf "$tar" || return 1
  cp /etc/resolv.conf "$root/etc/resolv.conf" || return 1
  # This machine's CA bundle for pip: a proxy that re-signs TLS is trusted here, not in the root.
  cp "${HOST_CA:-/etc/ssl/certs/ca-certificates.crt}" "$root/root/host-ca.crt"
  mkdir -p "$root/root/elgrande-companion"
  git -C "$REPO" ls-files -z --cached --others --exclude-standard |
    (cd "$REPO" && xargs -0 tar -cf - --ignore-failed-read 2>/dev/null) |
    tar -C "$root/root/elgrande-companion" -xf -
  cp "$HOST_DEMO" "$root/root/host-demo.json"
  cp "$REPO/tools/pi-rootfs-inside.sh" "$root/root/inside.sh"
  mount -t proc proc "$root/proc" || return 1
  # apt and dpkg want a pseudo-terminal for their log: without /dev/pts they print an E: line.
  mkdir -p "$root/dev/pts" && mount -t devpts devpts "$root/dev/pts" || return 1
  local rc=0
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    PIP_CERT=/root/host-ca.crt PIP_DISABLE_PIP_VERSION_CHECK=1 bash /root/inside.sh || rc=$?
  umount "$root/dev/pts" "$root/proc"
  echo "== $1: $([ $rc -eq 0 ] && echo PASS || echo FAIL) in $(($(date +%s) - start)) s"
  return $rc
}

failed=0
for target in "${TARGETS[@]}"; do
  check_one "$target" || failed=1
done
exit $failed
