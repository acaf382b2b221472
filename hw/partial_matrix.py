"""luma.led-matrix's MAX7219 chain sending only the digit registers that changed (the rest of
the partial-update drivers are in hw/partial.py, whose rules it follows)."""

from __future__ import annotations

from collections.abc import Sequence

import luma.led_matrix.device
from PIL import Image

from hw.partial import RemembersPanel


class max7219(RemembersPanel, luma.led_matrix.device.max7219):
    """luma.led-matrix's MAX7219 chain sending only the digit registers that changed.

    A digit register is written by one transfer through every module of the chain, so a changed
    digit costs the whole transfer (2 bytes a module); an unchanged one costs nothing.
    """

    _acked: list[bytes] | None = None  # luma's transfers, one per digit
    _captured: list[bytes] | None = None

    def data(self, data: Sequence[int]) -> None:
        if self._captured is not None:
            self._captured.append(bytes(data))
        else:
            super().data(data)

    def least_bytes(self, image: Image.Image) -> int:
        """The fewest bus bytes any driver could send to turn the chain into ``image``: one
        transfer through the chain (2 bytes a module) for each digit register that differs in
        any module; every digit if the chain's content is unknown."""
        digits, acked = self._digits(image), self._acked
        return sum(len(d) for i, d in enumerate(digits) if acked is None or acked[i] != d)

    def _digits(self, image: Image.Image) -> list[bytes]:
        """luma's frame for ``image`` as its transfers, one per digit, captured (not sent)."""
        self._captured = []
        try:
            super().display(image)
            return self._captured
        finally:
            self._captured = None

    def display(self, image: Image.Image) -> None:
        """luma's frame for ``image``, then only the digits that differ from the panel's."""
        digits = self._digits(image)
        acked, self._acked = self._acked, None  # until every digit is written
        for i, digit in enumerate(digits):
            if acked is None or acked[i] != digit:
                self.data(list(digit))
        self._acked = digits
