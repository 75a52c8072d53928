"""What every benchmark shares: the result line, targets, percentiles and clocks.

A result is one JSON line: name, value, unit, the floor measured in the same run, ratio,
target (a comparison on `value` or `ratio`, e.g. "ratio <= 3"), ok, and a `detail` object
with the numbers behind it (percentiles, sample counts, the floor's own percentiles).
"""
from __future__ import annotations

import gc
import json
import math
import operator
import os
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

OPS: dict[str, Callable[[float, float], bool]] = {"<=": operator.le, ">=": operator.ge}


@dataclass(frozen=True)
class Target:
    """A pass condition: `on` ("value" or "ratio") compared with `bound`."""
    on: str
    op: str
    bound: float

    def __str__(self) -> str:
        return f"{self.on} {self.op} {self.bound:g}"

    def met(self, value: float, ratio: float | None) -> bool:
        subject = value if self.on == "value" else ratio
        return subject is not None and math.isfinite(subject) and OPS[self.op](subject, self.bound)


@dataclass
class Result:
    name: str
    value: float
    unit: str
    floor: float | None
    target: Target
    ratio: float | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.ratio is None and self.floor:
            self.ratio = self.value / self.floor

    @property
    def ok(self) -> bool:
        return self.target.met(self.value, self.ratio)

    def line(self) -> str:
        return json.dumps({"name": self.name, "value": _round(self.value), "unit": self.unit,
                           "floor": _round(self.floor), "ratio": _round(self.ratio), "target": str(self.target),
                           "ok": self.ok, "detail": {k: _round(v) for k, v in self.detail.items()}})


def _round(x: Any) -> Any:
    if isinstance(x, float):
        return round(x, 3) if abs(x) < 1000 else round(x, 1)
    return x


def percentile(samples: Sequence[float], p: float) -> float:
    """The p-th percentile (0..100), linear between the two nearest ranks."""
    if not samples:
        raise ValueError("no samples")
    xs = sorted(samples)
    k = (len(xs) - 1) * p / 100
    lo, hi = math.floor(k), math.ceil(k)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def median(samples: Sequence[float]) -> float:
    return percentile(samples, 50)


def ms(seconds: float) -> float:
    return seconds * 1000


@contextmanager
def temp_dir(prefix: str) -> Iterator[Path]:
    """A scratch folder on the file system the bot uses by default (next to the repository's
    working directory, not tmpfs), removed afterwards. BENCH_TMP overrides where."""
    base = os.environ.get("BENCH_TMP") or None
    with tempfile.TemporaryDirectory(prefix=f"parley-bench-{prefix}-", dir=base) as d:
        yield Path(d)


@contextmanager
def bot_gc() -> Iterator[None]:
    """The garbage-collector settings the bot process runs with (bot.tune_gc), undone after."""
    from bot import tune_gc
    before = gc.get_threshold()
    tune_gc()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


class Stopwatch:
    """Wall time and this process's CPU time since creation."""

    def __init__(self) -> None:
        self.wall0 = time.perf_counter()
        self.cpu0 = time.process_time()

    @property
    def wall(self) -> float:
        return time.perf_counter() - self.wall0

    @property
    def cpu(self) -> float:
        return time.process_time() - self.cpu0
