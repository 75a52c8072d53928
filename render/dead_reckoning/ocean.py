"""The ocean: the 3 x 4 grid of Ocean boards above the Harbor, north up (row 1 touches the
Harbor), then the Advancement decks and the supply. Draws only what the view holds.

Each explored island shows its name (its band in the controller's colour), what it produces and
scores, its cube slots (empty ones white), its permanent cubes, the goods produced onto it and
its Buildings; an open sea shows its production arrows as big triangles at the edges they point
to; a face-down board shows only that it is unexplored. Every space shows the card lying on it
(name, cost, Advancement or Merchant ship) and the Ships there, a pirate flag on those in
Pirate mode. Control is read with the engine's own pure `controller` so board and rules agree."""
from __future__ import annotations

from PIL import ImageDraw

from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.island_control import Island, controller
from engine.dead_reckoning.view import DeadReckoningView, SpaceView
from render.common import GOLD, INK, MUTED, WHITE, Box, draw_text, fit_size, rounded_box, text_width, wrap
from render.dead_reckoning.style import (
    CARGO_RGB,
    DEEP,
    DIM,
    LAND,
    LAND_EDGE,
    MARGIN,
    PANEL,
    PANEL_EDGE,
    PARCHMENT,
    SEA,
    W,
    board_name,
    card_name,
    counter,
    cube,
    empty_slot,
    label_box,
    owner_seat,
    seat_rgb,
    ship,
    upgrade_name,
)
from render.dead_reckoning.words import face_lines

__all__ = ["draw_ocean", "draw_supply", "ocean_height", "supply_height"]

# ---- layout constants -------------------------------------------------------------------
TITLE_H = 86
GAP = 8
COLS, ROWS = "abc", (4, 3, 2, 1)           # north (row 4) at the top, row 1 next to the Harbor
CELL_W = (W - 2 * MARGIN - 2 * GAP) // 3
CELL_H = 340
BAND_H = 42
CARD_H = 40
HARBOR_H = 132
CUBE = 28
SHIP_S = 27
SUPPLY_LINE, SUPPLY_SIZE = 33, 21
BUILDING_SHORT = {"fort": "Fort", "garrison": "Garrison", "outpost": "Outpost"}


def ocean_height() -> int:
    return TITLE_H + len(ROWS) * (CELL_H + GAP) + HARBOR_H + GAP


def _ships_at(view: DeadReckoningView, pos: str) -> list[tuple[int, bool]]:
    return [(p.seat, p.ship.mode == "pirate") for p in view.players if p.ship.at == pos]


def _draw_ships(d: ImageDraw.ImageDraw, ships: list[tuple[int, bool]], x: float, y: float,
                ink: tuple[int, int, int] = INK) -> None:
    """Ship tokens in a row; a Ship in Pirate mode has black sails and the word beside it."""
    for seat, pirate in ships:
        ship(d, (x + SHIP_S * 1.15, y), seat, pirate, SHIP_S)
        x += SHIP_S * 2.5
        if pirate:
            draw_text(d, (x - 4, y - 4), "Pirate", 20, bold=True, fill=ink, anchor="lm")
            x += text_width("Pirate", 20, True) + 6


def _draw_card(d: ImageDraw.ImageDraw, card: str | None, box: Box) -> None:
    """The Advancement or Merchant ship on a space: name, cost in cargo, and its icons if room."""
    x0, y0, x1, y1 = box
    if card is None:
        return
    c = defs().advancements.cards.get(card)
    merchant = c is not None and c.kind == "merchant"
    rounded_box(d, box, 6, (214, 226, 240) if merchant else PARCHMENT, INK, 2)
    cost = f"{c.cost} cargo" if c is not None else ""
    cost_w = text_width(cost, 20, True) + 14
    rounded_box(d, (x1 - cost_w - 4, y0 + 5, x1 - 4, y1 - 5), 6, CARGO_RGB, INK, 1)
    draw_text(d, (x1 - cost_w / 2 - 4, (y0 + y1) / 2), cost, 20, bold=True, fill=INK, anchor="mm")
    text = f"⚓ {card_name(card)}" if merchant else card_name(card)
    room = x1 - x0 - cost_w - 20
    draw_text(d, (x0 + 8, (y0 + y1) / 2), text, fit_size(text, 21, room, True, 13), bold=True, fill=INK, anchor="lm")


