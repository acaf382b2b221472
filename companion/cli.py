"""The `companion` command line: one sub-command per job, each importing only what it needs."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import NoReturn

from companion import cli_options as opts


class _Parser(argparse.ArgumentParser):
    """argparse, with a mistake said in one line (what was wrong, what is accepted, where the
    options are listed) rather than the usage and then the error."""

    def error(self, message: str) -> NoReturn:
        _refuse(self.prog, message)


def _refuse(prog: str, message: str) -> NoReturn:
    print(f"{prog}: {message} (`{prog} --help` lists the options)", file=sys.stderr)
    sys.exit(2)


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion", description=__doc__)
    parser.add_argument("--version", action=opts.Version, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    score = sub.add_parser("score", help="score a position given as JSON (FILE, or - for stdin)")
    score.add_argument("file", metavar="FILE")

    cards = sub.add_parser("cards", help="list the 45 action cards: id, stack, copies, text")
    cards.add_argument("--json", action="store_true", help="print a JSON list instead of a table")

    check = sub.add_parser(
        "check-config",
        help="check a hardware config and the table.toml beside it (or a table file alone)",
    )
    check.add_argument("path", metavar="PATH")
    check.add_argument(
        "--probe",
        action="store_true",
        help="on the Pi: also look for each bus and device and report what is missing",
    )

    check_store = sub.add_parser(
        "check-store",
        help="look at a saved game's store without changing it (as fsck -n): what recovery keeps",
    )
    check_store.add_argument(
        "path", metavar="PATH", nargs="?", help="the store (default: where `run` keeps it)"
    )
    check_store.add_argument("--json", action="store_true", help="print one JSON object")

    screens = sub.add_parser("screens", help="render every screen as PNG (for the README)")
    screens.add_argument("--out", default="docs/screens", help="folder (default docs/screens)")
    screens.add_argument(
        "--seed", type=opts.seed, default=7, help="the bot game's seed (default 7)"
    )
    screens.add_argument(
        "--players", type=int, help="2 to the game's most (default: the most, 5 at most)"
    )
    opts.game_option(screens)
    screens.add_argument(
        "--scale", type=opts.scale, default=3, help="enlarge each pixel, 1-8 (default 3)"
    )

    demo = sub.add_parser("demo", help="watch a whole game played by bots that press the buttons")
    opts.game_option(demo)
    demo.add_argument(
        "--players", type=opts.players, help="2 to the game's most (default: the most, 5 at most)"
    )
    demo.add_argument("--seed", type=opts.seed, default=1, help="the game's seed (default 1)")
    demo.add_argument(
        "--pace",
        type=opts.seconds,
        default=None,
        help="seconds between decisions (default 0.2: about two minutes); 0 runs flat out",
    )
    demo.add_argument("--json", action="store_true", help="print the game as one JSON object")
    demo.add_argument("--frames", metavar="DIR", help="save the main display's frames (PNG, GIF)")
    demo.add_argument(
        "--store",
        metavar="PATH",
        help="keep the game in this SQLite file; an unfinished game there is resumed",
    )

    sim = sub.add_parser(
        "sim",
        help="play at a PC against bots: the board, the displays and a log in the terminal",
        description="Play El Grande at a PC: the keyboard is the pads, the terminal shows the "
        "board, the main display, your pad and a log of everything said. Needs a terminal of "
        "at least 80×24 (130×32 or more: the log beside the board).",
        epilog=SIM_KEYS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sim.add_argument("--config", metavar="PATH", help="hardware config (default: shipped sim.toml)")
    opts.game_option(sim, default=None)
    sim.add_argument(
        "--bots",
        metavar="SEATS",
        help="seats played by bots, each greedy unless named (greedy, random, or relative: "
        "the strongest): blue,yellow=random,green=relative",
    )
    sim.add_argument(
        "--seed", type=opts.seed, help="the game's seed (default: a new one each game)"
    )
    sim.add_argument(
        "--pace",
        type=opts.seconds,
        default=None,
        help="seconds a bot takes over each decision (default 1; 0: at once)",
    )
    sim.add_argument(
        "--show-bots",
        action="store_true",
        help="debugging: show the bots' hands and sealed choices (said on screen)",
    )
    sim.add_argument("--log", metavar="PATH", help="also write the game's log to this text file")
    sim.add_argument(
        "--store",
        metavar="PATH",
        help="keep the game in this SQLite file and resume it there (default: not kept)",
    )

    sim.add_argument(
        "--web",
        action="store_true",
        help="also serve the board page and the phones' pads on the local network "
        "(the config's [web] section: bind, port; docs/phones.md)",
    )

    bench = sub.add_parser("bench", help="measure presses, start, resume, memory, idle CPU")
    bench.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    bench.add_argument(
        "--idle", type=opts.seconds, default=10.0, help="seconds of idle to measure (default 10)"
    )
    bench.add_argument(
        "--presses", type=opts.count, default=2000, help="presses to time, at least (default 2000)"
    )
    bench.add_argument(
        "--web",
        action="store_true",
        help="measure the web server instead: a phone's tap until every other screen has it "
        "(8 clients), peak RSS with the server on, idle CPU with the clients attached",
    )

    run = sub.add_parser("run", help="run the companion on the table's hardware")
    run.add_argument(
        "--config", metavar="PATH", required=True, help="hardware config, e.g. pi.toml"
    )
    run.add_argument(
        "--store",
        metavar="PATH",
        help="the game's SQLite file (default: $STATE_DIRECTORY/game.db under systemd, "
        "else ~/.local/state/elgrande-companion/game.db)",
    )
    run.add_argument(
        "--web",
        action="store_true",
        help="also serve the board page and the phones' pads on the local network "
        "(the config's [web] section: bind, port; docs/phones.md)",
    )
    return parser


SIM_KEYS = """keys (one row a seat, in the config's order; only your seats' keys press):
  seat 1  1 2 3 4     ◀  ▶  ●  hold ● (back, undo, withdraw, look alone)
  seat 2  q w e r
  seat 3  a s d f
  seat 4  z x c v
  seat 5  7 8 9 0
  PgUp PgDn ↑ ↓ Home End   scroll the log
  Esc     quit (asks first when the game is not kept with --store); Ctrl-C also ends cleanly

