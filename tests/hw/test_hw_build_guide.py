"""The build guide's parts list, circuits, LED table, power budget and by-hand install lines are
what hw/parts.toml, config/pi.toml and systemd/install.sh give (tools/build_guide.py writes them),
and each drawing shows as many of a part as its circuit lists."""

from __future__ import annotations

import copy
import importlib.util
import re
import subprocess
import sys
import tomllib

import pytest
from hw_testing import ROOT

TOOL = ROOT / "tools" / "build_guide.py"
_spec = importlib.util.spec_from_file_location("build_guide", TOOL)
assert _spec is not None and _spec.loader is not None
build_guide = importlib.util.module_from_spec(_spec)
sys.modules["build_guide"] = build_guide  # dataclasses look their module up by name
_spec.loader.exec_module(build_guide)

DATA = tomllib.loads((ROOT / "hw" / "parts.toml").read_text(encoding="utf-8"))
PI = tomllib.loads((ROOT / "config" / "pi.toml").read_text(encoding="utf-8"))
INSTALL = (ROOT / "systemd" / "install.sh").read_text(encoding="utf-8")
BUILDING = (ROOT / "docs" / "building.md").read_text(encoding="utf-8")
WIRING = (ROOT / "hw" / "WIRING.md").read_text(encoding="utf-8")


def guide(data=DATA, pi=PI):
    return build_guide.Guide(data, pi, INSTALL)


def circuit(data, name):
    return next(c for c in data["circuit"] if c["id"] == name)


def block(text: str, name: str) -> str:
    return text.split(f"<!-- generated: {name} -->\n", 1)[1].split("<!-- end generated:", 1)[0]


def test_the_docs_hold_what_the_parts_file_gives():
    assert build_guide.stale(guide()) == []


def test_a_block_edited_by_hand_is_named_stale(tmp_path):
    doc = tmp_path / "guide.md"
    power = block(BUILDING, "power")
    doc.write_text(f"<!-- generated: power -->\n{power.replace('2.50 A', '3.50 A')}"
                   "<!-- end generated: power -->\n")  # fmt: skip
    problems = build_guide.stale(guide(), docs=(doc,))
    assert f"{doc}: block 'power' is stale" in problems


def test_a_drawing_with_one_resistor_more_than_its_list_is_named():
    data = copy.deepcopy(DATA)
    buzzer = circuit(data, "buzzer")
    buzzer["drawing"] += " GND ──[10 kΩ]── GPIO 18\n"
    assert guide(data).disagreements() == [
        "buzzer: the drawing shows '[10 kΩ]' 2 times, the circuit lists 1"
    ]


def test_a_part_drawn_but_not_listed_is_named():
    data = copy.deepcopy(DATA)
    pad = circuit(data, "pad")
    pad["uses"] = [u for u in pad["uses"] if u["part"] != "c-100n"]
    assert guide(data).disagreements() == [
        "pad: the drawing shows '[100 nF]' 1 times, the circuit lists 0"
    ]


def test_an_led_line_on_another_gpio_than_the_config_is_named():
    pi = copy.deepcopy(PI)
    pi["players"]["blue"]["led"] = 26
    assert guide(pi=pi).disagreements() == [
        "blue: the drawing's line is not GPIO 26 through [680 Ω]"
    ]


def test_an_led_resistor_changed_in_the_table_alone_is_named():
    data = copy.deepcopy(DATA)
    data["leds"]["lines"][0]["resistor"] = "r-680"  # red, drawn through 1 kΩ
    problems = guide(data).disagreements()
    assert "red: the drawing's line is not GPIO 22 through [680 Ω]" in problems


def _parts_table() -> dict[str, list[str]]:
    rows = [r for r in block(BUILDING, "parts").splitlines() if r.startswith("| ")]
    cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows[1:]]
    return {c[0]: c[1:4] for c in cells}


def test_each_drawn_part_is_in_the_list_as_many_times_as_the_drawings_show_it():
    """Counted from the drawings as the guide prints them, not from the lists."""
    table = _parts_table()
    drawings = {
        c["id"]: block(BUILDING, f"circuit:{c['id']}").split("```")[1] for c in DATA["circuit"]
        if "drawing" in c
    }  # fmt: skip
    times = {c["id"]: c["times"] for c in DATA["circuit"]}
    for part in DATA["parts"].values():
        if "label" not in part:
            continue
        drawn = sum(d.count(part["label"]) * times[c] for c, d in drawings.items())
        assert table[part["name"]] == [str(drawn)] * 3, part["name"]


def test_the_buffer_has_no_input_left_floating():
    drawing = circuit(DATA, "buffer")["drawing"]
    inputs = re.findall(r"─ (\d+) A(\d)\b", drawing)
    assert sorted(int(a) for _, a in inputs) == list(range(1, 9))
    assert re.search(r"/OE1 1 .*\n.*/OE2 19 .*\n.*GND", drawing)


def test_each_board_has_its_supply_and_the_zero_its_header_and_otg_adapter():
    table = _parts_table()
    names = list(table)
    column = {"Pi 5": 0, "Pi 4": 1, "Zero 2 W": 2}

    def has(board: str, words: str) -> bool:
        return any(words in n and table[n][column[board]] not in ("—", "0") for n in names)

    assert has("Pi 5", "27 W USB-C supply") and has("Pi 4", "USB-C supply, 5.1 V / 3 A")
    assert has("Zero 2 W", "micro-USB supply") and has("Zero 2 W", "male pin header")
    assert has("Zero 2 W", "OTG adapter") and has("Zero 2 W", "USB sound card")
    assert not has("Pi 4", "USB sound card")  # the Pi 4's own jack carries the voice


def test_the_power_budget_fits_each_supply():
    rows = {r.split("|")[1].strip(): r for r in block(BUILDING, "power").splitlines()}
    amps = [[float(a) for a in re.findall(r"\*\*([\d.]+) A\*\*", rows[name])]
            for name in ("**Total, worst case**", "**The supply gives**")]  # fmt: skip
    assert len(amps[0]) == 3 and all(w <= s for w, s in zip(*amps, strict=True))


def test_the_by_hand_lines_are_the_same_in_both_docs_and_carry_install_sh_packages():
    here, there = block(BUILDING, "by-hand"), block(WIRING, "by-hand")
    assert here == there
    listed = re.search(r"^PACKAGES=\((.*?)\)", INSTALL, re.S | re.M).group(1).split()
    apt = next(line for line in here.splitlines() if line.startswith("sudo apt install"))
    assert apt.split()[4:] == [*listed, "python3-lgpio"]


def test_the_tool_refuses_an_unknown_argument():
    done = subprocess.run(
        [sys.executable, str(TOOL), "--frobnicate"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stderr) == (2, "usage: build_guide.py [--check]\n")


@pytest.mark.parametrize("doc", [BUILDING, WIRING])
def test_every_generated_block_is_closed(doc):
    opened = re.findall(r"<!-- generated: ([\w:-]+) -->", doc)
    closed = re.findall(r"<!-- end generated: ([\w:-]+) -->", doc)
    assert opened == closed and opened
