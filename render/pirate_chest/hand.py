"""Pirate Chest private hand image (sent by DM or /hand): the viewer's cards as tiles and the
viewer's coins. Also the small pieces the board shares: short captain names and coin rows.
"""
from __future__ import annotations

import math
import re

from PIL import Image, ImageDraw

from engine.pirate_chest.view import CardView, PirateChestView
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
MARGIN, GAP, COLS = 16, 16, 2
TILE_W = (W - 2 * MARGIN - (COLS - 1) * GAP) // COLS
HEADER_H = 190
NAME_SIZE, TEXT_SIZE, LINE_H = 36, 29, 38
BADGE_R = 46
TILE_PAD = 20
TEXT_W = TILE_W - 2 * TILE_PAD

BG: RGB = (10, 30, 48)
PARCHMENT: RGB = (244, 232, 204)
PARCHMENT_EDGE: RGB = (120, 84, 40)
FIGHT_EDGE: RGB = (168, 30, 30)

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


def coin_row(d: ImageDraw.ImageDraw, left_mid: tuple[float, float], coins: list[str],
             names: dict[str, str], max_w: float, size: int = 25) -> None:
    """Gold coin discs with their names, smaller if need be (initials only if still too wide)."""
    x, y = left_mid
    if not coins:
        draw_text(d, (x, y), "No coins", size, fill=MUTED, anchor="lm")
        return
    r = size * 0.6
    labels = [names.get(c, c) for c in coins]
    text_size = size
    while text_size > size - 6 and _coin_row_width(labels, r, text_size) > max_w:
        text_size -= 1
    named = _coin_row_width(labels, r, text_size) <= max_w
    for coin, label in zip(coins, labels, strict=True):
        d.ellipse((x, y - r, x + 2 * r, y + r), fill=GOLD, outline=INK, width=2)
        draw_text(d, (x + r, y), coin[:2].title(), int(r * 1.1), bold=True, fill=INK, anchor="mm")
        x += 2 * r + (6 if named else 8)
        if named:
            draw_text(d, (x, y), label, text_size, bold=True, fill=GOLD, anchor="lm")
            x += text_width(label, text_size, True) + 14


def _coin_row_width(labels: list[str], r: float, size: int) -> float:
    return sum(2 * r + 6 + text_width(t, size, True) + 14 for t in labels)


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
    sub = f"{ship.ship} · {len(view.hand or [])} cards · Turn {view.turn_number}"
    draw_text(d, (MARGIN + 20, 96), sub, fit_size(sub, 28, W - 60), fill=MUTED, anchor="lm")
    draw_text(d, (MARGIN + 20, 148), "Your coins:", 30, bold=True, fill=WHITE, anchor="lm")
    left = MARGIN + 20 + text_width("Your coins:", 30, True) + 16
    coin_row(d, (left, 148), ship.coins, view.coin_names, W - MARGIN - left, size=30)


def _draw_sealed(d: ImageDraw.ImageDraw, view: PirateChestView, top: int) -> None:
    """The viewer's own fight cards sealed in the fight in progress (they are no longer in hand)."""
    assert view.fight is not None
    mine = "Sealed in this fight: " + ", ".join(c.replace("-", " ").title() for c in view.fight.my_cards)
    draw_text(d, (MARGIN + 20, top + 24), mine, fit_size(mine, 28, W - 60, True), bold=True, fill=WARN, anchor="lm")


def _tile_height(hand: list[CardView]) -> int:
    lines = max((len(wrap(c.text, TEXT_SIZE, TEXT_W)) for c in hand), default=1)
    return int(TILE_PAD + NAME_SIZE + 50 + lines * LINE_H + TILE_PAD)


def _draw_card(d: ImageDraw.ImageDraw, c: CardView, box: Box) -> None:
    x0, y0, x1, _ = box
    bonus = fight_bonus(c)
    rounded_box(d, box, 18, PARCHMENT, FIGHT_EDGE if bonus else PARCHMENT_EDGE, 6 if bonus else 4)
    name_room = x1 - x0 - 2 * TILE_PAD - (2 * BADGE_R + 10 if bonus else 0)
    draw_text(d, (x0 + TILE_PAD, y0 + TILE_PAD), c.name, fit_size(c.name, NAME_SIZE, name_room, True),
              bold=True, fill=INK)
    y = y0 + TILE_PAD + NAME_SIZE + 12
    if bonus:
        _badge(d, (x1 - TILE_PAD - BADGE_R, y0 + TILE_PAD + BADGE_R - 6), bonus[0])
        kinds = f"FIGHT: {bonus[1]}".upper()
        draw_text(d, (x0 + TILE_PAD, y), kinds, fit_size(kinds, 24, name_room, True), bold=True, fill=FIGHT_EDGE)
    d.line((x0 + TILE_PAD, y + 32, x1 - TILE_PAD - (2 * BADGE_R + 10 if bonus else 0), y + 32),
           fill=PARCHMENT_EDGE, width=2)
    for i, line in enumerate(wrap(c.text, TEXT_SIZE, TEXT_W)):
        draw_text(d, (x0 + TILE_PAD, y + 44 + i * LINE_H), line, TEXT_SIZE, fill=INK)


def _badge(d: ImageDraw.ImageDraw, centre: tuple[float, float], bonus: int) -> None:
    x, y = centre
    d.ellipse((x - BADGE_R, y - BADGE_R, x + BADGE_R, y + BADGE_R), fill=FIGHT_EDGE, outline=INK, width=3)
    centred_text(d, (x - BADGE_R, y - BADGE_R, x + BADGE_R, y + BADGE_R), f"+{bonus}", 46, bold=True, fill=WHITE)


# ---- entry point -----------------------------------------------------------------------------
def render_hand(view: PirateChestView) -> bytes:
    """The viewer's private hand as PNG bytes. Needs a private view (`view.viewer` set)."""
    if view.viewer is None or view.hand is None:
        raise ValueError("render_hand needs a private view (viewer set); the public view holds no hand")
    hand = view.hand
    sealed = 50 if view.fight is not None and view.fight.my_cards else 0
    tile_h = _tile_height(hand)
    rows = max(1, math.ceil(len(hand) / COLS))
    top = HEADER_H + sealed + GAP
    img = Image.new("RGB", (W, top + rows * (tile_h + GAP) + MARGIN - GAP), BG)
    d = ImageDraw.Draw(img)
    _draw_header(d, view, view.viewer)
    if sealed:
        _draw_sealed(d, view, HEADER_H)
    if not hand:
        centred_text(d, (0, top, W, top + tile_h), "No cards in hand", 40, bold=True, fill=MUTED)
    for i, c in enumerate(hand):
        x = MARGIN + (i % COLS) * (TILE_W + GAP)
        y = top + (i // COLS) * (tile_h + GAP)
        _draw_card(d, c, (x, y, x + TILE_W, y + tile_h))
    return encode_png(img)
