"""Finding the mux channels' buses in sysfs, and `check-config --probe` on a fake /sys and /dev
(the bus transfers go through smbus2 onto FakeI2CAdapter)."""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from pathlib import Path

import pytest
from hw_testing import CONFIG, FakeI2CAdapter, with_edits

from companion.commands.check_config import check_config_command
from hw.buses import BusNotFound, i2c_port, mux_channel_port
from hw.config import HardwareConfig, load_config, parse_config
from hw.health import describe
from hw.probe import probe

ROOT = Path(__file__).resolve().parents[2]
PI = load_config(CONFIG / "pi.toml")
FIRST_BUS = 11  # not 22: the numbering is the kernel's choice, which is the point
CONFIG_TXT = "/boot/firmware/config.txt"
GPIO_FIX = (
    "no GPIO chip: this is not a Raspberry Pi's kernel, or /dev is not the Pi's "
    "(`ls /dev/gpiochip*`; a Pi 5 has gpiochip0, or gpiochip4 on older kernels)"
)
NOT_ANSWERING_FIX = "check the display's cable, power and address jumper"
USB_AND_HDMI = (
    " 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0\n"
    "                      vc4-hdmi-0\n"
    " 1 [Device         ]: USB-Audio - USB Audio Device\n"
    "                      C-Media Electronics Inc. USB Audio Device at usb-xhci-hcd.0-1\n"
)


@pytest.fixture
def machine(tmp_path, monkeypatch):
    """A Pi as pi.toml describes it: mux at 0x70, channels 0–7 → i2c-11…18, four pads on 0–3,
    the main display (0x3D) and the black pad (0x3C) on i2c-0, all present."""
    sysfs, dev = tmp_path / "sys", tmp_path / "dev"
    (sysfs / "1-0070").mkdir(parents=True)
    dev.mkdir()
    for channel in range(8):
        os.symlink(f"../i2c-{FIRST_BUS + channel}", sysfs / "1-0070" / f"channel-{channel}")
        (dev / f"i2c-{FIRST_BUS + channel}").touch()
    for name in ("i2c-0", "i2c-1", "spidev0.0", "gpiochip0"):
        (dev / name).touch()
    (tmp_path / "cards").write_text(USB_AND_HDMI)
    present = {(FIRST_BUS + channel, 0x3C) for channel in range(4)} | {(0, 0x3C), (0, 0x3D)}
    adapter = FakeI2CAdapter(tmp_path / "i2c", present=present).install(monkeypatch)
    return sysfs, dev, adapter


def edited(name: str, **changes) -> HardwareConfig:
    """config/<name> with dotted-path edits (``...`` deletes), loaded as check-config loads it."""
    return parse_config(with_edits(tomllib.loads((CONFIG / name).read_text()), **changes), name)


