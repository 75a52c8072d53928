"""One panel per player: the Ship board and what lies face up in front of the player.

Top line: the seat's chip (lit on its turn), where the Ship is, its mode (a pirate flag in
Pirate mode) and whether its final turn is done. Then the public numbers (Dock cargo, cubes in
the supply, hand, deck and discard sizes, the counts Achievements read), then the hull spaces
A-D, each with its hold and the goods in it, its icons (a Sail or Cannon under goods is
'covered' and struck through: it works only with an empty hold) and its Upgrade tiles, beside the
Sail track and the damage track. Last, the cards face up: played this turn, out in defence, and
Advancements set aside for a sleeve. The Treasure chest is private and is not drawn here."""
from __future__ import annotations

from PIL import ImageDraw

from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.load_unload import Space
from engine.dead_reckoning.view import CardView, DeadReckoningView, PlayerView
from render.common import GOLD, INK, MUTED, WHITE, Box, draw_text, fit_size, rounded_box, text_width, wrap
from render.dead_reckoning.style import (
    DAMAGE,
    MARGIN,
    PANEL,
    PANEL_EDGE,
    PARCHMENT,
    Players,
    W,
    card_name,
    chip,
    counter,
    pirate_flag,
    place_name,
    sailor_name,
    upgrade_name,
    who,
)
from render.dead_reckoning.words import ICON_WORDS, icon_word

__all__ = ["card_label", "draw_player", "player_height"]

# ---- layout constants -------------------------------------------------------------------
HEAD_H = 56
COUNTERS_H = 50
HULL_H = 184
HULL_W = 184
HULL_GAP = 8
TRACK_X = MARGIN + 12 + 4 * (HULL_W + HULL_GAP) + 8
CARD_LINE, CARD_SIZE = 32, 22
PAD = 10


def card_label(c: CardView) -> str:
    """'Gunner 2 L3 + Patched Jib' (a card face up: its level and sleeved Advancements)."""
    base = f"{sailor_name(c.card)} L{c.level}"
    return base + "".join(f" + {card_name(a)}" for a in c.sleeve)


def _card_lines(p: PlayerView) -> list[tuple[str, str]]:
    out = []
    if p.played:
        out.append(("Played", " · ".join(card_label(c) for c in p.played)))
    if p.defence:
        out.append(("In defence", " · ".join(card_label(c) for c in p.defence)))
    if p.aside:
        out.append(("Set aside", " · ".join(card_name(a) for a in p.aside)))
    return out


def _wrapped(p: PlayerView) -> list[tuple[str, list[str]]]:
    return [(label, wrap(text, CARD_SIZE, W - 2 * MARGIN - 190)) for label, text in _card_lines(p)]


def player_height(p: PlayerView) -> int:
    lines = sum(len(ls) for _, ls in _wrapped(p))
    return HEAD_H + COUNTERS_H + HULL_H + (lines * CARD_LINE + 10 if lines else 0) + 2 * PAD


def _head(d: ImageDraw.ImageDraw, view: DeadReckoningView, p: PlayerView, y: float, players: Players) -> None:
    turn = view.final is None and view.turn.seat == p.seat
    x = float(MARGIN + 12)
    x += chip(d, (x, y), p.seat, ("▶ " if turn else "") + who(p.seat, players), 26, lit=turn) + 14
    at = p.ship.at
    where = place_name(at, view.grid[at].board if at in view.grid else None)
    if p.ship.mode == "pirate":
        x += pirate_flag(d, (x, y), 30)
        mode = "Pirate mode"
    else:
        mode = "Mercantile"
    text = f"{mode} · at {where}" + (" · final turn done" if p.finished else "")
    draw_text(d, (x, y), text, fit_size(text, 24, W - MARGIN - 12 - x, True), bold=True,
              fill=GOLD if p.ship.mode == "pirate" else WHITE, anchor="lm")


def _counters(d: ImageDraw.ImageDraw, p: PlayerView, y: float) -> None:
    x = float(MARGIN + 12)
    items = [("Dock cargo", str(p.dock)), ("cubes", str(p.cubes)), ("hand", str(p.hand_size)),
             ("deck", str(p.deck_size)), ("discard", str(len(p.discard))), ("battles won", str(p.wins)),
             ("sunk", str(p.sunk)), ("explored", str(p.explored)), ("level-4", str(p.experts)),
             ("upgrades", str(p.upgrades_taken))]
    size = 22
    while size > 16 and sum(text_width(a, size - 6) + text_width(b, size, True) + 34 for a, b in items) > W - 2 * MARGIN - 24:
        size -= 1
    for label, value in items:
        x += counter(d, (x, y), label, value, size)


def _icons_word(space: Space) -> str:
    """'Sail' for one, '2 Cannon', 'Draw +1': the icons a hull space shows."""
    return ", ".join(word if n == 1 and field not in ("draw_bonus", "defense") else icon_word(field, n)
                     for field, word in ICON_WORDS if (n := getattr(space.icons, field)))


