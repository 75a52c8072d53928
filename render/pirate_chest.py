"""Pirate Chest board image: View -> PNG. Draws only what the view holds (no rules, no secrets).

Layout, top to bottom: a header (who the game waits on, turn, deck), the circular track
(spaces 1..board_size clockwise from the top, space board_size at twelve o'clock) with ships,
coins, the last move and the centre panel (fight, winner), then one legend card per seat.
The private hand image lives in render/pirate_chest_hand.py.
"""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.pirate_chest.view import HIDDEN, PirateChestView, ShipView
from render.common import (
    GOLD, INK, RGB, WHITE, Box, cached_layer, centred_text, draw_text, encode_png, fit_size, pill,
    rounded_box, seat_colour, text_width, wrap,
)
from render.pirate_chest_hand import coin_row, render_hand, short_name

__all__ = ["render_board", "render_hand"]

# ---- layout constants -------------------------------------------------------------------
W = 1200
HEADER_H = 150
BOARD_H = 1200
BOARD_BOTTOM = HEADER_H + BOARD_H
CX, CY = W // 2, HEADER_H + BOARD_H // 2
RING_R = 375                  # radius of the space centres
TRACK_W = 120                 # width of the track band behind the spaces
LABEL_GAP = 12                # from a special space's edge to its name
TOKEN_GAP = 52                # from the ring's inner edge to the first ship token
TOKEN_SIZE = 30
LABEL_SIZE, NOTE_SIZE = 28, 25   # space names; coin notes under them
ARC_INSET = 12                # last-move arc runs this far inside the spaces
CENTRE_W, CENTRE_H = 440, 244
WINNER_W, WINNER_H = 480, 250
LEGEND_MARGIN, LEGEND_GAP, LEGEND_COLS = 16, 12, 2
CARD_W = (W - 2 * LEGEND_MARGIN - (LEGEND_COLS - 1) * LEGEND_GAP) // LEGEND_COLS
CARD_H = 194

SEA: RGB = (14, 48, 78)
TRACK: RGB = (22, 66, 102)
HEADER_BG: RGB = (8, 24, 40)
LEGEND_BG: RGB = (10, 30, 48)
CARD_BG: RGB = (24, 46, 68)
SEA_SPACE: RGB = (32, 92, 136)
SEA_EDGE: RGB = (150, 200, 230)
PORT_FILL: RGB = (156, 70, 44)
PORT_EDGE: RGB = (250, 226, 180)
ISLAND_FILL: RGB = (232, 206, 140)
ISLAND_EDGE: RGB = (46, 150, 70)
COIN_DOWN: RGB = (96, 60, 30)
MUTED: RGB = (176, 196, 212)
WARN: RGB = (255, 150, 120)
FIGHT_RED: RGB = (200, 40, 40)

FIGHT_MODES = {"both": "broadsides + boarding", "steal-coin": "steal a coin", "steal-card": "steal a card",
               "ram": "ramming"}

FIGHT_MODES = {"both": "broadsides + boarding", "steal-coin": "steal a coin", "steal-card": "steal a card",
               "ram": "ramming"}

SpacesKey = tuple[int, tuple[tuple[int, str], ...]]


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
    d.rectangle((0, 0, W, HEADER_H), fill=HEADER_BG)
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
    x, y = 24, BOARD_BOTTOM - 130
    for i, (label, kind) in enumerate((("Port", "port"), ("Island", "island"), ("Open sea", "sea"))):
        cy = y + i * 40
        box = (x, cy - 15, x + 30, cy + 15)
        if kind == "port":
            rounded_box(d, box, 7, PORT_FILL, PORT_EDGE, 3)
        else:
            d.ellipse(box, fill=ISLAND_FILL if kind == "island" else SEA_SPACE,
                      outline=ISLAND_EDGE if kind == "island" else SEA_EDGE, width=4 if kind == "island" else 2)
        draw_text(d, (x + 42, cy), label, 26, fill=MUTED, anchor="lm")


