"""The installed `companion sim` played as a person would, in tmux at 80×24 and 200×60: the
setup screen waits for the person, the board panel says what the engine's public view says after
each move, announcements wait for the person's ●, no bot's secret reaches the screen, and
Ctrl-C ends it cleanly."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from test_run_cli import _command

from companion.elgrande.data import CASTILLO, game_data
from companion.elgrande.engine import decision
from companion.elgrande.views import public_view
from companion.session.replay import replay
from companion.session.sqlite_store import SqliteStore

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

BOTS = ("blue", "yellow", "green")


class Terminal:
    """`companion sim` in a detached tmux session of a given size, on its own tmux server."""

    def __init__(self, tmp: Path, rows: int, cols: int, *args: str) -> None:
        command, env = _command()
        self.socket = f"sim-{uuid.uuid4().hex[:8]}"
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items() if k == "PYTHONPATH")
        line = " ".join(shlex.quote(a) for a in [*command, "sim", *args])
        self.stderr = tmp / "stderr.txt"  # curses draws over what is written to the terminal
        # Bounded, so that a test killed before its finalizer (a mutation run's time limit)
        # leaves no sim or tmux server behind for long.
        # The pane's shell gets the terminal's Ctrl-C too: a trap (not an ignore, which the sim
        # would inherit) keeps it alive to say how the sim ended, however the timing falls.
        run = f"{exports} timeout --foreground 300 {line} 2>{self.stderr}; echo EXIT=$?; sleep 120"
        run = f"trap : INT; {run}"
        script = f"cd {shlex.quote(str(tmp))} && {run}"
        self._tmux("new-session", "-d", "-x", str(cols), "-y", str(rows), script)

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    def screen(self) -> list[str]:
        return self._tmux("capture-pane", "-p").rstrip("\n").split("\n")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self._tmux("send-keys", key)
            time.sleep(0.15)

    def settled(self, limit_s: float = 30.0) -> list[str]:
        """The screen once it has stopped changing for a moment."""
        deadline = time.monotonic() + limit_s
        last = self.screen()
        while time.monotonic() < deadline:
            time.sleep(0.6)
            now = self.screen()
            if now == last:
                return now
            last = now
        raise AssertionError("the screen never settled:\n" + "\n".join(last))

    def wait_for(self, text: str, limit_s: float = 30.0) -> list[str]:
        # Callers wait up to 120 s for "EXIT=" after Ctrl-C: in a mutation run's clean pass, on
        # two cores at load 5-6, the sim twice had not ended within 30 s.
        deadline = time.monotonic() + limit_s
        while time.monotonic() < deadline:
            screen = self.screen()
            if any(text in line for line in screen):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared:\n" + "\n".join(self.screen()))

    def alternate(self) -> bool:
        return self._tmux("display-message", "-p", "#{alternate_on}").strip() == "1"

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def stored_state(path: Path):
    """The engine's state of the game the sim keeps in `path`, replayed."""
    store, _ = SqliteStore.read_only(path)
    try:
        header, entries = store.load()
    finally:
        store.close()  # at once: the sim's last checkpoint must not wait for this reader
    assert header is not None
    return replay(header, entries).state


def stored_view(path: Path) -> dict:
    """The engine's public view of the game the sim keeps in `path`."""
    return public_view(stored_state(path))


def red_is_asked(term: Terminal, path: Path, limit_s: float = 60.0) -> list[str]:
    """The settled screen once the engine waits for red or a scoring's page is up (a bot
    choosing on a hidden private page leaves the screen still for seconds)."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        screen = term.settled()
        if any("● next" in line for line in screen):
            return screen
        d = decision(stored_state(path))
        if d is not None and "red" in d.players:
            return term.settled()
    raise AssertionError("red was never asked:\n" + "\n".join(term.screen()))


def board_on_screen(screen: list[str], players: list[str]) -> dict[str, dict[str, int]]:
    """The caballeros the board panel shows, by area and colour."""
    data = game_data()
    names = {data.area_name(a)[:17]: a for a in (CASTILLO, *data.regions)}
    found: dict[str, dict[str, int]] = {}
    for line in screen:
        area = names.get(line[:17].rstrip())
        if area is None or "secret" in line[26:50]:
            continue
        cells = line[26 : 26 + 4 * len(players)].split()
        found[area] = {
            p: int(c.rstrip("g").replace(".", "0")) for p, c in zip(players, cells, strict=True)
        }
    return found


def scores_on_screen(screen: list[str], players: list[str]) -> dict[str, tuple[int, ...]]:
    """Each player's score, court and province as the players panel shows them."""
    out = {}
    panel = 26 + 4 * len(players) + 4  # the board panel's columns, then a space
    for line in screen[2:8]:
        words = line[panel:].split()
        if words and words[0] in players:
            out[words[0]] = tuple(int(w) for w in words[1:4])
    return out


def assert_no_bot_secret(screen: list[str]) -> None:
    text = "\n".join(screen)
    for bot in BOTS:
        assert f"{bot}'s hand" not in text
    assert "[bot " not in text and "your choice" not in text and "sealed:" not in text
    for i, line in enumerate(screen[:-1]):  # a bot's private page: only who looks
        for bot in BOTS:
            if line.startswith(f"Only {bot} looks"):
                assert screen[i + 1].strip() == f"{bot} chooses on the private page."


