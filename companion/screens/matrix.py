"""The LED matrix (e.g. 32×8, four MAX7219): the round and the colour the table waits for.

"3 RED": round 3, red to play. A general-scoring round (3, 6, 9) is underlined on the bottom row.
When several players choose at once (a sealed bid, a disc) it shows how many are still choosing,
"3 x4", never who has chosen what. At the end: the winner's colour and "!".

>>> render_matrix({"round": 3, "decision": {"players": ["red"], "secret": False}}, (32, 8)).size
(32, 8)
>>> matrix_text({"round": 3, "decision": {"players": ["red", "blue"], "secret": True}})
'3 x2'
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from companion.elgrande.data import game_data
from companion.screens.legacy_text import MATRIX_FONT, draw_legacy, text_width
from companion.screens.names import colour_code


def matrix_text(view: dict[str, Any], letters: int = 3) -> str:
    if view.get("winners"):
        return " ".join(colour_code(p, letters) for p in view["winners"]) + "!"
    rnd = str(view["round"]) if view.get("round") else "-"
    waiting = (view.get("decision") or {}).get("players") or []
    if len(waiting) == 1:
        return f"{rnd} {colour_code(waiting[0], letters)}"
    return f"{rnd} x{len(waiting)}" if waiting else rnd


def render_matrix(view: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    """The matrix frame: centred text, shortened (BLU → BL → B) until it fits."""
    image = Image.new("1", size, 0)
    draw = ImageDraw.Draw(image)
    for letters in (3, 2, 1, 0):
        text = matrix_text(view, letters).strip()
        if text_width(text, MATRIX_FONT) <= size[0]:
            break
    else:
        return image
    x = (size[0] - text_width(text, MATRIX_FONT)) // 2
    y = max((size[1] - 8) // 2, 0)
    draw_legacy(draw, (x, y), text, 1, MATRIX_FONT)
    rnd = view.get("round")
    if rnd in game_data().general_scoring_after and not view.get("winners") and size[1] >= 8:
        # The font leaves row 7 of its cell empty: underline the round number there.
        digits = text_width(str(rnd), MATRIX_FONT) - 2
        draw.line((x, y + 7, x + digits, y + 7), fill=1)
    return image