Bots never press on the setup screen, an announcement or the resume page: ● moves them on.
A finished game's score chart is saved in ./companion-sim/scores.png (the log says so)."""


# Commands whose job is their output: when the reader goes away (`companion demo | head`), they
# end as `cat` does, by SIGPIPE. `run` and `sim` keep Python's default: the table plays on.
PIPED = ("score", "cards", "check-config", "check-store", "screens", "demo", "bench")


def main(argv: list[str] | None = None) -> int:
    try:  # --help and --version write too: a reader gone before them is no traceback either
        args, extra = _build_parser().parse_known_args(argv)
        if extra:  # said by the sub-command's name, not the top parser's
            _refuse(f"companion {args.command}", "unrecognized arguments: " + _shown(extra))
        # Not with a web server: a phone's dropped connection would end the process.
        piped = args.command in PIPED and not getattr(args, "web", False)
        if piped and hasattr(signal, "SIGPIPE"):
            before = signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            try:
                return _run(args)
            finally:  # as it was: a caller in the same process (a test) writes to sockets
                signal.signal(signal.SIGPIPE, before)
        return _run(args)
    except BrokenPipeError:
        # The reader stopped early (`companion cards | head`): not worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE
    except KeyboardInterrupt:
        # Ctrl-C, once the command has cleaned up: end as killed by SIGINT (status 130 in a
        # shell), so a script or loop that ran us stops too.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
        return 128 + signal.SIGINT


def _shown(words: list[str]) -> str:
    """Arguments as typed, quoted and with control characters escaped (one line, no terminal
    escape sequences)."""
    return " ".join(repr(w) for w in words)


def _output_folder(command: str, option: str, text: str) -> Path | None:
    """The output folder, checked before any work; None after printing why it cannot be."""
    from companion.commands.output_dir import OutputError, ready_folder, shown_path

    try:
        return ready_folder(text)
    except OutputError as e:
        print(f"companion {command}: {option} {shown_path(text)}: {e}", file=sys.stderr)
        return None


