"""What the `companion` command's options accept: each checker says what was wrong and what is
accepted, in argparse's one-line error; `--game` and `--version`, shared by the sub-commands."""

from __future__ import annotations

import argparse

DISTRIBUTION = "elgrande-companion"


def game_option(parser: argparse.ArgumentParser, default: str | None = "elgrande") -> None:
    from companion import games

    known = games.available()
    said = default or "the table file's game"
    parser.add_argument(
        "--game",
        choices=known,
        default=default,
        metavar="GAME",
        help=f"the game: {', '.join(known)} (default: {said})",
    )


class Version(argparse.Action):
    """`companion --version`: the installed package's version, from its metadata (as pip shows
    it), looked up only when asked, so that no other command pays for it."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        kwargs.update(nargs=0, default=argparse.SUPPRESS)
        super().__init__(option_strings, dest, **kwargs)  # type: ignore[arg-type]

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version(DISTRIBUTION)
        except PackageNotFoundError:  # run from a checkout that was never installed
            found = "unknown (not installed)"
        print(f"companion {found}")  # on standard output, as --help is
        parser.exit()


def scale(text: str) -> int:
    if text.isdigit() and 1 <= int(text) <= 8:
        return int(text)
    raise argparse.ArgumentTypeError(f"expected a whole number 1–8, got {text!r}")


def players(text: str) -> int:
    if text.isdigit() and 2 <= int(text) <= 5:
        return int(text)
    raise argparse.ArgumentTypeError(f"expected a whole number 2–5, got {text!r}")


SEED_MAX = 2**63 - 1  # the largest whole number SQLite keeps: a seed is stored with its game


def seed(text: str) -> int:
    if text.isdigit() and int(text) <= SEED_MAX:
        return int(text)
    raise argparse.ArgumentTypeError(f"expected a whole number 0–{SEED_MAX}, got {text!r}")


def count(text: str) -> int:
    if text.isdigit() and int(text) >= 1:
        return int(text)
    raise argparse.ArgumentTypeError(f"expected a whole number 1 or more, got {text!r}")


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"expected seconds 0–60, got {text!r}")
    return value
