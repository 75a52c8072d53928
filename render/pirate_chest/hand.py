"""Pirate Chest private hand image (sent by DM or /hand): the viewer's coins, then the
viewer's cards, one large tile a row so the text reads on a phone. Also the small pieces the
board shares: short captain names, coin badges (a picture per coin) and coin rows.
"""
from __future__ import annotations

import re

from PIL import Image, ImageDraw

from engine.pirate_chest.view import HIDDEN, CardView, PirateChestView
from render.common import (
    GOLD,
    INK,
    MUTED,
    NIGHT,
    RGB,
    WARN,
    WHITE,
    Box,
    centred_text,
    draw_text,
    encode_png,
    fit_size,
    rounded_box,
    seat_colour,
    text_width,
    wrap,
)

# ---- layout constants -------------------------------------------------------------------
W = 1200
MARGIN, GAP = 16, 14
TILE_W = W - 2 * MARGIN          # one card a row: the text stays large on a phone
HEADER_H = 200
NAME_SIZE, KINDS_SIZE, TEXT_SIZE, LINE_H = 42, 28, 36, 45
BADGE_R = 50
TILE_PAD = 20
TEXT_W = TILE_W - 2 * TILE_PAD
COIN_SIZE = 38                   # the viewer's coins in the header

BG: RGB = (10, 30, 48)
PARCHMENT: RGB = (244, 232, 204)
PARCHMENT_EDGE: RGB = (120, 84, 40)
FIGHT_EDGE: RGB = (168, 30, 30)
COIN_DOWN: RGB = (96, 60, 30)
WOOD: RGB = (128, 74, 34)
SACK: RGB = (214, 180, 124)

# Badge-sized names of the coins (render/pirate_chest/hand.py draws each one's picture too);
# a coin not listed shows the name the view gives it.
COIN_SHORT = {"compass": "Compass", "map": "Map", "key": "Key", "chest": "Chest", "voodoo-doll": "Voodoo"}

# The card's own wording of a fight bonus ("+3 to your total in a boarding fight."); the view
# carries name and text only, so the badge reads the number the text already shows.
FIGHT_TEXT = re.compile(r"^\+(\d+) to your total in an? (.+?) fight", re.IGNORECASE)
TITLES = {"the", "captain", "admiral", "ghost", "of", "dread", "pirate", "mama", "long", "john"}


def short_name(full: str) -> str:
    """A token-sized captain name: 'Jack Sparrow' -> 'Sparrow', 'The Dragon Lady' -> 'Dragon Lady'."""
    words = full.split()
    if "the" in (w.lower() for w in words[1:]):
        words = words[: [w.lower() for w in words].index("the", 1)]
    while len(words) > 1 and words[0].lower() in TITLES:
        words = words[1:]
    joined = " ".join(words)
    return joined if len(words) == 2 and len(joined) <= 11 and len(words[1]) <= 4 else words[-1]


def coin_label(coin: str, names: dict[str, str]) -> str:
    """A badge-sized coin name: 'Dead Man's Chest' -> 'Chest'."""
    return COIN_SHORT.get(coin) or names.get(coin, coin)


def coin_badge(d: ImageDraw.ImageDraw, centre: tuple[float, float], r: float, coin: str) -> None:
    """One coin as a disc of radius r: face-down brown with '?'; face-up gold with a picture of
    what it is (compass, map, key, chest, doll), or its initials for a coin without one. The
    Chest, the coin the game is won with, has a red rim."""
    x, y = centre
    if coin == HIDDEN:
        d.ellipse((x - r, y - r, x + r, y + r), fill=COIN_DOWN, outline=INK, width=max(2, round(r / 10)))
        draw_text(d, (x, y), "?", max(10, round(r * 1.2)), bold=True, fill=WHITE, anchor="mm")
        return
    rim = (FIGHT_EDGE, max(3, round(r / 6))) if coin == "chest" else (INK, max(2, round(r / 10)))
    d.ellipse((x - r, y - r, x + r, y + r), fill=GOLD, outline=rim[0], width=rim[1])
    draw = _PICTURES.get(coin)
    if draw is None:
        draw_text(d, (x, y), coin[:2].title(), max(10, round(r * 1.1)), bold=True, fill=INK, anchor="mm")
    else:
        draw(d, x, y, r)


def _pts(x: float, y: float, r: float, unit: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x + u * r, y + v * r) for u, v in unit]