def probed(cfg: HardwareConfig, machine) -> list[str]:
    sysfs, dev, _ = machine
    return probe(cfg, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards")


def may_not_open(monkeypatch, *nodes: Path) -> None:
    """The user sees ``nodes`` but may not open them, as a device file of a group they are not
    in: os.access says yes to F_OK (it exists) and no to R_OK / W_OK."""
    denied = {str(n) for n in nodes}
    real_access = os.access

    def access(path, mode):
        return real_access(path, mode) and not (str(path) in denied and mode & (os.R_OK | os.W_OK))

    monkeypatch.setattr(os, "access", access)


def i2c_dev_fix() -> str:
    return (
        f"load i2c-dev: `echo i2c-dev | sudo tee {install_sh_modules_load()}` and "
        "`sudo modprobe i2c-dev` (the config.txt lines alone do not load it)"
    )


def group_fix(group: str) -> str:
    return (
        f"add the user to the '{group}' group: sudo usermod -aG {group} $USER, "
        "then log out and in again"
    )


def test_a_mux_channel_is_found_in_sysfs_and_an_explicit_port_wins(machine):
    sysfs, _, _ = machine
    red = PI.players["red"].display
    assert mux_channel_port(5, 0x70, sysfs) == FIRST_BUS + 5
    assert i2c_port(red, 0x70, sysfs) == FIRST_BUS
    assert i2c_port(dataclasses.replace(red, i2c_port=3), 0x70, sysfs) == 3


def test_a_missing_mux_says_which_overlay_to_add(tmp_path):
    with pytest.raises(BusNotFound, match="dtoverlay=i2c-mux,pca9548,addr=0x70"):
        mux_channel_port(0, 0x70, tmp_path)


def test_probe_finds_everything_on_a_complete_machine(machine, capsys):
    sysfs, dev, _ = machine
    assert probe(PI, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards") == []
    assert (
        check_config_command(
            str(CONFIG / "pi.toml"), probe=True, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards"
        )
        == 0
    )
    assert "every bus and display answered" in capsys.readouterr().out


def test_probe_names_each_missing_bus_and_device_by_its_key(machine, monkeypatch):
    sysfs, dev, adapter = machine
    os.unlink(sysfs / "1-0070" / "channel-3")  # green's channel
    (dev / f"i2c-{FIRST_BUS + 1}").unlink()  # blue's bus node
    adapter.present.discard((FIRST_BUS, 0x3C))  # red's display unplugged
    (dev / "spidev0.0").unlink()
    denied = str(dev / "gpiochip0")
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: str(p) != denied and real_access(p, mode))
    problems = probe(PI, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards")
    assert [p.split(":")[0] for p in problems] == [
        "players.red.display.address",
        "players.blue.display.mux_channel",
        "players.green.display.mux_channel",
        "matrix.spi_device",
        "buses.gpio_chip",
    ]
    assert f"nothing answers at 0x3C on {dev}/i2c-{FIRST_BUS} (mux channel 0)" in problems[0]
    assert f"{dev}/i2c-{FIRST_BUS + 1} is missing" in problems[1]
    assert "the mux has no channel 3" in problems[2]
    assert "dtoverlay=spi0-1cs" in problems[3]
    assert "'gpio' group" in problems[4] and "usermod -aG gpio" in problems[4]


def test_no_mux_at_all_is_one_problem_on_mux_address(machine, capsys):
    sysfs, dev, _ = machine
    (sysfs / "1-0070").rename(sysfs / "1-0071")
    problems = probe(PI, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards")
    assert problems == [
        f"mux.address: no I²C mux at 0x70 ({sysfs}/1-0070 is missing): add "
        f"'dtoverlay=i2c-mux,pca9548,addr=0x70' to {CONFIG_TXT} and reboot; "
        "`sudo i2cdetect -y 1` showing 70 means the mux answers but that line is missing, -- "
        "means check its wiring (UU: a driver holds it)"
    ]
    assert (
        check_config_command(
            str(CONFIG / "pi.toml"), probe=True, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards"
        )
        == 1
    )
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{CONFIG / 'pi.toml'}: mux.address: no I²C mux")
    assert err[-1].endswith("valid, but the probe found 1 problem; fix them and probe again")


def test_companion_cli_passes_probe_through(monkeypatch, capsys):
    import hw.probe
    from companion.cli import main

    seen = []
    monkeypatch.setattr(hw.probe, "probe", lambda cfg: seen.append(cfg) or ["mux.address: gone"])
    assert main(["check-config", "--probe", str(CONFIG / "pi.toml")]) == 1
    assert len(seen) == 1 and "mux.address: gone" in capsys.readouterr().err
    assert main(["check-config", str(CONFIG / "pi.toml")]) == 0 and len(seen) == 1


def test_a_bus_without_its_node_asks_for_i2c_dev_in_one_line(machine):
    sysfs, dev, _ = machine
    (sysfs / "i2c-1").mkdir()  # the overlay made the bus; nothing made /dev/i2c-1
    (dev / "i2c-1").unlink()
    problems = probe(PI, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards")
    assert len(problems) == 1 and problems[0].startswith("buses.i2c: ")
    assert "modprobe i2c-dev" in problems[0] and "dtparam" not in problems[0]
    assert f"sudo tee {install_sh_modules_load()}`" in problems[0]  # the file install.sh writes


def install_sh_modules_load() -> str:
    """The modules-load.d file systemd/install.sh writes i2c-dev to, its variables filled in."""
    text = (ROOT / "systemd" / "install.sh").read_text()
    (target,) = re.findall(r'^echo i2c-dev >"(/etc/modules-load\.d/[^"]+)"$', text, re.M)
    (service,) = re.findall(r"^SERVICE=(\S+)$", text, re.M)
    return target.replace("$SERVICE", service)


def test_no_i2c_bus_at_all_asks_for_the_config_txt_line(machine):
    sysfs, dev, _ = machine
    (dev / "i2c-1").unlink()
    (problem,) = probe(PI, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards")
    assert problem == (
        f"buses.i2c: {dev}/i2c-1 is missing: add 'dtparam=i2c_arm=on' to {CONFIG_TXT}, "
        f"reboot, and {i2c_dev_fix()}"
    )


def test_i2c0_missing_asks_for_its_config_txt_lines_in_one_line_for_both_its_displays(machine):
    sysfs, dev, adapter = machine
    (dev / "i2c-0").unlink()
    (problem,) = probe(PI, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards")
    assert problem.startswith("display.i2c_port: ")  # not again for the black pad
    assert "dtparam=i2c_vc=on" in problem and "dtparam=i2c_vc_baudrate=400000" in problem
    (dev / "i2c-0").touch()
    adapter.present.discard((0, 0x3D))  # the bus is there; the main display does not answer
    (problem,) = probe(PI, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards")
    assert problem.startswith("display.address: nothing answers at 0x3D on ")
    assert "i2c-0 (I²C port 0)" in problem


def test_the_spi_advice_follows_the_chip_selects_the_config_uses(machine):
    sysfs, dev, _ = machine
    two = dataclasses.replace(
        PI,
        buses=dataclasses.replace(PI.buses, spi="2cs"),
        matrix=dataclasses.replace(PI.matrix, spi_device=1),
    )
    (problem,) = probe(two, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards")
    assert problem.startswith("matrix.spi_device: ") and "dtoverlay=spi0-2cs,no_miso" in problem


def test_a_missing_gpio_chip_says_this_is_no_pi(machine):
    sysfs, dev, _ = machine
    (dev / "gpiochip0").unlink()
    (problem,) = probe(PI, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards")
    # gpiozero tries gpiochip4, then gpiochip0: the last one is named, the one every Pi has
    assert problem == f"buses.gpio_chip: {dev}/gpiochip0 is missing: {GPIO_FIX}"


def test_the_sound_card_the_voice_needs_is_looked_for(machine, capsys):
    sysfs, dev, _ = machine
    cards = sysfs.parent / "cards"
    cards.write_text("--- no soundcards ---\n")
    (problem,) = probe(PI, sysfs=sysfs, dev=dev, cards=cards)
    assert problem.startswith("speaker.device: no sound card")
    cards.write_text(USB_AND_HDMI.replace("[Device  ", "[Set     "))
    (problem,) = probe(PI, sysfs=sysfs, dev=dev, cards=cards)
    assert "'plughw:CARD=Device,DEV=0' names a card that is not here" in problem
    assert "0 vc4hdmi0 (vc4-hdmi-0), 1 Set (USB Audio Device)" in problem


def test_probe_prints_the_cards_and_the_one_the_voice_uses(machine, capsys):
    sysfs, dev, _ = machine
    cards = sysfs.parent / "cards"
    assert (
        check_config_command(str(CONFIG / "pi.toml"), probe=True, sysfs=sysfs, dev=dev, cards=cards)
        == 0
    )
    out = capsys.readouterr().out
    assert (
        "sound cards: 0 vc4hdmi0 (vc4-hdmi-0), 1 Device (USB Audio Device); "
        "speaker.device 'plughw:CARD=Device,DEV=0' plays on card 1 Device"
    ) in out


def test_both_i2c_buses_missing_are_named_once_each(machine):
    sysfs, dev, _ = machine
    (dev / "i2c-1").unlink()  # the mux's bus: the pads behind it are not probed
    (dev / "i2c-0").unlink()  # the main display's and the black pad's: named once
    assert probed(PI, machine) == [
        f"buses.i2c: {dev}/i2c-1 is missing: add 'dtparam=i2c_arm=on' to {CONFIG_TXT}, "
        f"reboot, and {i2c_dev_fix()}",
        f"display.i2c_port: {dev}/i2c-0 is missing: add 'dtparam=i2c_vc=on' and "
        "'dtparam=i2c_vc_baudrate=400000' (I²C0 on GPIO 0/1, above any dtoverlay line) to "
        f"{CONFIG_TXT}, reboot, and {i2c_dev_fix()}",
    ]


def test_without_i2c_1_the_mux_on_it_is_not_reported_too(machine):
    sysfs, dev, _ = machine
    (dev / "i2c-1").unlink()
    (sysfs / "1-0070").rename(sysfs / "1-0071")
    (problem,) = probed(PI, machine)
    assert problem.startswith(f"buses.i2c: {dev}/i2c-1 is missing: ")


def test_with_no_mux_the_displays_beside_it_are_still_probed(machine):
    sysfs, dev, adapter = machine
    (sysfs / "1-0070").rename(sysfs / "1-0071")
    adapter.present.discard((0, 0x3C))  # the black pad, on i2c-0 after the pads behind the mux
    problems = probed(PI, machine)
    assert [p.split(":")[0] for p in problems] == ["mux.address", "players.black.display.address"]
    assert problems[1] == (
        f"players.black.display.address: nothing answers at 0x3C on {dev}/i2c-0 (I²C port 0): "
        f"{NOT_ANSWERING_FIX}"
    )


def test_a_display_that_does_not_answer_is_named_with_what_to_check(machine):
    _, dev, adapter = machine
    adapter.present.discard((0, 0x3D))  # the main display, an ssd1309
    adapter.present.discard((FIRST_BUS, 0x3C))  # red's, an ssd1306
    assert probed(PI, machine) == [
        f"display.address: nothing answers at 0x3D on {dev}/i2c-0 (I²C port 0): "
        f"{NOT_ANSWERING_FIX} (a board wired for SPI never answers: docs/building.md)",
        f"players.red.display.address: nothing answers at 0x3C on {dev}/i2c-{FIRST_BUS} "
        f"(mux channel 0): {NOT_ANSWERING_FIX}",
    ]


def test_an_explicit_i2c_port_with_no_bus_asks_to_check_the_overlays(machine):
    _, dev, _ = machine
    red_on_i2c3 = edited("pi.toml", **{"players.red.display.i2c_port": 3})  # wins over channel 0
    assert probed(red_on_i2c3, machine) == [
        f"players.red.display.i2c_port: {dev}/i2c-3 is missing: check the overlays in "
        f"{CONFIG_TXT}, reboot, and {i2c_dev_fix()}"
    ]


def test_a_bus_the_user_may_not_open_names_the_group_to_join_once(machine, monkeypatch):
    _, dev, _ = machine
    may_not_open(monkeypatch, dev / "i2c-0")  # the main display's, and the black pad's
    assert probed(PI, machine) == [
        f"display.i2c_port: permission denied on {dev}/i2c-0: {group_fix('i2c')}"
    ]


def test_a_spi_device_the_user_may_not_open_names_the_spi_group(machine, monkeypatch):
    _, dev, _ = machine
    may_not_open(monkeypatch, dev / "spidev0.0")
    assert probed(PI, machine) == [
        f"matrix.spi_device: permission denied on {dev}/spidev0.0: {group_fix('spi')}"
    ]


def test_a_missing_spi_display_is_named_with_the_overlay_for_ce1_and_miso(machine):
    _, dev, _ = machine  # sim.toml: the main display on SPI0 CE1; no spidev0.1 here
    cfg = edited("sim.toml", **{"buses.spi_miso": True})  # a build that reads over SPI
    assert probed(cfg, machine) == [
        f"display.spi_device: {dev}/spidev0.1 is missing: add 'dtoverlay=spi0-2cs' to "
        f"{CONFIG_TXT} (and no other spi0 overlay or dtparam=spi=on) and reboot"
    ]


def test_the_spi_advice_keeps_2cs_when_the_config_asks_for_it(machine):
    _, dev, adapter = machine
    (dev / "spidev0.0").unlink()
    adapter.present.add((1, 0x3D))
    moved = {"display.interface": "i2c", "display.address": 0x3D}
    moved |= dict.fromkeys(
        ("display.spi_port", "display.spi_device", "display.dc", "display.reset"), ...
    )
    cfg = edited("sim.toml", **moved)  # the main display moved to I²C: nothing on CE1
    assert probed(cfg, machine) == [
        f"matrix.spi_device: {dev}/spidev0.0 is missing: add 'dtoverlay=spi0-2cs,no_miso' to "
        f"{CONFIG_TXT} (and no other spi0 overlay or dtparam=spi=on) and reboot"
    ]


def test_the_gpio_chip_the_config_names_is_the_one_looked_for(machine):
    _, dev, _ = machine  # a newer kernel: gpiochip0 only
    assert probed(edited("pi.toml", **{"buses.gpio_chip": 4}), machine) == [
        f"buses.gpio_chip: {dev}/gpiochip4 is missing: {GPIO_FIX}"
    ]


def test_a_pi_5s_gpiochip4_is_the_one_gpiozero_opens(machine, monkeypatch):
    _, dev, _ = machine
    (dev / "gpiochip4").touch()  # an older Pi 5 kernel: gpiochip4 is the header's
    assert probed(PI, machine) == []
    (dev / "gpiochip0").unlink()
    assert probed(PI, machine) == []
    may_not_open(monkeypatch, dev / "gpiochip4")
    (dev / "gpiochip0").touch()
    assert probed(PI, machine) == [
        f"buses.gpio_chip: permission denied on {dev}/gpiochip4: {group_fix('gpio')}"
    ]


PI_SUMMARY = (
    "backend pi, 5 players (red, blue, yellow, green, black), main display ssd1309 128×64 on"
    " I²C port 0 at 0x3D, 5 pad displays, matrix 4×MAX7219 on SPI0.0, buzzer on GPIO 18,"
    " voice en at 150 wpm"
)
TABLE_SUMMARY = (
    'ruleset = "2015", short_game = false, veto = true, first_bidder = "random",'
    ' castillo_public = false, bidding = "sealed", deck = "shuffled", tiebreak = "shared",'
    ' castillo_disc_on_king = "forbidden"; seats: every pad'
)


def test_a_probe_that_finds_everything_prints_these_three_lines(machine, capsys):
    sysfs, dev, _ = machine
    path = CONFIG / "pi.toml"
    assert (
        check_config_command(
            str(path), probe=True, sysfs=sysfs, dev=dev, cards=sysfs.parent / "cards"
        )
        == 0
    )
    assert capsys.readouterr() == (
        f"{path}: sound cards: 0 vc4hdmi0 (vc4-hdmi-0), 1 Device (USB Audio Device);"
        " speaker.device 'plughw:CARD=Device,DEV=0' plays on card 1 Device\n"
        f"OK: {path}: {PI_SUMMARY}; every bus and display answered\n"
        f"OK: {CONFIG / 'table.toml'}: {TABLE_SUMMARY}\n",
        "",
    )


ESCAPE_CARDS = " 1 [Set            ]: USB-Audio - USB\x1b[2J Audio\n"  # a USB device's own name


def test_a_card_name_with_a_control_character_is_escaped_in_the_problem(machine, capsys):
    """/proc/asound/cards repeats a USB device's own name: what a terminal would act on in it
    is escaped in the problem on stderr."""
    sysfs, dev, _ = machine
    cards = sysfs.parent / "cards"
    cards.write_text(ESCAPE_CARDS)
    path = CONFIG / "pi.toml"
    assert check_config_command(str(path), probe=True, sysfs=sysfs, dev=dev, cards=cards) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{path}: speaker.device: 'plughw:CARD=Device,DEV=0' names a card that is not here"
        " (cards: 1 Set (USB\\u001B[2J Audio)):"
        ' set speaker.device = "plughw:CARD=<id>,DEV=0" with the id of the card to use',
        f"{path}: valid, but the probe found 1 problem; fix them and probe again",
    ]


def test_a_card_name_with_a_control_character_is_escaped_in_the_note(machine, capsys):
    """The note on stdout names the same card: escaped too (it was printed raw)."""
    sysfs, dev, _ = machine
    cards = sysfs.parent / "cards"
    cards.write_text(ESCAPE_CARDS)
    path = CONFIG / "pi.toml"
    assert check_config_command(str(path), probe=True, sysfs=sysfs, dev=dev, cards=cards) == 1
    assert capsys.readouterr().out == (
        f"{path}: sound cards: 1 Set (USB\\u001B[2J Audio);"
        " speaker.device 'plughw:CARD=Device,DEV=0' plays on no card\n"
    )


def test_a_missing_mux_is_described_in_full_as_a_missing_device(tmp_path):
    with pytest.raises(BusNotFound) as info:
        mux_channel_port(0, 0x70, tmp_path)
    assert describe(info.value) == (
        f"BusNotFound [errno 19]: no I²C mux at 0x70 on i2c-1 ({tmp_path}/1-0070 is missing): "
        "add 'dtoverlay=i2c-mux,pca9548,addr=0x70' to /boot/firmware/config.txt, reboot, "
        "and check the mux's wiring"
    )


def test_a_mux_channel_linked_to_something_else_than_a_bus_says_where_it_points(tmp_path):
    (tmp_path / "1-0070").mkdir()
    os.symlink("../spi0.0", tmp_path / "1-0070" / "channel-2")
    with pytest.raises(BusNotFound) as info:
        mux_channel_port(2, 0x70, tmp_path)
    link = tmp_path / "1-0070" / "channel-2"
    assert info.value.strerror == f"{link} points to '../spi0.0', not an i2c-N bus"
