"""Dead Reckoning drawing kit shared by the board and the hand: page colours, seat colours and
names, and the small pieces every panel uses (name chips, cubes, ship tokens with the pirate
flag, labelled counters) plus the names of components by id.

The engine names seats "Player 1" … "Player 4" and gives them no colour, so the colour comes from
render.common's colour-blind-safe palette and every piece also carries the seat's number: colour
is never the only cue. Islands and the battle name seats "p1" … "p4" (`owner_seat`)."""
from __future__ import annotations

from collections.abc import Mapping

from PIL import ImageDraw

from engine.dead_reckoning.defs import defs
from render.common import (
    INK,
    RGB,
    WHITE,
    Box,
    draw_text,
    fit_size,
    rounded_box,
    seat_colour,
    text_width,
)
from render.common import PARCHMENT as PARCHMENT  # re-exported: the modules of this renderer read their style here
from render.common import counter as counter

W = 1200
MARGIN = 14

BG: RGB = (12, 30, 46)              # the page
SEA: RGB = (28, 84, 128)            # an explored open sea
DEEP: RGB = (16, 40, 62)            # a face-down board
PANEL: RGB = (26, 44, 62)
PANEL_EDGE: RGB = (84, 112, 138)
LAND: RGB = (232, 214, 160)
LAND_EDGE: RGB = (120, 92, 48)
DIM: RGB = (120, 134, 150)
BLACK_CUBE: RGB = (48, 48, 52)      # Merchant ships' and Buildings' cubes
DAMAGE: RGB = (214, 64, 52)
GOOD: RGB = (120, 220, 120)
CARGO_RGB: RGB = (196, 128, 60)     # cargo counts
COIN_RGB: RGB = (245, 196, 50)      # coin counts
COLOUR_WORDS = ("orange", "sky blue", "green", "yellow")   # render.common's first four seat colours

Players = Mapping[int, str]
NO_PLAYERS: Players = {}


# ---- seats --------------------------------------------------------------------------------
def seat_rgb(seat: int) -> RGB:
    return seat_colour(seat)


def owner_seat(owner: str) -> int | None:
    """'p2' -> seat 1; 'black' (a Merchant ship or Buildings' defence) -> None."""
    return int(owner[1:]) - 1 if owner.startswith("p") and owner[1:].isdigit() else None


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def who(seat: int, players: Players) -> str:
    """'Player 2 (bob)', or 'Player 2' when nobody is named for the seat."""
    return f"{seat_name(seat)} ({players[seat][:14]})" if players.get(seat) else seat_name(seat)


def colour_word(seat: int) -> str:
    return COLOUR_WORDS[seat] if seat < len(COLOUR_WORDS) else f"colour {seat + 1}"


# ---- names of components -------------------------------------------------------------------
def board_name(board: str) -> str:
    b = defs().ocean.boards.get(board)
    return b.name if b is not None else board.replace("-", " ").title()


def card_name(card: str) -> str:
    c = defs().advancements.cards.get(card)
    return c.name if c is not None else card.replace("-", " ").title()


def sailor_name(card: str) -> str:
    """'gunner-2' -> 'Gunner 2', 'first-mate' -> 'First Mate'."""
    base, _, n = card.rpartition("-")
    if n.isdigit():
        return f"{sailor_name(base)} {n}"
    kind = card.replace("-", "_")
    s = defs().sailors.sailors.get(kind)  # type: ignore[call-overload]
    return s.name if s is not None else card.replace("-", " ").title()


def upgrade_name(tile: str) -> str:
    t = defs().upgrades.tiles.get(tile)
    return t.name if t is not None else tile.replace("-", " ").title()


def token_text(token: str) -> str:
    """A Bonus Achievement token by the Achievements it shows: 'Capitalist + Builder'."""
    t = defs().achievements.tokens.get(token)
    names = defs().achievements.achievements
    return " + ".join(names[a].name for a in t.shows) if t is not None else token


def place_name(pos: str, grid_board: str | None) -> str:
    """'Harbor', or 'b2 Serpent Atoll', or 'b2 (unexplored)'."""
    if pos == "harbor":
        return defs().ocean.harbor.name
    return f"{pos} {board_name(grid_board)}" if grid_board else f"{pos} (unexplored)"


