"""The main board of Scoundrel Bay: one row per island, read like a page. Each row is a stretch of
the one-way sea route (spaces left to right, ending at that stretch's reef) above the island's
four regions. Ships sail row by row; after the last space they come back to space 1.

A sea space shows its number, the type of monster still on it (the strength is face down, so only
the type printed on the board) and the ships on it. A reef shows whether someone has passed it.
A region box, in its flag's colour, shows the sea spaces it touches, what it asks or pays
(trading ship swords and 1st/2nd/3rd gold for harbors, the pot for Scoundrel Bay, maps and swords
for hideouts), what lies on it (crates by type and letter, treasure stack heights) and the pirates
on it by colour, captains as a 'C' square (strength 2). Reads the view only.
"""
from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engine.scoundrel_bay.defs import POT_HARBOR, Region, defs
from engine.scoundrel_bay.view import RegionView, ScoundrelBayView
from render.common import GOLD, INK, MUTED, WHITE, cached_layer, draw_text, fit_size, rounded_box, text_width
from render.scoundrel_bay.style import (
    DIM,
    FLAG_RGB,
    FLAG_TEXT,
    LAND,
    MARGIN,
    MONSTER_RGB,
    PANEL,
    PASSED,
    REEF,
    SEA,
    SEA_SPACE,
    W,
    captain,
    crate_label,
    island_name,
    pirates,
    ship,
)

# ---- layout constants -------------------------------------------------------------------
TITLE_H = 44
LABEL_W = 170                       # the island's name, left of its stretch of sea
SLOTS = 6                           # the longest stretch: 4 spaces, a reef and the way back
SLOT_W = (W - MARGIN - LABEL_W - MARGIN) // SLOTS
STRIP_H = 112
SPACE_R = 28
SHIP = 22                           # ship token half-width
LEGEND_H = 44
BOX_GAP = 8
BOX_W = (W - 2 * MARGIN - 3 * BOX_GAP) // 4
BOX_H = 158
ROW_H = STRIP_H + BOX_H + 18
BAND_H = 36
NAME_SIZE, LINE_SIZE, SMALL = 24, 22, 18
LEGEND = ("C captain (strength 2) · numbered discs: pirates · crate 2→C: type 2 for harbor C · "
          "T1×2: treasure type 1, 2 in the stack · a white rim: whose turn it is")

Slot = tuple[str, int]              # ("space", number) or ("reef", number)


@cache
def rows() -> tuple[tuple[str, tuple[Slot, ...], tuple[str, ...]], ...]:
    """(island, slots along the route, region ids) per stretch between reefs, in sailing order."""
    board = defs().board
    route, reefs = board.route(), {r.after: r.number for r in board.reefs}
    stretches: list[list[Slot]] = [[]]
    for n in route:
        stretches[-1].append(("space", n))
        if n in reefs:
            stretches[-1].append(("reef", reefs[n]))
            stretches.append([])
    if not stretches[-1]:
        stretches.pop()
    elif len(stretches) > len(reefs):           # the way back joins the last stretch
        way_back = stretches.pop()
        stretches[-1] += way_back
    out = []
    for slots in stretches:
        spaces = {n for kind, n in slots if kind == "space"}
        touching = [r for r in board.regions.values() if set(r.seas) & spaces]
        island = max({r.island for r in touching}, key=lambda i: sum(r.island == i for r in touching))
        members = sorted((r for r in board.regions.values() if r.island == island),
                         key=lambda r: min(route.index(s) for s in r.seas if s in route))
        out.append((island, tuple(slots), tuple(r.id for r in members)))
    return tuple(out)


def height() -> int:
    return TITLE_H + len(rows()) * ROW_H + LEGEND_H


def draw_sea(img: Image.Image, d: ImageDraw.ImageDraw, view: ScoundrelBayView, top: int) -> None:
    """The main board from `top`: the cached static layer, then what the view puts on it."""
    img.paste(_sea_base(0), (0, top))
    ships_at: dict[int, list[int]] = {}
    for p in view.players:
        ships_at.setdefault(p.ship, []).append(p.seat)
    monsters = {m.space: m.type for m in view.monsters}
    lit = view.turn_seat if view.stage is None and view.final is None else None
    y = top + TITLE_H
    for _, slots, regions in rows():
        for i, (kind, n) in enumerate(slots):
            x = MARGIN + LABEL_W + i * SLOT_W
            if kind == "space":
                _draw_monster_and_ships(d, x, y, monsters.get(n), ships_at.get(n, []), lit)
            else:
                _draw_reef_note(d, x, y, n, n in view.reefs_passed)
        for i, rid in enumerate(regions):
            x = MARGIN + i * (BOX_W + BOX_GAP)
            r = defs().board.regions[rid]
            _draw_contents(d, view, r, view.regions[rid], x + 8, y + STRIP_H + BAND_H + 56)
            _draw_pirates(d, view.regions[rid], x + 8, y + STRIP_H + BOX_H - 26)
        y += ROW_H