# ---- dynamic panels ------------------------------------------------------------------------
def _draw_header(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    names = {s.seat: short_name(s.captain_name) for s in view.ships}
    if view.ended:
        parts: list[tuple[str, int | None]] = [("Game over", None)]
        if view.winner is not None:
            parts = [("Game over:", None), (names[view.winner], view.winner), ("wins!", None)]
    elif view.waiting_on:
        chips: list[tuple[str, int | None]] = [(names[s], s) for s in view.waiting_on]
        parts = [("Waiting on", None), *_joined(chips), (f"to {view.prompt}", None)]
    else:
        parts = [("Setting up", None)]
    _chip_line(d, parts, y=48, size=36)
    stats = f"Turn {view.turn_number}  ·  Deck {view.deck_size}  ·  Discard {view.discard_size}"
    if view.discard_top:
        stats += f" (top: {view.discard_top})"
    draw_text(d, (24, 116), stats, fit_size(stats, 28, W - 48), fill=MUTED, anchor="lm")


def _joined(chips: list[tuple[str, int | None]]) -> list[tuple[str, int | None]]:
    """Chips with 'and' before the last: A, B and C."""
    out: list[tuple[str, int | None]] = []
    for i, chip in enumerate(chips):
        if i and i == len(chips) - 1:
            out.append(("and", None))
        out.append(chip)
    return out


def _chip_line(d: ImageDraw.ImageDraw, parts: list[tuple[str, int | None]], y: float, size: int) -> None:
    """A line of words and seat-coloured name chips, shrunk to fit the width."""
    def width(sz: int) -> float:
        return sum(text_width(t, sz, True) + (28 if s is not None else 0) + 14 for t, s in parts)
    while size > 18 and width(size) > W - 48:
        size -= 1
    x = 24.0
    for t, seat in parts:
        if seat is None:
            draw_text(d, (x, y), t, size, bold=True, fill=WHITE, anchor="lm")
            x += text_width(t, size, True) + 14
        else:
            w = text_width(t, size, True) + 28
            pill(d, (x + w / 2, y), t, size, seat_colour(seat), outline=WHITE, width=3, pad=14)
            x += w + 14


def _draw_labels(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """Names of ports and islands outside the ring, with the coins lying there under them."""
    for sp in view.spaces:
        room = _label_room(sp.number, view.board_size)
        lines = [(ln, sz, WHITE, True) for ln, sz in _fit_lines(sp.name, LABEL_SIZE, room)]
        lines += [(f"coin: {view.coin_names.get(c, c)}", fit_size(f"coin: {view.coin_names.get(c, c)}", NOTE_SIZE,
                   room, True), GOLD, True) for c in sp.coins if c != HIDDEN]
        hidden = sum(c == HIDDEN for c in sp.coins)
        if hidden:
            note = f"{hidden} face-down coin{'s' if hidden > 1 else ''}"
            lines.append((note, fit_size(note, NOTE_SIZE, room), MUTED, False))
        _text_block(d, sp.number, view.board_size, lines)


def _label_room(n: int, size: int) -> float:
    x, _ = _point(n, size, RING_R + _space_r(size, True) + LABEL_GAP)
    c = math.cos(_angle(n, size))
    return W - 8 - x if c > 0.3 else x - 8 if c < -0.3 else 320


def _fit_lines(s: str, size: int, room: float) -> list[tuple[str, int]]:
    lines = [s] if text_width(s, size, True) <= room else wrap(s, size, room, bold=True)
    return [(ln, fit_size(ln, size, room, True)) for ln in lines]


def _text_block(d: ImageDraw.ImageDraw, n: int, size: int, lines: list[tuple[str, int, RGB, bool]]) -> None:
    x, y = _point(n, size, RING_R + _space_r(size, True) + LABEL_GAP)
    a = _angle(n, size)
    h = "l" if math.cos(a) > 0.3 else "r" if math.cos(a) < -0.3 else "m"
    height = sum(sz + 6 for _, sz, _, _ in lines)
    top = y if math.sin(a) > 0.3 else y - height if math.sin(a) < -0.3 else y - height / 2
    for text, sz, colour, bold in lines:
        draw_text(d, (x, top), text, sz, bold=bold, fill=colour, outline=INK, anchor=h + "a")
        top += sz + 6


def _draw_island_coins(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """Coins on an island: face-down ones brown with '?', face-up ones gold with their initials."""
    for sp in view.spaces:
        if not sp.coins:
            continue
        x, y = _point(sp.number, view.board_size, RING_R)
        r = _space_r(view.board_size, True)
        cr = r * 0.3
        shown = sp.coins[:3]
        for i, coin in enumerate(shown):
            cx = x + (i - (len(shown) - 1) / 2) * cr * 1.6
            _coin(d, (cx, y + r * 0.3), cr, coin)


def _coin(d: ImageDraw.ImageDraw, centre: tuple[float, float], r: float, coin: str) -> None:
    x, y = centre
    down = coin == HIDDEN
    d.ellipse((x - r, y - r, x + r, y + r), fill=COIN_DOWN if down else GOLD, outline=INK, width=2)
    label = "?" if down else coin[:2].title()
    draw_text(d, (x, y), label, int(r * 1.1), bold=True, fill=WHITE if down else INK, anchor="mm")


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
    a0, a1 = (math.degrees(_angle(n, size)) for n in ((lm.start, lm.end) if forward else (lm.end, lm.start)))
    a1 += 360 if a1 < a0 else 0
    r = RING_R - _space_r(size, True) - ARC_INSET
    box = (CX - r, CY - r, CX + r, CY + r)
    d.arc(box, a0, a1, fill=INK, width=14)
    d.arc(box, a0, a1, fill=colour, width=8)
    _arrow_head(d, lm.end, size, r, 1 if forward else -1, colour)


def _arrow_head(d: ImageDraw.ImageDraw, n: int, size: int, r: float, direction: int, colour: RGB) -> None:
    a = _angle(n, size)
    tip = (CX + r * math.cos(a), CY + r * math.sin(a))
    tx, ty = -math.sin(a) * direction, math.cos(a) * direction        # tangent, along the move
    nx, ny = math.cos(a), math.sin(a)
    base = (tip[0] - 26 * tx, tip[1] - 26 * ty)
    pts = [tip, (base[0] + 16 * nx, base[1] + 16 * ny), (base[0] - 16 * nx, base[1] - 16 * ny)]
    d.polygon(pts, fill=colour, outline=INK, width=2)


def _draw_ships(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """Seat-coloured name tokens inside the ring, tied to their space; crowded ones stack inward."""
    placed: list[Box] = [_centre_box(view.ended != "")]
    inner = RING_R - _space_r(view.board_size, True)
    for ship in sorted(view.ships, key=lambda s: (s.position, s.seat)):
        if ship.position < 1:
            continue
        label = short_name(ship.captain_name)
        x, y = _token_spot(ship.position, view.board_size, label, placed)
        edge = _point(ship.position, view.board_size, inner + 6)
        d.line((edge, (x, y)), fill=INK, width=7)
        d.line((edge, (x, y)), fill=seat_colour(ship.seat), width=3)
        active = ship.seat == (view.winner if view.ended else view.active_seat)
        pill(d, (x, y), label, TOKEN_SIZE, seat_colour(ship.seat), outline=WHITE if active else INK,
             width=4 if active else 2, pad=10)


def _token_spot(n: int, size: int, label: str, placed: list[Box]) -> tuple[float, float]:
    """The first free spot for a token of space n: inward from the ring, then sideways; it is
    added to `placed`."""
    w, h = text_width(label, TOKEN_SIZE, True) + 20, TOKEN_SIZE + 10
    inner = RING_R - _space_r(size, True) - TOKEN_GAP
    spots = [(inner - k * (h + 6), side) for k in range(8) for side in (0, 1, -1)]
    for r, side in spots:
        a = _angle(n, size) + side * (w / 2 + 8) / r
        x, y = CX + r * math.cos(a), CY + r * math.sin(a)
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        if not any(_overlaps(box, p) for p in placed):
            break
    placed.append(box)
    return x, y


def _centre_box(ended: bool = False) -> Box:
    w, h = (WINNER_W, WINNER_H) if ended else (CENTRE_W, CENTRE_H)
    return (CX - w / 2, CY - h / 2, CX + w / 2, CY + h / 2)


def _draw_centre(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """The middle of the ring: the fight in progress, else the turn and the last move."""
    if view.ended:
        _draw_winner(d, view)
        return
    box = _centre_box()
    if view.fight is not None:
        _draw_fight(d, view, box)
        return
    x0, y0, x1, _ = box
    rounded_box(d, box, 24, HEADER_BG, MUTED, 2)
    centred_text(d, (x0, y0 + 20, x1, y0 + 70), f"TURN {view.turn_number}", 44, bold=True, fill=GOLD)
    lm = view.last_move
    if lm is not None:
        move = f"{short_name(view.ships[lm.seat].captain_name)}: {lm.start} to {lm.end}"
        centred_text(d, (x0, y0 + 90, x1, y0 + 130), "Last move", 28, fill=MUTED)
        centred_text(d, (x0, y0 + 130, x1, y0 + 190), move, fit_size(move, 38, CENTRE_W - 30, True),
                     bold=True, fill=seat_colour(lm.seat))


def _draw_fight(d: ImageDraw.ImageDraw, view: PirateChestView, box: Box) -> None:
    f = view.fight
    assert f is not None
    rounded_box(d, box, 24, (60, 14, 14), FIGHT_RED, 6)
    x0, y0, x1, _ = box
    centred_text(d, (x0, y0 + 10, x1, y0 + 56), "FIGHT", 40, bold=True, fill=WHITE)
    mode = FIGHT_MODES.get(f.mode, f.mode)
    centred_text(d, (x0, y0 + 56, x1, y0 + 88), mode, fit_size(mode, 28, CENTRE_W - 30), fill=GOLD)
    for i, (seat, role) in enumerate(((f.attacker, "attacks"), (f.defender, "defends"))):
        y = y0 + 122 + i * 48
        name = short_name(view.ships[seat].captain_name)
        pbox = pill(d, (x0 + 24 + (text_width(name, 28, True) + 20) / 2, y), name, 28, seat_colour(seat),
                    outline=WHITE, width=3)
        status = f"total {f.totals[seat]}" if seat in f.totals else "sealed" if seat in f.ready else "choosing"
        status_w = text_width(status, 28, True)
        draw_text(d, (x1 - 20, y), status, 28, bold=True, fill=GOLD if seat in f.totals else WHITE, anchor="rm")
        if pbox[2] + 10 + text_width(role, 24) < x1 - 30 - status_w:
            draw_text(d, (pbox[2] + 10, y), role, 24, fill=MUTED, anchor="lm")
    if f.my_cards:
        mine = "Your cards: " + ", ".join(c.replace("-", " ").title() for c in f.my_cards)
        centred_text(d, (x0, y0 + 196, x1, y0 + 230), mine, fit_size(mine, 26, CENTRE_W - 30), fill=GOLD)


def _draw_winner(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """The end of the game in the middle of the ring: the winner (if any) and why it ended."""
    box = _centre_box(ended=True)
    x0, y0, x1, _ = box
    rounded_box(d, box, 26, GOLD, INK, 6)
    if view.winner is None:
        centred_text(d, (x0, y0 + 16, x1, y0 + 96), "GAME OVER", 52, bold=True, fill=INK)
    else:
        name = view.ships[view.winner].captain_name
        rounded_box(d, (x0 + 16, y0 + 16, x1 - 16, y0 + 112), 20, seat_colour(view.winner), INK, 3)
        centred_text(d, (x0, y0 + 16, x1, y0 + 52), "WINNER", 26, bold=True, fill=INK)
        centred_text(d, (x0, y0 + 50, x1, y0 + 108), name, fit_size(name, 46, WINNER_W - 60, True),
                     bold=True, fill=INK)
    for j, ln in enumerate(wrap(view.ended, 28, WINNER_W - 40, bold=True)[:3]):
        centred_text(d, (x0, y0 + 124 + j * 36, x1, y0 + 160 + j * 36), ln, 28, bold=True, fill=INK)


def _draw_legend(d: ImageDraw.ImageDraw, view: PirateChestView, top: int) -> None:
    for i, ship in enumerate(view.ships):
        col, row = i % LEGEND_COLS, i // LEGEND_COLS
        x = LEGEND_MARGIN + col * (CARD_W + LEGEND_GAP)
        y = top + row * (CARD_H + LEGEND_GAP)
        _seat_card(d, view, ship, (x, y, x + CARD_W, y + CARD_H))


def _seat_card(d: ImageDraw.ImageDraw, view: PirateChestView, ship: ShipView, box: Box) -> None:
    x0, y0, x1, y1 = box
    colour = seat_colour(ship.seat)
    active = ship.seat == (view.winner if view.ended else view.active_seat)
    waiting = ship.seat in view.waiting_on
    rounded_box(d, box, 16, CARD_BG, colour if active or waiting else (60, 80, 100), 6 if active or waiting else 2)
    d.rectangle((x0 + 6, y0 + 6, x0 + 26, y1 - 6), fill=colour)
    tag = ("WINNER" if view.ended else "THEIR TURN") if active else "WAITING" if waiting else ""
    tag_w = text_width(tag, 22, True) + 24 if tag else 0
    if tag:
        pill(d, (x1 - 14 - tag_w / 2, y0 + 30), tag, 22, colour, outline=WHITE, width=2, pad=12)
    title = f"{ship.seat + 1}. {ship.captain_name}"
    draw_text(d, (x0 + 40, y0 + 32), title, fit_size(title, 34, x1 - x0 - 70 - tag_w, True),
              bold=True, fill=WHITE, anchor="lm")
    home = next((s.name for s in view.spaces if s.number == ship.home), str(ship.home))
    line2 = f"{ship.ship} · home: {home}" if ship.ship else "choosing a captain"
    draw_text(d, (x0 + 40, y0 + 76), line2, fit_size(line2, 27, x1 - x0 - 56), fill=MUTED, anchor="lm")
    hand = f"Hand {ship.hand_size}"
    draw_text(d, (x0 + 40, y0 + 118), hand, 28, bold=True, fill=WHITE, anchor="lm")
    left = x0 + 40 + text_width(hand, 28, True) + 24
    coin_row(d, (left, y0 + 118), ship.coins, view.coin_names, x1 - 16 - left, 27)
    line4, fill = (", ".join(ship.effects), WARN) if ship.effects else (f"Ability: {ship.ability}", MUTED)
    draw_text(d, (x0 + 40, y0 + 160), line4, fit_size(line4, 27, x1 - x0 - 56), fill=fill, anchor="lm")


# ---- entry point -----------------------------------------------------------------------------
def _height(players: int) -> int:
    rows = math.ceil(players / LEGEND_COLS)
    return BOARD_BOTTOM + LEGEND_MARGIN + rows * (CARD_H + LEGEND_GAP) + LEGEND_MARGIN - LEGEND_GAP


def render_board(view: PirateChestView) -> bytes:
    """The board as PNG bytes: public when `view.viewer` is None (thread posts)."""
    key: SpacesKey = (view.board_size, tuple((s.number, s.kind) for s in view.spaces))
    img = Image.new("RGB", (W, _height(len(view.ships))), LEGEND_BG)
    img.paste(_board_base(key), (0, 0))
    d = ImageDraw.Draw(img)
    _draw_header(d, view)
    _draw_labels(d, view)
    _draw_island_coins(d, view)
    _draw_last_move(d, view)
    _draw_centre(d, view)
    _draw_ships(d, view)
    _draw_legend(d, view, BOARD_BOTTOM + LEGEND_MARGIN)
    return encode_png(img)

