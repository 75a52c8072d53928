"""Shared drawing kit for every game's renderer: fonts, seat colours, text and box helpers,
the static-layer cache and PNG encoding.

Fonts: DejaVu Sans when the system has it, otherwise Pillow's bundled scalable default font
(Aileron, Pillow >= 10.1), which has no bold face: bold is then drawn with a thin stroke.
"""
from __future__ import annotations

import functools
import io
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TypeVar

from PIL import Image, ImageDraw, ImageFont

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
             Path("/usr/share/fonts/TTF"), Path("/usr/local/share/fonts"))
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

# Okabe–Ito, minus its blue (too close to the sea) and black: six hues told apart by every
# common form of colour blindness. Black text reads on all of them.
SEAT_COLOURS: tuple[RGB, ...] = (
    (230, 159, 0),     # orange
    (86, 180, 233),    # sky blue
    (0, 158, 115),     # bluish green
    (240, 228, 66),    # yellow
    (213, 94, 0),      # vermillion
    (204, 121, 167),   # reddish purple
)
INK: RGB = (20, 20, 28)
WHITE: RGB = (250, 250, 245)
GOLD: RGB = (245, 196, 50)
MUTED: RGB = (176, 196, 212)    # secondary text on dark backgrounds
NIGHT: RGB = (8, 24, 40)        # header bands and panels
WARN: RGB = (255, 150, 120)     # effects and warnings on dark backgrounds

# Quantize to 256 colours before encoding. Measured on a 6-seat board (1200x1988): RGB 198 KiB
# in 82 ms; palette 85 KiB in 24 ms quantize + 29 ms encode, a few hundred edge pixels off by <40.
PALETTE_PNG = True
# The palette comes from every PALETTE_STRIDE-th pixel each way (a nearest-neighbour copy, so no
# new colours), and the whole image is then mapped onto it: on a Dead Reckoning board
# (1200x4700) 4 + 17 ms against 65 ms for the whole image, with fewer pixels off by > 10 (3,600
# against 7,100) and every seat colour within 1. zlib level 3 against the default 6: 254 KiB
# against 203 KiB and ~30 ms less (levels 1-2 are no faster and larger; 4 is lazy matching again).
PALETTE_STRIDE = 4
PNG_LEVEL = 3
# Rendered text masks kept (40 Dead Reckoning boards draw 18,900 labels, 620 of them distinct).
TEXT_MASKS = 4096

K = TypeVar("K", bound=Hashable)


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@functools.cache
def _font_file(bold: bool) -> Path | None:
    for folder in FONT_DIRS:
        path = folder / FONT_FILES[bold]
        if path.is_file():
            return path
    return None


@functools.cache
def font(size: int, bold: bool = False) -> Font:
    """A cached font of `size` px: DejaVu if installed, else Pillow's bundled scalable font."""
    path = _font_file(bold)
    if path is not None:
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def _fake_bold(bold: bool) -> int:
    """Stroke width that stands in for a missing bold face."""
    return 1 if bold and _font_file(True) is None else 0


def text_width(s: str, size: int, bold: bool = False) -> float:
    return _length(font(size, bold), s) + 2 * _fake_bold(bold)


@functools.lru_cache(maxsize=8192)
def _length(f: Font, s: str) -> float:
    """Keyed by the font object, so a cleared font cache (tests swap fonts) misses here too."""
    return f.getlength(s)


def draw_text(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int, *, bold: bool = False,
              fill: RGB = WHITE, outline: RGB | None = None, outline_width: int = 3, anchor: str = "la") -> None:
    """Text at `xy` (Pillow anchor, rounded to whole pixels), optionally with an outline so it
    reads on any background. Drawn as Pillow draws it (the outline's mask in its colour, then
    the text's), from masks rendered once per label (see _text_mask)."""
    stroke = outline_width if outline is not None else _fake_bold(bold)
    edge = outline if outline is not None else fill
    f = font(size, bold)
    if not isinstance(f, ImageFont.FreeTypeFont) or "\n" in s:
        d.text(xy, s, font=f, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=edge)
        return
    at = (round(xy[0]), round(xy[1]))
    _stamp(d, at, _text_mask(f, s, stroke, anchor), edge)
    if stroke and edge != fill:
        _stamp(d, at, _text_mask(f, s, 0, anchor), fill)


Mask = tuple[Image.Image, int, int] | None   # a label's coverage ("L") and its offset from the anchor


@functools.lru_cache(maxsize=TEXT_MASKS)
def _text_mask(f: ImageFont.FreeTypeFont, s: str, stroke: int, anchor: str) -> Mask:
    """`s` drawn by Pillow in white on black at a whole-pixel anchor, trimmed; None if blank.
    Keyed by the font object, as _length."""
    left, top, right, bottom = (int(v) for v in f.getbbox(s, stroke_width=stroke, anchor=anchor))
    pad = 2 + stroke      # room for any pixel the bounding box leaves out
    canvas = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad))
    ImageDraw.Draw(canvas).text((pad - left, pad - top), s, font=f, fill=255, anchor=anchor,
                                stroke_width=stroke, stroke_fill=255)
    box = canvas.getbbox()
    if box is None:
        return None
    return canvas.crop(box), box[0] + left - pad, box[1] + top - pad


