"""Pirate Chest board panels around and inside the ring: the header (who the game waits on),
the centre panel (turn and last move, the fight in progress, or the winner) and the legend
(one card per seat). Each reads the view only.
"""
from __future__ import annotations

import math
from collections.abc import Mapping

from PIL import ImageDraw

from engine.pirate_chest.view import HIDDEN, PirateChestView, ShipView
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
from render.pirate_chest.hand import coin_badge, coin_row, short_name

# ---- layout constants -------------------------------------------------------------------
W = 1200
HEADER_H = 150
HEADLINE_Y, HEADLINE_SIZE, STATS_Y, STATS_SIZE = 48, 36, 116, 28
CENTRE_W, CENTRE_H = 300, 310     # ship tokens at 3 and 9 o'clock leave a tall, narrow middle
WINNER_W, WINNER_H = 330, 310
LEGEND_MARGIN, LEGEND_GAP, LEGEND_COLS = 16, 12, 2
CARD_W = (W - 2 * LEGEND_MARGIN - (LEGEND_COLS - 1) * LEGEND_GAP) // LEGEND_COLS
CARD_H = 254
BAND_H = 62                       # the title band at the top of a seat card
TITLE_SIZE, TITLE_MIN = 36, 28
FIGURES_Y, FIGURE_SIZE, COIN_R = 116, 48, 38    # cards-in-hand number and coin badges
LINE3_Y, LINE3_SIZE, LINE4_Y, LINE4_SIZE, LINE_STEP = 186, 29, 226, 30, 38
LINE_W = CARD_W - 56             # room for a line of text on a seat card
COIN_KEY_H, KEY_SIZE = 64, 30
CARD_FACE: RGB = (244, 232, 204)
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
    for seat, role, y in ((f.attacker, "attacker", y0 + 124), (f.defender, "defender", y0 + 206)):
        name = short_name(view.ships[seat].captain_name)
        pill(d, ((x0 + x1) / 2, y), name, fit_size(name, 32, CENTRE_W - 60, True), seat_colour(seat),
             outline=WHITE, width=3)
        status = f"total {f.totals[seat]}" if seat in f.totals else "sealed" if seat in f.ready else "choosing"
        line = f"{role} · {status}"
        centred_text(d, (x0, y + 24, x1, y + 56), line, fit_size(line, 28, CENTRE_W - 16, seat in f.totals),
                     bold=seat in f.totals, fill=GOLD if seat in f.totals else MUTED)
    if f.my_cards:
        mine = "Yours: " + ", ".join(c.replace("-", " ").title() for c in f.my_cards)
        centred_text(d, (x0, y0 + 268, x1, y0 + 298), mine, fit_size(mine, 26, CENTRE_W - 24), fill=GOLD)


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
def legend_height(view: PirateChestView) -> int:
    key = COIN_KEY_H if coins_shown(view) else 0
    return 2 * LEGEND_MARGIN + key + sum(h + LEGEND_GAP for h in _row_heights(view)) - LEGEND_GAP


def _row_heights(view: PirateChestView) -> list[int]:
    """A row of seat cards grows by a line for each extra line of effects its longest list needs."""
    ships = view.ships
    return [CARD_H + LINE_STEP * max(len(_last_lines(s)) - 1 for s in ships[i:i + LEGEND_COLS])
            for i in range(0, len(ships), LEGEND_COLS)]


def _last_lines(ship: ShipView) -> list[str]:
    """The card's last lines: the ship's effects (wrapped), else its ability."""
    if not ship.effects:
        return [f"Ability: {ship.ability}"]
    text = ", ".join(ship.effects)
    if text_width(text, LINE4_SIZE, True) <= LINE_W:
        return [text]
    lines = [""]
    for e in ship.effects:
        joined = f"{lines[-1]}, {e}" if lines[-1] else e
        if lines[-1] and text_width(joined + ",", LINE4_SIZE, True) > LINE_W:
            lines[-1] += ","
            lines.append(e)
        else:
            lines[-1] = joined
    return lines


def draw_legend(d: ImageDraw.ImageDraw, view: PirateChestView, top: int, players: Players = NO_PLAYERS) -> None:
    """The coin key (when any coin shows), then one card per seat, two to a row."""
    shown = coins_shown(view)
    if shown:
        _coin_key(d, shown, view.coin_names, top + LEGEND_MARGIN + COIN_KEY_H / 2 - 4)
        top += COIN_KEY_H
    y = top + LEGEND_MARGIN
    for row, h in enumerate(_row_heights(view)):
        for i, ship in enumerate(view.ships[row * LEGEND_COLS:(row + 1) * LEGEND_COLS]):
            x = LEGEND_MARGIN + i * (CARD_W + LEGEND_GAP)
            _seat_card(d, view, ship, (x, y, x + CARD_W, y + h), players.get(ship.seat, ""))
        y += h + LEGEND_GAP


def coins_shown(view: PirateChestView) -> list[str]:
    """The face-up coins the board shows (held by ships or lying on islands), in the view's order."""
    seen = {c for ship in view.ships for c in ship.coins} | {c for sp in view.spaces for c in sp.coins}
    order = [*view.coin_names, *sorted(seen - set(view.coin_names))]
    return [c for c in order if c in seen and c != HIDDEN]


