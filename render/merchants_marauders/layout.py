"""Where each of the 17 zones sits on the drawn map, worked out from the map data's bearings
(data/merchants_marauders/base/map.toml) rather than typed in, so the picture follows the data.

Each link says which way one zone lies from the other (N, NE, ... NW). Starting from a walk out
of the Caribbean Sea, every zone is moved again and again to the average of where its neighbours
say it should be (one step along each bearing), while zones closer than one step push apart.
The result is scaled into the map box, and tiles that would still overlap are pushed apart. tests/render/test_merchants_marauders_render.py checks
that every drawn link points within 45 degrees of its bearing and that no two tiles overlap."""
from __future__ import annotations

import math
from functools import cache

from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.vocab import OPEN_SEA

__all__ = ["STEP", "positions"]

STEP: dict[str, tuple[int, int]] = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1),
                                    "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}
ROUNDS = 400          # relaxation passes (the layout settles well before)
APART = 1.0           # zones closer than one step push apart
GAP = 8               # px between drawn tiles


def _unit(bearing: str) -> tuple[float, float]:
    dx, dy = STEP[bearing]
    a = math.atan2(dy, dx)
    return math.cos(a), math.sin(a)


def _first_guess(links: dict[str, dict[str, str]]) -> dict[str, tuple[float, float]]:
    pos: dict[str, tuple[float, float]] = {OPEN_SEA: (0.0, 0.0)}
    todo: list[str] = [OPEN_SEA]
    while todo:
        z = todo.pop(0)
        for n, b in links[z].items():
            if n not in pos:
                ux, uy = _unit(b)
                pos[n] = (pos[z][0] + ux, pos[z][1] + uy)
                todo.append(n)
    return pos


def _pass(links: dict[str, dict[str, str]], pos: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    out: dict[str, tuple[float, float]] = {}
    for z, near in links.items():
        x = sum(pos[n][0] - _unit(b)[0] for n, b in near.items()) / len(near)
        y = sum(pos[n][1] - _unit(b)[1] for n, b in near.items()) / len(near)
        for o, (ox, oy) in pos.items():
            dist = math.hypot(x - ox, y - oy)
            if o != z and 1e-9 < dist < APART:
                push = (APART - dist) / 2
                x, y = x + (x - ox) / dist * push, y + (y - oy) / dist * push
        out[z] = (x, y)
    return out


@cache
def _relaxed() -> dict[str, tuple[float, float]]:
    links: dict[str, dict[str, str]] = {z: {n: str(b) for n, b in zd.neighbours.items()}
                                        for z, zd in defs().map.zones.items()}
    pos = _first_guess(links)
    for _ in range(ROUNDS):
        pos = _pass(links, pos)
    return pos


def _separate(pos: dict[str, tuple[float, float]], tile: tuple[float, float], width: float,
              height: float) -> dict[str, tuple[float, float]]:
    """Push overlapping tiles apart along the axis where they overlap least, inside the box."""
    tw, th = tile[0] + GAP, tile[1] + GAP
    out = dict(pos)
    for _ in range(ROUNDS):
        moved = False
        for a in out:
            for b in out:
                if a >= b:
                    continue
                (ax, ay), (bx, by) = out[a], out[b]
                ox, oy = tw - abs(ax - bx), th - abs(ay - by)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                if ox / tw < oy / th:
                    sign = 1 if ax >= bx else -1
                    out[a], out[b] = (ax + sign * ox / 2, ay), (bx - sign * ox / 2, by)
                else:
                    sign = 1 if ay >= by else -1
                    out[a], out[b] = (ax, ay + sign * oy / 2), (bx, by - sign * oy / 2)
        out = {z: (min(max(x, 0.0), width), min(max(y, 0.0), height)) for z, (x, y) in out.items()}
        if not moved:
            break
    return out


@cache
def positions(width: float, height: float, tile: tuple[float, float] = (0, 0)) -> dict[str, tuple[float, float]]:
    """Each zone's centre inside a (0, 0, width, height) box, tiles of size `tile` kept apart."""
    pos = _relaxed()
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    x0, y0 = min(xs), min(ys)
    sx, sy = width / (max(xs) - x0), height / (max(ys) - y0)
    return _separate({z: ((x - x0) * sx, (y - y0) * sy) for z, (x, y) in pos.items()}, tile, width, height)
