"""Pure renderers: a view (plus what the app is showing) → a PIL image sized for one device.

Nothing here imports `hw/`: every screen can be rendered and compared as an image without a device.
The app builds a `MainUI` / `PadMenu` (companion.screens.model) beside the engine's views and calls
`render_main`, `render_matrix`, `render_pad` and `render_chart_page` (the score progression on
the whole main display, the alerts under it).
"""

from companion.screens.model import MainUI, PadMenu
from companion.screens.render import render_chart_page, render_main, render_matrix, render_pad

__all__ = ["MainUI", "PadMenu", "render_chart_page", "render_main", "render_matrix", "render_pad"]
