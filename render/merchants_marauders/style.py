"""Merchants & Marauders drawing kit shared by the board and the private image: page and nation
colours, seat names, the names of components by id, and the small pieces every panel uses
(seat chips, ship tokens for players and NPCs, pips, nation flags).

Seats take render.common's colour-blind-safe palette and always carry their number, so colour is
never the only cue; a nation's colour comes with its three-letter tag (ENG, SPA, FRA, NED), and
the nation colours are deeper than the seat colours so a nation's band never reads as a seat."""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from PIL import ImageDraw

from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.card_models import MissionDef, RumourDef
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules.npc import NATION_ADJECTIVE
from render.common import INK, RGB, WHITE, Box, draw_text, fit_size, rounded_box, seat_colour, text_width
from render.common import PARCHMENT as PARCHMENT  # re-exported: this renderer's modules read their style here
from render.common import counter as counter

W = 1200
MARGIN = 14

BG: RGB = (12, 30, 46)              # the page
SEA: RGB = (30, 88, 132)            # a zone's water
OPEN_SEA_RGB: RGB = (22, 66, 104)   # the Caribbean Sea (no port)
PANEL: RGB = (26, 44, 62)
PANEL_EDGE: RGB = (84, 112, 138)
DIM: RGB = (120, 134, 150)
DAMAGE: RGB = (214, 64, 52)
GOOD: RGB = (120, 220, 120)
PIRATE_RGB: RGB = (36, 36, 40)
STORM_RGB: RGB = (150, 150, 170)

NATION_RGB: dict[str, RGB] = {"spain": (196, 148, 20), "england": (178, 34, 52), "france": (40, 76, 170),
                              "netherlands": (214, 104, 20)}
NATION_TAG = {"spain": "SPA", "england": "ENG", "france": "FRA", "netherlands": "NED"}
NATION_NAME = {"spain": "Spain", "england": "England", "france": "France", "netherlands": "Netherlands"}
GOOD_RGB: dict[str, RGB] = {"sugar": (236, 236, 226), "rum": (150, 80, 40), "tobacco": (120, 96, 50),
                            "cotton": (210, 210, 240), "textiles": (190, 90, 160), "coffee": (90, 60, 40),
                            "spices": (220, 120, 40), "timber": (140, 110, 70)}

Players = Mapping[int, str]
NO_PLAYERS: Players = {}


# ---- seats --------------------------------------------------------------------------------
def seat_rgb(seat: int) -> RGB:
    return seat_colour(seat)


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def who(seat: int, players: Players) -> str:
    """'Player 2 (bob)', or 'Player 2' when nobody is named for the seat."""
    return f"{seat_name(seat)} ({players[seat][:14]})" if players.get(seat) else seat_name(seat)


def ink_on(rgb: RGB) -> RGB:
    """Black text on a light fill, white on a dark one."""
    r, g, b = rgb
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else WHITE


# ---- names of components -------------------------------------------------------------------
def zone_name(z: str) -> str:
    zd = defs().map.zones.get(z)  # type: ignore[call-overload]
    return zd.name if zd is not None else z.replace("_", " ").title()


def zone_nation(z: str) -> str | None:
    zd = defs().map.zones.get(z)  # type: ignore[call-overload]
    return zd.nation if zd is not None else None


def where(zone: str, in_port: bool) -> str:
    """'in port at Havana', 'at sea off Havana', 'at sea in the Caribbean Sea'."""
    if in_port:
        return f"in port at {zone_name(zone)}"
    return f"at sea {'in the' if zone_name(zone).endswith(' Sea') else 'off'} {zone_name(zone)}"


def captain_name(cid: str | None) -> str:
    c = defs().all_captains().get(cid or "")
    return c.name if c is not None else "(captain hidden)"


def ship_name(ship: str) -> str:
    sd = defs().all_ships().get(ship)  # type: ignore[call-overload]
    return sd.name if sd is not None else ship.replace("_", " ").title()


def modification_name(m: str) -> str:
    md = defs().all_modifications().get(m)
    return md.name if md is not None else m.replace("_", " ").title()


def weapon_name(w: str) -> str:
    wd = defs().all_weapons().get(w)  # type: ignore[call-overload]
    return wd.name if wd is not None else w.replace("_", " ").title()


def location_name(kind: str) -> str:
    ld = defs().locations.locations.get(kind)  # type: ignore[call-overload]
    return ld.name if ld is not None else kind.replace("_", " ").title()


@cache
def _goods_of() -> dict[str, str]:
    c = cards()
    return {cid: cd.good for cid, cd in {**c.base.cargo.cards, **c.sog.contraband.cards}.items()}


def good_of(card: str) -> str:
    """A cargo (or contraband) card's good: 'spices-5' -> 'spices'."""
    return _goods_of().get(card, card.rsplit("-", 1)[0])


def good_name(good: str) -> str:
    return good.title()


def glory_name(card: str) -> str:
    g = cards().base.glory.cards.get(card)
    return g.name if g is not None else card


