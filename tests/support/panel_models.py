"""Model panels for the partial-update tests: fed the bytes a recording bus saw, they rebuild
what the panel's RAM holds, the way the controller's datasheet says it addresses it.

Each model is strict: a command it does not know, or data before an address window, fails the
test (a driver that sends something unexpected is wrong until the model learns it).
"""

from __future__ import annotations

from PIL import Image

# Argument bytes of each SSD1306/SSD1309 command luma sends (datasheet §10).
SSD1306_ARGS = {
    0xAE: 0, 0xAF: 0, 0xD5: 1, 0xA8: 1, 0xD3: 1, 0x8D: 1, 0x20: 1, 0xA0: 0, 0xA1: 0,
    0xC0: 0, 0xC8: 0, 0xDA: 1, 0xD9: 1, 0xDB: 1, 0xA4: 0, 0xA5: 0, 0xA6: 0, 0xA7: 0,
    0x81: 1, 0x21: 2, 0x22: 2,
}  # fmt: skip


class SSD1306Panel:
    """GDDRAM of 8 pages × 128 columns in horizontal addressing mode (``0x20 0x00``):
    ``0x21 lo hi`` and ``0x22 lo hi`` set the window and move the pointer to its corner; each
    data byte goes to the pointer, which runs along the columns, then down the pages, wrapping
    inside the window."""

    def __init__(self) -> None:
        self.ram = [bytearray(128) for _ in range(8)]
        self.cols, self.pages = (0, 127), (0, 7)
        self.col, self.page = 0, 0
        self.memory_mode: int | None = None
        self.on = False
        self.contrast: int | None = None

    def feed_i2c(self, payload: bytes) -> None:
        """One I²C write: a control byte (0x00 commands, 0x40 data), then its bytes."""
        control, body = payload[0], payload[1:]
        if control == 0x00:
            self._commands(body)
        elif control == 0x40:
            for b in body:
                self._data(b)
        else:
            raise AssertionError(f"unknown control byte {control:#04x}")

    def _commands(self, body: bytes) -> None:
        i = 0
        while i < len(body):
            cmd = body[i]
            if 0x40 <= cmd <= 0x7F:  # display start line
                n = 0
            elif cmd not in SSD1306_ARGS:
                raise AssertionError(f"unknown SSD1306 command {cmd:#04x}")
            else:
                n = SSD1306_ARGS[cmd]
            args = body[i + 1 : i + 1 + n]
            assert len(args) == n, f"command {cmd:#04x} cut short"
            self._command(cmd, args)
            i += 1 + n

    def _command(self, cmd: int, args: bytes) -> None:
        if cmd == 0x20:
            self.memory_mode = args[0]
        elif cmd == 0x21:
            self.cols, self.col = (args[0], args[1]), args[0]
        elif cmd == 0x22:
            self.pages, self.page = (args[0], args[1]), args[0]
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd in (0xAE, 0xAF):
            self.on = cmd == 0xAF

    def _data(self, b: int) -> None:
        assert self.memory_mode == 0x00, "data before horizontal addressing was set"
        self.ram[self.page][self.col] = b
        self.col += 1
        if self.col > self.cols[1]:
            self.col = self.cols[0]
            self.page = self.page + 1 if self.page < self.pages[1] else self.pages[0]

    def image(self, size: tuple[int, int], colstart: int = 0) -> Image.Image:
        """The panel's pixels as a 1-bit image of ``size``."""
        w, h = size
        img = Image.new("1", size)
        px = img.load()
        for y in range(h):
            for x in range(w):
                px[x, y] = 255 if self.ram[y // 8][colstart + x] >> (y % 8) & 1 else 0
        return img


# SH1106 commands luma sends with an argument byte (datasheet, commands 9–20); every other byte
# of a command message is a command alone: 0x00–0x0F / 0x10–0x1F the column's low / high
# nibble, 0x40–0x7F the start line, 0xB0–0xB7 the page, 0xA0–0xAF and 0xC0–0xCF settings.
SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xAD: 1, 0xDC: 1}
# SSD1306 commands luma's SH1106 set-up also sends (MEMORYMODE, CHARGEPUMP): no SH1106 command,
# taken as nothing (CHARGEPUMP's argument 0x14 then reads as a column nibble, set again later).
SH1106_UNKNOWN = {0x20, 0x8D}


