"""Kill points for the crash tests' child processes (tests/faults/crash_driver.py,
tests/store/crash_writer.py).

A crash test that kills its child "a few milliseconds after X" lands wherever the child got
to in those milliseconds, which depends on the machine. Instead the child stops itself at a
point the parent named — `--park KIND:N`, the N-th event of KIND in this process — says
`PARKED KIND N` on stdout and waits there, frozen, for the SIGKILL. Kinds:

  write    inside the N-th write transaction (migrations, lobby steps, commits, outbox
           marks, anything through Store._write), after its statements ran, before COMMIT
  commit   the same, inside the N-th action commit (Store.commit_action)
  deliver  inside the N-th Notifier.deliver call, after the delivery, before mark_sent

Every line goes out with one os.write, so lines written by the SQLite worker thread (a park
inside a transaction) and by the event loop never interleave.
"""
from __future__ import annotations

import os
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, NoReturn, TypeVar

from store import Store

T = TypeVar("T")
KINDS = ("write", "commit", "deliver")
PARK_LIMIT = 600.0     # seconds a parked child waits for its SIGKILL before deciding the parent is gone
ORPHANED = 3           # exit code of a child whose parent went away (stdin closed, or never killed it)


def say(line: str) -> None:
    """One line to the parent, unbuffered and in one write."""
    os.write(1, (line + "\n").encode())


def park(label: str) -> NoReturn:
    """Freeze this thread at the current point until the parent's SIGKILL ends the process."""
    say(f"PARKED {label}")
    threading.Event().wait(PARK_LIMIT)
    os._exit(ORPHANED)


class Parking:
    """Counts events by kind and parks at the one named by `spec` ("KIND:N"; None: never)."""

    def __init__(self, spec: str | None) -> None:
        self.counts: Counter[str] = Counter()
        self.kind, self.n = None, 0
        if spec:
            kind, _, n = spec.partition(":")
            if kind not in KINDS or not n.isdigit() or int(n) < 1:
                raise SystemExit(f"--park wants KIND:N with KIND one of {', '.join(KINDS)} and N >= 1, not {spec!r}")
            self.kind, self.n = kind, int(n)

    def hit(self, kind: str) -> str | None:
        """Count one event of `kind`; the park label if this is the one to stop at."""
        self.counts[kind] += 1
        return f"{kind} {self.n}" if kind == self.kind and self.counts[kind] == self.n else None

    def at(self, kind: str) -> None:
        """Count one event of `kind` and park here if it is the one."""
        if (label := self.hit(kind)) is not None:
            park(label)


_IN_ACTION: ContextVar[bool] = ContextVar("in_action", default=False)


def _parked_after(fn: Callable[[sqlite3.Connection], Any], label: str) -> Callable[[sqlite3.Connection], Any]:
    def run(conn: sqlite3.Connection) -> NoReturn:   # in the connection's worker thread, mid-transaction
        fn(conn)
        park(label)
    return run


def parking_store(parking: Parking) -> type[Store]:
    """A Store whose writes can park inside their transaction (see the module docstring)."""

    class ParkingStore(Store):
        async def commit_action(self, *args: Any, **kwargs: Any) -> int:
            token = _IN_ACTION.set(True)
            try:
                return await super().commit_action(*args, **kwargs)
            finally:
                _IN_ACTION.reset(token)

        async def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
            labels = [parking.hit("write")] + ([parking.hit("commit")] if _IN_ACTION.get() else [])
            label = next((x for x in labels if x is not None), None)
            return await super()._write(fn if label is None else _parked_after(fn, label))

    return ParkingStore