def _stamp(d: ImageDraw.ImageDraw, at: tuple[int, int], mask: Mask, ink: RGB) -> None:
    if mask is not None:
        image, dx, dy = mask
        d.bitmap((at[0] + dx, at[1] + dy), image, fill=ink)


def centred_text(d: ImageDraw.ImageDraw, box: Box, s: str, size: int, **kw: object) -> None:
    """Text centred in `box` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), s, size, anchor="mm", **kw)  # type: ignore[arg-type]


def fit_size(s: str, size: int, max_width: float, bold: bool = False, smallest: int = 12) -> int:
    """The largest size <= `size` at which `s` fits in `max_width`."""
    while size > smallest and text_width(s, size, bold) > max_width:
        size -= 1
    return size


def wrap(s: str, size: int, max_width: float, bold: bool = False) -> list[str]:
    """Word-wrap `s` to lines no wider than `max_width` (a too-long word gets a line to itself)."""
    lines: list[str] = []
    for word in s.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


LOG_LINE, LOG_SIZE = 34, 24          # the boards' "what happened" panel: line height, text size


def log_lines(entries: list[str], width: float) -> list[str]:
    """The log panel's lines: each entry wrapped to `width` (the panel's text width plus indent)."""
    return [ln for entry in entries for ln in wrap(entry, LOG_SIZE, width - 30, bold=True)]


def draw_log(d: ImageDraw.ImageDraw, entries: list[str], left: float, top: int, width: float, empty: str) -> None:
    """A board's "what happened" panel, latest entry last and in gold; `empty` when there is none."""
    draw_text(d, (left, top + 28), "What happened (latest last)", 28, bold=True, fill=WHITE, anchor="lm")
    y = top + 58
    for i, entry in enumerate(entries):
        latest = i == len(entries) - 1
        for j, ln in enumerate(wrap(entry, LOG_SIZE, width - 30, bold=True)):
            draw_text(d, (left + (0 if j == 0 else 26), y + LOG_LINE / 2), ("• " if j == 0 else "") + ln, LOG_SIZE,
                      bold=latest, fill=GOLD if latest else WHITE, anchor="lm")
            y += LOG_LINE
    if not entries:
        draw_text(d, (left, y + LOG_LINE / 2), empty, LOG_SIZE, fill=MUTED, anchor="lm")


def rounded_box(d: ImageDraw.ImageDraw, box: Box, radius: float, fill: RGB | None,
                outline: RGB | None = None, width: int = 1) -> None:
    d.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def pill(d: ImageDraw.ImageDraw, centre: tuple[float, float], s: str, size: int, fill: RGB, *,
         text_fill: RGB = INK, outline: RGB = INK, width: int = 2, pad: int = 10) -> Box:
    """A rounded label centred on `centre`; returns its box."""
    w = text_width(s, size, True) + 2 * pad
    h = size + pad
    x, y = centre
    box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    rounded_box(d, box, h / 2, fill, outline, width)
    draw_text(d, centre, s, size, bold=True, fill=text_fill, anchor="mm")
    return box


def cached_layer(build: Callable[[K], Image.Image]) -> Callable[[K], Image.Image]:
    """Build a static layer once per key (board art); each caller gets a copy to draw on."""
    cached = functools.lru_cache(maxsize=16)(build)

    @functools.wraps(build)
    def fresh(key: K) -> Image.Image:
        return cached(key).copy()
    return fresh


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes, palette-quantized (see PALETTE_STRIDE) at zlib level PNG_LEVEL (never
    `optimize`, too slow for a turn)."""
    if PALETTE_PNG:
        img = quantized(img.convert("RGB"))
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


def quantized(rgb: Image.Image, colours: int = 256) -> Image.Image:
    """`rgb` mapped (undithered) onto a palette of `colours` taken from a sparse sample of it."""
    w, h = max(1, rgb.width // PALETTE_STRIDE), max(1, rgb.height // PALETTE_STRIDE)
    sample = rgb.resize((w, h), Image.Resampling.NEAREST)
    palette = sample.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


PARCHMENT: RGB = (244, 232, 204)   # the light box of counters and cards
LABEL_GREY: RGB = (60, 60, 70)


def counter(d: ImageDraw.ImageDraw, xy: tuple[float, float], label: str, value: str, size: int,
            fill: RGB = PARCHMENT, value_fill: RGB = INK) -> float:
    """'label N' in a light box: the label smaller, the value big and bold; returns its width."""
    x, y = xy
    lw = text_width(label, size - 6)
    vw = text_width(value, size, True)
    w = lw + vw + 26
    h = size + 14
    rounded_box(d, (x, y - h / 2, x + w, y + h / 2), 8, fill, INK, 2)
    draw_text(d, (x + 9, y), label, size - 6, fill=LABEL_GREY, anchor="lm")
    draw_text(d, (x + lw + 17, y), value, size, bold=True, fill=value_fill, anchor="lm")
    return w + 8
