"""A player's board, as a full-width panel: the band in the seat's colour (name, turn, ship,
reputation, cards in hand), the tracks (food production, sword, gun, shield, ship damage), the
resources and doubloons, the crew (captain, active and sick pirates, citizens), the action disc and
unlock tiles, then what the player holds: crew-area flags, treasures, crates, monsters, captain tile
and upgrades. The board image draws one per seat; the hand image draws the viewer's. Reads the view.
"""
from __future__ import annotations

from collections.abc import Mapping

from PIL import ImageDraw

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.view import PlayerView, ScoundrelBayView
from render.common import GOLD, INK, MUTED, WARN, WHITE, draw_text, fit_size, rounded_box, text_width
from render.scoundrel_bay.style import (
    MARGIN,
    PANEL,
    PANEL_EDGE,
    RESOURCE_NAMES,
    TRACK_NAMES,
    W,
    captain,
    card_name,
    counter,
    crate_label,
    flag_chip,
    region_name,
    seat_name,
    seat_rgb,
)

# ---- layout constants -------------------------------------------------------------------
PLAYER_H = 300
EXTRA_H = 36                       # a sixth row when variants give players tiles (captains, upgrades)
BAND_H = 50
ROW1, ROW2, ROW3, ROW4, ROW5, ROW6 = 80, 128, 176, 220, 262, 298   # row centres below the panel's top
FIG = 26                           # counters' value size
TEXT = 22
FLAGS = ("blue", "black", "yellow", "red")
DAMAGE: tuple[int, int, int] = (255, 200, 190)


def player_height(view: ScoundrelBayView) -> int:
    """Every panel of a view is as tall: one row more when some player has a variant's tiles."""
    return PLAYER_H + (EXTRA_H if any(_variant_parts(p) for p in view.players) else 0)


def draw_player(d: ImageDraw.ImageDraw, view: ScoundrelBayView, p: PlayerView, top: int,
                players: Mapping[int, str] | None = None) -> int:
    """One player's panel from `top`; returns its height."""
    h = player_height(view)
    turn = p.seat == view.turn_seat and view.final is None and view.stage is None
    waiting = view.pending is not None and p.seat in view.pending.waiting_on
    x0, x1 = MARGIN, W - MARGIN
    rounded_box(d, (x0, top, x1, top + h - 8), 12, PANEL, WHITE if turn else PANEL_EDGE, 5 if turn else 2)
    _band(d, view, p, top, players, turn, waiting)
    _tracks(d, p, top + ROW1)
    _resources(d, p, top + ROW2)
    _crew(d, p, top + ROW3)
    _flags(d, p, top + ROW4)
    _holdings(d, p, top + ROW5)
    if h > PLAYER_H:
        _line(d, "   ".join(_variant_parts(p)) or "no captain tile or upgrades", top + ROW6)
    return h


def _band(d: ImageDraw.ImageDraw, view: ScoundrelBayView, p: PlayerView, top: int,
          players: Mapping[int, str] | None, turn: bool, waiting: bool) -> None:
    x0, x1 = MARGIN, W - MARGIN
    rounded_box(d, (x0, top, x1, top + BAND_H), 12, seat_rgb(p.seat), None)
    d.rectangle((x0, top + BAND_H - 12, x1, top + BAND_H), fill=seat_rgb(p.seat))
    title = seat_name(p.seat) + (f" ({players[p.seat]})" if players and p.seat in players else "")
    if turn:
        title = "▶ " + title
    size = fit_size(title, 32, 520, True)
    draw_text(d, (x0 + 14, top + BAND_H / 2), title, size, bold=True, fill=INK, anchor="lm")
    tags = []
    if turn:
        tags.append("THEIR TURN")
    if waiting and not turn:
        tags.append("TO ANSWER")
    right = f"ship on {p.ship} · reputation {p.reputation} · {p.hand_size} card{'s' if p.hand_size != 1 else ''}"
    draw_text(d, (x1 - 14, top + BAND_H / 2), right, 24, bold=True, fill=INK, anchor="rm")
    tx = x0 + 24 + text_width(title, size, True)
    for tag in tags:
        w = text_width(tag, 20, True) + 18
        rounded_box(d, (tx, top + 11, tx + w, top + BAND_H - 11), 8, INK, None)
        draw_text(d, (tx + w / 2, top + BAND_H / 2), tag, 20, bold=True, fill=WHITE, anchor="mm")
        tx += w + 8


def _tracks(d: ImageDraw.ImageDraw, p: PlayerView, y: int) -> None:
    x = MARGIN + 14.0
    for key, label in TRACK_NAMES:
        x += counter(d, (x, y), label, str(p.tools.get(key, 0)), FIG)
    x += counter(d, (x, y), "Ship damage", str(p.ship_damage), FIG, fill=DAMAGE)
    gold = defs().player_boards.tracks.ship_damage
    lost = gold.gold[max(0, min(p.ship_damage, gold.high) - gold.low)]
    if lost:
        draw_text(d, (x, y), f"−{lost} gold", TEXT, fill=WARN, anchor="lm")


