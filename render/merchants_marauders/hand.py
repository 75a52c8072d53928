"""Merchants & Marauders private image (sent by DM or /hand): what only this seat may see. The
stash in gold (never on the public board while the game is on), each glory card in hand with
what it does, the rumour held (where and how it is looked into, what it promises; its truth is
hidden from its holder too), each mission claimed with its progress, the contraband aboard with
the port that buys it, then the seat's own ship card. Reads the view only."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.merchants_marauders.view import MerchantsView, PlayerView
from render.common import GOLD, INK, MUTED, NIGHT, WHITE, draw_text, encode_png, fit_size, rounded_box, wrap
from render.merchants_marauders.captains import card_height, draw_card
from render.merchants_marauders.style import BG, MARGIN, PARCHMENT, W, captain_name, seat_name, seat_rgb
from render.merchants_marauders.words import contraband_lines, glory_text, mission_lines, rumour_text

__all__ = ["render_hand"]

# ---- layout constants -------------------------------------------------------------------
NOTICE_H = 120                  # the public view's notice
HEAD_H = 130
SECTION_H = 52
LINE, SIZE = 32, 23
TILE_PAD = 10
TEXT_W = W - 2 * MARGIN - 40

Tile = tuple[str, list[str]]    # a card's name, then its wrapped lines


def _tile(name: str, text: str) -> Tile:
    return name, wrap(text, SIZE, TEXT_W) if text else []


def _sections(view: MerchantsView, me: PlayerView) -> list[tuple[str, list[Tile], str]]:
    """(title, tiles, what to say when there are none)."""
    glory = [_tile(*glory_text(c)) for c in (me.glory_cards or [])]
    rumour = [_tile(*rumour_text(me.rumour))] if me.rumour else []
    missions = [_tile("Claimed", m) for m in mission_lines(view, me)]
    contraband = [_tile("Contraband", c) for c in contraband_lines(me)]
    return [(f"Glory cards in hand ({len(glory)})", glory, "No glory cards."),
            ("Rumour held", rumour, "No rumour held."),
            ("Mission", missions, "No mission claimed."),
            ("Contraband aboard", contraband, "No contraband aboard.")]


def _tile_height(t: Tile) -> int:
    return 40 + LINE * len(t[1]) + TILE_PAD


def _section_height(tiles: list[Tile]) -> int:
    return SECTION_H + (sum(_tile_height(t) + 8 for t in tiles) if tiles else LINE + 10)


def _draw_tile(d: ImageDraw.ImageDraw, t: Tile, top: int, seat: int) -> int:
    h = _tile_height(t)
    rounded_box(d, (MARGIN, top, W - MARGIN, top + h), 10, PARCHMENT, INK, 2)
    rounded_box(d, (MARGIN, top, MARGIN + 12, top + h), 6, seat_rgb(seat), INK, 1)
    name, lines = t
    draw_text(d, (MARGIN + 24, top + 22), name, fit_size(name, 25, TEXT_W, True), bold=True, fill=INK, anchor="lm")
    y = top + 40
    for ln in lines:
        draw_text(d, (MARGIN + 24, y + LINE / 2), ln, SIZE, fill=(50, 50, 60), anchor="lm")
        y += LINE
    return h + 8


def _notice() -> bytes:
    img = Image.new("RGB", (W, NOTICE_H), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, NOTICE_H), fill=NIGHT)
    draw_text(d, (MARGIN, NOTICE_H / 2), "No hand: this is the public view.", 34, bold=True, fill=WHITE, anchor="lm")
    return encode_png(img)


def render_hand(view: MerchantsView) -> bytes:
    """The viewer's private holdings as PNG bytes (an empty notice for the public view)."""
    me = view.players[view.viewer] if view.viewer is not None else None
    if me is None:
        return _notice()
    sections = _sections(view, me)
    ship_h = card_height() if me.ship is not None else 0
    height = HEAD_H + sum(_section_height(t) for _, t, _ in sections) + ship_h + MARGIN
    img = Image.new("RGB", (W, height), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, HEAD_H), fill=NIGHT)
    title = f"{seat_name(me.seat)} · {captain_name(me.captain)} · private, only you see this"
    draw_text(d, (MARGIN, 36), title, fit_size(title, 32, W - 2 * MARGIN, True), bold=True, fill=WHITE, anchor="lm")
    stash = f"Stash: {me.stash if me.stash is not None else '?'} gold (hidden from the others)"
    draw_text(d, (MARGIN, 92), stash, fit_size(stash, 30, W - 2 * MARGIN, True), bold=True, fill=GOLD, anchor="lm")
    y = HEAD_H
    for title, tiles, empty in sections:
        draw_text(d, (MARGIN, y + SECTION_H / 2 + 4), title, 27, bold=True, fill=GOLD, anchor="lm")
        y += SECTION_H
        if not tiles:
            draw_text(d, (MARGIN + 10, y + LINE / 2), empty, SIZE, fill=MUTED, anchor="lm")
            y += LINE + 10
        for t in tiles:
            y += _draw_tile(d, t, y, me.seat)
    if me.ship is not None:
        draw_card(d, view, me, y, {})
    return encode_png(img)
