"""The Caribbean map: the 17 zones where their bearings put them (layout.py), joined by the sea
lanes of the map data, each as a tile: its name on a band in the port's nation colour (with the
nation's tag), the good its port demands, its modification (named once revealed, else 'hidden'),
the Module 9 location token, the zone's merchant token, and the ships there: the players' in
their seat colours with their numbers (on a light quay when in port), the navies in their nation
colours, pirates black, the treasure galleon gold. The storm's zone is drawn grey and marked; the
wind (Module 8) is a compass needle in the free corner with the legend. Reads only the view."""
from __future__ import annotations

import math

from PIL import ImageDraw

from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.view import MerchantsView
from engine.merchants_marauders.vocab import OPEN_SEA
from render.common import GOLD, INK, MUTED, WHITE, Box, draw_text, fit_size, rounded_box, text_width
from render.merchants_marauders.layout import STEP, positions
from render.merchants_marauders.style import (
    GOOD_RGB,
    MARGIN,
    NATION_RGB,
    NATION_TAG,
    OPEN_SEA_RGB,
    PANEL_EDGE,
    PARCHMENT,
    SEA,
    STORM_RGB,
    W,
    good_name,
    ink_on,
    location_name,
    modification_name,
    npc_flag,
    player_ship,
    tag,
    zone_name,
)

__all__ = ["TILE_H", "TILE_W", "draw_map", "map_height", "tile_boxes"]

# ---- layout constants -------------------------------------------------------------------
TITLE_H = 50
TILE_W, TILE_H = 188, 184
SPREAD_H = 760                       # the height the zone centres spread over
BAND_H = 34
LINE = 27
SHIP_S = 22
STRIP_H = 62                         # the water strip where the ships are
LANE: tuple[int, int, int] = (90, 140, 190)
QUAY: tuple[int, int, int] = (226, 210, 170)


def map_height() -> int:
    return TITLE_H + SPREAD_H + TILE_H + 16


def tile_boxes(top: float = 0) -> dict[str, Box]:
    """Each zone's tile on the page, its map drawn from `top`."""
    pos = positions(W - 2 * MARGIN - TILE_W, SPREAD_H, (TILE_W, TILE_H))
    y0 = top + TITLE_H + 6
    return {z: (MARGIN + x, y0 + y, MARGIN + x + TILE_W, y0 + y + TILE_H) for z, (x, y) in pos.items()}


def _centre(b: Box) -> tuple[float, float]:
    return (b[0] + b[2]) / 2, (b[1] + b[3]) / 2


def _lanes(d: ImageDraw.ImageDraw, boxes: dict[str, Box]) -> None:
    for z, zd in defs().map.zones.items():
        for n in zd.neighbours:
            if z < n:
                d.line((*_centre(boxes[z]), *_centre(boxes[n])), fill=LANE, width=5)


def _ships(view: MerchantsView, zone: str) -> list[tuple[str, object]]:
    """('seat', n) for each player ship, ('npc', Npc) for each NPC, in drawing order."""
    out: list[tuple[str, object]] = [("seat", p.seat) for p in view.players if p.zone == zone]
    out += [("npc", n) for n in view.npcs.values() if n.zone == zone]
    return out


def _draw_ships(d: ImageDraw.ImageDraw, view: MerchantsView, zone: str, box: Box) -> None:
    """The ships in the zone's water strip, left to right; crowded strips squeeze them closer."""
    x0, _, x1, y1 = box
    ships = _ships(view, zone)
    step = min(SHIP_S * 2.35, (x1 - x0 - 12) / max(1, len(ships)))
    cy = y1 - STRIP_H / 2 - 2
    for i, (kind, what) in enumerate(ships):
        cx = x0 + 6 + SHIP_S * 1.2 + i * step
        if kind == "seat":
            seat = int(what)  # type: ignore[call-overload]
            if view.players[seat].in_port:
                rounded_box(d, (cx - SHIP_S * 1.15, cy - SHIP_S * 1.3, cx + SHIP_S * 1.15, cy + SHIP_S * 1.05), 5,
                            QUAY, INK, 1)
            player_ship(d, (cx, cy + 4), seat, SHIP_S)
        else:
            npc = what
            npc_flag(d, (cx, cy - 2), npc.side, npc.nation, SHIP_S * 0.95)  # type: ignore[attr-defined]


