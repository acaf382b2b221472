"""Checks across keys, on whatever parsed: a GPIO used twice or claimed by a bus, two displays
at one I²C address, a display clashing with the mux, SPI chip selects.

They run even when single keys were wrong, so one pass reports all.
"""

from __future__ import annotations

from hw.config.model import BusConfig, DisplayConfig, MatrixConfig
from hw.config.reader import Reader, join


def check_wiring(
    r: Reader,
    buses: BusConfig | None,
    displays: list[DisplayConfig],
    matrix: MatrixConfig | None,
    mux_address: int | None,
) -> None:
    """Cross-key checks on whatever parsed: GPIOs used twice, bus clashes, I²C addresses,
    SPI chip selects. They run even when single keys were wrong, so one pass reports all."""
    seen: dict[int, str] = {}
    reserved = buses.reserved() if buses is not None else {}
    for pin, key in r.gpio_uses:
        if pin in seen:
            r.add(key, f"GPIO {pin} is already used by {seen[pin]}; each GPIO can be used once")
        else:
            seen[pin] = key
        if pin in reserved:
            r.add(
                key,
                f"GPIO {pin} is {reserved[pin]}, which the buses in use claim; "
                f"accepted: a GPIO other than {', '.join(str(p) for p in sorted(reserved))}",
            )
    if buses is None:
        return

    i2c_seen: dict[tuple[str, int], str] = {}
    for d in displays:
        if d.interface != "i2c":
            continue
        if not buses.i2c and d.i2c_port in (None, 1):  # i2c-1 itself, or the mux on it
            r.add(join(d.key, "interface"), "is 'i2c' but buses.i2c = false; enable I²C or use SPI")
        if d.mux_channel is not None and mux_address is None and "mux" not in r.broken:
            r.add(join(d.key, "mux_channel"), "needs a [mux] table with the mux's address")
        spot = (d.i2c_bus(), d.address)
        if spot in i2c_seen:
            r.add(
                join(d.key, "address"),
                f"0x{d.address:02X} on {d.i2c_bus()} is already used by {i2c_seen[spot]}; "
                "give each display its own mux channel or address",
            )
        i2c_seen[spot] = d.key
        # The mux answers at its own address on i2c-1, and behind it too while a channel is
        # selected: a display at that address beside the mux or behind it clashes with it.
        if mux_address is not None and d.i2c_port in (None, 1) and d.address == mux_address:
            r.add(
                join(d.key, "address"), f"0x{d.address:02X} is the mux's own address (mux.address)"
            )
    if mux_address is not None:
        i2c = [d for d in displays if d.interface == "i2c"]
        root = {d.address: d.key for d in i2c if d.on_root_bus()}
        for d in i2c:
            behind_mux = d.i2c_port is None and d.mux_channel is not None  # not another bus
            if behind_mux and d.address in root:
                r.add(
                    join(d.key, "address"),
                    f"0x{d.address:02X} behind the mux clashes with {root[d.address]} on the "
                    "root bus (port 1); move one of them to another address or mux channel",
                )

    spi_users = [(d.spi_port, d.spi_device, d.key) for d in displays if d.interface == "spi"]
    if matrix:
        spi_users.append((matrix.spi_port, matrix.spi_device, "matrix"))
    taken: dict[tuple[int, int], str] = {}
    for port, dev, key in spi_users:
        if port != 0:
            r.add(f"{key}.spi_port", "only SPI0 is described by [buses]; accepted: 0")
        elif buses.spi == "off":
            r.add(
                f"{key}.spi_port",
                "needs SPI but buses.spi = 'off'; accepted: buses.spi = '1cs' or '2cs'",
            )
        elif dev == 1 and buses.spi != "2cs":
            r.add(f"{key}.spi_device", "CE1 needs buses.spi = '2cs' (and GPIO 7 free)")
        if (port, dev) in taken:
            r.add(f"{key}.spi_device", f"SPI{port}.{dev} is already used by {taken[(port, dev)]}")
        taken[(port, dev)] = key
