"""`companion demo`'s log and JSON say what happened in the round it happened in: a general
scoring is tagged with the round it follows, and a Veto used is a Veto carried out. The main
display and the LED matrix are drawn as each round's first turn begins, and at the end."""

from __future__ import annotations

import io
import json
import re

from companion.commands.demo import run_demo

SEED = 1  # five bots; yellow takes a Veto in round 3 and vetoes black's card with it


def _demo(as_json: bool) -> str:
    out = io.StringIO()
    assert run_demo(players=5, seed=SEED, pace=0, as_json=as_json, out=out) == 0
    return out.getvalue()


def test_a_general_scoring_is_logged_in_the_round_it_follows():
    lines = [line for line in _demo(as_json=False).splitlines() if " │ " in line]
    for after in (3, 6, 9):
        start = next(i for i, line in enumerate(lines) if f"scoring after round {after}" in line)
        end = next(
            (i for i, line in enumerate(lines) if f"Round {after + 1} of" in line), len(lines)
        )
        block = lines[start:end]
        assert any("Regions scored" in line for line in block)
        assert all(line.startswith(f"  R{after} │") for line in block), block


def test_every_line_is_tagged_with_the_round_last_announced():
    # A round's last action, its discards and its scoring are said before the next round is: each
    # line carries its own event's round, which is the round the log last announced.
    current = None
    for line in _demo(as_json=False).splitlines():
        tag = re.match(r"  R(\d+|-) │ (.*)", line)
        if tag is None:
            continue
        started = re.match(r"Round (\d+) of", tag[2])
        if started:
            current = started[1]
        if current is not None:
            assert tag[1] == current, line


def test_each_veto_used_is_carried_out_in_the_json():
    vetoes = re.findall(r"R\d │ (\w+) vetoes", _demo(as_json=False))
    actions = json.loads(_demo(as_json=True))["actions"]
    used = [a for a in actions if a["card"] == "2a" and a["carried_out"]]
    assert vetoes and len(used) == len(vetoes)
    assert sorted(a["player"].capitalize() for a in used) == sorted(vetoes)


class _Pipe(io.StringIO):
    """Standard output as a program reading the demo through a pipe gets it: what had been
    written at each flush."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed: set[int] = set()

    def flush(self) -> None:
        self.flushed.add(len(self.getvalue()))
        super().flush()


def _box(lines: list[str], title: str, width: int, height: int) -> None:
    assert lines[0] == f"┌ {title} ".ljust(width + 1, "─") + "┐", lines[0]
    for row in lines[1 : height + 1]:
        assert re.fullmatch(f"│[\u2800-\u28ff]{{{width}}}│", row), row
    assert lines[height + 1] == "└" + "─" * width + "┘"


def test_the_main_display_and_matrix_are_shown_as_each_rounds_first_turn_begins_and_at_the_end():
    out = _Pipe()
    assert run_demo(players=2, seed=4, pace=0, out=out) == 0
    text = out.getvalue()
    lines = text.splitlines()
    boxes = [i for i, line in enumerate(lines) if line.startswith("┌")]
    mains = [i for i in boxes if lines[i].startswith("┌ main display")]
    assert len(mains) == 10 and len(boxes) == 20  # rounds 1–9, then the final ranking
    for n, i in enumerate(mains, 1):
        said = lines[i - 1]
        if n <= 9:
            assert re.fullmatch(f"  R{n} │ (Red|Blue)'s turn\\.", said), said
        else:
            assert said.startswith("  R9 │ Game over.") and said.endswith("wins!"), said
        _box(lines[i : i + 18], "main display", 64, 16)  # pi.toml's 128×64 panel
        _box(lines[i + 18 : i + 22], "LED matrix", 16, 2)  # its 32×8 matrix
        # each picture reaches a pipe at once, not with the next line the voice says
        shown = len("".join(text.splitlines(keepends=True)[: i + 22]))
        assert shown in out.flushed


def test_every_spoken_line_reaches_a_pipe_as_it_is_said():
    out = _Pipe()
    assert run_demo(players=2, seed=4, pace=0, out=out) == 0
    written = 0
    spoken = 0
    for line in out.getvalue().splitlines(keepends=True):
        written += len(line)
        if re.match(r"  R(\d+|-) │ ", line):
            spoken += 1
            assert written in out.flushed, line  # not only with the next picture
    assert spoken > 100


def test_a_bot_holding_two_vetoes_spends_the_older_and_both_are_carried_out_in_the_json():
    # Five bots, seed 35: green takes the Veto in rounds 2 and 3, vetoes in round 3 while it holds
    # both, then in round 4 with the one left.
    text = io.StringIO()
    assert run_demo(players=5, seed=35, pace=0, out=text) == 0
    said = text.getvalue()
    taken = [int(r) for r in re.findall(r"R(\d) │ Green takes “Veto”", said)]
    vetoes = re.findall(r"R(\d) │ Green vetoes", said)
    assert len(taken) == 2 and taken[1] == taken[0] + 1 and vetoes[0] == str(taken[1])
    out = io.StringIO()
    assert run_demo(players=5, seed=35, pace=0, as_json=True, out=out) == 0
    actions = json.loads(out.getvalue())["actions"]
    green = [a for a in actions if a["player"] == "green" and a["card"] == "2a"]
    assert [(a["round"], a["carried_out"]) for a in green] == [(r, True) for r in taken]