def specialist_name(card: str) -> str:
    """A specialist aboard by its trade: 'Navigator', or the card's name for any other card."""
    g = cards().base.glory.cards.get(card)
    if g is None:
        return card
    return g.specialist.title() if g.specialist else g.name


@cache
def _rumours() -> dict[str, RumourDef]:
    c = cards()
    return {**c.base.rumours.rumours, **c.sog.rumours.rumours, **c.sog.rumours.replacements}


def rumour_def(rid: str) -> RumourDef | None:
    return _rumours().get(rid)


def mission_def(mid: str) -> MissionDef | None:
    c = cards()
    return c.base.missions.missions.get(mid) or c.sog.missions.missions.get(mid)


def npc_label(side: str, nation: str | None, ship: str) -> str:
    """'Spanish frigate', 'Pirate sloop', 'Treasure galleon'."""
    if side == "treasure":
        return "Treasure galleon"
    owner = "Pirate" if side == "pirate" or nation is None else NATION_ADJECTIVE[nation]
    return f"{owner} {ship_name(ship).lower()}"


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


def hull(d: ImageDraw.ImageDraw, centre: tuple[float, float], fill: RGB, label: str, s: float,
         edge: RGB = INK, sail: RGB = WHITE) -> None:
    """A ship token: a hull of `fill` with `label` on it under a sail."""
    x, y = centre
    d.line((x, y - s * 1.2, x, y), fill=edge, width=2)
    d.polygon([(x + 2, y - s * 1.2), (x + 2, y - 2), (x + s * 0.85, y - 2)], fill=sail, outline=edge)
    d.polygon([(x - 2, y - s), (x - 2, y - 2), (x - s * 0.7, y - 2)], fill=sail, outline=edge)
    shape = [(x - s * 1.05, y), (x + s * 1.05, y), (x + s * 0.72, y + s * 0.85), (x - s * 0.72, y + s * 0.85)]
    d.polygon(shape, fill=fill, outline=edge, width=2)
    draw_text(d, (x, y + s * 0.42), label, fit_size(label, int(s * 0.9), s * 1.5, True, 10), bold=True,
              fill=ink_on(fill), anchor="mm")


def player_ship(d: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int, s: float = 20) -> None:
    hull(d, centre, seat_rgb(seat), str(seat + 1), s)


def npc_flag(d: ImageDraw.ImageDraw, centre: tuple[float, float], side: str, nation: str | None, s: float = 20) -> None:
    """An NPC as a flag on a pole, so it never reads as a player's ship: a navy's in its nation's
    colour with its tag, a pirate's black with a skull, the treasure galleon's gold with '$'."""
    x, y = centre
    if side == "treasure":
        fill, text, edge = (245, 196, 50), "$", INK
    elif side == "pirate" or nation is None:
        fill, text, edge = PIRATE_RGB, "☠", WHITE
    else:
        fill, text, edge = NATION_RGB[nation], NATION_TAG[nation], WHITE
    w, h = s * 2.3, s * 1.5
    d.line((x - w / 2, y - h / 2, x - w / 2, y + h * 0.85), fill=WHITE, width=3)
    d.rectangle((x - w / 2, y - h / 2, x + w / 2, y + h / 2), fill=fill, outline=edge, width=2)
    draw_text(d, (x, y), text, fit_size(text, int(s * 0.95), w - 6, True, 10), bold=True, fill=ink_on(fill),
              anchor="mm")


def pips(d: ImageDraw.ImageDraw, xy: tuple[float, float], value: int, most: int, s: int = 18,
         fill: RGB = GOOD, empty: RGB = PANEL) -> float:
    """`most` round pips, the first `value` filled (a hit location's points); returns the width."""
    x, y = xy
    for i in range(max(most, value)):
        lit = i < value
        d.ellipse((x, y - s / 2, x + s, y + s / 2), fill=fill if lit else empty,
                  outline=WHITE if lit else PANEL_EDGE, width=2)
        x += s + 4
    return max(most, value) * (s + 4)


def flag(d: ImageDraw.ImageDraw, xy: tuple[float, float], nation: str, text: str, size: int = 18) -> float:
    """A nation's flag: its colour with its tag (and `text`, e.g. a count); returns the width."""
    x, y = xy
    label = f"{NATION_TAG[nation]}{text}"
    w = text_width(label, size, True) + 14
    rgb = NATION_RGB[nation]
    rounded_box(d, (x, y - (size + 8) / 2, x + w, y + (size + 8) / 2), 4, rgb, WHITE, 2)
    draw_text(d, (x + w / 2, y), label, size, bold=True, fill=ink_on(rgb), anchor="mm")
    return w + 6


def tag(d: ImageDraw.ImageDraw, box: Box, text: str, size: int, fill: RGB, text_fill: RGB | None = None) -> None:
    """A box with one centred line that shrinks to fit."""
    rounded_box(d, box, 6, fill, INK, 1)
    x0, y0, x1, y1 = box
    draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), text, fit_size(text, size, x1 - x0 - 8, True, 10), bold=True,
              fill=text_fill or ink_on(fill), anchor="mm")