@cached_layer
def _sea_base(_: int) -> Image.Image:
    """What never changes: the sea, island names, space numbers, reefs, region boxes and legend."""
    img = Image.new("RGB", (W, height()), SEA)
    d = ImageDraw.Draw(img)
    draw_text(d, (MARGIN, TITLE_H / 2), "The sea route", 30, bold=True, fill=WHITE, anchor="lm")
    draw_text(d, (W - MARGIN, TITLE_H / 2), "ships sail left to right, row by row; after 21 back to 1",
              20, fill=MUTED, anchor="rm")
    y = TITLE_H
    for island, slots, regions in rows():
        words = island_name(island).split()
        for i, word in enumerate(words):
            draw_text(d, (MARGIN, y + STRIP_H / 2 + (i - (len(words) - 1) / 2) * 32), word, 28, bold=True,
                      fill=LAND, anchor="lm")
        for i, (kind, n) in enumerate(slots):
            x = MARGIN + LABEL_W + i * SLOT_W
            if kind == "space":
                cx, cy = _space_centre(x, y)
                d.ellipse((cx - SPACE_R, cy - SPACE_R, cx + SPACE_R, cy + SPACE_R), fill=SEA_SPACE, outline=WHITE, width=2)
                draw_text(d, (cx, cy), str(n), 28, bold=True, fill=WHITE, anchor="mm")
            else:
                _draw_reef(d, x, y, n)
        for i, rid in enumerate(regions):
            _draw_region(d, defs().board.regions[rid], MARGIN + i * (BOX_W + BOX_GAP), y + STRIP_H)
        y += ROW_H
    draw_text(d, (MARGIN, y + LEGEND_H / 2 - 6), LEGEND, fit_size(LEGEND, 20, W - 2 * MARGIN), fill=MUTED, anchor="lm")
    return img


# ---- the sea strip -----------------------------------------------------------------------------
def _space_centre(x: int, y: int) -> tuple[int, int]:
    return x + SPACE_R + 4, y + 8 + SPACE_R


