"""What `companion demo` prints, in-process: the lines before and after the game, the JSON, the
frames, and a game kept in (or resumed from) a store, with what the terminal hears when the
store cannot be written."""

from __future__ import annotations

import errno
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from store_table_testing import played_opening

from companion.commands import demo
from companion.commands.check_store import check_store_command
from companion.commands.demo import run_demo
from companion.session.resilient import ResilientStore

INTRO = (
    "Each bot presses its pad's buttons through gpiozero's mock pins; below is what\n"
    "the voice says, and the main display and matrix as each round begins.\n"
)


def _demo(**kwargs: Any) -> str:
    out = io.StringIO()
    assert run_demo(pace=0, out=out, **kwargs) == 0
    return out.getvalue()


def _ranking(line: str) -> list[tuple[str, int]]:
    assert line.startswith("Final scores: "), line
    pairs = [item.rsplit(" ", 1) for item in line.removeprefix("Final scores: ").split(", ")]
    return [(name, int(score)) for name, score in pairs]


def test_the_demo_names_its_bots_and_seed_and_ends_on_the_ranking_winner_and_command_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = _demo()  # the command's defaults: five bots, seed 1
    first = "El Grande companion demo: 5 bots (red, blue, yellow, green, black), seed 1.\n"
    assert text.startswith(first + INTRO + "\n  R1 │ ")
    assert "┌ main display " in text and "┌ LED matrix " in text
    summary = json.loads(_demo(as_json=True))
    *_, blank, scores, winner, again = text.splitlines()
    assert blank == ""
    ranking = _ranking(scores)
    assert dict(ranking) == summary["scores"]
    assert [n for _, n in ranking] == sorted(summary["scores"].values(), reverse=True)
    assert winner == f"Winner: {summary['winner']}"
    assert again == "Same game again: companion demo --players 5 --seed 1"
    assert "Resuming" not in text and "Frames" not in text
    assert capsys.readouterr() == ("", "")  # all of it on the stream given, nothing on stderr


def test_a_shared_win_names_the_winners_as_the_main_display_does() -> None:
    # Seed 24, three bots: red and blue end on 106 each.
    *_, scores, winner, _ = _demo(players=3, seed=24).splitlines()
    assert _ranking(scores)[:2] == [("red", 106), ("blue", 106)]
    assert winner == "Winner: red and blue"
    assert json.loads(_demo(players=3, seed=24, as_json=True))["winner"] == ["red", "blue"]


def test_the_json_is_one_line_of_the_game_alone(capsys: pytest.CaptureFixture[str]) -> None:
    text = _demo(players=2, seed=4, as_json=True)
    assert text.count("\n") == 1 and text.endswith("\n")
    game = json.loads(text)
    assert set(game) == {"seed", "players", "rounds", "scorings", "scores", "winner", "actions"}
    assert game["seed"] == 4 and game["players"] == ["red", "blue"]
    assert game["rounds"] == list(range(1, 10))
    assert [s["round"] for s in game["scorings"]] == [3, 6, 9]  # the general scorings alone
    assert game["scorings"][-1]["totals"] == game["scores"]
    assert set(game["scores"]) == {"red", "blue"} and game["actions"]
    assert game["winner"] == max(game["scores"], key=game["scores"].get)  # one name: no tie
    assert capsys.readouterr() == ("", "")


def test_the_json_says_which_kings_cards_were_carried_out_as_the_voice_did() -> None:
    # Seed 4, two bots: the King's card is taken nine times and once not carried out.
    said, turn = [], None
    for line in _demo(players=2, seed=4).splitlines():
        tag = re.match(r"  R(\d) │ (\w+)(?:'s turn| takes “King's card”| moves the King)", line)
        if tag is None:
            continue
        if line.endswith("'s turn."):
            turn = None
        elif "takes" in line:
            turn = [int(tag[1]), tag[2].lower(), False]
            said.append(turn)
        elif turn is not None:
            turn[2] = True
    actions = json.loads(_demo(players=2, seed=4, as_json=True))["actions"]
    kings = [[a["round"], a["player"], a["carried_out"]] for a in actions if a["card"] == "5"]
    assert kings == said
    assert any(moved for *_, moved in said) and not all(moved for *_, moved in said)


