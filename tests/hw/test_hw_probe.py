"""Finding the mux channels' buses in sysfs, and `check-config --probe` on a fake /sys and /dev
(the bus transfers go through smbus2 onto FakeI2CAdapter)."""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import pytest
from hw_testing import CONFIG, FakeI2CAdapter

from companion.commands.check_config import check_config_command
from hw.buses import BusNotFound, i2c_port, mux_channel_port
from hw.config import load_config
from hw.probe import probe

ROOT = Path(__file__).resolve().parents[2]
PI = load_config(CONFIG / "pi.toml")
FIRST_BUS = 11  # not 22: the numbering is the kernel's choice, which is the point
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
    assert len(problems) == 1 and problems[0].startswith("mux.address: no I²C mux at 0x70")
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
    assert "dtparam=i2c_arm=on" in problem and "i2c-dev" in problem


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
    assert problem.startswith("buses.gpio_chip: ") and "not a Raspberry Pi" in problem


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
