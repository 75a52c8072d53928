"""Pirate Chest board image: View -> PNG. Draws only what the view holds (no rules, no secrets).

Layout, top to bottom: a header (who the game waits on, turn, deck), the circular track
(spaces 1..board_size clockwise, space board_size at twelve o'clock) with names, coins, the
last move, ships and the centre panel (turn, fight or winner), then the legend: a coin key and
one card per seat. Made for a phone showing the 1200-px image 400 px wide: the figures that
tell who is ahead (cards in hand, coins held, where the Chest is) are big numbers and coin
badges rather than lines of text; each ship's token carries small badges of its coins too.
This module draws the ring; render/pirate_chest/panels.py the header, centre and legend;
render/pirate_chest/hand.py the private hand image and the coin badges.
"""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.pirate_chest.view import HIDDEN, PirateChestView, ShipView
from render.common import (
    GOLD,
    INK,
    MUTED,
    NIGHT,
    RGB,
    WHITE,
    Box,
    cached_layer,
    draw_text,
    encode_png,
    fit_size,
    rounded_box,
    seat_colour,
    text_width,
    wrap,
)
from render.pirate_chest.hand import coin_badge, coin_label, short_name
from render.pirate_chest.panels import (
    HEADER_H,
    NO_PLAYERS,
    Players,
    W,
    centre_box,
    draw_centre,
    draw_header,
    draw_legend,
    legend_height,
)

__all__ = ["render_board"]

# ---- layout constants -------------------------------------------------------------------
BOARD_H = 1130               # the ring's names need little room above it, more below (the key)
BOARD_BOTTOM = HEADER_H + BOARD_H
CX, CY = W // 2, BOARD_BOTTOM - 600
RING_R = 375                  # radius of the space centres
TRACK_W = 120                 # width of the track band behind the spaces
LABEL_GAP = 12                # from a special space's edge to its name
LABEL_SIZE, NOTE_SIZE = 30, 32   # space names; coin notes under them
NOTE_ICON_R = 19              # coin badges in those notes
NOTE_MIN = 24                 # smaller than this, a note's word is left out
TOKEN_GAP = 8                 # from an open-sea space's inner edge to the nearest ship token
TOKEN_STEP = 12               # a crowded token tries spots this much further in
TOKEN_SIZE = 30
TOKEN_COIN_R = 15            # coin badges on a ship's token
ARC_INSET = 12                # last-move arc runs this far inside the spaces
ARROW_SHORT = 0.4             # ... and its head stops this many spaces before the end
KEY_X, KEY_Y = 24, HEADER_H + BOARD_H - 130

SEA: RGB = (14, 48, 78)
TRACK: RGB = (22, 66, 102)
LEGEND_BG: RGB = (10, 30, 48)
SEA_SPACE: RGB = (32, 92, 136)
SEA_EDGE: RGB = (150, 200, 230)
PORT_FILL: RGB = (156, 70, 44)
PORT_EDGE: RGB = (250, 226, 180)
ISLAND_FILL: RGB = (232, 206, 140)
ISLAND_EDGE: RGB = (46, 150, 70)

SpacesKey = tuple[int, tuple[tuple[int, str], ...]]
Line = tuple[str, int, RGB, bool, list[str]]   # text, size, colour, bold, coin badges before it


# ---- geometry ----------------------------------------------------------------------------
def _angle(n: int, size: int) -> float:
    return math.radians(-90 + n * 360 / size)


def _point(n: int, size: int, r: float) -> tuple[float, float]:
    a = _angle(n, size)
    return CX + r * math.cos(a), CY + r * math.sin(a)


def _space_r(size: int, special: bool) -> float:
    spacing = 2 * math.pi * RING_R / size
    return spacing * (0.48 if special else 0.38)


def _overlaps(a: Box, b: Box, pad: float = 3) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


# ---- static layer: sea, track, spaces, numbers, key ------------------------------------------
@cached_layer
def _board_base(key: SpacesKey) -> Image.Image:
    size, specials = key
    kinds = dict(specials)
    img = Image.new("RGB", (W, BOARD_BOTTOM), SEA)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, HEADER_H), fill=NIGHT)
    band = RING_R + TRACK_W / 2
    d.ellipse((CX - band, CY - band, CX + band, CY + band), outline=TRACK, width=TRACK_W)
    for n in range(1, size + 1):
        _draw_space(d, n, size, kinds.get(n, "sea"))
    _draw_key(d)
    return img


