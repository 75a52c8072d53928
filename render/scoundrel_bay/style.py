"""Scoundrel Bay drawing kit shared by the board and the hand: the game's seat colours (green,
orange, purple, teal; grey ghosts), flag colours, and small pieces (name chips, pirate and
captain figures, flag chips, resource counters) plus the names of components by id.

Seat colours follow the game (engine/scoundrel_bay/rules/common.py COLOURS), not render.common's
palette: a player told "you are Purple" finds purple figures. Every figure also carries the
seat's initial, so colour is never the only cue.
"""
from __future__ import annotations

from PIL import ImageDraw

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.rules.common import COLOURS
from engine.scoundrel_bay.state import GHOST
from render.common import INK, RGB, WHITE, Box, draw_text, rounded_box, text_width
from render.common import PARCHMENT as PARCHMENT  # re-exported: the modules of this renderer read their style here
from render.common import counter as counter

W = 1200
MARGIN = 12

BG: RGB = (12, 30, 46)            # the page
SEA: RGB = (18, 62, 98)
SEA_SPACE: RGB = (36, 104, 150)
PANEL: RGB = (26, 44, 62)
PANEL_EDGE: RGB = (70, 96, 120)
LAND: RGB = (226, 206, 150)
LAND_EDGE: RGB = (120, 92, 48)
REEF: RGB = (150, 110, 80)
PASSED: RGB = (120, 220, 120)
DIM: RGB = (120, 134, 150)

SEAT_RGB: dict[str, RGB] = {"green": (76, 190, 80), "orange": (250, 150, 30), "purple": (176, 120, 236),
                            "teal": (40, 200, 210), "grey": (160, 160, 160)}
FLAG_RGB: dict[str, RGB] = {"blue": (40, 104, 214), "black": (20, 20, 20), "yellow": (246, 206, 40),
                            "red": (212, 44, 44)}
FLAG_TEXT: dict[str, RGB] = {"blue": WHITE, "black": WHITE, "yellow": INK, "red": WHITE}
MONSTER_RGB: dict[str, RGB] = {"skeleton": (236, 236, 228), "siren": (90, 200, 120), "harpy": (226, 90, 80),
                               "kraken": (90, 150, 240)}   # the stand stickers (monsters.toml)
TOOL_SHORT = {"food_production": "food prod.", "sword": "sword", "gun": "gun", "shield": "shield"}
RESOURCE_NAMES = (("ring", "Rings"), ("map", "Maps"), ("rum", "Rum"), ("food", "Food"))
TRACK_NAMES = (("food_production", "Food prod."), ("sword", "Sword"), ("gun", "Gun"), ("shield", "Shield"))


def seat_rgb(owner: int) -> RGB:
    return SEAT_RGB["grey" if owner == GHOST or owner >= len(COLOURS) else COLOURS[owner]]


def seat_name(owner: int) -> str:
    return "Ghosts" if owner == GHOST or owner >= len(COLOURS) else COLOURS[owner].title()


def initial(owner: int) -> str:
    """The letter on a seat's figures; the ghosts get 'Gh' so they never read as Green."""
    return "Gh" if owner == GHOST or owner >= len(COLOURS) else seat_name(owner)[0]


def region_name(rid: str) -> str:
    return defs().board.regions[rid].name


def island_name(island: str) -> str:
    return island.replace("-", " ").title()


def card_name(card: str) -> str:
    return card_def(card).name


def crate_label(crate: str) -> str:
    """'2→C': a crate's type and the letter of the harbor it is addressed to."""
    c = defs().crates.crates[crate]
    return f"{c.type}→{c.letter}"


def with_player(seat: int, players: dict[int, str] | None) -> str:
    name = seat_name(seat)
    return f"{name} ({players[seat]})" if players and seat in players else name


# ---- small pieces --------------------------------------------------------------------------
def chip(d: ImageDraw.ImageDraw, xy: tuple[float, float], owner: int, text: str, size: int,
         lit: bool = False) -> float:
    """A rounded name chip in the owner's colour, left edge at x, centred on y; returns its width."""
    x, y = xy
    w = text_width(text, size, True) + 24
    h = size + 14
    rounded_box(d, (x, y - h / 2, x + w, y + h / 2), h / 2, seat_rgb(owner), WHITE if lit else INK, 3 if lit else 2)
    draw_text(d, (x + w / 2, y), text, size, bold=True, fill=INK, anchor="mm")
    return w


def pirates(d: ImageDraw.ImageDraw, xy: tuple[float, float], owner: int, n: int, r: int = 17) -> float:
    """A disc in the owner's colour with the count of pirates on it; returns the width used."""
    x, y = xy
    d.ellipse((x, y - r, x + 2 * r, y + r), fill=seat_rgb(owner), outline=INK, width=2)
    draw_text(d, (x + r, y), str(n), int(r * 1.2), bold=True, fill=INK, anchor="mm")
    return 2 * r + 6


def captain(d: ImageDraw.ImageDraw, xy: tuple[float, float], owner: int, r: int = 17) -> float:
    """A captain: a square in the owner's colour with a white rim and a 'C' (strength 2)."""
    x, y = xy
    rounded_box(d, (x, y - r, x + 2 * r, y + r), 5, seat_rgb(owner), WHITE, 3)
    draw_text(d, (x + r, y), "C", int(r * 1.2), bold=True, fill=INK, anchor="mm")
    return 2 * r + 6


def flag_chip(d: ImageDraw.ImageDraw, box: Box, flag: str, text: str, size: int) -> None:
    """A box in a flag's colour with text in its contrast colour (black flags get a light rim)."""
    rounded_box(d, box, 6, FLAG_RGB[flag], WHITE if flag == "black" else INK, 2)
    draw_text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, size, bold=True,
              fill=FLAG_TEXT[flag], anchor="mm")




def ship(d: ImageDraw.ImageDraw, centre: tuple[float, float], owner: int, lit: bool, s: int = 22) -> None:
    """A ship token: a hull in the seat's colour with a white sail and the seat's initial."""
    x, y = centre
    hull = [(x - s, y), (x + s, y), (x + s * 0.65, y + s * 0.7), (x - s * 0.65, y + s * 0.7)]
    d.polygon([(x - 2, y - s * 1.1), (x - 2, y - 1), (x - s * 0.8, y - 1)], fill=WHITE, outline=INK)
    d.polygon([(x + 2, y - s * 1.1), (x + 2, y - 1), (x + s * 0.7, y - 1)], fill=WHITE, outline=INK)
    d.polygon(hull, fill=seat_rgb(owner), outline=WHITE if lit else INK, width=3 if lit else 2)
    draw_text(d, (x, y + s * 0.36), initial(owner), int(s * 0.8), bold=True, fill=INK, anchor="mm")
