"""The app icon, drawn here (no image library, no binary in the repository): a white page with
three lines of text on the site's blue, as SVG and as the PNG sizes a web app manifest needs.
The page sits inside the central 80 %, so the same image serves as a maskable icon."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

BLUE = (0x1D, 0x4E, 0x89)
WHITE = (0xFF, 0xFF, 0xFF)
# in units of the icon's side: the page, then the text lines on it
PAGE = (0.30, 0.22, 0.70, 0.78)
LINES = ((0.37, 0.34, 0.63, 0.39), (0.37, 0.46, 0.63, 0.51), (0.37, 0.58, 0.55, 0.63))
SIZES = (192, 512)


def _inside(box: tuple[float, float, float, float], x: float, y: float) -> bool:
    return box[0] <= x < box[2] and box[1] <= y < box[3]


def png(size: int) -> bytes:
    """The icon as a PNG of ``size`` x ``size`` pixels (RGB, no alpha)."""
    rows = []
    for py in range(size):
        y = (py + 0.5) / size
        row = bytearray([0])  # filter type 0 (none) for each scanline
        for px in range(size):
            x = (px + 0.5) / size
            on_page = _inside(PAGE, x, y) and not any(_inside(b, x, y) for b in LINES)
            row.extend(WHITE if on_page else BLUE)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def svg() -> str:
    """The icon as SVG (the favicon)."""

    def rect(box: tuple[float, float, float, float], fill: str) -> str:
        x0, y0, x1, y1 = (round(v * 100, 1) for v in box)
        return f'<rect x="{x0}" y="{y0}" width="{x1 - x0:g}" height="{y1 - y0:g}" fill="{fill}"/>'

    blue = "#{:02x}{:02x}{:02x}".format(*BLUE)
    parts = [rect((0, 0, 1, 1), blue), rect(PAGE, "#fff"), *(rect(b, blue) for b in LINES)]
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{"".join(parts)}</svg>'


def write_icons(folder: Path) -> list[Path]:
    """Write ``icon.svg`` and ``icon-<size>.png`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "icon.svg"]
    written[0].write_text(svg(), encoding="utf-8")
    for size in SIZES:
        path = folder / f"icon-{size}.png"
        path.write_bytes(png(size))
        written.append(path)
    return written
