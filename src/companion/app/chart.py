"""The score progression as a line chart: one line a player, one point a scoring.

>>> img = score_chart([{"round": 3, "totals": {"red": 10, "blue": 4}}], ("red", "blue"), (128, 64))
>>> img.size
(128, 64)
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

# Each player's line: solid, dashed or dotted, so a 1-bit display tells them apart.
DASHES = ((1, 0), (4, 2), (1, 2), (6, 2), (2, 4))


def score_chart(
    history: list[dict[str, Any]], players: tuple[str, ...], size: tuple[int, int]
) -> Image.Image:
    """A 1-bit chart of the totals after each scoring (0 before the first), names at line ends."""
    w, h = size
    image = Image.new("1", size, 0)
    draw = ImageDraw.Draw(image)
    points = [{p: 0 for p in players}, *(entry["totals"] for entry in history)]
    top = max(1, *(max(t.values()) for t in points))
    label_w = 6 * max(len(p) for p in players) + 2
    x0, x1, y0, y1 = 1, max(2, w - label_w), h - 2, 1
    draw.line((x0, y0, x1, y0), fill=1)

    def xy(i: int, v: int) -> tuple[float, float]:
        x = x0 + (x1 - x0) * i / max(1, len(points) - 1)
        return x, y0 - (y0 - y1) * v / top

    for n, p in enumerate(players):
        on, off = DASHES[n % len(DASHES)]
        for i in range(len(points) - 1):
            (ax, ay), (bx, by) = xy(i, points[i][p]), xy(i + 1, points[i + 1][p])
            steps = int(max(abs(bx - ax), abs(by - ay))) or 1
            for k in range(steps + 1):
                if k % (on + off) < on:
                    draw.point((ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps), fill=1)
        _, y = xy(len(points) - 1, points[-1][p])
        draw.text((x1 + 2, min(h - 10, max(0, y - 5))), p, fill=1)
    return image
