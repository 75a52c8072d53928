"""Shared pieces of the fault suite: the size switch, the per-scenario report, error capture,
probabilistic Discord faults, and a recording notifier.

`PARLEY_FAULTS=full` selects the full sizes (`make faults`); anything else the bounded ones
that keep `pytest tests/faults` well under three minutes for CI.
"""
from __future__ import annotations

import logging
import os
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from store import GameRecord, OutboxRow, Store
from tests.fake_discord import FakeDiscord, Fault
from tests.fake_discord.harness import _Collect  # the same ERROR-record sink the bot harness uses
from tests.faults.deliveries import Delivery, batch_of, nonce_of

FULL = os.environ.get("PARLEY_FAULTS", "").strip().lower() == "full"
MODE = "full" if FULL else "bounded"


def size(bounded: int, full: int) -> int:
    return full if FULL else bounded


# ---- reporting -------------------------------------------------------------------------------
SUMMARY: list[str] = []   # one line per scenario, printed again at the end of the session


def report(scenario: str, tried: str, lost: int, **details: Any) -> str:
    """Print (and remember) one summary line: what was tried and what was lost."""
    extra = "".join(f"; {k.replace('_', ' ')}: {v}" for k, v in details.items())
    line = f"[faults/{MODE}] {scenario}: tried {tried}; lost {lost}{extra}"
    print(line, flush=True)
    SUMMARY.append(line)
    return line


# ---- error capture ---------------------------------------------------------------------------
@contextmanager
def logged_errors() -> Iterator[list[logging.LogRecord]]:
    """ERROR records from every logger (BotRun.errors only sees discord.py's own loggers;
    cogs.common logs an unexpected exception as an error before apologising to the user)."""
    sink: list[logging.LogRecord] = []
    handler = _Collect(sink)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield sink
    finally:
        root.removeHandler(handler)


def describe(records: list[logging.LogRecord]) -> list[str]:
    return [f"{r.name}: {r.getMessage()}" + (f": {r.exc_info[1]!r}" if r.exc_info else "") for r in records]


# ---- Discord faults --------------------------------------------------------------------------
@dataclass
class RandomFault(Fault):
    """An injected fault that answers a matching request with probability `rate` (seeded);
    `where(path)` narrows the match further (e.g. thread channels only)."""
    rate: float = 0.0
    rand: random.Random = field(default_factory=random.Random)
    where: Callable[[str], bool] = lambda path: True
    enabled: bool = True
    first: bool = False   # also fail the first matching request, so a small run sees each kind

    def matches(self, method: str, path: str) -> bool:
        if not self.enabled or self.method not in ("*", method) or not self.pattern.search(path) \
                or len(self.hits) >= self.times or not self.where(path):
            return False
        return (self.first and not self.hits) or self.rand.random() < self.rate


def sprinkle(fake: FakeDiscord, method: str, path_regex: str, status: int, rate: float, seed: int,
             where: Callable[[str], bool] = lambda path: True, first: bool = False) -> RandomFault:
    """Like fake.inject(..., times=∞), but each matching request fails with probability `rate`."""
    proto = fake.inject(method, path_regex, status, times=10**9)
    fake.faults.remove(proto)
    fault = RandomFault(proto.method, re.compile(path_regex), status, proto.times, proto.body, proto.headers,
                        rate=rate, rand=random.Random(seed), where=where, first=first)
    fake.faults.append(fault)
    return fault


# ---- outbox delivery accounting ----------------------------------------------------------------


class RecordingNotifier:
    """Records every delivery with the outbox rows it covers and the nonce Discord would see."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.deliveries: list[Delivery] = []

    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        self.deliveries.append(Delivery(game.id, item.kind, nonce_of(item), await batch_of(self.store, item)))


@dataclass
class DeliveryAudit:
    rows: int                     # outbox rows in the database
    unsent: int                   # rows never marked sent
    lost: int                     # rows in no delivery that reached a channel
    raw_duplicates: int           # rows handed to the notifier more than once
    deduplicated: int             # deliveries Discord would drop (a nonce it has seen)
    visible_duplicates: int       # rows shown twice even after nonce dedupe


def audit(rows: list[OutboxRow], deliveries: list[Delivery]) -> DeliveryAudit:
    """How often each outbox row went out. A delivery whose nonce was already used is what
    Discord returns as the earlier message (enforce_nonce) instead of posting again."""
    raw: dict[int, int] = {}
    visible: dict[int, int] = {}
    seen: set[str] = set()
    deduplicated = 0
    for d in deliveries:
        first = d.nonce not in seen
        seen.add(d.nonce)
        deduplicated += not first
        for row_id in d.row_ids:
            raw[row_id] = raw.get(row_id, 0) + 1
            if first:
                visible[row_id] = visible.get(row_id, 0) + 1
    return DeliveryAudit(
        rows=len(rows), unsent=sum(r.sent_at is None for r in rows),
        lost=sum(visible.get(r.id, 0) == 0 for r in rows),
        raw_duplicates=sum(n > 1 for n in raw.values()), deduplicated=deduplicated,
        visible_duplicates=sum(n > 1 for n in visible.values()))


async def next_decision(svc: Any, game_id: int) -> tuple[int, str, int]:
    """What the greedy bot would do next in this game: (seat, notation, version it is for)."""
    from engine.core import get_game
    from engine.core.policy import get_policy
    record, s = await svc.load(game_id)
    game = get_game(record.game_type)
    pending = game.pending(s)
    assert pending is not None
    seat = pending.waiting_on[0]
    bot = get_policy(record.game_type, "greedy", f"{game_id}:{record.version}")
    return seat, game.notate(s, bot.choose(game, s, seat)), record.version


async def bot_step(svc: Any, game_id: int) -> int:
    """Let the greedy bot take the next decision of this game through the service."""
    seat, notation, _ = await next_decision(svc, game_id)
    await svc.act(game_id, seat, notation)
    return game_id
