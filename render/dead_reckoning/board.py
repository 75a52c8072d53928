"""Dead Reckoning board image: View -> PNG. Draws only what the view holds (no rules, no secrets).

Top to bottom: the header (who the game waits on and for what, whose turn, the phase and what
the turn has used), the battle in progress (render/dead_reckoning/panels.py), the final scoring
once there is one, the ocean grid above the Harbor (ocean.py), the decks and the supply, the
Achievements, one Ship panel per player in turn order (ships.py), and the recent log so everyone
sees what changed."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.dead_reckoning.view import DeadReckoningView
from render.common import (
    GOLD,
    LOG_LINE,
    MUTED,
    NIGHT,
    WHITE,
    draw_log,
    draw_text,
    encode_png,
    fit_size,
    log_lines,
    text_width,
)
from render.dead_reckoning.ocean import draw_ocean, draw_supply, ocean_height, supply_height
from render.dead_reckoning.panels import (
    achievements_height,
    battle_height,
    draw_achievements,
    draw_battle,
    draw_final,
    final_height,
)
from render.dead_reckoning.ships import draw_player, player_height
from render.dead_reckoning.style import BG, MARGIN, NO_PLAYERS, Players, W, chip, seat_name, who

__all__ = ["header_line", "render_board"]

# ---- layout constants -------------------------------------------------------------------
HEADER_H = 136
HEADLINE_Y, HEADLINE, STATS_Y, STATS = 42, 34, 104, 23
PHASE_WORDS = {"setup": "setup", "start": "start of turn", "main": "main phase", "refill": "Cleanup: refill",
               "mode": "Cleanup: choose the mode", "sails": "Cleanup: lose Sails", "sleeve": "Cleanup: sleeve",
               "draw": "Cleanup: discard and draw", "end_turn": "end of turn", "next_turn": "next turn",
               "scoring": "final scoring", "done": "game over"}


def header_line(view: DeadReckoningView) -> str:
    """Whose turn, the phase, and what this turn has used up (buys, exploring, Sails)."""
    t = view.turn
    parts = [f"{seat_name(t.seat)}'s turn", PHASE_WORDS.get(t.phase, t.phase)]
    if t.phase == "main":
        parts.append(f"buys {t.buys}/2")
        parts.append("explored this turn" if t.explored else "may explore")
        if t.sails_set:
            parts.append("Sails set")
    done = [p for p in view.players if p.finished]
    if done and view.final is None:
        parts.append("final turns done: " + ", ".join(f"P{p.seat + 1}" for p in done))
    return " · ".join(parts)


def _header(d: ImageDraw.ImageDraw, view: DeadReckoningView, players: Players) -> None:
    d.rectangle((0, 0, W, HEADER_H), fill=NIGHT)
    x = float(MARGIN)
    if view.final is not None:
        word = "Game over · winner:" if len(view.winners) == 1 else "Game over · winners:"
        draw_text(d, (x, HEADLINE_Y), word, HEADLINE, bold=True, fill=WHITE, anchor="lm")
        x += text_width(word, HEADLINE, True) + 14
        for seat in view.winners:
            total = sum(view.final.get(seat, {}).values())
            x += chip(d, (x, HEADLINE_Y), seat, f"{who(seat, players)} {total}", HEADLINE - 6, True) + 10
    elif view.waiting is not None:
        draw_text(d, (x, HEADLINE_Y), "Waiting on", HEADLINE, bold=True, fill=WHITE, anchor="lm")
        x += text_width("Waiting on", HEADLINE, True) + 14
        for seat in view.waiting.waiting_on:
            x += chip(d, (x, HEADLINE_Y), seat, who(seat, players), HEADLINE - 6, True) + 10
        rest = f"to {view.waiting.prompt}" + (" (a reply by DM)" if view.waiting.kind == "reaction" else "")
        draw_text(d, (x, HEADLINE_Y), rest, fit_size(rest, HEADLINE, W - MARGIN - x, True), bold=True,
                  fill=GOLD, anchor="lm")
    stats = header_line(view)
    draw_text(d, (MARGIN, STATS_Y), stats, fit_size(stats, STATS, W - 2 * MARGIN), fill=MUTED, anchor="lm")


def _log_lines(view: DeadReckoningView) -> list[str]:
    return log_lines(view.log_tail, W - 2 * MARGIN)


def _draw_log(d: ImageDraw.ImageDraw, view: DeadReckoningView, top: int) -> None:
    draw_log(d, view.log_tail, MARGIN, top, W - 2 * MARGIN, "Nothing yet: the voyage has just begun.")


def render_board(view: DeadReckoningView, players: Players = NO_PLAYERS) -> bytes:
    """The board as PNG bytes: public when `view.viewer` is None (thread posts)."""
    seats = [view.players[s] for s in view.order]
    log_h = 76 + LOG_LINE * max(1, len(_log_lines(view)))
    heights = [HEADER_H, battle_height(view), final_height(view), ocean_height(), supply_height(view),
               achievements_height(), sum(player_height(p) for p in seats) + 10, log_h]
    img = Image.new("RGB", (W, sum(heights)), BG)
    d = ImageDraw.Draw(img)
    _header(d, view, players)
    y = HEADER_H
    draw_battle(d, view, y, players)
    y += heights[1]
    draw_final(d, view, y, players)
    y += heights[2]
    draw_ocean(d, view, y)
    y += heights[3]
    draw_supply(d, view, y)
    y += heights[4]
    draw_achievements(d, view, y)
    y += heights[5]
    for p in seats:
        y += draw_player(d, view, p, y, players)
    _draw_log(d, view, y + 10)
    return encode_png(img)
