"""Merchants & Marauders board image: View -> PNG. Draws only what the view holds (no rules, no
secrets).

Top to bottom: the header (who the game waits on and for what; the round, whose turn and the
actions left), the fight in progress (panels.py), the final ranking once there is one, the
Caribbean map (sea.py), the state of play (the event, wars, the merchant track, the missions,
the decks), one ship card per captain in turn order (captains.py), and the log's last lines so
everyone sees what changed, the latest in gold."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.merchants_marauders.view import MerchantsView
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
from render.merchants_marauders.captains import card_height, draw_card
from render.merchants_marauders.panels import (
    draw_fight,
    draw_final,
    draw_play,
    fight_height,
    final_height,
    play_height,
    winner_line,
)
from render.merchants_marauders.sea import draw_map, map_height
from render.merchants_marauders.style import BG, MARGIN, NO_PLAYERS, Players, W, captain_name, chip, seat_name, who

__all__ = ["header_line", "render_board"]

# ---- layout constants -------------------------------------------------------------------
HEADER_H = 136
SECOND_LINE = 50                 # the prompt on its own line when the chips fill the first
HEADLINE_Y, HEADLINE, STATS_Y, STATS = 42, 34, 104, 23
PHASE_WORDS = {"setup": "setup: ships picked in secret", "round_start": "start of the round",
               "turn_start": "start of the turn", "actions": "taking actions", "end_turn": "end of the turn",
               "round_end": "end of the round", "ranking": "final ranking", "done": "game over"}


def header_line(view: MerchantsView) -> str:
    """The round, whose turn and its phase, and what the turn has left."""
    t = view.turn
    parts = [f"Round {view.round.number}" if view.round.number else "Before the first round"]
    if t.phase != "setup" and view.final is None:
        p = view.players[t.seat]
        parts.append(f"{seat_name(t.seat)}'s turn ({captain_name(p.captain)})")
    parts.append(PHASE_WORDS.get(t.phase, t.phase))
    if t.phase == "actions":
        parts.append(f"{t.actions} action{'s' if t.actions != 1 else ''} left")
    if view.round.to_play and view.final is None:
        parts.append("still to play: " + ", ".join(f"P{s + 1}" for s in view.round.to_play))
    return " · ".join(parts)


def _chip_labels(view: MerchantsView, players: Players) -> list[tuple[int, str]]:
    """The waited seats' chip labels: full names when they fit on the headline, else short ones."""
    seats = view.waiting.waiting_on if view.waiting is not None else ()
    room = W - 2 * MARGIN - text_width("Waiting on", HEADLINE, True) - 14
    full = [(s, who(s, players)) for s in seats]
    size = HEADLINE - 6
    if sum(text_width(t, size, True) + 34 for _, t in full) <= room:
        return full
    return [(s, f"P{s + 1} {players[s][:8]}" if players.get(s) else f"P{s + 1}") for s in seats]


def _header_lines(view: MerchantsView, players: Players) -> tuple[float, str, bool]:
    """Where the chips end, the rest of the headline, and whether it needs a line of its own."""
    x = MARGIN + text_width("Waiting on", HEADLINE, True) + 14
    x += sum(text_width(t, HEADLINE - 6, True) + 34 for _, t in _chip_labels(view, players))
    w = view.waiting
    rest = "" if w is None else f"to {w.prompt}" + (" (a reply by DM)" if w.kind == "reaction" else "")
    return x, rest, text_width(rest, HEADLINE - 6, True) > W - MARGIN - x


def header_height(view: MerchantsView, players: Players) -> int:
    return HEADER_H + (SECOND_LINE if view.final is None and _header_lines(view, players)[2] else 0)


def _header(d: ImageDraw.ImageDraw, view: MerchantsView, players: Players) -> None:
    h = header_height(view, players)
    d.rectangle((0, 0, W, h), fill=NIGHT)
    x = float(MARGIN)
    if view.final is not None:
        line = winner_line(view, players)
        draw_text(d, (x, HEADLINE_Y), line, fit_size(line, HEADLINE, W - 2 * MARGIN, True), bold=True, fill=GOLD,
                  anchor="lm")
    elif view.waiting is not None:
        draw_text(d, (x, HEADLINE_Y), "Waiting on", HEADLINE, bold=True, fill=WHITE, anchor="lm")
        x += text_width("Waiting on", HEADLINE, True) + 14
        for seat, label in _chip_labels(view, players):
            x += chip(d, (x, HEADLINE_Y), seat, label, HEADLINE - 6, True) + 10
        _, rest, own_line = _header_lines(view, players)
        at = (MARGIN, HEADLINE_Y + SECOND_LINE) if own_line else (x, HEADLINE_Y)
        draw_text(d, at, rest, fit_size(rest, HEADLINE, W - MARGIN - at[0], True), bold=True, fill=GOLD, anchor="lm")
    stats = header_line(view)
    draw_text(d, (MARGIN, h - HEADER_H + STATS_Y), stats, fit_size(stats, STATS, W - 2 * MARGIN), fill=MUTED,
              anchor="lm")


def _log_lines(view: MerchantsView) -> list[str]:
    return log_lines(view.log_tail, W - 2 * MARGIN)


def _draw_log(d: ImageDraw.ImageDraw, view: MerchantsView, top: int) -> None:
    draw_log(d, view.log_tail, MARGIN, top, W - 2 * MARGIN, "Nothing yet: the captains are choosing their ships.")


def render_board(view: MerchantsView, players: Players = NO_PLAYERS) -> bytes:
    """The board as PNG bytes: public when `view.viewer` is None (thread posts)."""
    seats = [view.players[s] for s in view.order]
    log_h = 76 + LOG_LINE * max(1, len(_log_lines(view)))
    heights = [header_height(view, players), fight_height(view), final_height(view), map_height(), play_height(view),
               card_height() * len(seats) + 10, log_h]
    img = Image.new("RGB", (W, sum(heights)), BG)
    d = ImageDraw.Draw(img)
    _header(d, view, players)
    y = heights[0]
    draw_fight(d, view, y, players)
    y += heights[1]
    draw_final(d, view, y, players)
    y += heights[2]
    draw_map(d, view, y)
    y += heights[3]
    draw_play(d, view, y)
    y += heights[4]
    for p in seats:
        y += draw_card(d, view, p, y, players)
    _draw_log(d, view, y + 10)
    return encode_png(img)