def _coin_key(d: ImageDraw.ImageDraw, coins: list[str], names: dict[str, str], y: float) -> None:
    """'Coins:' and each shown coin's badge with its short name, across the top of the legend."""
    draw_text(d, (LEGEND_MARGIN + 8, y), "Coins:", KEY_SIZE, bold=True, fill=MUTED, anchor="lm")
    left = LEGEND_MARGIN + 8 + text_width("Coins:", KEY_SIZE, True) + 18
    coin_row(d, (left, y), coins, names, W - LEGEND_MARGIN - left, KEY_SIZE)


def _seat_card(d: ImageDraw.ImageDraw, view: PirateChestView, ship: ShipView, box: Box, player: str = "") -> None:
    """Title band (seat, captain, player; filled with the seat's colour on its turn); big badges
    for cards in hand and coins held; ship and home port; effects or ability."""
    x0, y0, x1, y1 = box
    colour = seat_colour(ship.seat)
    active = ship.seat == (view.winner if view.ended else view.active_seat)
    waiting = ship.seat in view.waiting_on
    lit = active or waiting
    rounded_box(d, box, 16, CARD_BG, colour if lit else CARD_EDGE, 8 if lit else 2)
    if active:
        rounded_box(d, (x0 + 4, y0 + 4, x1 - 4, y0 + BAND_H), 13, colour)
    d.rectangle((x0 + 6, y0 + (BAND_H if active else 6), x0 + 26, y1 - 6), fill=colour)
    left, mid = x0 + (16 if active else 38), y0 + BAND_H / 2 + 2
    if lit:       # a mark for whose turn it is (or who won), and for who else the game waits on
        mark = "star" if active and view.ended else "turn" if active else "wait"
        _mark(d, (left + 14, mid), mark, INK if active else colour)
        left += 38
    text, size = _title(f"{ship.seat + 1}. {ship.captain_name}", player, x1 - 14 - left)
    draw_text(d, (left, mid), text, size, bold=True, fill=INK if active else WHITE, anchor="lm")
    _figures(d, view, ship, (x0 + 40, y0 + FIGURES_Y), x1 - 16)
    home = next((s.name for s in view.spaces if s.number == ship.home), str(ship.home))
    line3 = f"Home: {home} · {ship.ship}" if ship.ship else "choosing a captain"
    draw_text(d, (x0 + 40, y0 + LINE3_Y), line3, fit_size(line3, LINE3_SIZE, x1 - x0 - 56), fill=MUTED, anchor="lm")
    fill = WARN if ship.effects else WHITE
    for j, line in enumerate(_last_lines(ship)):
        draw_text(d, (x0 + 40, y0 + LINE4_Y + j * LINE_STEP), line, fit_size(line, LINE4_SIZE, LINE_W, True),
                  bold=ship.effects != [], fill=fill, anchor="lm")


def _title(seat_captain: str, player: str, room: float) -> tuple[str, int]:
    """'N. Captain (player)' at the largest size that fits, down to TITLE_MIN; below that the
    player's name is cut short with an ellipsis."""
    title = f"{seat_captain} ({player})" if player else seat_captain
    size = fit_size(title, TITLE_SIZE, room, True, smallest=TITLE_MIN)
    while player and text_width(title, size, True) > room and len(player) > 1:
        player = player[:-1]
        title = f"{seat_captain} ({player.rstrip()}…)"
    return title, fit_size(title, size, room, True)


def _mark(d: ImageDraw.ImageDraw, centre: tuple[float, float], kind: str, colour: RGB) -> None:
    """A triangle for the seat whose turn it is, a star for the winner, an hourglass for a seat
    the game also waits on."""
    x, y = centre
    if kind == "turn":
        pts = [(x - 11, y - 15), (x + 15, y), (x - 11, y + 15)]
    elif kind == "star":
        pts = [(x + (16 if i % 2 == 0 else 7) * math.sin(i * math.pi / 5),
                y - (16 if i % 2 == 0 else 7) * math.cos(i * math.pi / 5)) for i in range(10)]
    else:
        pts = [(x - 12, y - 16), (x + 12, y - 16), (x - 12, y + 16), (x + 12, y + 16)]
    d.polygon(pts, fill=colour, outline=INK, width=2)


def _figures(d: ImageDraw.ImageDraw, view: PirateChestView, ship: ShipView, left_mid: tuple[float, float],
             right: float) -> None:
    """The figures that tell who is ahead, big enough for a phone: a card stack with the number
    of cards in hand, then one coin badge per coin held (or 'no coins')."""
    x, y = left_mid
    x = cards_badge(d, (x, y), ship.hand_size) + 30
    if not ship.coins:
        draw_text(d, (x, y), "no coins", FIGURE_SIZE - 4, fill=MUTED, anchor="lm")
        return
    n = len(ship.coins)
    r = min(COIN_R, (right - x - (n - 1) * 10) / n / 2)
    for coin in ship.coins:
        coin_badge(d, (x + r, y), r, coin)
        x += 2 * r + 10


def cards_badge(d: ImageDraw.ImageDraw, left_mid: tuple[float, float], count: int) -> float:
    """Two stacked cards and the count beside them; returns the right edge."""
    x, y = left_mid
    for dx, dy in ((10, -8), (0, 0)):
        rounded_box(d, (x + dx, y - 30 + dy, x + dx + 42, y + 30 + dy), 6, CARD_FACE, INK, 3)
    draw_text(d, (x + 62, y), str(count), FIGURE_SIZE, bold=True, fill=WHITE, anchor="lm")
    return x + 62 + text_width(str(count), FIGURE_SIZE, True)
