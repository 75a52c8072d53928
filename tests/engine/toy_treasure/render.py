"""Toy Treasure's renderer: a plain board of treasures and scores, and the viewer's hand."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import GOLD, INK, NIGHT, WHITE, draw_text, encode_png, seat_colour
from render.registry import Players, Renderer
from tests.engine.toy_treasure import ToyView

W, ROW = 1200, 90


def board(view: ToyView, players: Players) -> bytes:
    img = Image.new("RGB", (W, ROW * (3 + len(view.won))), NIGHT)
    d = ImageDraw.Draw(img)
    draw_text(d, (30, 30), "Toy Treasure — " + " · ".join(view.treasures), 40, bold=True, fill=GOLD)
    for seat, won in enumerate(view.won):
        y = ROW * (1 + seat) + 20
        d.rectangle((30, y, 60, y + 30), fill=seat_colour(seat))
        mark = "▶ " if seat in view.waiting_on else ""
        who = f" ({players[seat]})" if seat in players else ""
        draw_text(d, (80, y - 5), f"{mark}Seat {seat + 1}{who}: {', '.join(won) or 'nothing yet'} · "
                                  f"{view.hand_sizes[seat]} cards", 36, fill=WHITE)
    return encode_png(img)


def hand(view: ToyView) -> bytes:
    img = Image.new("RGB", (W, 200), WHITE)
    draw_text(ImageDraw.Draw(img), (30, 60), "Your hand: " + " ".join(view.hand or []), 48, bold=True, fill=INK)
    return encode_png(img)


def public_text(view: ToyView, players: Players) -> str:
    return " · ".join(f"Seat {seat + 1}{' (' + players[seat] + ')' if seat in players else ''}: {len(w)} treasures" for seat, w in enumerate(view.won))


def private_text(view: ToyView) -> str:
    return f"**Your hand:** {' '.join(view.hand or []) or '(empty)'}" if view.hand is not None else ""


RENDERER = Renderer(game="toy_treasure", board=board, hand=hand, public_text=public_text, private_text=private_text)