def _draw_space(d: ImageDraw.ImageDraw, n: int, size: int, kind: str) -> None:
    x, y = _point(n, size, RING_R)
    special = kind in ("port", "island")
    r = _space_r(size, special)
    box = (x - r, y - r, x + r, y + r)
    num_size = 28 if size <= 24 else 24
    if kind == "port":
        rounded_box(d, box, r * 0.3, PORT_FILL, PORT_EDGE, 4)
        draw_text(d, (x, y), str(n), num_size + 2, bold=True, fill=WHITE, anchor="mm")
    elif kind == "island":
        d.ellipse(box, fill=ISLAND_FILL, outline=ISLAND_EDGE, width=6)
        draw_text(d, (x, y - r * 0.42), str(n), num_size - 2, bold=True, fill=INK, anchor="mm")
    else:
        d.ellipse(box, fill=SEA_SPACE, outline=SEA_EDGE, width=2)
        draw_text(d, (x, y), str(n), num_size, bold=True, fill=WHITE, anchor="mm")


def _draw_key(d: ImageDraw.ImageDraw) -> None:
    """Bottom-left corner: what the three kinds of space look like."""
    x, y = KEY_X, KEY_Y
    for i, (label, kind) in enumerate((("Port", "port"), ("Island", "island"), ("Open sea", "sea"))):
        cy = y + i * 40
        box = (x, cy - 15, x + 30, cy + 15)
        if kind == "port":
            rounded_box(d, box, 7, PORT_FILL, PORT_EDGE, 3)
        else:
            d.ellipse(box, fill=ISLAND_FILL if kind == "island" else SEA_SPACE,
                      outline=ISLAND_EDGE if kind == "island" else SEA_EDGE, width=4 if kind == "island" else 2)
        draw_text(d, (x + 42, cy), label, 26, fill=MUTED, anchor="lm")


