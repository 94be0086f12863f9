"""The app icons (192 and 512 px PNGs for the web app manifest), rasterised at build time from ``web/icons/icon.svg``
with the standard library only: the SVG is read with ``xml.etree``, drawn by scanlines with 4×4 supersampling, and
written as PNG with ``zlib`` and ``struct``.

Only what our own icon uses is understood — ``rect``, ``circle``, ``ellipse`` and ``polygon`` with a flat
``#rrggbb`` fill, painted in document order — and anything else is refused, so the picture can never silently differ
from the SVG a browser would show.
"""

from __future__ import annotations

import math
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

SVG_NS = "{http://www.w3.org/2000/svg}"
SAMPLES = 4  # per axis: 16 samples a pixel smooth the edges


def _colour(fill: str) -> tuple[int, int, int]:
    if not (fill.startswith("#") and len(fill) == 7):
        raise ValueError(f"icon fills must be #rrggbb, got {fill!r}")
    return int(fill[1:3], 16), int(fill[3:5], 16), int(fill[5:7], 16)


def read_shapes(svg_text: str) -> tuple[float, list[tuple[str, tuple, tuple[int, int, int]]]]:
    """The SVG's side (its square viewBox) and its shapes, in painting order."""
    root = ET.fromstring(svg_text)
    box = [float(v) for v in root.get("viewBox", "").split()]
    if len(box) != 4 or box[0] or box[1] or box[2] != box[3]:
        raise ValueError("the icon needs a square viewBox starting at 0 0")
    shapes = []
    for node in root:
        if not isinstance(node.tag, str):  # a comment or processing instruction
            continue
        tag = node.tag.replace(SVG_NS, "")
        num = lambda k, node=node: float(node.get(k))  # noqa: E731 - a tiny reader
        if tag == "rect":
            geom = (num("x"), num("y"), num("width"), num("height"))
        elif tag == "circle":
            geom = (num("cx"), num("cy"), num("r"), num("r"))
            tag = "ellipse"
        elif tag == "ellipse":
            geom = (num("cx"), num("cy"), num("rx"), num("ry"))
        elif tag == "polygon":
            values = [float(v) for v in node.get("points").replace(",", " ").split()]
            geom = tuple(zip(values[0::2], values[1::2]))
        else:
            raise ValueError(f"the icon rasteriser does not draw <{tag}>")
        shapes.append((tag, geom, _colour(node.get("fill", ""))))
    return box[2], shapes


def _span(tag: str, geom: tuple, y: float) -> list[tuple[float, float]]:
    """The x-intervals a shape covers on the horizontal line at ``y`` (SVG units)."""
    if tag == "rect":
        x, top, w, h = geom
        return [(x, x + w)] if top <= y < top + h else []
    if tag == "ellipse":
        cx, cy, rx, ry = geom
        d = (y - cy) / ry
        if abs(d) >= 1:
            return []
        half = rx * math.sqrt(1 - d * d)
        return [(cx - half, cx + half)]
    xs = []  # polygon, even-odd
    pts = geom
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        if (y0 <= y < y1) or (y1 <= y < y0):
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    xs.sort()
    return list(zip(xs[0::2], xs[1::2]))


def rasterise(svg_text: str, size: int) -> list[bytes]:
    """RGB rows of the icon at ``size`` × ``size`` pixels."""
    side, shapes = read_shapes(svg_text)
    palette = [(0, 0, 0)] + [c for _, _, c in shapes]
    scale = side / (size * SAMPLES)  # SVG units per sub-sample
    width = size * SAMPLES
    rows = []
    for py in range(size):
        lines = []
        for k in range(SAMPLES):
            y = (py * SAMPLES + k + 0.5) * scale
            line = [0] * width
            for index, (tag, geom, _) in enumerate(shapes, start=1):
                for x0, x1 in _span(tag, geom, y):
                    a = max(0, math.ceil(x0 / scale - 0.5))
                    b = min(width, math.ceil(x1 / scale - 0.5))
                    if b > a:
                        line[a:b] = [index] * (b - a)
            lines.append(line)
        row = bytearray()
        for px in range(size):
            lo, hi = px * SAMPLES, (px + 1) * SAMPLES
            block = [i for line in lines for i in line[lo:hi]]
            if block.count(block[0]) == len(block):
                row += bytes(palette[block[0]])
            else:
                n = len(block)
                row += bytes(round(sum(palette[i][ch] for i in block) / n) for ch in range(3))
        rows.append(bytes(row))
    return rows


def png(rows: list[bytes], size: int) -> bytes:
    """An 8-bit RGB PNG (filter 0 on every row)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + r for r in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def write_icons(svg: Path, out_dir: Path, cache: Path, sizes: tuple[int, ...] = (192, 512)) -> list[Path]:
    """Write ``icon-<size>.png`` for each size into ``out_dir`` (cached by the SVG's content: drawing takes seconds)."""
    import hashlib

    text = svg.read_text()
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    out_dir.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    written = []
    for size in sizes:
        cached = cache / f"icon-{digest}-{size}.png"
        if not cached.exists():
            tmp = cached.with_suffix(".tmp")
            tmp.write_bytes(png(rasterise(text, size), size))
            tmp.replace(cached)
        target = out_dir / f"icon-{size}.png"
        target.write_bytes(cached.read_bytes())
        written.append(target)
    return written