def _compass(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    w = max(2, round(r * 0.1))
    d.ellipse((x - 0.66 * r, y - 0.66 * r, x + 0.66 * r, y + 0.66 * r), outline=INK, width=w)
    d.polygon(_pts(x, y, r, [(0, -0.56), (0.18, 0), (-0.18, 0)]), fill=FIGHT_EDGE)
    d.polygon(_pts(x, y, r, [(0, 0.56), (0.18, 0), (-0.18, 0)]), fill=INK)


def _map(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    w = max(1, round(r * 0.07))
    sheet = [(-0.64, -0.36), (-0.21, -0.5), (0.21, -0.36), (0.64, -0.5),
             (0.64, 0.36), (0.21, 0.5), (-0.21, 0.36), (-0.64, 0.5)]
    d.polygon(_pts(x, y, r, sheet), fill=PARCHMENT, outline=INK, width=w)
    for fold in ([(-0.21, -0.5), (-0.21, 0.36)], [(0.21, -0.36), (0.21, 0.5)]):
        d.line(_pts(x, y, r, fold), fill=PARCHMENT_EDGE, width=w)
    k = 0.15
    for a, b in (((-k, -k), (k, k)), ((-k, k), (k, -k))):
        d.line(_pts(x + 0.02 * r, y, r, [a, b]), fill=FIGHT_EDGE, width=max(2, round(r * 0.12)))


def _key(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    w = max(2, round(r * 0.15))
    bx, by, br = x - 0.34 * r, y - 0.04 * r, 0.24 * r
    d.ellipse((bx - br, by - br, bx + br, by + br), outline=INK, width=w)
    d.line(_pts(x, y, r, [(-0.1, -0.04), (0.64, -0.04)]), fill=INK, width=w)
    for tooth in ([(0.4, -0.04), (0.4, 0.26)], [(0.58, -0.04), (0.58, 0.32)]):
        d.line(_pts(x, y, r, tooth), fill=INK, width=max(2, round(r * 0.12)))


def _chest(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    w = max(1, round(r * 0.07))
    rounded_box(d, (x - 0.6 * r, y - 0.48 * r, x + 0.6 * r, y - 0.02 * r), 0.2 * r, WOOD, INK, w)
    d.rectangle((x - 0.6 * r, y - 0.06 * r, x + 0.6 * r, y + 0.46 * r), fill=WOOD, outline=INK, width=w)
    d.rectangle((x - 0.11 * r, y - 0.2 * r, x + 0.11 * r, y + 0.12 * r), fill=GOLD, outline=INK, width=w)


def _doll(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    w = max(1, round(r * 0.07))
    d.line(_pts(x, y, r, [(-0.46, 0.02), (0.46, 0.02)]), fill=INK, width=max(3, round(r * 0.2)))
    d.ellipse((x - 0.2 * r, y - 0.14 * r, x + 0.2 * r, y + 0.56 * r), fill=SACK, outline=INK, width=w)
    d.ellipse((x - 0.22 * r, y - 0.6 * r, x + 0.22 * r, y - 0.16 * r), fill=SACK, outline=INK, width=w)
    d.line(_pts(x, y, r, [(0.04, 0.16), (0.5, -0.34)]), fill=FIGHT_EDGE, width=max(2, round(r * 0.08)))


_PICTURES = {"compass": _compass, "map": _map, "key": _key, "chest": _chest, "voodoo-doll": _doll}


def coin_row(d: ImageDraw.ImageDraw, left_mid: tuple[float, float], coins: list[str],
             names: dict[str, str], max_w: float, size: int = 36) -> None:
    """Coin badges with their short names, smaller if need be (badges only if still too wide)."""
    x, y = left_mid
    if not coins:
        draw_text(d, (x, y), "No coins", size, fill=MUTED, anchor="lm")
        return
    r = size * 0.8
    labels = [coin_label(c, names) for c in coins]
    text_size = size
    while text_size > size - 8 and _coin_row_width(labels, r, text_size) > max_w:
        text_size -= 1
    named = _coin_row_width(labels, r, text_size) <= max_w
    for coin, label in zip(coins, labels, strict=True):
        coin_badge(d, (x + r, y), r, coin)
        x += 2 * r + (8 if named else 12)
        if named:
            draw_text(d, (x, y), label, text_size, bold=True, fill=GOLD, anchor="lm")
            x += text_width(label, text_size, True) + 22


def _coin_row_width(labels: list[str], r: float, size: int) -> float:
    return sum(2 * r + 8 + text_width(t, size, True) + 22 for t in labels) - 22


def fight_bonus(c: CardView) -> tuple[int, str] | None:
    """(bonus, fight kinds) as the card's text states them, for the badge; None if not a fight card."""
    m = FIGHT_TEXT.match(c.text)
    return (int(m.group(1)), m.group(2)) if m else None


# ---- panels ----------------------------------------------------------------------------------
def _draw_header(d: ImageDraw.ImageDraw, view: PirateChestView, seat: int) -> None:
    ship = view.ships[seat]
    d.rectangle((0, 0, W, HEADER_H), fill=NIGHT)
    d.rectangle((0, 0, 18, HEADER_H), fill=seat_colour(seat))
    title = f"Your hand: {ship.captain_name}"
    draw_text(d, (MARGIN + 20, 44), title, fit_size(title, 44, W - 60, True), bold=True, fill=WHITE, anchor="lm")
    n = len(view.hand or [])
    sub = f"{ship.ship} · {n} card{'' if n == 1 else 's'} · Turn {view.turn_number}"
    draw_text(d, (MARGIN + 20, 98), sub, fit_size(sub, 32, W - 60), fill=MUTED, anchor="lm")
    draw_text(d, (MARGIN + 20, 154), "Coins:", COIN_SIZE, bold=True, fill=WHITE, anchor="lm")
    left = MARGIN + 20 + text_width("Coins:", COIN_SIZE, True) + 18
    coin_row(d, (left, 154), ship.coins, view.coin_names, W - MARGIN - left, size=COIN_SIZE)


def _draw_sealed(d: ImageDraw.ImageDraw, view: PirateChestView, top: int) -> None:
    """The viewer's own fight cards sealed in the fight in progress (they are no longer in hand)."""
    assert view.fight is not None
    mine = "Sealed in this fight: " + ", ".join(c.replace("-", " ").title() for c in view.fight.my_cards)
    draw_text(d, (MARGIN + 20, top + 28), mine, fit_size(mine, 32, W - 60, True), bold=True, fill=WARN, anchor="lm")


def _text_lines(c: CardView) -> list[str]:
    return wrap(c.text, TEXT_SIZE, TEXT_W - (2 * BADGE_R + 10 if fight_bonus(c) else 0))


def _kinds_h(c: CardView) -> int:
    """Room for a fight card's 'FIGHT: ...' line under its name."""
    return KINDS_SIZE + 6 if fight_bonus(c) else 0


def _tile_height(c: CardView) -> int:
    return TILE_PAD + NAME_SIZE + 8 + _kinds_h(c) + 16 + len(_text_lines(c)) * LINE_H + TILE_PAD


def _draw_card(d: ImageDraw.ImageDraw, c: CardView, box: Box) -> None:
    """A parchment tile: the card's name, for a fight card its kinds and a red bonus badge, then
    its text."""
    x0, y0, x1, _ = box
    bonus = fight_bonus(c)
    rounded_box(d, box, 18, PARCHMENT, FIGHT_EDGE if bonus else PARCHMENT_EDGE, 6 if bonus else 4)
    room = x1 - x0 - 2 * TILE_PAD - (2 * BADGE_R + 10 if bonus else 0)
    draw_text(d, (x0 + TILE_PAD, y0 + TILE_PAD), c.name, fit_size(c.name, NAME_SIZE, room, True),
              bold=True, fill=INK)
    y = y0 + TILE_PAD + NAME_SIZE + 8
    if bonus:
        _badge(d, (x1 - TILE_PAD - BADGE_R, y0 + TILE_PAD + BADGE_R - 4), bonus[0])
        kinds = f"FIGHT: {bonus[1]}".upper()
        draw_text(d, (x0 + TILE_PAD, y), kinds, fit_size(kinds, KINDS_SIZE, room, True), bold=True, fill=FIGHT_EDGE)
    line_y = y + _kinds_h(c) + 4
    d.line((x0 + TILE_PAD, line_y, x0 + TILE_PAD + room, line_y), fill=PARCHMENT_EDGE, width=2)
    for i, line in enumerate(_text_lines(c)):
        draw_text(d, (x0 + TILE_PAD, line_y + 10 + i * LINE_H), line, TEXT_SIZE, fill=INK)


def _badge(d: ImageDraw.ImageDraw, centre: tuple[float, float], bonus: int) -> None:
    x, y = centre
    d.ellipse((x - BADGE_R, y - BADGE_R, x + BADGE_R, y + BADGE_R), fill=FIGHT_EDGE, outline=INK, width=3)
    centred_text(d, (x - BADGE_R, y - BADGE_R, x + BADGE_R, y + BADGE_R), f"+{bonus}", 50, bold=True, fill=WHITE)


# ---- entry point -----------------------------------------------------------------------------
def render_hand(view: PirateChestView) -> bytes:
    """The viewer's private hand as PNG bytes. Needs a private view (`view.viewer` set)."""
    if view.viewer is None or view.hand is None:
        raise ValueError("render_hand needs a private view (viewer set); the public view holds no hand")
    hand = view.hand
    sealed = 56 if view.fight is not None and view.fight.my_cards else 0
    heights = [_tile_height(c) for c in hand] or [120]
    top = HEADER_H + sealed + GAP
    img = Image.new("RGB", (W, top + sum(h + GAP for h in heights) + MARGIN - GAP), BG)
    d = ImageDraw.Draw(img)
    _draw_header(d, view, view.viewer)
    if sealed:
        _draw_sealed(d, view, HEADER_H)
    if not hand:
        centred_text(d, (0, top, W, top + heights[0]), "No cards in hand", 40, bold=True, fill=MUTED)
    y = top
    for c, h in zip(hand, heights, strict=False):
        _draw_card(d, c, (MARGIN, y, MARGIN + TILE_W, y + h))
        y += h + GAP
    return encode_png(img)
