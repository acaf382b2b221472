#!/usr/bin/env python3
"""Write the build guide's parts list, circuits, LED table, power budget and by-hand install lines
from hw/parts.toml, config/pi.toml and systemd/install.sh, so that the docs cannot disagree with
each other or with the drawings.

    python3 tools/build_guide.py            # rewrite the generated blocks in the docs
    python3 tools/build_guide.py --check    # exit 1, naming each stale block or disagreement

A generated block sits between ``<!-- generated: NAME -->`` and ``<!-- end generated: NAME -->``
in docs/building.md or hw/WIRING.md; everything outside the markers is written by hand.
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PARTS = ROOT / "hw" / "parts.toml"
DOCS = (ROOT / "docs" / "building.md", ROOT / "hw" / "WIRING.md")
INSTALL = ROOT / "systemd" / "install.sh"
PI_CONFIG = ROOT / "config" / "pi.toml"
BLOCK = re.compile(r"(<!-- generated: ([\w:-]+) -->\n)(.*?)(<!-- end generated: \2 -->)", re.S)


@dataclass(frozen=True)
class Use:
    part: str
    qty: int
    why: str


def _uses(raw: list[dict[str, Any]]) -> list[Use]:
    return [Use(u["part"], u["qty"], u["why"]) for u in raw]


def _money(value: float) -> str:
    return f"{value:g}"


def _amps(value: float) -> str:
    return f"{value:.2f} A"


class Guide:
    """The facts of hw/parts.toml, and the Markdown each generated block holds."""

    def __init__(self, data: dict[str, Any], pi_config: dict[str, Any], install_sh: str) -> None:
        self.parts: dict[str, dict[str, Any]] = data["parts"]
        self.boards: list[dict[str, Any]] = data["board"]
        self.circuits: list[dict[str, Any]] = data["circuit"]
        self.leds: dict[str, Any] = data["leds"]
        self.loads: list[dict[str, Any]] = data["load"]
        self.players: dict[str, Any] = pi_config["players"]
        self.install_sh = install_sh

    @classmethod
    def from_files(cls, parts: Path = PARTS) -> Guide:
        return cls(
            tomllib.loads(parts.read_text(encoding="utf-8")),
            tomllib.loads(PI_CONFIG.read_text(encoding="utf-8")),
            INSTALL.read_text(encoding="utf-8"),
        )

    # -- what the circuits use ----------------------------------------------------------------

    def circuit_uses(self, circuit: dict[str, Any]) -> list[Use]:
        """The circuit's parts, with the LED resistors for the circuit that carries them."""
        uses = _uses(circuit.get("uses", []))
        if circuit["id"] == self.leds["circuit"]:
            by_part: dict[str, list[str]] = {}
            for line in self.leds["lines"]:
                by_part.setdefault(line["resistor"], []).append(line["colour"])
            uses += [
                Use(part, len(colours), f"series resistor of the {', '.join(colours)} LED line")
                for part, colours in by_part.items()
            ]
        return uses

    def quantities(self, board: dict[str, Any]) -> dict[str, list[tuple[int, str]]]:
        """Part id → (how many, what for) for one board's whole build."""
        found: dict[str, list[tuple[int, str]]] = {}
        for use in _uses(board["uses"]):
            found.setdefault(use.part, []).append((use.qty, use.why))
        for circuit in self.circuits:
            for use in self.circuit_uses(circuit):
                found.setdefault(use.part, []).append((use.qty * circuit["times"], use.why))
        return found

    # -- the checks ---------------------------------------------------------------------------

    def disagreements(self) -> list[str]:
        """One line per fact the file contradicts: an unknown part, a drawing that shows a part a
        different number of times than its circuit lists, an LED line whose GPIO or resistor in
        the drawing is not the config's or the LED table's."""
        found = []
        for circuit in [*self.circuits, *self.boards]:
            for use in self.circuit_uses(circuit) if "title" in circuit else _uses(circuit["uses"]):
                if use.part not in self.parts:
                    found.append(f"{circuit['id']}: unknown part {use.part!r}")
        for circuit in self.circuits:
            drawing = circuit.get("drawing")
            if drawing is None:
                continue
            listed: dict[str, int] = {}
            for use in self.circuit_uses(circuit):
                listed[use.part] = listed.get(use.part, 0) + use.qty
            for part_id, part in self.parts.items():
                label = part.get("label")
                if label is None:
                    continue
                drawn = drawing.count(label)
                if drawn != listed.get(part_id, 0):
                    found.append(
                        f"{circuit['id']}: the drawing shows {label!r} {drawn} times, "
                        f"the circuit lists {listed.get(part_id, 0)}"
                    )
        found += self._led_lines_disagree()
        return found

    def _led_lines_disagree(self) -> list[str]:
        circuit = next(c for c in self.circuits if c["id"] == self.leds["circuit"])
        rows = circuit["drawing"].splitlines()
        found = []
        for line in self.leds["lines"]:
            colour, label = line["colour"], self.parts[line["resistor"]]["label"]
            gpio = self.players.get(colour, {}).get("led")
            row = next((r for r in rows if f" {colour} jack" in r), None)
            if row is None or gpio is None:
                found.append(f"{colour}: no LED line in the drawing or no LED in config/pi.toml")
            elif not re.match(rf"\s*GPIO {gpio}\b", row) or label not in row:
                found.append(f"{colour}: the drawing's line is not GPIO {gpio} through {label}")
        return found

    # -- the blocks ---------------------------------------------------------------------------

    def blocks(self) -> dict[str, str]:
        blocks = {
            "parts": self.parts_list(),
            "leds": self.led_table(),
            "power": self.power_budget(),
            "by-hand": self.by_hand(),
        }
        for circuit in self.circuits:
            if "drawing" in circuit:
                blocks[f"circuit:{circuit['id']}"] = self.circuit_block(circuit)
        return blocks

    def parts_list(self) -> str:
        per_board = {b["id"]: self.quantities(b) for b in self.boards}
        heads = " | ".join(b["name"] for b in self.boards)
        lines = [
            f"| Part | {heads} | ≈ € each | What for |",
            "|------|" + "---:|" * len(self.boards) + "---:|------|",
        ]
        totals = dict.fromkeys(per_board, 0.0)
        for part_id, part in self.parts.items():
            counts = [sum(q for q, _ in per_board[b].get(part_id, [])) for b in per_board]
            if not any(counts):
                continue
            for board, count in zip(per_board, counts, strict=True):
                totals[board] += count * part["price"]
            wheres = list(
                dict.fromkeys(w for b in per_board for w in per_board[b].get(part_id, []))
            )
            what = "; ".join(f"{why} ({q})" if len(wheres) > 1 else why for q, why in wheres)
            shown = " | ".join(str(c) if c else "—" for c in counts)
            lines.append(f"| {part['name']} | {shown} | {_money(part['price'])} | {what} |")
        shown = " | ".join(f"**≈ {round(t, -1):.0f}**" for t in totals.values())
        lines.append(f"| **Total** | {shown} | | |")
        return "\n".join(lines)

    def circuit_block(self, circuit: dict[str, Any]) -> str:
        times = circuit["times"]
        lines = ["```", circuit["drawing"].strip("\n"), "```", ""]
        lines += ["| Qty | Part | What for |", "|----:|------|----------|"]
        for use in self.circuit_uses(circuit):
            lines.append(f"| {use.qty} | {self.parts[use.part]['name']} | {use.why} |")
        if times > 1:
            lines += ["", f"The build has {times} of these: the parts list counts them all."]
        return "\n".join(lines)

    def led_table(self) -> str:
        volts = self.leds["output_volts"]
        lines = [
            "| Pad | GPIO | LED | V<sub>f</sub> at 3 mA | R | current |",
            "|-----|-----:|-----|------:|------:|------:|",
        ]
        for line in self.leds["lines"]:
            r = self.parts[line["resistor"]]["label"].strip("[]")
            ohms = float(r.split()[0]) * (1000 if "k" in r else 1)
            ma = (volts - line["vf"]) / ohms * 1000
            gpio = self.players[line["colour"]]["led"]
            lines.append(
                f"| {line['colour']} | {gpio} | {line['led']} | {line['vf']:.1f} V | {r} "
                f"| ≈ {ma:.1f} mA |"
            )
        return "\n".join(lines)

    def power_budget(self) -> str:
        ids = [b["id"] for b in self.boards]
        heads = " | ".join(b["name"] for b in self.boards)
        lines = [
            f"| At 5 V: worst case (as configured) | {heads} | Source |",
            "|--------|" + "---:|" * len(ids) + "--------|",
        ]
        worst = dict.fromkeys(ids, 0.0)
        usual = dict.fromkeys(ids, 0.0)
        for load in self.loads:
            amps = self._per_board(load["amps"], ids)
            configured = self._per_board(load.get("configured", load["amps"]), ids)
            for b in ids:
                worst[b] += amps[b]
                usual[b] += configured[b]
            shown = [
                _amps(amps[b])
                if amps[b] == configured[b]
                else f"{_amps(amps[b])} ({_amps(configured[b])})"
                for b in ids
            ]
            lines.append(f"| {load['what']} | {' | '.join(shown)} | {load['source']} |")
        rows = (
            ("**Total, worst case**", worst),
            ("**Total, as configured**", usual),
            ("**The supply gives**", {b["id"]: b["supply_amps"] for b in self.boards}),
        )
        for name, values in rows:
            lines.append(f"| {name} | {' | '.join(f'**{_amps(values[b])}**' for b in ids)} | |")
        return "\n".join(lines)

    @staticmethod
    def _per_board(value: float | dict[str, float], ids: list[str]) -> dict[str, float]:
        return value if isinstance(value, dict) else dict.fromkeys(ids, value)

    def system_packages(self) -> list[str]:
        """install.sh's PACKAGES, with the python3-lgpio it adds on Raspberry Pi OS."""
        match = re.search(r"^PACKAGES=\((.*?)\)", self.install_sh, re.S | re.M)
        if match is None:
            raise ValueError(f"{INSTALL}: no PACKAGES=(…) list")
        return [*match.group(1).split(), "python3-lgpio"]

    def by_hand(self) -> str:
        packages = " ".join(self.system_packages())
        return "\n".join(
            [
                "```sh",
                f"sudo apt install -y {packages}",
                "sudo raspi-config nonint do_i2c 0        # loads i2c-dev now and at every boot",
                "python3 -m venv --system-site-packages .venv",
                ".venv/bin/pip install --prefer-binary '.[pi]'",
                'sudo usermod -aG gpio,i2c,spi "$USER"',
                'sudo usermod -aG audio "$USER"           # then log out and in again',
                "```",
            ]
        )


