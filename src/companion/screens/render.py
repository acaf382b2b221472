"""First renderers: plain text lines in PIL's default font, sized for each device.

>>> from companion.elgrande.engine import new_game
>>> from companion.elgrande.views import public_view
>>> render_main(public_view(new_game(["red", "blue"], seed=1)), MainUI(), (128, 64), "1").size
(128, 64)
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw, ImageFont

from companion.screens.model import MainUI, PadMenu

LINE = 10  # pixels per text line in the default bitmap font


def _font() -> ImageFont.ImageFont:
    return ImageFont.load_default()


def _page(
    lines: list[str], size: tuple[int, int], mode: str, invert: int | None = None
) -> Image.Image:
    image = Image.new(mode, size)
    draw = ImageDraw.Draw(image)
    white = 255 if mode == "L" else 1
    for i, line in enumerate(lines[: size[1] // LINE]):
        y = i * LINE
        if i == invert:
            draw.rectangle((0, y, size[0] - 1, y + LINE - 1), fill=white)
            draw.text((1, y), line, fill=0, font=_font())
        else:
            draw.text((1, y), line, fill=white, font=_font())
    return image


def render_main(view: dict[str, Any], ui: MainUI, size: tuple[int, int], mode: str) -> Image.Image:
    """The main display: the page `ui` asks for, drawn from the public view."""
    if ui.screen != "game":
        lines = [ui.title, *ui.lines, ui.footer, *ui.alerts]
        cursor = None if ui.cursor is None else ui.cursor + 1
        return _page([line for line in lines if line], size, mode, cursor)
    decision = view.get("decision") or {}
    round_text = f"Round {view['round']}/9" if view.get("round") else "Set-up"
    lines = [
        f"{round_text}  King: {view['king']}",
        decision.get("prompt", "Game over" if view.get("winners") else ""),
        "Waiting: " + ", ".join(decision.get("players", [])),
        *ui.alerts,
    ]
    return _page(lines, size, mode)


def render_matrix(view: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    """The LED matrix: the round number, readable across the table."""
    text = f"R{view['round']}" if view.get("round") else "--"
    return _page([text], size, "1")


def render_pad(
    player_view: dict[str, Any] | None, menu: PadMenu, size: tuple[int, int]
) -> Image.Image:
    """One pad's private display: the question and the entry under the cursor."""
    lines = [menu.title]
    if menu.entries:
        lines.append(f"< {menu.current} >  {menu.cursor + 1}/{len(menu.entries)}")
    if menu.note:
        lines.append(menu.note)
    return _page(lines, size, "1")
