"""Scoundrel Bay board image: View -> PNG. Draws only what the view holds (no rules, no secrets).

Top to bottom: the header (who the game waits on and for what, the stage, reefs, decks, pot), the
'now' lines (a monster fight, the end of the stage: event, blind bids, feeding), the final scoring
table once there is one, the main board (render/scoundrel_bay/sea.py), the reputation track with
its stacked discs, the pirate display and its rum costs, one panel per player board in turn order
(render/scoundrel_bay/players.py), and the recent log so everyone sees what changed.
"""
from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.labels import CATEGORIES
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.rules.effects import reward_text
from engine.scoundrel_bay.state import GHOST
from engine.scoundrel_bay.view import ScoundrelBayView
from render.common import (
    GOLD,
    INK,
    MUTED,
    NIGHT,
    WARN,
    WHITE,
    draw_text,
    encode_png,
    fit_size,
    rounded_box,
    text_width,
    wrap,
)
from render.scoundrel_bay.players import draw_player, player_height
from render.scoundrel_bay.sea import draw_sea
from render.scoundrel_bay.sea import height as sea_height
from render.scoundrel_bay.style import (
    BG,
    FLAG_RGB,
    FLAG_TEXT,
    MARGIN,
    PANEL,
    PANEL_EDGE,
    PARCHMENT,
    TOOL_SHORT,
    W,
    chip,
    initial,
    seat_name,
    seat_rgb,
)

__all__ = ["draw_card_tile", "render_board"]

Players = Mapping[int, str]
NO_PLAYERS: Players = {}

# ---- layout constants -------------------------------------------------------------------
HEADER_H = 130
HEADLINE_Y, HEADLINE, STATS_Y, STATS = 40, 34, 98, 24
NOW_LINE = 34
REP_TOP = 50                     # the title above the track
REP_DISC = 19
DISPLAY_H = 340
CARD_GAP = 10
CARD_W = (W - 2 * MARGIN - 4 * CARD_GAP) // 5
LOG_LINE, LOG_SIZE = 34, 24
FINAL_ROW = 40


# ---- header and 'now' ----------------------------------------------------------------------
def _header(d: ImageDraw.ImageDraw, view: ScoundrelBayView, players: Players) -> None:
    d.rectangle((0, 0, W, HEADER_H), fill=NIGHT)
    x = float(MARGIN)
    if view.final is not None:
        totals = {seat: sum(c.values()) for seat, c in view.final.items()}
        best = max(totals.values())
        draw_text(d, (x, HEADLINE_Y), "Game over · most gold:", HEADLINE, bold=True, fill=WHITE, anchor="lm")
        x += text_width("Game over · most gold:", HEADLINE, True) + 14
        for seat in (s for s, t in totals.items() if t == best):
            x += chip(d, (x, HEADLINE_Y), seat, f"{_name(seat, players)} {best}", HEADLINE - 4, True) + 10
    elif view.pending is not None:
        draw_text(d, (x, HEADLINE_Y), "Waiting on", HEADLINE, bold=True, fill=WHITE, anchor="lm")
        x += text_width("Waiting on", HEADLINE, True) + 14
        seats = view.pending.waiting_on
        names = [_name(s, players) for s in seats]
        if sum(text_width(n, HEADLINE - 4, True) + 34 for n in names) > W - x - 320:
            names = [seat_name(s) for s in seats]       # several seats: colours only, the prompt must fit
        for seat, name in zip(seats, names, strict=True):
            x += chip(d, (x, HEADLINE_Y), seat, name, HEADLINE - 4, True) + 10
        rest = f"to {view.pending.prompt}"
        draw_text(d, (x, HEADLINE_Y), rest, fit_size(rest, HEADLINE, W - MARGIN - x, True), bold=True,
                  fill=WHITE, anchor="lm")
    stage = f"Stage {view.stages_done + 1}" if view.final is None else f"{view.stages_done} stages"
    reefs = " ".join(str(r) for r in sorted(view.reefs_passed)) or "none"
    crates = "/".join(str(view.crate_stacks.get(t, 0)) for t in sorted(view.crate_stacks))
    stats = (f"{stage} · reefs passed: {reefs} · deck {view.deck.pile_size} · discard {view.deck.discard_size}"
             f" · events left {view.events_left} · crate stacks {crates} · pot {view.pot}")
    if view.end_turns is not None and view.final is None:
        stats += f" · final turns: {view.end_turns}"
    draw_text(d, (MARGIN, STATS_Y), stats, fit_size(stats, STATS, W - 2 * MARGIN), fill=MUTED, anchor="lm")


