"""When to try a failed delivery again: exponential backoff with jitter, pure and repeatable.

The first failure in a row is tried again at the next pump, at once (most passing failures
are single: one 503, one time-out). From the second on, the n-th waits between half and all
of `base · 2^(n-2)` seconds, capped at `cap`. The jitter spreads games that failed together (a Discord outage) over the window, so
they do not all come back at the same instant; it is drawn from a generator seeded with the
game and the failure count, so the same failure always waits the same time (tests assert the
exact schedule, and two bot processes agree on it).
"""
from __future__ import annotations

import hashlib

BASE = 5.0            # seconds before the first retry, at most
CAP = 600.0           # never longer than ten minutes between retries of a passing failure
STALL_PROBE = 6 * 3600.0   # a stalled game (its thread gone or unwritable) is tried again this often


def jitter(game_id: int, failures: int) -> float:
    """A number in [0, 1) fixed by (game, failures)."""
    digest = hashlib.blake2b(f"{game_id}:{failures}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2 ** 64


def retry_delay(game_id: int, failures: int, base: float = BASE, cap: float = CAP) -> float:
    """Seconds to wait after the `failures`-th failure in a row (1 for the first: no wait)."""
    if failures <= 1:
        return 0.0
    window = min(cap, base * 2 ** (failures - 2))
    return window / 2 + window / 2 * jitter(game_id, failures)
