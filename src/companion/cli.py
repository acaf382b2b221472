"""The `companion` command line: one sub-command per job, each importing only what it needs."""

from __future__ import annotations

import argparse
import os
import sys


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    score = sub.add_parser("score", help="score a position given as JSON (FILE, or - for stdin)")
    score.add_argument("file", metavar="FILE")

    cards = sub.add_parser("cards", help="list the 45 action cards: id, stack, copies, text")
    cards.add_argument("--json", action="store_true", help="print a JSON list instead of a table")

    check = sub.add_parser(
        "check-config", help="validate a hardware config file and report problems"
    )
    check.add_argument("path", metavar="PATH")
    check.add_argument(
        "--probe",
        action="store_true",
        help="on the Pi: also look for each bus and device and report what is missing",
    )

    screens = sub.add_parser("screens", help="render every screen as PNG (for the README)")
    screens.add_argument("--out", default="docs/screens", help="folder (default docs/screens)")
    screens.add_argument("--seed", type=int, default=7, help="the bot game's seed (default 7)")
    screens.add_argument("--players", type=int, default=5, help="2 to 5 (default 5)")
    screens.add_argument("--scale", type=int, default=3, help="enlarge each pixel, 1-8 (default 3)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    try:
        return _run(args)
    except BrokenPipeError:
        # The reader stopped early (`companion cards | head`): not worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(args: argparse.Namespace) -> int:
    if args.command == "score":
        from companion.score_cmd import run_score

        return run_score(args.file)
    if args.command == "cards":
        from companion.cards_cmd import run_cards

        return run_cards(as_json=args.json)
    if args.command == "check-config":
        from companion.check_config_cmd import check_config_command

        return check_config_command(args.path, probe=args.probe)
    if args.command == "screens":
        from companion.screens_cmd import run_screens

        return run_screens(args.out, args.seed, args.players, args.scale)
    raise AssertionError(f"unhandled command {args.command!r}")  # argparse only allows the above


if __name__ == "__main__":
    sys.exit(main())
