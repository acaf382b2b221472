"""Golden images: a rendered image compared pixel-exactly with a PNG kept beside the tests.

Shared by the screens' and the hardware layer's tests (pyproject's `pythonpath` puts tests/support
on sys.path).
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops


class Goldens:
    """The PNGs in `folder`; with the environment variable `update_var` set to 1, `check`
    writes the image instead of comparing (look at every changed PNG before committing it)."""

    def __init__(self, folder: Path, update_var: str) -> None:
        self.folder = folder
        self.update_var = update_var

    def check(self, name: str, image: Image.Image) -> None:
        """Compare `image` pixel-exactly with FOLDER/NAME.png."""
        path = self.folder / f"{name}.png"
        if os.environ.get(self.update_var) == "1":
            self.folder.mkdir(exist_ok=True)
            image.save(path)
        assert path.exists(), f"no golden image {path}; create it with {self.update_var}=1"
        with Image.open(path) as f:
            golden = f.copy()
        assert (image.mode, image.size) == (golden.mode, golden.size)
        # Compared in RGB: lossless for the 1-bit and grey displays and the colour ones alike
        # (in grey, two colours of the same brightness would pass for each other).
        diff = ImageChops.difference(image.convert("RGB"), golden.convert("RGB")).getbbox()
        assert diff is None, f"{name}: pixels differ from {path} in box {diff}"