def _draw_monster_and_ships(d: ImageDraw.ImageDraw, x: int, y: int, monster: str | None, seats: list[int],
                            lit: int | None) -> None:
    """The type of the monster still on a space (its strength is face down) and the ships there."""
    cx, cy = _space_centre(x, y)
    if monster:
        w = text_width(monster, SMALL, True) + 14
        box = (cx - w / 2, cy + SPACE_R + 6, cx + w / 2, cy + SPACE_R + 32)
        rounded_box(d, box, 8, MONSTER_RGB.get(monster, WHITE), INK, 2)
        draw_text(d, (cx, (box[1] + box[3]) / 2), monster, SMALL, bold=True, fill=INK, anchor="mm")
    for k, seat in enumerate(seats[:4]):
        sx = x + 2 * SPACE_R + 4 + SHIP + 2 + (k % 2) * (2 * SHIP + 4)
        sy = y + 30 + (k // 2) * 52
        ship(d, (sx, sy), seat, seat == lit, SHIP)


def _reef_centre(x: int, y: int) -> tuple[float, float]:
    return x + SLOT_W / 2 - 10, y + 38


def _draw_reef(d: ImageDraw.ImageDraw, x: int, y: int, n: int) -> None:
    cx, cy = _reef_centre(x, y)
    rock = [(cx - 40, cy + 14), (cx - 26, cy - 12), (cx - 10, cy + 2), (cx + 4, cy - 20), (cx + 20, cy - 2),
            (cx + 34, cy - 10), (cx + 44, cy + 14)]
    d.polygon(rock, fill=REEF, outline=INK, width=2)
    draw_text(d, (cx + 2, cy + 32), f"Reef {n}", 22, bold=True, fill=WHITE, anchor="mm")


def _draw_reef_note(d: ImageDraw.ImageDraw, x: int, y: int, n: int, passed: bool) -> None:
    cx, cy = _reef_centre(x, y)
    reward = next(r for r in defs().board.reefs if r.number == n).first_past
    if passed:
        note, colour = "passed ✓", PASSED
    else:
        note, colour = ("1st past: +rep", GOLD) if reward else ("ahead", MUTED)
    draw_text(d, (cx + 2, cy + 58), note, SMALL, bold=passed, fill=colour, anchor="mm")


# ---- a region ------------------------------------------------------------------------------------
def _draw_region(d: ImageDraw.ImageDraw, r: Region, x: int, y: int) -> None:
    """A region's frame in its flag's colour: name, sea spaces touched, what it is and asks."""
    box = (x, y, x + BOX_W, y + BOX_H)
    rounded_box(d, box, 10, PANEL, FLAG_RGB[r.flag] if r.flag != "black" else (200, 200, 200), 3)
    band = (x, y, x + BOX_W, y + BAND_H)
    rounded_box(d, band, 10, FLAG_RGB[r.flag], None)
    d.rectangle((x, y + BAND_H - 10, x + BOX_W, y + BAND_H), fill=FLAG_RGB[r.flag])
    seas = "·".join(str(s) for s in r.seas)
    sw = text_width(seas, SMALL, True)
    draw_text(d, (x + BOX_W - 8, y + BAND_H / 2), seas, SMALL, bold=True, fill=FLAG_TEXT[r.flag], anchor="rm")
    size = fit_size(r.name, NAME_SIZE, BOX_W - sw - 26, True)
    draw_text(d, (x + 8, y + BAND_H / 2), r.name, size, bold=True, fill=FLAG_TEXT[r.flag], anchor="lm")
    kind = _kind_line(r)
    draw_text(d, (x + 8, y + BAND_H + 20), kind, fit_size(kind, LINE_SIZE, BOX_W - 16), fill=WHITE, anchor="lm")


def _kind_line(r: Region) -> str:
    if r.kind == "harbor":
        letter = f" {r.letter}" if r.letter else ""
        return f"Harbor{letter} · ship: {r.ship.swords if r.ship else 0} swords"
    if r.kind == "hideout":
        return f"Hideout · {r.maps} map{'s' if r.maps != 1 else ''}, {r.swords} swords"
    return r.kind.title()


def _draw_contents(d: ImageDraw.ImageDraw, view: ScoundrelBayView, r: Region, rv: RegionView, x: int, y: int) -> None:
    if r.kind == "harbor":
        if r.name == POT_HARBOR:
            draw_text(d, (x, y), f"Pot: {view.pot} doubloons", LINE_SIZE, bold=True, fill=GOLD, anchor="lm")
            return
        tokens = view.harbor_tokens.get(r.id)
        gold = tokens if tokens else r.gold
        label = "Tokens" if tokens else "Gold"
        draw_text(d, (x, y), f"{label} {' · '.join(str(g) for g in gold)}", LINE_SIZE, bold=True, fill=GOLD, anchor="lm")
    elif r.kind == "village":
        for i, (kind, crate) in enumerate(zip(r.crate_spaces, rv.crates or [None] * len(r.crate_spaces), strict=False)):
            _tile(d, x + i * 90, y, crate_label(crate) if crate else f"({kind}) —", crate is not None)
    elif r.kind == "beach":
        w = min(70, (BOX_W - 16) // max(1, len(r.treasure_spaces)))
        for i, kind in enumerate(r.treasure_spaces):
            height = rv.treasures[i] if i < len(rv.treasures) else 0
            _tile(d, x + i * w, y, f"T{kind}×{height}" if height else f"T{kind} –", height > 0, w - 6)


def _tile(d: ImageDraw.ImageDraw, x: float, y: float, text: str, full: bool, w: float = 82) -> None:
    box = (x, y - 15, x + w, y + 15)
    rounded_box(d, box, 6, LAND if full else PANEL, INK if full else DIM, 2)
    size = fit_size(text, 20, w - 8, True)
    draw_text(d, (x + w / 2, y), text, size, bold=full, fill=INK if full else DIM, anchor="mm")


def _draw_pirates(d: ImageDraw.ImageDraw, rv: RegionView, x: float, y: float) -> None:
    owners = sorted(set(rv.pirates) | set(rv.captains), key=lambda o: -(rv.pirates.get(o, 0) + 2 * (o in rv.captains)))
    if not owners:
        draw_text(d, (x, y), "no pirates", SMALL, fill=DIM, anchor="lm")
        return
    for o in owners:
        if o in rv.captains:
            x += captain(d, (x, y), o)
        if rv.pirates.get(o):
            x += pirates(d, (x, y), o, rv.pirates[o])
        x += 6