def _info_lines(board: str) -> tuple[str, str]:
    """'produces 2 cargo + 1 coin' and 'scores 9 / 5 / 2 · hand size +1'."""
    b = defs().ocean.boards[board]
    made = [f"{b.production.cargo} cargo" if b.production and b.production.cargo else "",
            f"{b.production.coin} coin" if b.production and b.production.coin else ""]
    scores = " / ".join(str(n) for n in b.scores)
    return (f"produces {' + '.join(m for m in made if m)}",
            f"scores {scores}" + (" · +1 hand size" if b.hand_size else ""))


def _draw_island(d: ImageDraw.ImageDraw, pos: str, island: Island, box: Box) -> None:
    x0, y0, x1, y1 = box
    owner = controller(island)
    seat = owner_seat(owner) if owner else None
    rounded_box(d, box, 10, LAND, LAND_EDGE, 3)
    band = seat_rgb(seat) if seat is not None else LAND_EDGE
    rounded_box(d, (x0, y0, x1, y0 + BAND_H), 10, band, INK, 2)
    tag = f"{pos} · P{seat + 1} controls" if seat is not None else pos
    tw = text_width(tag, 20, True)
    name = board_name(island.board)
    draw_text(d, (x0 + 10, y0 + BAND_H / 2), name, fit_size(name, 26, x1 - x0 - tw - 30, True), bold=True,
              fill=INK if seat is not None else WHITE, anchor="lm")
    draw_text(d, (x1 - 10, y0 + BAND_H / 2), tag, 20, bold=True, fill=INK if seat is not None else WHITE, anchor="rm")
    made, scores = _info_lines(island.board)
    draw_text(d, (x0 + 10, y0 + 60), made, fit_size(made, 21, x1 - x0 - 20), fill=INK, anchor="lm")
    draw_text(d, (x0 + 10, y0 + 86), scores, fit_size(scores, 21, x1 - x0 - 20), fill=INK, anchor="lm")
    y = y0 + 120
    draw_text(d, (x0 + 10, y), "slots", 19, fill=INK, anchor="lm")
    x = x0 + 70
    for slot in island.slots:
        x += cube(d, (x, y), owner_seat(slot), CUBE) if slot is not None else empty_slot(d, (x, y), CUBE)
    y += 36
    draw_text(d, (x0 + 10, y), "perm.", 19, fill=INK, anchor="lm")
    x = x0 + 70
    perm = [(o, n) for o, n in sorted(island.permanent.items()) if n]
    if not perm:
        draw_text(d, (x, y), "none", 19, fill=(90, 80, 60), anchor="lm")
    for o, n in perm:
        x += cube(d, (x, y), owner_seat(o), CUBE, permanent=True)
        if n > 1:
            draw_text(d, (x - 2, y), f"×{n}", 20, bold=True, fill=INK, anchor="lm")
            x += text_width(f"×{n}", 20, True) + 6
    y += 40
    x = x0 + 8
    x += counter(d, (x, y), "cargo", str(island.cargo), 22, value_fill=(120, 60, 10))
    x += counter(d, (x, y), "coins", str(island.coins), 22, value_fill=(120, 90, 0))
    for kind in island.buildings:
        word = BUILDING_SHORT.get(kind, kind)
        w = text_width(word, 19, True) + 14
        if x + w > x1 - 6:
            break
        label_box(d, (x, y - 15, x + w, y + 15), word, 19, (90, 60, 40), WHITE)
        x += w + 5