def _body(d: ImageDraw.ImageDraw, view: MerchantsView, zone: str, box: Box) -> None:
    """Demand, modification, location and merchant lines below the band."""
    x0, y0, x1, _ = box
    zv = view.zones[zone]  # type: ignore[index]
    y = y0 + BAND_H + 15
    if zv.demand is not None:
        d.rectangle((x0 + 8, y - 8, x0 + 24, y + 8), fill=GOOD_RGB[zv.demand], outline=INK)
        text = f"wants {good_name(zv.demand)}"
        draw_text(d, (x0 + 30, y), text, fit_size(text, 20, x1 - x0 - 66, True), bold=True, fill=INK, anchor="lm")
    if zv.merchant:
        cx = x1 - 22
        d.ellipse((cx - 14, y - 13, cx + 14, y + 15), fill=(250, 244, 220), outline=INK, width=2)
        draw_text(d, (cx, y + 1), "M", 17, bold=True, fill=INK, anchor="mm")
    y += LINE
    if zv.has_modification:
        mod = f"⚙ {modification_name(zv.modification)}" if zv.modification else "⚙ hidden"
        draw_text(d, (x0 + 8, y), mod, fit_size(mod, 19, x1 - x0 - 14), fill=(40, 40, 50) if zv.modification
                  else (110, 100, 80), anchor="lm")
    elif zone != OPEN_SEA:
        draw_text(d, (x0 + 8, y), "⚙ none left", 19, fill=(110, 100, 80), anchor="lm")
    location = _locations(view).get(zone)
    if location:
        tag(d, (x0 + 6, y + 14, x1 - 6, y + 38), location_name(location), 18, (96, 64, 120))


def _locations(view: MerchantsView) -> dict[str, str]:
    """Module 9's location tokens by zone, when the engine carries them."""
    found = getattr(view, "locations", None)
    return dict(found) if isinstance(found, dict) else {}


def _storm(view: MerchantsView) -> set[str]:
    found = getattr(view, "storm", None)
    if isinstance(found, str):
        return {found}
    return set(found) if isinstance(found, (list, tuple, set)) else set()


def _tile(d: ImageDraw.ImageDraw, view: MerchantsView, zone: str, box: Box) -> None:
    x0, y0, x1, y1 = box
    nation = defs().map.zones[zone].nation  # type: ignore[index]
    storm = zone in _storm(view)
    if nation is None:
        rounded_box(d, box, 12, STORM_RGB if storm else OPEN_SEA_RGB, WHITE, 3)
        draw_text(d, ((x0 + x1) / 2, y0 + BAND_H / 2 + 2), "Caribbean Sea", 20, bold=True, fill=WHITE, anchor="mm")
        draw_text(d, ((x0 + x1) / 2, y0 + BAND_H + 14), "open sea, no port", 16, fill=MUTED if not storm else INK,
                  anchor="mm")
    else:
        rounded_box(d, box, 12, STORM_RGB if storm else PARCHMENT, INK, 3)
        band = NATION_RGB[nation]
        rounded_box(d, (x0, y0, x1, y0 + BAND_H), 12, band, INK, 2)
        name, nt = zone_name(zone), NATION_TAG[nation]
        room = x1 - x0 - 18
        with_tag = text_width(name, 22, True) + text_width(nt, 15, True) + 10 <= room
        draw_text(d, (x0 + 9, y0 + BAND_H / 2), name, fit_size(name, 22, room, True), bold=True,
                  fill=ink_on(band), anchor="lm")
        if with_tag:          # the band's colour already says the nation; the tag only where it fits
            draw_text(d, (x1 - 8, y0 + BAND_H / 2), nt, 15, bold=True, fill=ink_on(band), anchor="rm")
        # the ship strip is water: the port's quay is drawn under ships in port
        rounded_box(d, (x0 + 4, y1 - STRIP_H - 4, x1 - 4, y1 - 4), 8, SEA, INK, 1)
        _body(d, view, zone, box)
    if nation is None and view.zones[zone].merchant:  # type: ignore[index]
        cx, y = x1 - 22, y0 + BAND_H + 40
        d.ellipse((cx - 14, y - 13, cx + 14, y + 15), fill=(250, 244, 220), outline=INK, width=2)
        draw_text(d, (cx, y + 1), "M", 17, bold=True, fill=INK, anchor="mm")
    if storm:
        tag(d, (x0 + 6, y0 + BAND_H + 28, x0 + 96, y0 + BAND_H + 52), "STORM", 17, INK, WHITE)
    _draw_ships(d, view, zone, box)


