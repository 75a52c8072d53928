"""The shared drawing kit's shortcuts (render/common.py) draw what Pillow would: text pasted from
cached masks is pixel for pixel Pillow's text at a whole-pixel anchor, and the palette PNG keeps
flat colours (seat colours, ink, panels) within a step of what was drawn."""
from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image, ImageDraw

import render.common as common
from tests.pg import in_ci
from tests.render.conftest import without_system_fonts

LABELS = ("Waiting on", "• Tern Key buys 2 cargo → a4", "gjpqy ÅÉ ⚓ 12/3", " ", "")
ANCHORS = ("la", "lm", "mm", "rm", "ms", "lt")
OUTLINES = (None, common.INK, common.GOLD)     # none, a contrasting rim, a rim the text's colour


def pillow_text(img: Image.Image, xy: tuple[int, int], s: str, size: int, bold: bool, outline: common.RGB | None,
                anchor: str) -> None:
    stroke = 3 if outline is not None else common._fake_bold(bold)
    ImageDraw.Draw(img).text(xy, s, font=common.font(size, bold), fill=common.GOLD, anchor=anchor,
                             stroke_width=stroke, stroke_fill=outline or common.GOLD)


def both(xy: tuple[float, float], pillow_xy: tuple[int, int], s: str, size: int, bold: bool,
         outline: common.RGB | None, anchor: str) -> tuple[bytes, bytes]:
    """(Pillow's text at `pillow_xy`, draw_text's at `xy`) on the same dark panel."""
    ours = Image.new("RGB", (420, 120), common.NIGHT)
    theirs = ours.copy()
    common.draw_text(ImageDraw.Draw(ours), xy, s, size, bold=bold, fill=common.GOLD, outline=outline, anchor=anchor)
    pillow_text(theirs, pillow_xy, s, size, bold, outline, anchor)
    return theirs.tobytes(), ours.tobytes()


@pytest.mark.parametrize("bold", [False, True])
def test_cached_text_is_pillows_text_pixel_for_pixel(bold: bool) -> None:
    for s, anchor, outline in itertools.product(LABELS, ANCHORS, OUTLINES):
        for size in (13, 24):
            theirs, ours = both((210, 60), (210, 60), s, size, bold, outline, anchor)
            assert ours == theirs, (s, size, anchor, outline)
    # a second time from the cache, somewhere else, in another colour: still Pillow's
    theirs, ours = both((33, 91), (33, 91), LABELS[1], 24, bold, common.INK, "lm")
    assert ours == theirs


def test_a_fractional_anchor_is_rounded_to_the_nearest_pixel() -> None:
    theirs, ours = both((100.4, 60.6), (100, 61), LABELS[0], 24, True, None, "lm")
    assert ours == theirs


def test_the_text_caches_follow_a_font_swap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Masks and widths are keyed by the font itself: once DejaVu is gone (the bundled font, bold
    drawn with a stroke), nothing drawn or measured with DejaVu is reused."""
    if common._font_file(True) is None:   # .ci/run installs DejaVu (as the Dockerfile does): in CI this fails
        missing = "no DejaVu here to swap away from (apt-get install fonts-dejavu-core)"
        pytest.fail(missing) if in_ci() else pytest.skip(missing)
    dejavu = both((210, 60), (210, 60), LABELS[0], 24, True, None, "mm")[1]
    dejavu_width = common.text_width(LABELS[0], 24, True)
    with without_system_fonts(monkeypatch):
        theirs, ours = both((210, 60), (210, 60), LABELS[0], 24, True, None, "mm")
        assert ours == theirs != dejavu
        width = common.text_width(LABELS[0], 24, True)
        assert width == common.font(24, True).getlength(LABELS[0]) + 2 != dejavu_width


def test_the_palette_png_keeps_flat_colours() -> None:
    """A board-sized image of thin swatches of every seat colour and text colour, on a sea of
    anti-aliased text: each swatch comes back within 2 of its colour."""
    flat = [*common.SEAT_COLOURS, common.INK, common.WHITE, common.GOLD, common.MUTED, common.WARN,
            common.PARCHMENT]
    img = Image.new("RGB", (1200, 3000), common.NIGHT)
    d = ImageDraw.Draw(img)
    for row in range(60):
        common.draw_text(d, (10, 40 + row * 48), LABELS[1] * 3, 24, fill=flat[row % len(flat)])
    for i, colour in enumerate(flat):
        d.rectangle((1100, 10 + 12 * i, 1190, 15 + 12 * i), fill=colour)   # 6 px tall: a few sampled rows
    png = Image.open(io.BytesIO(common.encode_png(img))).convert("RGB")
    assert png.size == img.size
    for i, colour in enumerate(flat):
        got = png.getpixel((1150, 12 + 12 * i))
        assert isinstance(got, tuple) and max(abs(a - b) for a, b in zip(got, colour, strict=True)) <= 2, (colour, got)
