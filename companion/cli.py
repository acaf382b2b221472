"""The `companion` command line: one sub-command per job, each importing only what it needs."""

from __future__ import annotations

import argparse
import sys


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    score = sub.add_parser("score", help="score a position given as JSON (FILE, or - for stdin)")
    score.add_argument("file", metavar="FILE")

    check = sub.add_parser(
        "check-config", help="validate a hardware config file and report problems"
    )
    check.add_argument("path", metavar="PATH")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    if args.command == "score":
        from companion.score_cmd import run_score

        return run_score(args.file)
    if args.command == "check-config":
        from hw.config import check_config_command

        return check_config_command(args.path)
    raise AssertionError(f"unhandled command {args.command!r}")  # argparse only allows the above


if __name__ == "__main__":
    sys.exit(main())