def _resources(d: ImageDraw.ImageDraw, p: PlayerView, y: int) -> None:
    x = MARGIN + 14.0
    x += counter(d, (x, y), "Doubloons", str(p.doubloons), FIG, fill=GOLD)
    if p.debt:
        x += counter(d, (x, y), "Debt", str(p.debt), FIG, fill=DAMAGE)
    for key, label in RESOURCE_NAMES:
        x += counter(d, (x, y), label, str(p.resources.get(key, 0)), FIG)
    x += counter(d, (x, y), "Unlock tiles", str(p.unlocks), FIG)


def _crew(d: ImageDraw.ImageDraw, p: PlayerView, y: int) -> None:
    x = MARGIN + 14.0
    if p.captain_dead:
        where = "captain dead"
    elif p.crew_space.captain == "away" and p.captain_at:
        where = f"captain at {region_name(p.captain_at)}"
    else:
        where = f"captain {p.crew_space.captain}"
    if not p.captain_dead:
        x += captain(d, (x, y), p.seat, 15)
    draw_text(d, (x, y), where, TEXT, bold=True, fill=WHITE, anchor="lm")
    x += text_width(where, TEXT, True) + 16
    parts = [("Active", str(p.crew_space.active)), ("Sick", str(p.crew_space.sick)), ("Citizens", str(p.citizens))]
    for label, value in parts:
        x += counter(d, (x, y), label, value, FIG - 2, fill=WARN if label == "Sick" and value != "0" else (244, 232, 204))
    last = p.last_action.title() if p.last_action else "none yet"
    draw_text(d, (x + 6, y), f"Last action: {last}", TEXT, bold=True, fill=GOLD, anchor="lm")


def _flags(d: ImageDraw.ImageDraw, p: PlayerView, y: int) -> None:
    """Crew-area flags by colour: cards recruited + flags printed on the board (invasion capacity)."""
    x = MARGIN + 14.0
    draw_text(d, (x, y), "Flags", TEXT, fill=MUTED, anchor="lm")
    x += text_width("Flags", TEXT) + 12
    printed = {str(f): n for f, n in defs().player_boards.boards[p.board].flags.items()}
    for flag in FLAGS:
        crew, board = len(p.crew.get(flag, [])), printed.get(flag, 0)
        text = f"{flag} {crew + board}"
        w = text_width(text, TEXT, True) + 18
        flag_chip(d, (x, y - 16, x + w, y + 16), flag, text, TEXT)
        x += w + 8
    draw_text(d, (x + 4, y), "(crew + board)", 18, fill=MUTED, anchor="lm")
    x += text_width("(crew + board)", 18) + 20
    if p.played_top:
        text = f"played: {card_name(p.played_top)}"
        draw_text(d, (x, y), text, fit_size(text, TEXT, W - MARGIN - 14 - x), fill=WHITE, anchor="lm")


def _holdings(d: ImageDraw.ImageDraw, p: PlayerView, y: int) -> None:
    treasures = [defs().treasures.treasures[t].type for t in p.treasures]
    monsters: list[str] = [defs().monsters.monsters[m].type for m in p.monsters]
    parts = [f"Treasures {len(p.treasures)}" + (f" ({_counts(['T' + str(t) for t in treasures])})" if treasures else ""),
             "Crates " + (" ".join(crate_label(c) for c in p.undelivered) or "none") + f" · delivered {p.delivered}",
             "Monsters " + (_counts(monsters) or "none")]
    _line(d, "   ".join(parts), y)


def _variant_parts(p: PlayerView) -> list[str]:
    parts = []
    if p.captain_tile:
        c = defs().captains.captains[p.captain_tile]
        parts.append(c.name + (" (flipped)" if p.captain_flipped else ""))
    if p.upgrades:
        parts.append("Upgrades: " + ", ".join(defs().milestones.upgrades[u].name for u in p.upgrades))
    if p.milestones:
        parts.append("Milestones: " + ", ".join(p.milestones))
    return parts


def _counts(items: list[str]) -> str:
    """'T1×2 T3' / '2 kraken, siren': how many of each, in first-seen order."""
    seen: dict[str, int] = {}
    for i in sorted(items):
        seen[i] = seen.get(i, 0) + 1
    return ", ".join(f"{n} {k}" if n > 1 else k for k, n in seen.items())


def _line(d: ImageDraw.ImageDraw, text: str, y: int) -> None:
    size = fit_size(text, TEXT, W - 2 * MARGIN - 28, smallest=16)
    draw_text(d, (MARGIN + 14, y), text, size, fill=WHITE, anchor="lm")


__all__ = ["draw_player", "player_height"]
