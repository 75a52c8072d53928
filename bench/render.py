"""render_ms: every game's board and hand images from views of real mid-game states.

Floor: encoding a blank image of the same size with the same settings (render.common.encode_png),
so the ratio is what drawing adds on top of the unavoidable encode. Also checks the p99 time and
the median PNG size.
"""
from __future__ import annotations

import io
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from PIL import Image

from bench.common import Result, Target, median, ms, percentile
from bench.games import mid_game_states, seats_for
from engine.core import all_games
from engine.core.game import Game
from render.common import encode_png
from render.registry import renderer_for

NAME = "render_ms"
KINDS = ("board", "hand")
GAMES = [g.id for g in all_games()]
EMITS = tuple(f"render_{g}_{k}_{fig}" for g in GAMES for k in KINDS for fig in ("ms", "p99_ms", "png_kib"))
RATIO = Target("ratio", "<=", 4)
P99 = Target("value", "<=", 250)
SIZE = Target("value", "<=", 600)


def views(game: Game[Any, Any, Any], kind: str, count: int) -> list[Any]:
    """Public views for boards; for hands, each state seen by the seat it waits on."""
    states = mid_game_states(count, seats_for(game), game=game)
    if kind == "board":
        return [game.view(s, None) for s in states]
    return [game.view(s, _waited_on(game, s)) for s in states]


def _waited_on(game: Game[Any, Any, Any], s: Any) -> int:
    pending = game.pending(s)
    return pending.waiting_on[0] if pending else 0


def timed(fn: Callable[[], bytes]) -> tuple[float, bytes]:
    t0 = time.perf_counter()
    data = fn()
    return time.perf_counter() - t0, data


def blank_encode(png: bytes) -> float:
    """Seconds to encode a one-colour image as large as `png`, with the same settings."""
    with Image.open(io.BytesIO(png)) as img:
        size = img.size
    blank = Image.new("RGB", size, (14, 48, 78))
    return timed(partial(encode_png, blank))[0]


def measure(game: Game[Any, Any, Any], kind: str, count: int) -> list[Result]:
    renderer = renderer_for(game.id)
    names = {seat: f"Player {seat + 1}" for seat in range(seats_for(game))}
    render = (lambda v: renderer.board(v, names)) if kind == "board" else renderer.hand
    vs = views(game, kind, count)
    render(vs[0])   # warm the static-layer and font caches, as a running bot has them
    times, floors, sizes = [], [], []
    for v in vs:
        seconds, png = timed(partial(render, v))
        times.append(seconds)
        sizes.append(len(png) / 1024)
        floors.append(blank_encode(png))
    name = f"render_{game.id}_{kind}"
    detail = {"renders": len(times), "p99_ms": ms(percentile(times, 99)), "floor_p99_ms": ms(percentile(floors, 99))}
    return [
        Result(f"{name}_ms", ms(median(times)), "ms", ms(median(floors)), RATIO, detail=detail),
        Result(f"{name}_p99_ms", ms(percentile(times, 99)), "ms", ms(percentile(floors, 99)), P99,
               detail={"renders": len(times)}),
        Result(f"{name}_png_kib", median(sizes), "KiB", None, SIZE,
               detail={"max_kib": max(sizes), "min_kib": min(sizes)}),
    ]


def run(quick: bool) -> list[Result]:
    count = 10 if quick else 40
    return [r for game in all_games() for kind in KINDS for r in measure(game, kind, count)]