def assert_board_is_the_public_view(screen: list[str], path: Path) -> None:
    view = stored_view(path)
    players = view["players"]
    shown = board_on_screen(screen, players)
    assert shown == {a: {p: c.get(p, 0) for p in players} for a, c in view["board"].items()}
    rows = screen[2:12]  # the areas, under the board's header
    king_rows = [
        line for line in rows if line[26 + 4 * len(players) : 29 + 4 * len(players)].strip() == "K"
    ]
    assert [row[:17].rstrip() for row in king_rows] == [game_data().area_name(view["king"])]
    want = {p: (view["scores"][p], view["court"][p], view["province"][p]) for p in players}
    assert scores_on_screen(screen, players) == want


@pytest.fixture
def sim80(tmp_path):
    store = tmp_path / "game.db"
    args = ("--bots", ",".join(BOTS), "--seed", "5", "--pace", "0", "--store", str(store))
    term = Terminal(tmp_path, 24, 80, *args, "--log", str(tmp_path / "game.log"))
    yield term, store
    term.close()


@pytest.mark.slow  # a sweep: .ci/run runs the slow set beside the README's command
def test_a_person_plays_at_80x24_until_a_scoring(sim80, tmp_path):
    term, store = sim80
    term.wait_for("Start the game")
    time.sleep(2.0)  # the bots never press Start: the setup screen is the person's
    assert any("Start the game" in line for line in term.screen())
    assert term.screen()[-1].startswith("red: 1◀ 2▶ 3● 4 hold●")
    term.keys("3")
    moves = 0
    while True:
        screen = red_is_asked(term, store)
        assert_no_bot_secret(screen)
        if any("● next" in line for line in screen):
            break  # a scoring's first page
        assert_board_is_the_public_view(screen, store)
        # Nothing moves: the person is asked (red's pad shows a menu).
        asked = any(line.startswith(("● red", "○ red")) and "◀" in line for line in screen)
        assert asked, "\n".join(screen) + term.stderr.read_text()
        term.keys("3")  # red's ●: the entry under the cursor
        moves += 1
        assert moves < 200, "no scoring after 200 of red's moves"
    page = term.settled()
    time.sleep(2.0)  # the bots do not press the announcement on
    assert term.screen() == page
    term.keys("3")
    assert term.settled() != page
    log = (tmp_path / "game.log").read_text(encoding="utf-8")
    assert "Round 1 of 9." in log and "» " in log  # what was said, and the scoring's pages
    term.keys("C-c")
    term.wait_for("EXIT=0", limit_s=120)
    text = "\n".join(term.screen())
    assert "Traceback" not in text and not term.alternate()  # the terminal is restored
    kept, problem = SqliteStore.read_only(store)
    header, entries = kept.load()
    assert problem is None and header is not None and len(entries) >= moves  # all kept


def test_the_large_layout_shows_the_log_beside_the_board(tmp_path):
    store = tmp_path / "game.db"
    term = Terminal(tmp_path, 60, 200, "--bots", "blue", "--seed", "2", "--store", str(store))
    try:
        term.wait_for("Start the game")
        term.keys("3")
        screen = term.wait_for("Round 1 of 9.")
        size = term._tmux("display-message", "-p", "#{window_width}x#{window_height}")
        assert any("│ ── log" in line for line in screen), size + "\n".join(screen)
        screen = term.settled()
        view = stored_view(store)
        players = view["players"]
        shown = board_on_screen([line[:80] for line in screen], players)
        assert shown == {a: {p: c.get(p, 0) for p in players} for a, c in view["board"].items()}
        assert screen[-1].startswith("red 1234 yellow asdf green zxcv: ◀ ▶ ● hold●")
        # One Ctrl-C, two SIGINTs: the terminal's, and the one `timeout` passes on.
        term.keys("C-c")
        term.wait_for("EXIT=0", limit_s=120)
        assert "Traceback" not in "\n".join(term.screen())
    finally:
        term.close()


@pytest.mark.slow  # a sweep: .ci/run runs the slow set beside the README's command
def test_a_terminal_too_small_is_told_so_and_esc_asks_before_losing_the_game(tmp_path):
    term = Terminal(tmp_path, 20, 70, "--bots", "blue")
    try:
        term.wait_for("at least 80×24")
        term.keys("Escape")
        term.wait_for("not kept")
        term.keys("n")
        time.sleep(0.5)
        assert not any("EXIT=" in line for line in term.screen())
        term.keys("Escape")
        term.wait_for("not kept")
        term.keys("y")
        term.wait_for("EXIT=0", limit_s=120)
    finally:
        term.close()


def _sim_pid(marker: str) -> int:
    """The sim's own process (not the `timeout` that started it), found by an argument."""
    for proc in Path("/proc").iterdir():
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if marker.encode() in args and b"sim" in args and not args[0].endswith(b"timeout"):
            return int(proc.name)
    raise AssertionError(f"no sim process with {marker}")


def test_sigterm_ends_the_sim_as_esc_does_with_the_game_kept(tmp_path):
    # What systemd or a closing terminal sends: the sim leaves curses and ends with 0, the
    # game on the disk for the next start.
    store = tmp_path / "game.db"
    term = Terminal(tmp_path, 24, 80, "--bots", "blue", "--store", str(store))
    try:
        term.wait_for("Start the game")
        subprocess.run(["kill", "-TERM", str(_sim_pid(str(store)))], check=True)
        screen = term.wait_for("EXIT=", limit_s=120)
        assert any(line.startswith("EXIT=0") for line in screen), "\n".join(screen)
        assert "Traceback" not in "\n".join(screen) + term.stderr.read_text()
        assert store.exists()
    finally:
        term.close()