def _hull_space(d: ImageDraw.ImageDraw, space: Space, tiles: list[str], box: Box) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 8, PARCHMENT, INK, 2)
    draw_text(d, (x0 + 10, y0 + 22), space.letter, 30, bold=True, fill=INK, anchor="lm")
    hold = f"hold {space.goods.total()}/{space.hold}" if space.hold else "no hold"
    draw_text(d, (x1 - 10, y0 + 22), hold, 20, bold=True, fill=INK if space.hold else (110, 100, 80), anchor="rm")
    y = y0 + 54
    if space.hold:
        goods = f"{space.goods.cargo} cargo · {space.goods.coin} coin"
        draw_text(d, (x0 + 10, y), goods, fit_size(goods, 20, x1 - x0 - 20, True), bold=True,
                  fill=(120, 60, 10) if space.goods.total() else (110, 100, 80), anchor="lm")
    y += 32
    icons = _icons_word(space)
    x = x0 + 10
    if not icons:
        draw_text(d, (x, y), "no icon", 19, fill=(110, 100, 80), anchor="lm")
    elif space.working():
        draw_text(d, (x, y), icons, fit_size(icons, 20, x1 - x - 10, True), bold=True, fill=(20, 110, 40), anchor="lm")
    else:                               # goods in the hold cover its icons (they work only when empty)
        size = fit_size(icons, 20, x1 - x - 10, True)
        draw_text(d, (x, y), icons, size, bold=True, fill=(150, 60, 50), anchor="lm")
        d.line((x, y, x + text_width(icons, size, True), y), fill=(150, 60, 50), width=3)
        draw_text(d, (x, y + 26), "covered (off)", 19, bold=True, fill=(150, 60, 50), anchor="lm")
    y += 60
    if tiles:
        text = upgrade_name(tiles[-1]) + (f" (+{len(tiles) - 1} under)" if len(tiles) > 1 else "")
        rounded_box(d, (x0 + 6, y - 14, x1 - 6, y + 14), 6, (60, 90, 130), INK, 1)
        draw_text(d, ((x0 + x1) / 2, y), text, fit_size(text, 19, x1 - x0 - 20, True), bold=True, fill=WHITE,
                  anchor="mm")


def _tracks(d: ImageDraw.ImageDraw, p: PlayerView, top: float) -> None:
    """The Sail track (0-8) with the marker, the damage track up to sinking, the printed Cannon."""
    x0 = TRACK_X
    track = defs().ship.sail_track
    cell = min(40, (W - MARGIN - 12 - x0) / len(track))
    draw_text(d, (x0, top + 14), f"Sail track: {p.ship.sails}", 22, bold=True, fill=WHITE, anchor="lm")
    y = top + 34
    for i, n in enumerate(track):
        box = (x0 + i * cell, y, x0 + (i + 1) * cell - 3, y + 34)
        lit = n == p.ship.sails
        rounded_box(d, box, 5, GOLD if lit else PANEL, WHITE if lit else PANEL_EDGE, 3 if lit else 1)
        draw_text(d, ((box[0] + box[2]) / 2, y + 17), str(n), 20, bold=True, fill=INK if lit else MUTED, anchor="mm")
    sinks = defs().ship.sinks_at
    y += 62
    draw_text(d, (x0, y), f"Damage {p.ship.damage}/{sinks}", 22, bold=True,
              fill=DAMAGE if p.ship.damage else WHITE, anchor="lm")
    dx = x0 + text_width(f"Damage {p.ship.damage}/{sinks}", 22, True) + 12
    for i in range(sinks):
        box = (dx + i * 30, y - 12, dx + i * 30 + 24, y + 12)
        rounded_box(d, box, 4, DAMAGE if i < p.ship.damage else PANEL, WHITE if i < p.ship.damage else PANEL_EDGE, 2)
    y += 34
    cannons = defs().ship.printed_cannons
    draw_text(d, (x0, y), f"printed Cannon: {cannons}, always works", 19, fill=MUTED, anchor="lm")


def draw_player(d: ImageDraw.ImageDraw, view: DeadReckoningView, p: PlayerView, top: int,
                players: Players) -> int:
    h = player_height(p)
    turn = view.final is None and view.turn.seat == p.seat
    rounded_box(d, (MARGIN, top + 4, W - MARGIN, top + h - 4), 12, PANEL, WHITE if turn else PANEL_EDGE,
                3 if turn else 2)
    y = top + PAD
    _head(d, view, p, y + HEAD_H / 2, players)
    y += HEAD_H
    _counters(d, p, y + COUNTERS_H / 2 - 4)
    y += COUNTERS_H
    for i, space in enumerate(p.ship.hull.spaces):
        x = MARGIN + 12 + i * (HULL_W + HULL_GAP)
        _hull_space(d, space, p.ship.upgrades.get(space.letter, []), (x, y, x + HULL_W, y + HULL_H - 10))
    _tracks(d, p, y)
    y += HULL_H
    for label, lines in _wrapped(p):
        draw_text(d, (MARGIN + 14, y + CARD_LINE / 2), label, CARD_SIZE, bold=True, fill=GOLD, anchor="lm")
        for ln in lines:
            draw_text(d, (MARGIN + 190, y + CARD_LINE / 2), ln, CARD_SIZE, fill=WHITE, anchor="lm")
            y += CARD_LINE
    return h
