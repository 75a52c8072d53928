"""Dead Reckoning private hand image (sent by DM or /hand): the viewer's private numbers (the
Treasure chest total, an open level-up, Bonus tokens), the viewer's own Ship panel, then each
Sailor card in hand as a wide tile: its name, the level track 1-4 with the current level lit,
what that level shows, and each Advancement sleeved on it by slot (top, middle, bottom) with what
it shows; then the Advancements set aside for a sleeve. Reads the view only."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.dead_reckoning.defs import SLOTS, defs
from engine.dead_reckoning.rules.common import kind_of
from engine.dead_reckoning.view import CardView, DeadReckoningView, PlayerView
from render.common import GOLD, INK, MUTED, NIGHT, WHITE, draw_text, encode_png, fit_size, rounded_box, wrap
from render.dead_reckoning.ships import draw_player, player_height
from render.dead_reckoning.style import (
    BG,
    MARGIN,
    PARCHMENT,
    W,
    card_name,
    sailor_name,
    seat_name,
    seat_rgb,
    token_text,
)
from render.dead_reckoning.words import face_lines

__all__ = ["render_hand"]

# ---- layout constants -------------------------------------------------------------------
HEADER_H = 120                  # the public view's notice
PRIVATE_LINE = 30
BAND_H = 50
LINE, SIZE = 32, 23
TILE_GAP = 12
TEXT_W = W - 2 * MARGIN - 40
EMPTY_H = 90


def _private_lines(me: PlayerView) -> list[tuple[str, tuple[int, int, int]]]:
    out = [(f"Treasure chest: {me.chest if me.chest is not None else '?'} coins (only you see this)", GOLD)]
    if me.level_open:
        out.append(("Level-up open: raise one card a level before your next turn", WHITE))
    if me.token is not None:
        others = [token_text(t) for t in (me.tokens_dealt or []) if t != me.token]
        out.append((f"Bonus token kept: {token_text(me.token)}" + (f" (not kept: {', '.join(others)})" if others else ""),
                    WHITE))
    elif me.tokens_dealt:
        out.append(("Bonus tokens dealt, keep one: " + " | ".join(token_text(t) for t in me.tokens_dealt), WHITE))
    return out


def _card_rows(c: CardView) -> list[tuple[str, str]]:
    """(kind, text) rows below a tile's band: the level's face, then each sleeve slot."""
    level = defs().sailors.sailors[kind_of(c.card)].levels[c.level - 1]
    rows = [("level", f"Level {c.level}: " + (" · ".join(face_lines(level)) or "no icon or ability"))]
    used: set[str] = set()
    advs = [adv for a in c.sleeve if (adv := defs().advancements.cards.get(a)) is not None]
    for adv in sorted(advs, key=lambda adv: SLOTS.index(adv.slots[0])):     # top to bottom, as sleeved
        used |= set(adv.slots)
        rows.append(("adv", f"{'/'.join(adv.slots)} sleeve: {adv.name} — " + " · ".join(face_lines(adv))))
    free = [s for s in SLOTS if s not in used]
    rows.append(("free", "free sleeve slots: " + (", ".join(free) if free else "none")))
    return rows


def _wrapped(rows: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(kind, ln) for kind, text in rows for ln in wrap(text, SIZE, TEXT_W - (30 if kind == "adv-line" else 0),
                                                                bold=kind == "adv")]


def _tile_height(c: CardView) -> int:
    return BAND_H + 12 + LINE * len(_wrapped(_card_rows(c)))


def _draw_tile(d: ImageDraw.ImageDraw, c: CardView, top: int, seat: int) -> int:
    h = _tile_height(c)
    x0, x1 = MARGIN, W - MARGIN
    rounded_box(d, (x0, top, x1, top + h), 10, PARCHMENT, INK, 3)
    rounded_box(d, (x0, top, x1, top + BAND_H), 10, seat_rgb(seat), INK, 2)
    draw_text(d, (x0 + 14, top + BAND_H / 2), sailor_name(c.card), 30, bold=True, fill=INK, anchor="lm")
    for lv in range(4, 0, -1):
        lit = lv == c.level
        bx = x1 - 14 - (5 - lv) * 62
        rounded_box(d, (bx, top + 8, bx + 56, top + BAND_H - 8), 8, INK if lit else PARCHMENT, INK, 2)
        draw_text(d, (bx + 28, top + BAND_H / 2), f"L{lv}", 22, bold=True, fill=WHITE if lit else (120, 110, 90),
                  anchor="mm")
    y = top + BAND_H + 6
    for kind, ln in _wrapped(_card_rows(c)):
        x = x0 + 16 + (30 if kind == "adv-line" else 0)
        colour = {"level": INK, "adv": (20, 70, 130), "adv-line": (20, 70, 130), "free": (110, 100, 80)}[kind]
        draw_text(d, (x, y + LINE / 2), ln, SIZE, bold=kind == "adv", fill=colour, anchor="lm")
        y += LINE
    return h + TILE_GAP


def _aside_rows(me: PlayerView) -> list[tuple[str, str]]:
    rows = []
    for a in me.aside:
        adv = defs().advancements.cards.get(a)
        fits = f" (fits {'/'.join(adv.slots)})" if adv else ""
        rows.append(("adv", f"{card_name(a)}{fits} — " + " · ".join(face_lines(adv) if adv else [])))
    return rows


def render_hand(view: DeadReckoningView) -> bytes:
    """The viewer's hand and private numbers as PNG bytes (an empty notice for the public view)."""
    me = view.players[view.viewer] if view.viewer is not None else None
    if me is None:
        img = Image.new("RGB", (W, HEADER_H), BG)
        d = ImageDraw.Draw(img)
        d.rectangle((0, 0, W, HEADER_H), fill=NIGHT)
        draw_text(d, (MARGIN, HEADER_H / 2), "No hand: this is the public view.", 34, bold=True, fill=WHITE,
                  anchor="lm")
        return encode_png(img)
    cards = me.hand or []
    aside = _wrapped(_aside_rows(me))
    body = sum(_tile_height(c) + TILE_GAP for c in cards) if cards else EMPTY_H
    aside_h = 60 + LINE * len(aside) if aside else 0
    private = _private_lines(me)[:3]
    head_h = 84 + PRIVATE_LINE * len(private)
    img = Image.new("RGB", (W, head_h + player_height(me) + body + aside_h + MARGIN), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, head_h), fill=NIGHT)
    title = f"{seat_name(me.seat)}'s hand · {len(cards)} card{'s' if len(cards) != 1 else ''} · private"
    draw_text(d, (MARGIN, 36), title, fit_size(title, 36, W - 2 * MARGIN, True), bold=True, fill=WHITE, anchor="lm")
    y = 84
    for text, colour in private:
        draw_text(d, (MARGIN, y), text, fit_size(text, 24, W - 2 * MARGIN, True), bold=True, fill=colour, anchor="lm")
        y += PRIVATE_LINE
    y = head_h + draw_player(d, view, me, head_h, {})
    if not cards:
        draw_text(d, (MARGIN, y + EMPTY_H / 2), "No cards in hand.", 30, fill=MUTED, anchor="lm")
        y += EMPTY_H
    for c in cards:
        y += _draw_tile(d, c, y, me.seat)
    if aside:
        draw_text(d, (MARGIN, y + 30), "Set aside, to sleeve at Cleanup", 28, bold=True, fill=GOLD, anchor="lm")
        y += 60
        for kind, ln in aside:
            draw_text(d, (MARGIN + (40 if kind == "adv-line" else 10), y + LINE / 2), ln, SIZE, bold=kind == "adv",
                      fill=WHITE, anchor="lm")
            y += LINE
    return encode_png(img)