def _name(seat: int, players: Players) -> str:
    """'Orange (bob)', or the colour alone when no one is named for the seat."""
    return f"{seat_name(seat)} ({players[seat][:14]})" if players.get(seat) else seat_name(seat)


def _now_lines(view: ScoundrelBayView) -> list[tuple[str, tuple[int, int, int]]]:
    """What is being decided beyond the prompt: a fight, the stage's event, sealed bids, feeding."""
    lines: list[tuple[str, tuple[int, int, int]]] = []
    if view.phase not in ("stage", "event", "ghost", "cook", "feed", "final", "scoring", "done") and view.card:
        c = card_def(view.card)
        lines.append((f"{seat_name(view.turn_seat)} plays {c.name} ({c.flag}) · phase: {view.phase.replace('_', ' ')}",
                      WHITE))
    if view.fight is not None:
        m = defs().monsters.monsters.get(view.fight.monster)
        what = f"{m.name} the {m.type} (guns {m.guns}, shields {m.shields} + die)" if m else view.fight.monster
        lines.append((f"Fight: {seat_name(view.fight.seat)} shoots {what} · die shows {view.fight.face}", WARN))
    if view.stage is None and view.events_done and view.final is None:
        last = defs().events.events.get(view.events_done[-1])
        if last is not None:
            lines.append((f"Last event: {last.name}", MUTED))
    if view.milestone_sides:
        sides = ", ".join(f"{k} {v.upper()}" for k, v in sorted(view.milestone_sides.items()))
        supply = ", ".join(defs().milestones.upgrades[u].name for u in view.upgrade_supply) or "none"
        lines.append((f"Milestones: {sides} · upgrades left: {supply}", MUTED))
    if view.stage is not None:
        ev = defs().events.events.get(view.stage.event or "")
        lines.append((f"End of stage (reef {view.stage.reef})" + (f": {ev.name} — {ev.summary}" if ev else ""), GOLD))
        for word, sealed in (("Blind bid", view.stage.bids), ("Feeding", view.stage.feed)):
            if sealed is None:
                continue
            if sealed.revealed is not None:
                shown = ", ".join(f"{seat_name(s)} {v}" for s, v in sorted(sealed.revealed.items()))
                lines.append((f"{word}: {shown}", WHITE))
            else:
                done = ", ".join(seat_name(s) for s in sealed.locked) or "nobody yet"
                lines.append((f"{word}: sealed · locked in: {done}", WHITE))
    return lines


def _draw_now(d: ImageDraw.ImageDraw, lines: list[tuple[str, tuple[int, int, int]]], top: int) -> int:
    y = top + 8
    for text, colour in lines:
        for ln in wrap(text, 24, W - 2 * MARGIN, bold=True)[:2]:
            draw_text(d, (MARGIN, y + NOW_LINE / 2), ln, 24, bold=True, fill=colour, anchor="lm")
            y += NOW_LINE
    return y + 8 - top if lines else 0


def _now_height(lines: list[tuple[str, tuple[int, int, int]]]) -> int:
    n = sum(min(2, len(wrap(t, 24, W - 2 * MARGIN, bold=True))) for t, _ in lines)
    return n * NOW_LINE + 16 if lines else 0


# ---- final scoring ---------------------------------------------------------------------------
def _final_height(view: ScoundrelBayView) -> int:
    """One row per category and the total, one column per seat: the labels stay big enough to
    read on a phone whatever the number of categories."""
    if view.final is None:
        return 0
    return 100 + FINAL_ROW * (len(next(iter(view.final.values()))) + 2)


def _draw_final(d: ImageDraw.ImageDraw, view: ScoundrelBayView, top: int, players: Players) -> None:
    final = view.final
    if final is None:
        return
    d.rectangle((0, top, W, top + _final_height(view)), fill=(40, 30, 10))
    draw_text(d, (MARGIN, top + 28), "Final scoring (gold)", 30, bold=True, fill=GOLD, anchor="lm")
    seats = sorted(final, key=lambda seat: -sum(final[seat].values()))
    cats = list(final[seats[0]])
    col0 = 330
    colw = (W - col0 - MARGIN) // len(seats)
    y = top + 80
    for i, seat in enumerate(seats):
        chip(d, (col0 + i * colw + 8, y), seat, _name(seat, players)[:12], 24)
    for k in cats:
        y += FINAL_ROW
        draw_text(d, (MARGIN, y), CATEGORIES.get(k, k.replace("_", " ")), 26, fill=MUTED, anchor="lm")
        for i, seat in enumerate(seats):
            draw_text(d, (col0 + i * colw + colw / 2, y), str(final[seat].get(k, 0)), 26, bold=True,
                      fill=WHITE, anchor="mm")
    y += FINAL_ROW + 6
    draw_text(d, (MARGIN, y), "Total", 30, bold=True, fill=WHITE, anchor="lm")
    for i, seat in enumerate(seats):
        draw_text(d, (col0 + i * colw + colw / 2, y), str(sum(final[seat].values())), 32, bold=True,
                  fill=GOLD, anchor="mm")


