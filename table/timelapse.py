"""The timelapse of a finished game: the public board as it went, one frame per hand-over
(sampled evenly when there are more than fit), as an animated GIF for the game's thread.

Built from the log replayed (table.public_replay.replay_public) and drawn by the game's registered
renderer from public views only, so it shows nothing the thread's board posts did not. Frames
are scaled to `WIDTH` pixels (a phone shows about 400 points across at 2-3x: 720 px stays
sharp) and share one palette, so Pillow stores each frame as its change from the one before.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.core import Setup, get_game
from render.registry import Players, renderer_for
from table.public_replay import Step, replay_public

WIDTH = 720                 # px of every frame
MAX_FRAMES = 24             # frames at most, the first and last board included
FRAME_MS = 700              # each board shows this long; the last one HOLD_MS
HOLD_MS = 4000
UPLOAD_LIMIT = 8 * 1024 * 1024   # Discord's plain bot upload limit (bytes)
BUDGET = 5 * 1024 * 1024         # what a timelapse aims under, well below the limit
COLOURS = 128               # one palette for all frames (measured on Scoundrel Bay, 15 frames at
                            # 720 px: 255 colours 3.1 MiB, 64 colours 2.3 MiB; seat colours stay apart)


@dataclass(frozen=True)
class Timelapse:
    gif: bytes
    frames: int
    turns: int          # hand-overs in the game (frames were sampled from these)


class _Sampler:
    """Keeps at most `cap` items evenly spread over a stream of unknown length: when full, every
    other kept item goes and the stride doubles (deterministic, no second pass)."""

    def __init__(self, cap: int) -> None:
        self.cap, self.stride, self.seen = cap, 1, 0
        self.kept: list[Any] = []

    def offer(self, item: Any) -> None:
        if self.seen % self.stride == 0:
            self.kept.append(item)
            if len(self.kept) > self.cap:
                self.kept = self.kept[::2]
                self.stride *= 2
        self.seen += 1


def public_views(game_type: str, setup: Setup, log: list[tuple[int, str]],
                 max_frames: int = MAX_FRAMES) -> tuple[list[Any], list[Step]]:
    """Public views at the start, at every hand-over (sampled) and at the end."""
    game = get_game(game_type)
    sampler = _Sampler(max(1, max_frames - 1))
    last: list[Any] = []
    turn = [-1]

    def on_state(step: Step | None, state: Any) -> None:
        current = -1 if step is None else step.turn
        if step is None or current != turn[0]:
            turn[0] = current
            sampler.offer(game.view(state, None))
        last[:] = [state]

    steps = replay_public(game, setup, log, on_state)
    views = list(sampler.kept)
    views.append(game.view(last[0], None))
    return views, steps


def frame(png: bytes, width: int = WIDTH) -> Image.Image:
    with Image.open(io.BytesIO(png)) as img:
        rgb = img.convert("RGB")
    if rgb.width > width:
        rgb = rgb.resize((width, round(rgb.height * width / rgb.width)), Image.Resampling.LANCZOS)
    return rgb


def encode_gif(frames: list[Image.Image]) -> bytes:
    """One animated GIF: every frame on one canvas (the largest), quantized to one palette made
    from the first and last frames (the colours of the start and of a full board)."""
    width = max(f.width for f in frames)
    height = max(f.height for f in frames)
    canvas = [_on_canvas(f, width, height) for f in frames]
    both = Image.new("RGB", (width, 2 * height))
    both.paste(canvas[0], (0, 0))
    both.paste(canvas[-1], (0, height))
    palette = both.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE)
    paletted = [c.quantize(palette=palette, dither=Image.Dither.NONE) for c in canvas]
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(paletted) - 1) + [HOLD_MS]
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=durations,
                     loop=0, optimize=False, disposal=1)
    return out.getvalue()


def _on_canvas(img: Image.Image, width: int, height: int) -> Image.Image:
    if img.size == (width, height):
        return img
    canvas = Image.new("RGB", (width, height), (8, 24, 40))
    canvas.paste(img, (0, 0))
    return canvas


def timelapse(game_type: str, setup: Setup, log: list[tuple[int, str]], players: Players,
              max_frames: int = MAX_FRAMES, budget: int = BUDGET) -> Timelapse:
    """The game's timelapse, under `budget` bytes: the first and last boards are drawn first and
    their GIF's size says how many frames fit, so no board is drawn only to be dropped (a tall
    board costs about a second under load); then fewer frames, or narrower, if still too large."""
    views, steps = public_views(game_type, setup, log, max_frames)
    renderer = renderer_for(game_type)
    ends = [frame(renderer.board(views[0], players)), frame(renderer.board(views[-1], players))]
    per_frame = len(encode_gif(ends)) / 2
    fits = max(2, int(budget * 0.9 // max(per_frame, 1)))
    chosen = _spread(len(views), fits)
    drawn = {0: ends[0], len(views) - 1: ends[1]}
    images = [drawn[i] if i in drawn else frame(renderer.board(views[i], players)) for i in chosen]
    turns = steps[-1].turn + 1 if steps else 0
    width = WIDTH
    for _ in range(8):   # each try halves the frames or narrows them: a few tries at most
        gif = encode_gif(images)
        if len(gif) <= budget or len(images) <= 2 and width < 200:
            return Timelapse(gif=gif, frames=len(images), turns=turns)
        if len(images) > 8:
            images = [*images[:-1:2], images[-1]]
        else:
            width = width * 3 // 4
            images = [i.resize((width, round(i.height * width / i.width)), Image.Resampling.LANCZOS) for i in images]
    return Timelapse(gif=gif, frames=len(images), turns=turns)


def _spread(n: int, k: int) -> list[int]:
    """`k` indexes (at most n) evenly spread over range(n), the first and last among them."""
    if k >= n:
        return list(range(n))
    return sorted({round(i * (n - 1) / (k - 1)) for i in range(k)})
