"""Pirate Chest board panels around and inside the ring: the header (who the game waits on),
the centre panel (turn and last move, the fight in progress, or the winner) and the legend
(one card per seat). Each reads the view only.
"""
from __future__ import annotations

import math
from collections.abc import Mapping

from PIL import ImageDraw

from engine.pirate_chest.view import PirateChestView, ShipView
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
    fit_size,
    pill,
    rounded_box,
    seat_colour,
    text_width,
    wrap,
)
from render.pirate_chest.hand import coin_row, short_name

# ---- layout constants -------------------------------------------------------------------
W = 1200
HEADER_H = 150
HEADLINE_Y, HEADLINE_SIZE, STATS_Y, STATS_SIZE = 48, 36, 116, 28
CENTRE_W, CENTRE_H = 300, 290     # ship tokens at 3 and 9 o'clock leave a tall, narrow middle
WINNER_W, WINNER_H = 330, 310
LEGEND_MARGIN, LEGEND_GAP, LEGEND_COLS = 16, 12, 2
CARD_W = (W - 2 * LEGEND_MARGIN - (LEGEND_COLS - 1) * LEGEND_GAP) // LEGEND_COLS
CARD_H = 194
CARD_BG: RGB = (24, 46, 68)
CARD_EDGE: RGB = (60, 80, 100)
FIGHT_BG: RGB = (60, 14, 14)
FIGHT_RED: RGB = (200, 40, 40)
FIGHT_MODES = {"both": "broadsides + boarding", "steal-coin": "steal a coin", "steal-card": "steal a card",
               "ram": "ramming"}

Part = tuple[str, int | None]     # a word, or a name chip in a seat's colour


# ---- header ----------------------------------------------------------------------------------
def draw_header(d: ImageDraw.ImageDraw, view: PirateChestView) -> None:
    """'Waiting on <chip> to <prompt>' (or the winner), then turn, deck and discard."""
    names = {s.seat: short_name(s.captain_name) for s in view.ships}
    parts: list[Part] = [("Setting up", None)]
    if view.ended:
        parts = [("Game over:", None), (names[view.winner], view.winner), ("wins!", None)] \
            if view.winner is not None else [("Game over", None)]
    elif view.waiting_on:
        chips: list[Part] = [(names[s], s) for s in view.waiting_on]
        parts = [("Waiting on", None), *_joined(chips), (f"to {view.prompt}", None)]
    _chip_line(d, parts, HEADLINE_Y, HEADLINE_SIZE)
    stats = f"Turn {view.turn_number}  ·  Deck {view.deck_size}  ·  Discard {view.discard_size}"
    if view.discard_top:
        stats += f" (top: {view.discard_top})"
    draw_text(d, (24, STATS_Y), stats, fit_size(stats, STATS_SIZE, W - 48), fill=MUTED, anchor="lm")


def _joined(chips: list[Part]) -> list[Part]:
    """Chips with 'and' before the last one."""
    out: list[Part] = []
    for i, chip in enumerate(chips):
        if i and i == len(chips) - 1:
            out.append(("and", None))
        out.append(chip)
    return out


def _chip_line(d: ImageDraw.ImageDraw, parts: list[Part], y: float, size: int) -> None:
    """A line of words and seat-coloured name chips, shrunk to fit the width."""
    def width(sz: int) -> float:
        return sum(text_width(t, sz, True) + (28 if s is not None else 0) + 14 for t, s in parts)
    while size > 18 and width(size) > W - 48:
        size -= 1
    x = 24.0
    for t, seat in parts:
        w = text_width(t, size, True) + (28 if seat is not None else 0)
        if seat is None:
            draw_text(d, (x, y), t, size, bold=True, fill=WHITE, anchor="lm")
        else:
            pill(d, (x + w / 2, y), t, size, seat_colour(seat), outline=WHITE, width=3, pad=14)
        x += w + 14


# ---- centre of the ring ---------------------------------------------------------------------
def centre_box(centre: tuple[float, float], ended: bool) -> Box:
    w, h = (WINNER_W, WINNER_H) if ended else (CENTRE_W, CENTRE_H)
    return (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)


def draw_centre(d: ImageDraw.ImageDraw, view: PirateChestView, centre: tuple[float, float]) -> None:
    """The winner, else the fight in progress, else the turn and the last move."""
    box = centre_box(centre, view.ended != "")
    if view.ended:
        _draw_winner(d, view, box)
    elif view.fight is not None:
        _draw_fight(d, view, box)
    else:
        _draw_turn(d, view, box)


def _draw_turn(d: ImageDraw.ImageDraw, view: PirateChestView, box: Box) -> None:
    x0, y0, x1, _ = box
    rounded_box(d, box, 24, NIGHT, MUTED, 2)
    centred_text(d, (x0, y0 + 30, x1, y0 + 90), f"TURN {view.turn_number}", 48, bold=True, fill=GOLD)
    lm = view.last_move
    if lm is not None:
        mover = short_name(view.ships[lm.seat].captain_name)
        centred_text(d, (x0, y0 + 120, x1, y0 + 156), "Last move", 28, fill=MUTED)
        pill(d, ((x0 + x1) / 2, y0 + 190), mover, 32, seat_colour(lm.seat), outline=WHITE, width=3)
        centred_text(d, (x0, y0 + 220, x1, y0 + 270), f"{lm.start} to {lm.end}", 38, bold=True, fill=WHITE)