# ---- dynamic layers on the ring ----------------------------------------------------------
def _draw_labels(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """Names of ports and islands outside the ring; under an island's name, its coins: a badge
    and short name per face-up coin, one '?' badge per face-down coin."""
    for sp in view.spaces:
        room = _label_room(sp.number, view.board_size)
        lines: list[Line] = [(ln, sz, WHITE, True, []) for ln, sz in _fit_lines(sp.name, LABEL_SIZE, room)]
        for c in sp.coins:
            if c != HIDDEN:
                t = coin_label(c, view.coin_names)
                lines.append((t, fit_size(t, NOTE_SIZE, room - _icons_w([c]), True), GOLD, True, [c]))
        hidden = [c for c in sp.coins if c == HIDDEN]
        if hidden:        # the '?' badges, and the word when it fits at a size that reads
            size = fit_size("face-down", NOTE_SIZE - 4, room - _icons_w(hidden))
            note = "face-down" if size >= NOTE_MIN else ""
            lines.append((note, size, MUTED, False, hidden))
        _text_block(d, sp.number, view.board_size, lines)


def _icons_w(coins: list[str]) -> float:
    return len(coins) * (2 * NOTE_ICON_R + 6) + 4


def _label_room(n: int, size: int) -> float:
    x, _ = _point(n, size, RING_R + _space_r(size, True) + LABEL_GAP)
    c = math.cos(_angle(n, size))
    return W - 8 - x if c > 0.3 else x - 8 if c < -0.3 else 320


def _fit_lines(s: str, size: int, room: float) -> list[tuple[str, int]]:
    lines = [s] if text_width(s, size, True) <= room else wrap(s, size, room, bold=True)
    return [(ln, fit_size(ln, size, room, True)) for ln in lines]


def _text_block(d: ImageDraw.ImageDraw, n: int, size: int, lines: list[Line]) -> None:
    """Lines (each with optional coin badges before its text) beside space n, away from the ring."""
    x, y = _point(n, size, RING_R + _space_r(size, True) + LABEL_GAP)
    a = _angle(n, size)
    h = "l" if math.cos(a) > 0.3 else "r" if math.cos(a) < -0.3 else "m"
    heights = [max(sz, 2 * NOTE_ICON_R if icons else 0) + 6 for _, sz, _, _, icons in lines]
    height = sum(heights)
    top = y if math.sin(a) > 0.3 else y - height if math.sin(a) < -0.3 else y - height / 2
    for (text, sz, colour, bold, icons), lh in zip(lines, heights, strict=True):
        w = (_icons_w(icons) if icons else 0) + text_width(text, sz, bold)
        left = x if h == "l" else x - w if h == "r" else x - w / 2
        mid = top + (lh - 6) / 2
        for icon in icons:
            coin_badge(d, (left + NOTE_ICON_R, mid), NOTE_ICON_R, icon)
            left += 2 * NOTE_ICON_R + 6
        draw_text(d, (left + (4 if icons else 0), mid), text, sz, bold=bold, fill=colour, outline=INK, anchor="lm")
        top += lh


def _draw_island_coins(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """Coins on an island: face-down ones brown with '?', face-up ones gold with their initials."""
    for sp in view.spaces:
        if not sp.coins:
            continue
        x, y = _point(sp.number, view.board_size, RING_R)
        r = _space_r(view.board_size, True)
        cr = r * 0.32
        shown = sp.coins[:3]
        for i, coin in enumerate(shown):
            cx = x + (i - (len(shown) - 1) / 2) * cr * 1.8
            coin_badge(d, (cx, y + r * 0.3), cr, coin)


def _draw_last_move(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """The last move as an arrow along the inside of the track, in the mover's colour."""
    lm = view.last_move
    if lm is None or lm.start < 1 or lm.end < 1:
        return
    size, colour = view.board_size, seat_colour(lm.seat)
    for n, w in ((lm.start, 3), (lm.end, 7)):
        x, y = _point(n, size, RING_R)
        r = _space_r(size, True) + 4
        d.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=w)
    if lm.start == lm.end:
        return
    forward = (lm.end - lm.start) % size <= size / 2
    step = ARROW_SHORT * 360 / size          # the head stops short of the end space's token
    start, end = math.degrees(_angle(lm.start, size)), math.degrees(_angle(lm.end, size))
    a0, a1 = (start, end - step) if forward else (end + step, start)
    a1 += 360 if a1 < a0 else 0
    r = RING_R - _space_r(size, True) - ARC_INSET
    box = (CX - r, CY - r, CX + r, CY + r)
    d.arc(box, a0, a1, fill=INK, width=14)
    d.arc(box, a0, a1, fill=colour, width=8)
    _arrow_head(d, math.radians(a1 if forward else a0), r, 1 if forward else -1, colour)


def _arrow_head(d: ImageDraw.ImageDraw, a: float, r: float, direction: int, colour: RGB) -> None:
    tip = (CX + r * math.cos(a), CY + r * math.sin(a))
    tx, ty = -math.sin(a) * direction, math.cos(a) * direction        # tangent, along the move
    nx, ny = math.cos(a), math.sin(a)
    base = (tip[0] - 26 * tx, tip[1] - 26 * ty)
    pts = [tip, (base[0] + 16 * nx, base[1] + 16 * ny), (base[0] - 16 * nx, base[1] - 16 * ny)]
    d.polygon(pts, fill=colour, outline=INK, width=2)


def _draw_ships(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """Seat-coloured name tokens just inside the ring, tied to their space by a line; crowded
    ones move further in or aside. Lines first, so no line crosses a name."""
    size = view.board_size
    specials = {sp.number for sp in view.spaces}
    placed = [_box_at(*_point(n, size, RING_R), *[2 * _space_r(size, n in specials)] * 2) for n in range(1, size + 1)]
    centre = centre_box((CX, CY), view.ended != "")
    ships = sorted((s for s in view.ships if s.position >= 1), key=lambda s: (s.position, s.seat))
    spots = [_token_spot(s.position, size, _token_w(s), placed, centre) for s in ships]
    for ship, spot in zip(ships, spots, strict=True):
        edge = _point(ship.position, size, RING_R - _space_r(size, ship.position in specials) + 4)
        d.line((edge, spot), fill=INK, width=7)
        d.line((edge, spot), fill=seat_colour(ship.seat), width=3)
    lit = view.winner if view.ended else view.active_seat
    for ship, spot in zip(ships, spots, strict=True):
        _token(d, spot, ship, ship.seat == lit)


def _token_w(ship: ShipView) -> float:
    return text_width(short_name(ship.captain_name), TOKEN_SIZE, True) + 20 + len(ship.coins) * (2 * TOKEN_COIN_R + 4)


def _token(d: ImageDraw.ImageDraw, centre: tuple[float, float], ship: ShipView, lit: bool) -> None:
    """A ship on the ring: its captain's short name in the seat's colour, then a small badge per
    coin it holds (so the Chest's red rim shows where the Chest sails)."""
    x, y = centre
    w, h = _token_w(ship), TOKEN_SIZE + 10
    box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    rounded_box(d, box, h / 2, seat_colour(ship.seat), WHITE if lit else INK, 4 if lit else 2)
    name = short_name(ship.captain_name)
    left = box[0] + 10
    draw_text(d, (left, y), name, TOKEN_SIZE, bold=True, fill=INK, anchor="lm")
    left += text_width(name, TOKEN_SIZE, True) + 4
    for coin in ship.coins:
        coin_badge(d, (left + TOKEN_COIN_R, y), TOKEN_COIN_R, coin)
        left += 2 * TOKEN_COIN_R + 4


def _token_spot(n: int, size: int, w: float, placed: list[Box], centre: Box) -> tuple[float, float]:
    """Where the token of a ship on space n goes: just inside the ring, else the nearest spot
    further in or to the side that is clear of spaces and other tokens (and of the centre panel
    when one is). The token's box is added to `placed`."""
    h = TOKEN_SIZE + 10
    a = _angle(n, size)
    c, s = math.cos(a), math.sin(a)
    radial = min(w / 2 / max(abs(c), 1e-6), h / 2 / max(abs(s), 1e-6))    # centre to edge, inward
    along = min(w / 2 / max(abs(s), 1e-6), h / 2 / max(abs(c), 1e-6))     # centre to edge, sideways
    r0 = RING_R - _space_r(size, False) - TOKEN_GAP - radial
    spots = sorted(((k * TOKEN_STEP, side * (2 * along + 6)) for k in range(int(r0 // TOKEN_STEP) + 1)
                    for side in range(-4, 5)), key=lambda p: math.hypot(*p))
    boxes = [_box_at(CX + (r0 - dr) * c - t * s, CY + (r0 - dr) * s + t * c, w, h) for dr, t in spots]
    box = _first_clear(boxes, placed, centre)
    placed.append(box)
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _first_clear(boxes: list[Box], placed: list[Box], centre: Box) -> Box:
    """The first box clear of `placed` and `centre`, else the first clear of `placed`."""
    fallback = None
    for b in boxes:
        if any(_overlaps(b, p) for p in placed):
            continue
        if not _overlaps(b, centre):
            return b
        fallback = fallback or b
    return fallback or boxes[0]


def _box_at(x: float, y: float, w: float, h: float) -> Box:
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


# ---- entry point -----------------------------------------------------------------------------
def render_board(view: PirateChestView, players: Players = NO_PLAYERS) -> bytes:
    """The board as PNG bytes: public when `view.viewer` is None (thread posts)."""
    key: SpacesKey = (view.board_size, tuple((s.number, s.kind) for s in view.spaces))
    img = Image.new("RGB", (W, BOARD_BOTTOM + legend_height(view)), LEGEND_BG)
    img.paste(_board_base(key), (0, 0))
    d = ImageDraw.Draw(img)
    draw_header(d, view)
    _draw_labels(d, view)
    _draw_island_coins(d, view)
    _draw_last_move(d, view)
    draw_centre(d, view, (CX, CY))
    _draw_ships(d, view)
    draw_legend(d, view, BOARD_BOTTOM, players)
    return encode_png(img)

