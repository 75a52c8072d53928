"""timelapse: every game's /game replay GIF, from a greedy bots' game: its size and the time to
make it (replay, public views, board renders, scaling, GIF encoding).

Floor, measured in the same run: replaying the same log (table.public_replay, no views drawn),
encoding one blank board-sized PNG per frame (what the board posts pay for each image anyway,
as in bench/render.py) and encoding as many blank frames as one GIF; the ratio is what drawing
the boards and scaling them adds on top of the work any timelapse must do. The size's bound is the budget the
timelapse keeps under (table.timelapse.BUDGET, well below Discord's 8 MiB upload limit).
"""
from __future__ import annotations

import io
import time
from typing import Any

from PIL import Image

from bench.common import Result, Target
from bench.games import playout, seats_for
from engine.core import Setup, all_games, get_game
from engine.core.game import Game
from render.common import encode_png
from table.public_replay import replay_public
from table.timelapse import BUDGET, MAX_FRAMES, encode_gif, timelapse

NAME = "timelapse"
GAMES = [g.id for g in all_games()]
EMITS = tuple(f"timelapse_{g}_{fig}" for g in GAMES for fig in ("s", "kib"))
RATIO = Target("ratio", "<=", 10)
BOARD_WIDTH = 1200      # the boards are drawn this wide (DESIGN.md, Rendering)
SIZE = Target("value", "<=", BUDGET / 1024)
QUICK_STEPS = 80        # decisions of the quick run's game (a CI smoke run)
FULL_STEPS = 5000       # a whole game for every registered game (the longest take ~2,500 with greedy bots)


def game_log(game: Game[Any, Any, Any], steps: int) -> tuple[Any, list[tuple[int, str]]]:
    players = seats_for(game, 3)
    log = [(seat, game.notate(s, a)) for s, seat, a in playout("timelapse", players, steps, game=game)]
    return Setup(game=game.id, players=players, seed="timelapse"), log


def floor_seconds(game: Game[Any, Any, Any], setup: Any, log: list[tuple[int, str]], gif: bytes,
                  frames: int) -> float:
    with Image.open(io.BytesIO(gif)) as img:
        size = img.size
    board = Image.new("RGB", (BOARD_WIDTH, round(size[1] * BOARD_WIDTH / size[0])), (14, 48, 78))
    t0 = time.perf_counter()
    replay_public(game, setup, log)
    for _ in range(frames):
        encode_png(board)
    encode_gif([Image.new("RGB", size, (8, 24, 40)) for _ in range(frames)])
    return time.perf_counter() - t0


def measure(game_id: str, quick: bool) -> list[Result]:
    game = get_game(game_id)
    setup, log = game_log(game, QUICK_STEPS if quick else FULL_STEPS)
    names = {seat: f"Player {seat + 1}" for seat in range(setup.players)}
    t0 = time.perf_counter()
    made = timelapse(game_id, setup, log, names, max_frames=3 if quick else MAX_FRAMES)
    seconds = time.perf_counter() - t0
    floor = floor_seconds(game, setup, log, made.gif, made.frames)
    detail = {"decisions": len(log), "turns": made.turns, "frames": made.frames}
    return [Result(f"timelapse_{game_id}_s", seconds, "s", floor, RATIO, detail=detail),
            Result(f"timelapse_{game_id}_kib", len(made.gif) / 1024, "KiB", None, SIZE, detail=detail)]


def run(quick: bool) -> list[Result]:
    return [r for g in GAMES for r in measure(g, quick)]