def _draw_fight(d: ImageDraw.ImageDraw, view: PirateChestView, box: Box) -> None:
    f = view.fight
    assert f is not None
    x0, y0, x1, _ = box
    rounded_box(d, box, 24, FIGHT_BG, FIGHT_RED, 6)
    centred_text(d, (x0, y0 + 10, x1, y0 + 54), "FIGHT", 42, bold=True, fill=WHITE)
    mode = FIGHT_MODES.get(f.mode, f.mode)
    centred_text(d, (x0, y0 + 54, x1, y0 + 86), mode, fit_size(mode, 28, CENTRE_W - 30), fill=GOLD)
    for seat, role, y in ((f.attacker, "attacker", y0 + 118), (f.defender, "defender", y0 + 192)):
        name = short_name(view.ships[seat].captain_name)
        pill(d, ((x0 + x1) / 2, y), name, fit_size(name, 30, CENTRE_W - 60, True), seat_colour(seat),
             outline=WHITE, width=3)
        status = f"total {f.totals[seat]}" if seat in f.totals else "sealed" if seat in f.ready else "choosing"
        line = f"{role} · {status}"
        centred_text(d, (x0, y + 22, x1, y + 50), line, fit_size(line, 24, CENTRE_W - 20), bold=seat in f.totals,
                     fill=GOLD if seat in f.totals else MUTED)
    if f.my_cards:
        mine = "Yours: " + ", ".join(c.replace("-", " ").title() for c in f.my_cards)
        centred_text(d, (x0, y0 + 248, x1, y0 + 280), mine, fit_size(mine, 24, CENTRE_W - 30), fill=GOLD)


def _draw_winner(d: ImageDraw.ImageDraw, view: PirateChestView, box: Box) -> None:
    x0, y0, x1, _ = box
    rounded_box(d, box, 26, GOLD, INK, 6)
    top = y0 + 14
    if view.winner is None:
        centred_text(d, (x0, top, x1, top + 80), "GAME OVER", 44, bold=True, fill=INK)
    else:
        rounded_box(d, (x0 + 14, top, x1 - 14, top + 124), 20, seat_colour(view.winner), INK, 3)
        centred_text(d, (x0, top + 4, x1, top + 40), "WINNER", 26, bold=True, fill=INK)
        lines = wrap(view.ships[view.winner].captain_name, 40, WINNER_W - 50, bold=True)[:2]
        for j, ln in enumerate(lines):
            y = top + 40 + (j * 40 if len(lines) == 2 else 20)
            centred_text(d, (x0, y, x1, y + 40), ln, fit_size(ln, 40, WINNER_W - 50, True), bold=True, fill=INK)
    for j, ln in enumerate(wrap(view.ended, 26, WINNER_W - 36, bold=True)[:4]):
        centred_text(d, (x0, top + 136 + j * 36, x1, top + 172 + j * 36), ln, 26, bold=True, fill=INK)


Players = Mapping[int, str]   # seat -> player name, as render.registry.Players
NO_PLAYERS: Players = {}


# ---- legend ----------------------------------------------------------------------------------
def legend_height(players: int) -> int:
    rows = math.ceil(players / LEGEND_COLS)
    return 2 * LEGEND_MARGIN + rows * (CARD_H + LEGEND_GAP) - LEGEND_GAP


def draw_legend(d: ImageDraw.ImageDraw, view: PirateChestView, top: int, players: Players = NO_PLAYERS) -> None:
    for i, ship in enumerate(view.ships):
        x = LEGEND_MARGIN + (i % LEGEND_COLS) * (CARD_W + LEGEND_GAP)
        y = top + LEGEND_MARGIN + (i // LEGEND_COLS) * (CARD_H + LEGEND_GAP)
        _seat_card(d, view, ship, (x, y, x + CARD_W, y + CARD_H), players.get(ship.seat, ""))


def _seat_card(d: ImageDraw.ImageDraw, view: PirateChestView, ship: ShipView, box: Box, player: str = "") -> None:
    """Colour, seat and captain; ship and home port; hand size and coins; effects or ability."""
    x0, y0, x1, y1 = box
    colour = seat_colour(ship.seat)
    active = ship.seat == (view.winner if view.ended else view.active_seat)
    waiting = ship.seat in view.waiting_on
    lit = active or waiting
    rounded_box(d, box, 16, CARD_BG, colour if lit else CARD_EDGE, 6 if lit else 2)
    d.rectangle((x0 + 6, y0 + 6, x0 + 26, y1 - 6), fill=colour)
    tag = ("WINNER" if view.ended else "THEIR TURN") if active else "WAITING" if waiting else ""
    tag_w = text_width(tag, 22, True) + 24 if tag else 0
    if tag:
        pill(d, (x1 - 14 - tag_w / 2, y0 + 30), tag, 22, colour, outline=WHITE, width=2, pad=12)
    title = f"{ship.seat + 1}. {ship.captain_name}" + (f" ({player})" if player else "")
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