def _run(args: argparse.Namespace) -> int:
    if args.command == "score":
        from companion.commands.score import run_score

        return run_score(args.file)
    if args.command == "cards":
        from companion.commands.cards import run_cards

        return run_cards(as_json=args.json)
    if args.command == "check-config":
        from companion.commands.check_config import check_config_command

        return check_config_command(args.path, probe=args.probe)
    if args.command == "check-store":
        from companion.commands.check_store import check_store_command
        from companion.session.sqlite_disk import default_path, given_path
        from companion.session.store import NotAStore

        try:  # a link is followed as demo, sim and run follow it; a loop is refused
            path = given_path(args.path or str(default_path()))
        except NotAStore as e:
            print(f"companion check-store: {e.strerror}", file=sys.stderr)
            return 2
        return check_store_command(path, as_json=args.json)
    if args.command == "screens":
        from companion.commands.screens import run_screens

        if _output_folder("screens", "--out", args.out) is None:
            return 2
        from companion import games

        most = min(games.load(args.game).info.players[1], 5)
        players = args.players if args.players is not None else most
        return run_screens(args.out, args.seed, players, args.scale, args.game)
    if args.command == "demo":
        from companion import games
        from companion.commands.demo import DEFAULT_PACE, run_demo

        low, high = games.load(args.game).info.players
        if args.players is not None and not low <= args.players <= min(high, 5):
            most = min(high, 5)  # the demo's table has five pads
            print(
                f"companion demo: --players: {args.game} plays {low}–{most} here", file=sys.stderr
            )
            return 2
        pace = args.pace if args.pace is not None else (0.0 if args.json else DEFAULT_PACE)
        frames = _output_folder("demo", "--frames", args.frames) if args.frames else None
        if args.frames and frames is None:
            return 2
        from companion.session.sqlite_disk import given_path
        from companion.session.store import NotAStore

        try:
            store = given_path(args.store) if args.store else None  # absolute: see run
            return run_demo(
                args.players, args.seed, pace, args.json, frames, store_path=store, game=args.game
            )
        except NotAStore as e:  # never played over, never replaced
            print(f"companion demo: --store {e.strerror}", file=sys.stderr)
            return 2
    if args.command == "bench":
        from companion.commands.bench import run_bench

        if args.web:
            from companion.commands.bench_web import run_web_bench

            return run_web_bench(args.json, args.idle)
        return run_bench(args.json, args.idle, args.presses)
    if args.command in ("sim", "run"):
        if args.command == "run":
            from companion.commands.stop_signals import hold_stop_signals

            hold_stop_signals()  # before any import starts a thread (luma.core starts a pool)
        from companion.session.sqlite_disk import given_path
        from companion.session.store import NotAStore
        from hw import StartupError
        from hw.config import ConfigError

        try:
            # Resolved now: importing lgpio later changes the working directory.
            store = given_path(args.store) if args.store else None
            if args.command == "sim":
                from companion.commands.sim import DEFAULT_PACE, run_sim

                pace = args.pace if args.pace is not None else DEFAULT_PACE
                log = Path(args.log).resolve() if args.log else None
                return run_sim(
                    args.config,
                    args.bots,
                    store,
                    seed=args.seed,
                    pace=pace,
                    show_bots=args.show_bots,
                    log_path=log,
                    game=args.game,
                    web=args.web,
                )
            from companion.commands.run import run_table

            return run_table(args.config, store, web=args.web)
        except ConfigError as e:  # each problem under the file it is about
            for line in e.lines(args.config or "the shipped config"):
                print(line, file=sys.stderr)
            return 2
        except NotAStore as e:  # never played over, never replaced
            print(f"companion {args.command}: --store {e.strerror}", file=sys.stderr)
            return 2
        except ValueError as e:  # a bad --bots
            print(f"companion {args.command}: {e}", file=sys.stderr)
            return 2
        except StartupError as e:  # the hardware cannot start: each cause with its fix
            for line in e.problems:
                print(f"companion {args.command}: {line}", file=sys.stderr)
            return 1
        except RuntimeError as e:  # the hardware cannot be opened (no lgpio off a Pi, …)
            print(f"companion {args.command}: {e}", file=sys.stderr)
            return 1
    raise AssertionError(f"unhandled command {args.command!r}")  # argparse only allows the above


if __name__ == "__main__":
    sys.exit(main())