# ---- small pieces --------------------------------------------------------------------------
def chip(d: ImageDraw.ImageDraw, xy: tuple[float, float], seat: int, text: str, size: int,
         lit: bool = False) -> float:
    """A rounded name chip in the seat's colour, left edge at x, centred on y; returns its width."""
    x, y = xy
    w = text_width(text, size, True) + 24
    h = size + 14
    rounded_box(d, (x, y - h / 2, x + w, y + h / 2), h / 2, seat_rgb(seat), WHITE if lit else INK, 3 if lit else 2)
    draw_text(d, (x + w / 2, y), text, size, bold=True, fill=INK, anchor="mm")
    return w


def cube(d: ImageDraw.ImageDraw, xy: tuple[float, float], owner: int | None, s: int = 26,
         label: str | None = None, permanent: bool = False) -> float:
    """A cube: a square in the seat's colour with its number (black: an 'M' free cube); a
    permanent cube gets a thick white rim. Left edge at x, centred on y; returns the width used."""
    x, y = xy
    fill = BLACK_CUBE if owner is None else seat_rgb(owner)
    rim = WHITE if permanent or owner is None else INK
    d.rectangle((x, y - s / 2, x + s, y + s / 2), fill=fill, outline=rim, width=4 if permanent else 2)
    text = label if label is not None else ("" if owner is None else str(owner + 1))
    if text:
        draw_text(d, (x + s / 2, y + 1), text, fit_size(text, int(s * 0.7), s - 4, True, 10), bold=True,
                  fill=WHITE if owner is None else INK, anchor="mm")
    return s + 5


def empty_slot(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: int = 26) -> float:
    x, y = xy
    d.rectangle((x, y - s / 2, x + s, y + s / 2), fill=WHITE, outline=LAND_EDGE, width=2)
    return s + 5


def ship(d: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int, pirate: bool, s: int = 24) -> None:
    """A ship token: a hull in the seat's colour with its number and a white sail; in Pirate
    mode the sail is black with a skull (the pirate flag)."""
    x, y = centre
    sail_fill, sail_edge = (INK, WHITE) if pirate else (WHITE, INK)
    d.line((x, y - s * 1.3, x, y), fill=INK, width=3)
    d.polygon([(x + 2, y - s * 1.3), (x + 2, y - 3), (x + s * 0.95, y - 3)], fill=sail_fill, outline=sail_edge)
    d.polygon([(x - 2, y - s * 1.1), (x - 2, y - 3), (x - s * 0.75, y - 3)], fill=sail_fill, outline=sail_edge)
    if pirate:
        draw_text(d, (x + s * 0.38, y - s * 0.42), "☠", int(s * 0.7), fill=WHITE, anchor="mm")
    hull = [(x - s * 1.1, y), (x + s * 1.1, y), (x + s * 0.75, y + s * 0.8), (x - s * 0.75, y + s * 0.8)]
    d.polygon(hull, fill=seat_rgb(seat), outline=WHITE if pirate else INK, width=3)
    draw_text(d, (x, y + s * 0.4), str(seat + 1), int(s * 0.75), bold=True, fill=INK, anchor="mm")


def pirate_flag(d: ImageDraw.ImageDraw, xy: tuple[float, float], size: int = 26) -> float:
    """A small black flag with a skull, left edge at x, centred on y; returns its width."""
    x, y = xy
    w = size * 1.4
    rounded_box(d, (x, y - size / 2, x + w, y + size / 2), 4, INK, WHITE, 2)
    draw_text(d, (x + w / 2, y), "☠", int(size * 0.8), fill=WHITE, anchor="mm")
    return w + 6




def label_box(d: ImageDraw.ImageDraw, box: Box, text: str, size: int, fill: RGB, text_fill: RGB = INK,
              edge: RGB = INK) -> None:
    """A box with one centred line that shrinks to fit."""
    rounded_box(d, box, 6, fill, edge, 2)
    x0, y0, x1, y1 = box
    draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), text, fit_size(text, size, x1 - x0 - 10, True), bold=True,
              fill=text_fill, anchor="mm")