class SH1106Panel:
    """132 columns × 8 pages of RAM, page addressing only: ``0xB0 | p`` sets the page, ``0x0n``
    and ``0x1n`` the column's nibbles; each data byte goes to the column, which moves on along
    the page (never to the next page)."""

    def __init__(self) -> None:
        self.ram = [bytearray(132) for _ in range(8)]
        self.page = self.col = 0
        self.on = False

    def feed_i2c(self, payload: bytes) -> None:
        control, body = payload[0], payload[1:]
        if control == 0x40:
            for b in body:
                assert self.col < 132, "data past the page's last column"
                self.ram[self.page][self.col] = b
                self.col += 1
            return
        assert control == 0x00, f"unknown control byte {control:#04x}"
        i = 0
        while i < len(body):
            cmd = body[i]
            if cmd in SH1106_ARGS:
                i += 1 + SH1106_ARGS[cmd]
                continue
            if cmd in SH1106_UNKNOWN:
                pass
            elif cmd <= 0x0F:
                self.col = (self.col & 0xF0) | cmd
            elif cmd <= 0x1F:
                self.col = (self.col & 0x0F) | (cmd & 0x0F) << 4
            elif 0xB0 <= cmd <= 0xB7:
                self.page = cmd & 0x07
            elif cmd in (0xAE, 0xAF):
                self.on = cmd == 0xAF
            elif not (0x40 <= cmd <= 0x7F or 0xA0 <= cmd <= 0xAF or 0xC0 <= cmd <= 0xCF):
                raise AssertionError(f"unknown SH1106 command {cmd:#04x}")
            i += 1

    def image(self, size: tuple[int, int], offset: int = 2) -> Image.Image:
        w, h = size
        img = Image.new("1", size)
        px = img.load()
        for y in range(h):
            for x in range(w):
                px[x, y] = 255 if self.ram[y // 8][offset + x] >> (y % 8) & 1 else 0
        return img


# Argument bytes of each SSD1322 command luma sends (datasheet §9), all as data after D/C low.
SSD1322_ARGS = {
    0xFD: 1, 0xA4: 0, 0xA5: 0, 0xA6: 0, 0xA7: 0, 0xB3: 1, 0xCA: 1, 0xA2: 1, 0xA1: 1, 0xA0: 2,
    0xB5: 1, 0xAB: 1, 0xB4: 2, 0xC7: 1, 0xB9: 0, 0xB1: 1, 0xD1: 2, 0xBB: 1, 0xB6: 1, 0xBE: 1,
    0xA9: 0, 0xC1: 1, 0xAE: 0, 0xAF: 0, 0x15: 2, 0x75: 2, 0x5C: 0,
}  # fmt: skip


class SSD1322Panel:
    """GDDRAM of 480 × 128 pixels at 4 bits, two bytes per column address (4 pixels, the first
    in the high nibble): ``0x15 a b`` and ``0x75 a b`` set the window and move the pointer to its
    corner; after ``0x5C`` data bytes fill the window along each row, then down, wrapping."""

    def __init__(self) -> None:
        self.ram = [bytearray(240) for _ in range(128)]
        self.cols, self.rows = (0, 119), (0, 127)
        self.col, self.row, self.half = 0, 0, 0
        self.cmd: int | None = None
        self.args: list[int] = []
        self.writing = False
        self.on = False
        self.contrast: int | None = None

    def feed_spi(self, dc: int, data: bytes) -> None:
        """One SPI transfer with D/C at ``dc`` (0: command bytes, 1: arguments or pixels)."""
        for b in data:
            if dc == 0:
                self._start(b)
            elif self.writing:
                self._pixel_byte(b)
            else:
                assert self.cmd is not None, "data with no command"
                self.args.append(b)
                assert len(self.args) <= SSD1322_ARGS[self.cmd], f"too many args {self.cmd:#04x}"
                if len(self.args) == SSD1322_ARGS[self.cmd]:
                    self._apply()

    def _start(self, cmd: int) -> None:
        if cmd not in SSD1322_ARGS:
            raise AssertionError(f"unknown SSD1322 command {cmd:#04x}")
        self.cmd, self.args, self.writing = cmd, [], cmd == 0x5C
        if SSD1322_ARGS[cmd] == 0:
            self._apply()

    def _apply(self) -> None:
        cmd, args = self.cmd, self.args
        if cmd == 0x15:
            self.cols, self.col, self.half = (args[0], args[1]), args[0], 0
        elif cmd == 0x75:
            self.rows, self.row, self.half = (args[0], args[1]), args[0], 0
        elif cmd == 0xC1:
            self.contrast = args[0]
        elif cmd in (0xAE, 0xAF):
            self.on = cmd == 0xAF

    def _pixel_byte(self, b: int) -> None:
        self.ram[self.row][self.col * 2 + self.half] = b
        self.half ^= 1
        if self.half == 0:
            self.col += 1
            if self.col > self.cols[1]:
                self.col = self.cols[0]
                self.row = self.row + 1 if self.row < self.rows[1] else self.rows[0]

    def greys(self, size: tuple[int, int]) -> list[list[int]]:
        """The panel's 4-bit greys, row by row, for a panel of ``size`` centred as luma does."""
        w, h = size
        offset = (480 - w) // 2
        out = []
        for y in range(h):
            row = []
            for x in range(w):
                px = offset + x
                b = self.ram[y][(px >> 2) * 2 + (px & 3) // 2]
                row.append(b >> 4 if px % 2 == 0 else b & 0x0F)
            out.append(row)
        return out


def luma_greys(image: Image.Image) -> list[list[int]]:
    """What luma's SSD1322 makes of an image: 15 for a lit 1-bit pixel, else its RGB → 4-bit
    luma formula."""
    w, h = image.size
    px = image.load()
    out = []
    for y in range(h):
        row = []
        for x in range(w):
            v = px[x, y]
            if image.mode == "1":
                row.append(15 if v else 0)
            else:
                r, g, b = v
                row.append((r * 306 + g * 601 + b * 117) >> 14)
        out.append(row)
    return out


class MAX7219Chain:
    """The digit registers of each module of a chain: a transfer holds one (register, value)
    pair per module, and a register write lands in every module at once. A transfer cut short
    leaves every digit unknown (-1)."""

    def __init__(self, cascaded: int) -> None:
        self.cascaded = cascaded
        self.digits = [[0] * 8 for _ in range(cascaded)]

    def feed_spi(self, dc: int, data: bytes) -> None:
        if len(data) != 2 * self.cascaded:  # cut short: the chain latched half-shifted garbage
            self.digits = [[-1] * 8 for _ in range(self.cascaded)]
            return
        for module in range(self.cascaded):
            reg, value = data[2 * module], data[2 * module + 1]
            if 1 <= reg <= 8:
                self.digits[module][reg - 1] = value