def _compass(d: ImageDraw.ImageDraw, view: MerchantsView, box: Box) -> None:
    """The wind needle (the way it blows towards), or 'N' alone when there is no wind."""
    x0, y0, x1, y1 = box
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2 + 14, min(x1 - x0, y1 - y0) / 2 - 16
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(16, 50, 80), outline=PANEL_EDGE, width=2)
    draw_text(d, (cx, cy - r + 14), "N", 18, bold=True, fill=MUTED, anchor="mm")
    wind = getattr(view, "wind", None)
    draw_text(d, (cx, y0 + 2), f"Wind: {wind}" if isinstance(wind, str) else "No wind", 19, bold=True,
              fill=GOLD if isinstance(wind, str) else MUTED, anchor="mt")
    if isinstance(wind, str) and wind in STEP:
        dx, dy = STEP[wind]
        a = math.atan2(dy, dx)
        tip = (cx + math.cos(a) * (r - 6), cy + math.sin(a) * (r - 6))
        tail = (cx - math.cos(a) * (r - 10), cy - math.sin(a) * (r - 10))
        d.line((*tail, *tip), fill=GOLD, width=6)
        left = (tip[0] - math.cos(a - 0.5) * 18, tip[1] - math.sin(a - 0.5) * 18)
        right = (tip[0] - math.cos(a + 0.5) * 18, tip[1] - math.sin(a + 0.5) * 18)
        d.polygon([tip, left, right], fill=GOLD)


LEGEND = ("ship with a number: a player", "light quay behind it: in port", "flag: an NPC ship,",
          "   SPA ENG FRA NED: a navy,", "   ☠ a pirate, $ the treasure galleon", "M: a merchant to raid",
          "⚙ the port's modification, hidden", "   until a player puts in there")


def _legend(d: ImageDraw.ImageDraw, view: MerchantsView, box: Box) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 10, (16, 38, 58), PANEL_EDGE, 1)
    _compass(d, view, (x1 - 150, y0 + 8, x1 - 8, y0 + 150))
    y = y0 + 22
    for ln in LEGEND:
        draw_text(d, (x0 + 12, y), ln, fit_size(ln, 18, x1 - x0 - 180), fill=MUTED, anchor="lm")
        y += 27


def draw_map(d: ImageDraw.ImageDraw, view: MerchantsView, top: int) -> None:
    draw_text(d, (MARGIN, top + 26), "The Caribbean", 30, bold=True, fill=WHITE, anchor="lm")
    note = "lines: the sea lanes between zones · band: the port's nation"
    draw_text(d, (W - MARGIN, top + 26), note, fit_size(note, 19, W - 300), fill=MUTED, anchor="rm")
    boxes = tile_boxes(top)
    _legend(d, view, _free_corner(boxes, top))
    _lanes(d, boxes)
    for z, box in boxes.items():
        _tile(d, view, z, box)


def _free_corner(boxes: dict[str, Box], top: float) -> Box:
    """The widest empty box in the map's north-east: above every tile right of the north-west group."""
    right = W - MARGIN
    width = 500
    x0 = right - width
    floor = min(b[1] for b in boxes.values() if b[2] > x0) - 10
    return (x0, top + TITLE_H + 4, right, max(top + TITLE_H + 160, floor))