def render(text: str, blocks: dict[str, str]) -> tuple[str, list[str]]:
    """`text` with each generated block it holds rewritten; the names it holds that are unknown."""
    unknown: list[str] = []

    def fill(m: re.Match[str]) -> str:
        name = m.group(2)
        if name not in blocks:
            unknown.append(name)
            return m.group(0)
        return f"{m.group(1)}{blocks[name]}\n{m.group(4)}"

    return BLOCK.sub(fill, text), unknown


def _shown(doc: Path) -> str:
    return str(doc.relative_to(ROOT)) if doc.is_relative_to(ROOT) else str(doc)


def stale(guide: Guide, docs: tuple[Path, ...] = DOCS) -> list[str]:
    """One line per disagreement and per doc block that differs from what the facts give."""
    problems = guide.disagreements()
    blocks = guide.blocks()
    placed: set[str] = set()
    for doc in docs:
        text = doc.read_text(encoding="utf-8")
        new, unknown = render(text, blocks)
        problems += [f"{_shown(doc)}: unknown block {name!r}" for name in unknown]
        placed |= {m.group(2) for m in BLOCK.finditer(text)}
        for m_old, m_new in zip(BLOCK.finditer(text), BLOCK.finditer(new), strict=True):
            if m_old.group(3) != m_new.group(3):
                problems.append(f"{_shown(doc)}: block {m_old.group(2)!r} is stale")
    problems += [f"no doc holds the block {name!r}" for name in sorted(set(blocks) - placed)]
    return problems


def _say(problems: list[str]) -> int:
    for line in problems:
        print(f"build_guide.py: {line}", file=sys.stderr)
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print("usage: build_guide.py [--check]", file=sys.stderr)
        return 2
    guide = Guide.from_files()
    if argv == ["--check"]:
        return _say(stale(guide))
    if _say(guide.disagreements()):
        return 1  # a drawing and its list disagree: fix hw/parts.toml before writing the docs
    unknown_blocks = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        new, unknown = render(text, guide.blocks())
        unknown_blocks += [f"{_shown(doc)}: unknown block {name!r}" for name in unknown]
        if new != text:
            doc.write_text(new, encoding="utf-8")
            print(f"wrote {_shown(doc)}")
    return _say(unknown_blocks)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