def _arrow(d: ImageDraw.ImageDraw, box: Box, direction: str) -> None:
    """A big arrow at the edge it points to (production +1 cargo toward that neighbour)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + BAND_H + y1 - CARD_H) / 2
    s = 26
    shapes = {
        "north": [(cx - s, y0 + BAND_H + 40), (cx + s, y0 + BAND_H + 40), (cx, y0 + BAND_H + 8)],
        "south": [(cx - s, y1 - CARD_H - 40), (cx + s, y1 - CARD_H - 40), (cx, y1 - CARD_H - 8)],
        "east": [(x1 - 44, cy - s), (x1 - 44, cy + s), (x1 - 10, cy)],
        "west": [(x0 + 44, cy - s), (x0 + 44, cy + s), (x0 + 10, cy)],
    }
    d.polygon(shapes[direction], fill=WHITE, outline=INK, width=2)


def _draw_sea(d: ImageDraw.ImageDraw, pos: str, board: str, box: Box) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 10, SEA, (140, 190, 230), 3)
    draw_text(d, (x0 + 10, y0 + BAND_H / 2), board_name(board), 26, bold=True, fill=WHITE, anchor="lm")
    draw_text(d, (x1 - 10, y0 + BAND_H / 2), pos, 20, bold=True, fill=WHITE, anchor="rm")
    arrows = defs().ocean.boards[board].arrows
    for a in arrows:
        _arrow(d, box, a)
    note = "open sea: arrows add 1 cargo"
    draw_text(d, ((x0 + x1) / 2, y0 + BAND_H + 66), note, 20, fill=MUTED, anchor="mm")
    draw_text(d, ((x0 + x1) / 2, y0 + BAND_H + 92), "to the islands they point at", 20, fill=MUTED, anchor="mm")


def _draw_unexplored(d: ImageDraw.ImageDraw, pos: str, box: Box) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 10, DEEP, PANEL_EDGE, 3)
    draw_text(d, (x1 - 10, y0 + BAND_H / 2), pos, 20, bold=True, fill=MUTED, anchor="rm")
    draw_text(d, ((x0 + x1) / 2, y0 + 100), "?", 64, bold=True, fill=DIM, anchor="mm")
    draw_text(d, ((x0 + x1) / 2, y0 + 160), "unexplored", 24, bold=True, fill=MUTED, anchor="mm")


def _draw_space(d: ImageDraw.ImageDraw, view: DeadReckoningView, pos: str, sp: SpaceView, box: Box) -> None:
    x0, y0, x1, y1 = box
    if sp.board is None:
        _draw_unexplored(d, pos, box)
    elif pos in view.islands:
        _draw_island(d, pos, view.islands[pos], box)
    else:
        _draw_sea(d, pos, sp.board, box)
    ships = _ships_at(view, pos)
    if ships:
        ink = INK if pos in view.islands else WHITE      # dark text on land, light on water
        _draw_ships(d, ships, x0 + 6, y1 - CARD_H - 28, ink)
    _draw_card(d, sp.card, (x0 + 6, y1 - CARD_H - 4, x1 - 6, y1 - 4))


def draw_ocean(d: ImageDraw.ImageDraw, view: DeadReckoningView, top: int) -> None:
    draw_text(d, (MARGIN, top + 26), "The ocean", 30, bold=True, fill=WHITE, anchor="lm")
    note = "north ↑ · row 1 touches the Harbor · scores: coins for the most / 2nd / 3rd most cubes"
    draw_text(d, (W - MARGIN, top + 26), note, fit_size(note, 20, W - 240), fill=MUTED, anchor="rm")
    legend = ("cards: name and cost in cargo, ⚓ on blue: a Merchant ship · white slot: empty · "
              "white rim: permanent cube")
    draw_text(d, (MARGIN, top + 64), legend, fit_size(legend, 20, W - 2 * MARGIN), fill=MUTED, anchor="lm")
    y = top + TITLE_H
    for row in ROWS:
        for i, col in enumerate(COLS):
            pos = f"{col}{row}"
            x = MARGIN + i * (CELL_W + GAP)
            box = (x, y, x + CELL_W, y + CELL_H)
            sp = view.grid.get(pos)
            if sp is None:
                rounded_box(d, box, 10, PANEL, PANEL_EDGE, 1)
                continue
            _draw_space(d, view, pos, sp, box)
        y += CELL_H + GAP
    _draw_harbor(d, view, (MARGIN, y, W - MARGIN, y + HARBOR_H))


def _draw_harbor(d: ImageDraw.ImageDraw, view: DeadReckoningView, box: Box) -> None:
    x0, y0, x1, y1 = box
    h = defs().ocean.harbor
    rounded_box(d, box, 10, (70, 58, 40), GOLD, 3)
    draw_text(d, (x0 + 14, y0 + 26), h.name, 28, bold=True, fill=GOLD, anchor="lm")
    note = f"always Mercantile · a Ship attacked here defends with +{h.defender_cubes} cubes"
    draw_text(d, (x0 + 14 + text_width(h.name, 28, True) + 16, y0 + 26), note,
              fit_size(note, 20, x1 - x0 - 200), fill=PARCHMENT, anchor="lm")
    ships = _ships_at(view, "harbor")
    if ships:
        _draw_ships(d, ships, x0 + 14, y0 + 90, WHITE)
    else:
        draw_text(d, (x0 + 14, y0 + 80), "no Ships in the Harbor", 22, fill=MUTED, anchor="lm")


# ---- the decks and the supply -----------------------------------------------------------------
def _supply_lines(view: DeadReckoningView) -> list[tuple[str, str]]:
    out = []
    for row, box in sorted(view.rows.items()):
        if box.top is not None:
            c = defs().advancements.cards.get(box.top)
            kind = "⚓ Merchant ship" if c is not None and c.kind == "merchant" else "Advancement"
            cost = f", {c.cost} cargo" if c is not None else ""
            nxt = f"next: {card_name(box.top)} ({kind}{cost})"
            face = " · ".join(face_lines(c)) if c is not None else ""
            out.append((f"Row {row} deck · {box.size} left", nxt + (f": {face}" if face else "")))
        else:
            out.append((f"Row {row} deck · empty", ""))
    for pos, sp in _reading_order(view):
        c = defs().advancements.cards.get(sp.card or "")
        if c is None:
            continue
        kind = "⚓ " if c.kind == "merchant" else ""
        face = " · ".join(face_lines(c)) or "no icon"
        out.append((f"{pos} card", f"{kind}{c.name} ({c.cost} cargo, {'/'.join(c.slots)} sleeve): {face}"))
    ups = [f"{upgrade_name(t)} {n}" for t, n in view.upgrade_supply.items() if n]
    out.append(("Upgrades left", ITEM_SEP.join(ups) or "none"))
    blds = [f"{BUILDING_SHORT.get(k, k)} {n}" for k, n in view.building_supply.items()]
    out.append(("Buildings left", ITEM_SEP.join(blds) or "none"))
    return out


def _reading_order(view: DeadReckoningView) -> list[tuple[str, SpaceView]]:
    """The spaces as the grid draws them: north row first, west to east."""
    return [(f"{c}{r}", view.grid[f"{c}{r}"]) for r in ROWS for c in COLS if f"{c}{r}" in view.grid]


def supply_height(view: DeadReckoningView) -> int:
    lines = sum(len(_wrap_value(v)) for _, v in _supply_lines(view))
    return 60 + SUPPLY_LINE * lines + 10


LABEL_W = 250


ITEM_SEP = " · "


def _wrap_value(value: str) -> list[str]:
    """Lines that break between items ('Clipper Rig 3' stays whole), and inside one only when it
    is wider than a line."""
    room = W - 2 * MARGIN - LABEL_W - 10
    lines: list[str] = []
    for item in value.split(ITEM_SEP):
        if lines and text_width(lines[-1] + ITEM_SEP + item, SUPPLY_SIZE) <= room:
            lines[-1] += ITEM_SEP + item
        elif text_width(item, SUPPLY_SIZE) <= room:
            lines.append(item)
        else:
            lines += wrap(item, SUPPLY_SIZE, room)
    return lines or [""]


def draw_supply(d: ImageDraw.ImageDraw, view: DeadReckoningView, top: int) -> None:
    draw_text(d, (MARGIN, top + 28), "Cards, decks and supply", 30, bold=True, fill=WHITE, anchor="lm")
    y = top + 60
    for label, value in _supply_lines(view):
        draw_text(d, (MARGIN, y + SUPPLY_LINE / 2), label, SUPPLY_SIZE, bold=True, fill=GOLD, anchor="lm")
        for ln in _wrap_value(value):
            draw_text(d, (MARGIN + LABEL_W, y + SUPPLY_LINE / 2), ln, SUPPLY_SIZE, fill=WHITE, anchor="lm")
            y += SUPPLY_LINE