# ---- reputation track ------------------------------------------------------------------------
def _stacks(view: ScoundrelBayView) -> dict[int, list[int]]:
    """Discs by space, top of the stack first: the tiebreak order puts the furthest at the bottom."""
    stacks: dict[int, list[int]] = {}
    for seat in view.reputation_order:
        stacks.setdefault(view.players[seat].reputation, []).insert(0, seat)
    if view.ghost_reputation is not None:      # the view does not say where in a stack it lies
        stacks.setdefault(view.ghost_reputation, []).insert(0, GHOST)
    return stacks


def _rep_height(view: ScoundrelBayView) -> int:
    return REP_TOP + 70 + max(len(s) for s in _stacks(view).values()) * (2 * REP_DISC - 6)


def _draw_reputation(d: ImageDraw.ImageDraw, view: ScoundrelBayView, top: int) -> None:
    rep_h = _rep_height(view)
    d.rectangle((0, top, W, top + rep_h), fill=BG)
    draw_text(d, (MARGIN, top + REP_TOP / 2), "Reputation", 30, bold=True, fill=WHITE, anchor="lm")
    dead = ", ".join(f"{seat_name(o)} {n}" for o, n in sorted(view.graveyard.items()) if n) or "empty"
    note = f"graveyard: {dead}" + (f" · ghost reserve {view.ghost_reserve}" if view.ghost_reputation is not None else "")
    note += " · bottom disc wins ties · gold under each space"
    left = MARGIN + text_width("Reputation", 30, True) + 20
    draw_text(d, (W - MARGIN, top + REP_TOP / 2), note, fit_size(note, 20, W - MARGIN - left, smallest=14),
              fill=MUTED, anchor="rm")
    spaces = sorted(defs().reputation.spaces)
    cell = (W - 2 * MARGIN) / len(spaces)
    base = top + rep_h - 58
    stacks = _stacks(view)
    for i, n in enumerate(spaces):
        x = MARGIN + i * cell
        rounded_box(d, (x + 2, base, x + cell - 2, base + 52), 6, PARCHMENT, INK, 2)
        draw_text(d, (x + cell / 2, base + 16), str(n), 22, bold=True, fill=INK, anchor="mm")
        draw_text(d, (x + cell / 2, base + 40), str(defs().reputation.spaces[n].gold), 17, fill=(120, 80, 20),
                  anchor="mm")
        for k, owner in enumerate(reversed(stacks.get(n, []))):
            cy = base - REP_DISC - 4 - k * (2 * REP_DISC - 6)
            cx = x + cell / 2
            d.ellipse((cx - REP_DISC, cy - REP_DISC, cx + REP_DISC, cy + REP_DISC), fill=seat_rgb(owner),
                      outline=INK, width=2)
            draw_text(d, (cx, cy), initial(owner), 20 if len(initial(owner)) == 1 else 16, bold=True, fill=INK,
                      anchor="mm")


# ---- the pirate display ----------------------------------------------------------------------
def _draw_display(d: ImageDraw.ImageDraw, view: ScoundrelBayView, top: int) -> None:
    d.rectangle((0, top, W, top + DISPLAY_H), fill=BG)
    draw_text(d, (MARGIN, top + 24), "Pirate display", 30, bold=True, fill=WHITE, anchor="lm")
    draw_text(d, (W - MARGIN, top + 24), f"scouting: {defs().cards.display.scout_rum} rum", 20, fill=MUTED, anchor="rm")
    costs = defs().cards.display.costs
    for i, card in enumerate(view.display):
        x = MARGIN + i * (CARD_W + CARD_GAP)
        box = (x, top + 50, x + CARD_W, top + DISPLAY_H - 10)
        cost = f"{costs[i] if i < len(costs) else '?'} rum"
        if card is None:
            rounded_box(d, box, 10, PANEL, PANEL_EDGE, 2)
            draw_text(d, (x + CARD_W / 2, top + 150), "empty", 24, fill=MUTED, anchor="mm")
        else:
            draw_card_tile(d, card, box, 20)
        w = text_width(cost, 22, True) + 20
        rounded_box(d, (x + CARD_W / 2 - w / 2, top + DISPLAY_H - 36, x + CARD_W / 2 + w / 2, top + DISPLAY_H - 4),
                    14, GOLD, INK, 2)
        draw_text(d, (x + CARD_W / 2, top + DISPLAY_H - 20), cost, 22, bold=True, fill=INK, anchor="mm")