def test_a_paced_demo_plays_the_same_game_as_one_run_flat_out() -> None:
    out = io.StringIO()
    assert run_demo(players=2, seed=4, pace=1e-6, out=out) == 0
    assert out.getvalue() == _demo(players=2, seed=4)


def test_with_frames_every_main_frame_the_animation_and_the_chart_are_saved_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames = tmp_path / "frames"
    text = _demo(players=2, seed=4, frames=frames)
    names = sorted(p.name for p in frames.iterdir())
    pngs = [n for n in names if n.startswith("main-")]
    assert len(pngs) > 20 and pngs == [f"main-{i:04d}.png" for i in range(1, len(pngs) + 1)]
    assert "main.gif" in names and "scores.png" in names
    *_, said, again = text.splitlines()
    assert said == f"Frames, animation and score chart saved in {frames}"
    assert again == "Same game again: companion demo --players 2 --seed 4"
    assert capsys.readouterr() == ("", "")


def _decisions(path: Path) -> int:
    report = io.StringIO()
    assert check_store_command(path, as_json=True, out=report) == 0
    return json.loads(report.getvalue())["decisions"]


def test_a_store_in_new_folders_is_made_and_keeps_the_game_which_is_not_resumed_once_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "new" / "folders" / "game.db"
    text = _demo(players=2, seed=4, store_path=path)
    assert text.startswith("El Grande companion demo: 2 bots (red, blue), seed 4.\n")
    assert capsys.readouterr() == ("", "")
    kept = _decisions(path)
    assert kept > 50
    again = _demo(players=3, seed=5, store_path=path)  # that game is over: a new one is played
    assert again.startswith("El Grande companion demo: 3 bots (red, blue, yellow), seed 5.\n")
    assert again.splitlines()[-1] == "Same game again: companion demo --players 3 --seed 5"
    assert capsys.readouterr() == ("", "")
    assert _decisions(path) > 50 and _decisions(path) != kept


def test_an_unfinished_stored_game_is_resumed_with_its_seats_and_seed_and_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.db"
    played_opening(path)  # seed 3, red, blue and yellow: two decisions made
    text = _demo(players=5, seed=1, store_path=path)
    assert text.startswith(
        f"Resuming the unfinished game in {path}.\n"
        "El Grande companion demo: 3 bots (red, blue, yellow), seed 3.\n"
    )
    assert text.splitlines()[-1] == "Same game again: companion demo --players 3 --seed 3"
    assert capsys.readouterr() == ("", "")
    assert _decisions(path) > 50
    assert "Resuming" not in _demo(players=2, seed=4, store_path=path)  # finished now


def test_a_store_that_cannot_be_made_or_written_is_said_on_stderr_before_and_after_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def full(path: Path) -> ResilientStore:
        def refused() -> Any:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))

        return ResilientStore(refused, where=str(path))

    monkeypatch.setattr(demo, "open_resilient", full)
    (tmp_path / "file").write_text("")
    path = tmp_path / "file" / "game.db"  # its folder cannot be made: a file is there
    text = _demo(players=2, seed=4, store_path=path)
    assert text.splitlines()[-1] == "Same game again: companion demo --players 2 --seed 4"
    out, err = capsys.readouterr()
    message = f"NOT SAVED: disk full at {path}"
    assert out == ""
    assert err.splitlines() == [
        f"companion demo: {message}",
        f"companion demo: the game ended unsaved ({message})",
    ]


def test_a_french_demo_ends_in_french() -> None:
    *_, blank, scores, winner, again = _demo(players=3, seed=24, language="fr").splitlines()
    assert blank == ""
    assert scores.startswith("Scores finaux\u202f: rouge 106, bleu 106, ")
    assert winner == "Vainqueur\u202f: rouge et bleu"
    assert again == "Rejouer la même partie\u202f: companion demo --players 3 --seed 24 --lang fr"
