"""Scoundrel Bay private hand image (sent by DM or /hand): the viewer's own player board, then
each card in hand as a wide tile (flag, pirate and tool symbols, star/sun/moon sail rewards),
and the viewer's sealed bid or feeding choice when one is open. Reads the view only."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.view import ScoundrelBayView
from render.common import GOLD, MUTED, NIGHT, WHITE, draw_text, encode_png, fit_size
from render.scoundrel_bay.board import draw_card_tile
from render.scoundrel_bay.players import draw_player, player_height
from render.scoundrel_bay.style import BG, MARGIN, W, seat_name

__all__ = ["render_hand"]

# ---- layout constants -------------------------------------------------------------------
HEADER_H = 120
TILE_H, TILE_GAP, TILE_SIZE = 200, 12, 30
EMPTY_H = 90


def _sail_key() -> str:
    """Which distances reach which reward (rules.toml), e.g. '★ sail 1 · ☀ sail 1-2 · ☾ any'."""
    marks = {"star": "★", "sun": "☀", "moon": "☾"}
    reach: dict[str, list[int]] = {}
    for distance, rewards in sorted(defs().rules.sail.rewards.items()):
        for r in rewards:
            reach.setdefault(r, []).append(distance)
    parts = []
    for mark, ds in reach.items():
        span = str(ds[0]) if len(ds) == 1 else f"{ds[0]}-{ds[-1]}"
        parts.append(f"{marks.get(mark, mark)} sailing {span}")
    return " · ".join(parts)


def _sealed_line(view: ScoundrelBayView) -> str:
    if view.stage is None:
        return ""
    parts = []
    if view.stage.bids is not None and view.stage.bids.mine is not None:
        parts.append(f"your sealed bid: {view.stage.bids.mine} doubloons")
    if view.stage.feed is not None and view.stage.feed.mine is not None:
        parts.append(f"you feed {view.stage.feed.mine} of your crew")
    return " · ".join(parts)


def render_hand(view: ScoundrelBayView) -> bytes:
    """The viewer's hand and holdings as PNG bytes (an empty notice for the public view)."""
    me = view.players[view.viewer] if view.viewer is not None else None
    cards = (me.hand or []) if me is not None else []
    body = len(cards) * (TILE_H + TILE_GAP) if cards else EMPTY_H
    img = Image.new("RGB", (W, HEADER_H + (player_height(view) if me else 0) + body + MARGIN), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, HEADER_H), fill=NIGHT)
    if me is None:
        draw_text(d, (MARGIN, HEADER_H / 2), "No hand: this is the public view.", 34, bold=True, fill=WHITE, anchor="lm")
        return encode_png(img)
    title = f"{seat_name(me.seat)}'s hand · {len(cards)} card{'s' if len(cards) != 1 else ''} · private"
    draw_text(d, (MARGIN, 40), title, fit_size(title, 36, W - 2 * MARGIN, True), bold=True, fill=WHITE, anchor="lm")
    sub = _sealed_line(view) or _sail_key()
    draw_text(d, (MARGIN, 92), sub, fit_size(sub, 26, W - 2 * MARGIN), fill=GOLD if _sealed_line(view) else MUTED,
              anchor="lm")
    y = HEADER_H + draw_player(d, view, me, HEADER_H)
    if not cards:
        draw_text(d, (MARGIN, y + EMPTY_H / 2), "No cards in hand.", 30, fill=MUTED, anchor="lm")
    for card in cards:
        draw_card_tile(d, card, (MARGIN, y, W - MARGIN, y + TILE_H), TILE_SIZE)
        y += TILE_H + TILE_GAP
    return encode_png(img)