def draw_card_tile(d: ImageDraw.ImageDraw, card: str, box: tuple[float, float, float, float], size: int) -> None:
    """A pirate card: its flag band and name, pirate and tool symbols, star/sun/moon rewards."""
    c = card_def(card)
    x0, y0, x1, y1 = box
    rounded_box(d, box, 10, PARCHMENT, FLAG_RGB[c.flag] if c.flag != "black" else INK, 4)
    band = (x0, y0, x1, y0 + size + 16)
    rounded_box(d, band, 10, FLAG_RGB[c.flag], None)
    wide = x1 - x0 > 600          # a hand tile: room for the flag's name beside the card's
    name_size = fit_size(c.name, size + 2, x1 - x0 - 16, True)
    draw_text(d, ((x0 + x1) / 2, y0 + (size + 16) / 2), c.name, name_size, bold=True, fill=FLAG_TEXT[c.flag], anchor="mm")
    if wide:
        draw_text(d, (x1 - 14, y0 + (size + 16) / 2), f"{c.flag} flag", size - 6, bold=True, fill=FLAG_TEXT[c.flag],
                  anchor="rm")
    y = y0 + size + 32
    tools = ", ".join(TOOL_SHORT[t] for t in c.tools) or "no tools"
    line = f"{c.pirates} pirate{'s' if c.pirates != 1 else ''} · {tools}"
    draw_text(d, (x0 + 8, y), line, fit_size(line, size, x1 - x0 - 16, True), bold=True, fill=INK, anchor="lm")
    step = size + 6
    y += 8
    for mark, rewards in (("★", c.star), ("☀", c.sun), ("☾", c.moon)):
        y += step
        lines = wrap(f"{mark} {reward_text(rewards)}", size - 2, x1 - x0 - 16)
        for i, ln in enumerate(lines[:2]):
            draw_text(d, (x0 + 8 + (size if i else 0), y), ln, fit_size(ln, size - 2, x1 - x0 - 16 - (size if i else 0), smallest=14),
                      fill=INK, anchor="lm")
            y += step if i < len(lines[:2]) - 1 else 0


# ---- log -----------------------------------------------------------------------------------
def _log_lines(view: ScoundrelBayView) -> list[str]:
    out: list[str] = []
    for entry in view.log:
        out += wrap(entry, LOG_SIZE, W - 2 * MARGIN - 24, bold=True)
    return out


def _draw_log(d: ImageDraw.ImageDraw, view: ScoundrelBayView, top: int) -> None:
    draw_text(d, (MARGIN, top + 26), "What happened (latest last)", 28, bold=True, fill=WHITE, anchor="lm")
    y = top + 56
    for i, entry in enumerate(view.log):
        latest = i == len(view.log) - 1
        for j, ln in enumerate(wrap(entry, LOG_SIZE, W - 2 * MARGIN - 24, bold=True)):
            draw_text(d, (MARGIN + (0 if j == 0 else 24), y + LOG_LINE / 2), ("• " if j == 0 else "") + ln, LOG_SIZE,
                      bold=latest, fill=GOLD if latest else WHITE, anchor="lm")
            y += LOG_LINE
    if not view.log:
        draw_text(d, (MARGIN, y + LOG_LINE / 2), "Nothing yet: the game has just begun.", LOG_SIZE, fill=MUTED, anchor="lm")


# ---- entry point -----------------------------------------------------------------------------
def render_board(view: ScoundrelBayView, players: Players = NO_PLAYERS) -> bytes:
    """The board as PNG bytes: public when `view.viewer` is None (thread posts)."""
    now = _now_lines(view)
    log_h = 70 + LOG_LINE * max(1, len(_log_lines(view)))
    heights = [HEADER_H, _now_height(now), _final_height(view), sea_height(), _rep_height(view), DISPLAY_H,
               player_height(view) * len(view.players), log_h]
    img = Image.new("RGB", (W, sum(heights)), BG)
    d = ImageDraw.Draw(img)
    _header(d, view, players)
    y = HEADER_H
    _draw_now(d, now, y)
    y += heights[1]
    _draw_final(d, view, y, players)
    y += heights[2]
    draw_sea(img, d, view, y)
    y += heights[3]
    _draw_reputation(d, view, y)
    y += heights[4]
    _draw_display(d, view, y)
    y += DISPLAY_H
    for seat in view.order:
        y += draw_player(d, view, view.players[seat], y, players)
    _draw_log(d, view, y)
    return encode_png(img)

