"""Crash: SIGKILL a driver that plays 50 games through the TableService on one database, and
restart it each time (full: 5,000 actions and 200 kills; bounded: 600 actions and 20 kills).

Where each kill lands is chosen by the test, not by how fast the machine is. The driver
(tests/faults/crash_driver.py) may only make as many decisions as the test allows it, so a
run never finishes by itself, and each run is killed at a planned point:
- start-up: inside the first migration; while the 50 games are being set up (half-built
  lobbies the next run must finish); while a restart re-delivers what the previous kill left;
- mid-commit: inside an action's transaction, after its statements ran, before COMMIT;
- mid-delivery: after Notifier.deliver, before flush_outbox marks the rows sent;
- while playing: a random moment after a chosen number of acknowledged actions, the moment
  scaled to how long an action takes on this machine (anywhere: inside SQLite's COMMIT,
  between actions, in the pump). Where those land is reported, not asserted.
The parked points (tests/faults/killpoints.py) stop the driver there and it says so, so
those kills land exactly there on any machine.

Afterwards: every acknowledged action is in the log with the notation that was acknowledged,
each restart finds exactly the actions acknowledged before the kill (plus at most the one in
flight; none when the kill was inside its transaction), logs have no gaps, every snapshot
equals the replay of its log (store.verify), and every outbox row was delivered. Delivery is
at-least-once by design — a kill between Notifier.deliver and mark_sent delivers that row
again after the restart — so the audit counts those repeats (at least one per mid-delivery
kill) and checks that Discord's nonce dedupe (the notifier sends `nonce=p<row id>` /
`d<row id>` with enforce_nonce) hides every one of them: no row may be *visible* twice, and
none may be lost.
"""
from __future__ import annotations

import asyncio
import os
import random
import signal
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from store import GameRecord, OutboxRow, Store
from table import TableService
from tests.faults.common import Delivery, RecordingNotifier, audit, bot_step, report, size

REPO = Path(__file__).resolve().parents[2]
GAMES = 50
ACTIONS = size(600, 5000)
KILLS = size(20, 200)
SLACK = 4                          # a timed kill's window: about this many actions after its trigger
HANG = 120.0                       # seconds without any output from the driver: it hangs
SEED = 20250607


@dataclass(frozen=True)
class Scale:
    """How big one crash run is: games kept going, actions in all, killed runs."""
    games: int = GAMES
    actions: int = ACTIONS
    kills: int = KILLS

    @property
    def per_run(self) -> int:
        """Decisions a killed run may make; the last run plays the rest."""
        return self.actions // (self.kills + 1)

    @property
    def setup_writes(self) -> int:
        """The migration, then per game: create, four bots, start."""
        return 1 + 6 * self.games


# PostgreSQL: the same kinds of kill (the first migration, set-up, mid-commit, mid-delivery, while
# playing), few of each. The server is not what dies, so what is checked is the client side: a
# transaction cut off by the kill is rolled back by the server, the migration's lock is let go.
PG_SCALE = Scale(games=4, actions=70, kills=6)


@dataclass(frozen=True)
class Plan:
    """One killed run: what it may do and where the kill lands."""
    point: str                 # "start-up", "mid-commit", "mid-delivery" or "while playing"
    what: str                  # in words, for messages
    grant: int                 # decisions allowed
    park: str | None = None    # the driver's --park KIND:N; None: a timed kill
    kill_after: int = 0        # timed: acknowledged actions in this run before the kill window


def plans(rand: random.Random, scale: Scale) -> list[Plan]:
    """`scale.kills` runs: two start-up kills on the fresh database, then a cycle over the others.
    Every start-up re-delivery kill follows a mid-delivery kill, so there is something left
    to re-deliver when it starts."""
    out = [Plan("start-up", "inside the first migration", 0, "write:1"),
           Plan("start-up", "while the games are set up", 0, f"write:{rand.randint(2, scale.setup_writes)}")]
    while len(out) < scale.kills:
        step = (len(out) - 2) % 6
        if step == 1:
            n = rand.randint(1, scale.per_run)
            out.append(Plan("mid-commit", f"inside the transaction of action {n} of the run", n, f"commit:{n}"))
        elif step == 3:
            n = rand.randint(1, scale.per_run // 2)
            out.append(Plan("mid-delivery", f"after delivery {n} of the run, before mark_sent", scale.per_run,
                            f"deliver:{n}"))
        elif step == 4:
            out.append(Plan("start-up", "while the restart re-delivers what the last kill left", 0, "deliver:1"))
        else:
            out.append(Plan("while playing", "", scale.per_run, kill_after=rand.randint(0, scale.per_run - SLACK)))
    return out


@dataclass
class Seen:
    acks: dict[tuple[int, int], str] = field(default_factory=dict)   # (game, seq) → notation
    deliveries: list[Delivery] = field(default_factory=list)
    done: int | None = None
    intervals: list[float] = field(default_factory=list)   # seconds between acks within a run


@dataclass
class Run:
    """What one driver run said, as it said it."""
    lines: list[str] = field(default_factory=list)
    start: int | None = None        # actions in the database when it opened it
    granted: int = 0                # decisions allowed so far
    acks: int = 0
    last_ack: float | None = None
    waiting: bool = False
    parked: str | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)


async def _read(stream: asyncio.StreamReader, seen: Seen, run: Run) -> None:
    loop = asyncio.get_running_loop()
    try:
        while line := await stream.readline():
            text = line.decode().rstrip("\n")
            run.lines.append(text)
            word, _, rest = text.partition(" ")
            if word == "ACK":
                game, seq, notation = rest.split(" ", 2)
                seen.acks[(int(game), int(seq))] = notation
                run.acks += 1
                now = loop.time()
                if run.last_ack is not None:
                    seen.intervals.append(now - run.last_ack)
                run.last_ack = now
                run.waiting = False
            elif word == "DELIVER":
                game, kind, nonce, ids = rest.split(" ")
                seen.deliveries.append(Delivery(int(game), kind, nonce, tuple(int(i) for i in ids.split(",") if i)))
            elif word == "START":
                run.start = int(rest)
            elif word == "WAITING":
                run.waiting = True
            elif word == "PARKED":
                run.parked = rest
            elif word == "DONE":
                seen.done = int(rest)
            elif word != "ACT":
                raise AssertionError(f"unexpected driver output: {text!r}")
            run.changed.set()
    finally:
        run.changed.set()   # the pipe closed: the driver is gone


class Driver:
    """One driver process and what it said."""

    def __init__(self, proc: asyncio.subprocess.Process, seen: Seen, label: str) -> None:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self.proc, self.label, self.run = proc, label, Run()
        self.reader = asyncio.create_task(_read(proc.stdout, seen, self.run))
        self.stderr = asyncio.create_task(proc.stderr.read())

    @classmethod
    async def start(cls, db: str, seen: Seen, label: str, park: str | None, games: int) -> Driver:
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.faults.crash_driver", db, str(games),
            *(["--park", park] if park else []), cwd=REPO, env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        return cls(proc, seen, label)

    async def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        if command.startswith("go "):
            self.run.granted += int(command.split()[1])
        self.proc.stdin.write(f"{command}\n".encode())
        await self.proc.stdin.drain()

    async def until(self, condition: Any, what: str, timeout: float = HANG) -> None:
        """Wait for condition() (re-checked at each line of output); fail, saying where the
        driver stopped, if it exits first or says nothing for `timeout` seconds."""
        while not condition():
            if self.reader.done():
                await self.reader   # a parse error surfaces here
                await self.proc.wait()
                raise AssertionError(f"{self.label}: the driver exited ({self.proc.returncode}) before {what}; "
                                     f"last output {self.run.lines[-5:]}\n{(await self.stderr).decode()[-3000:]}")
            self.run.changed.clear()
            try:
                await asyncio.wait_for(self.run.changed.wait(), timeout)
            except TimeoutError:
                raise AssertionError(f"{self.label}: no output for {timeout}s waiting for {what}; "
                                     f"last output {self.run.lines[-5:]}") from None

    async def pause(self, seconds: float) -> None:
        """Let the driver run on for `seconds`, or until it waits for permission or exits."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while not self.run.waiting and not self.reader.done() and (left := deadline - loop.time()) > 0:
            self.run.changed.clear()
            try:
                await asyncio.wait_for(self.run.changed.wait(), left)
            except TimeoutError:
                return

    async def kill(self) -> None:
        assert self.proc.returncode is None, f"{self.label}: the driver ended by itself"
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        await self.reader
        stderr = (await self.stderr).decode()
        assert self.proc.returncode == -signal.SIGKILL, \
            f"{self.label}: the driver exited {self.proc.returncode} before the kill:\n{stderr[-3000:]}"


def _where(run: Run) -> str:
    """Where a timed kill landed, judged from the last lines the driver wrote."""
    if run.waiting:
        return "idle, permission used up"
    for line in reversed(run.lines):
        if line.startswith("ACT "):
            return "inside an action"
        if line.startswith(("ACK ", "START ")):
            return "between actions"
    return "before the database was open"


async def _killed_run(db: str, seen: Seen, plan: Plan, label: str, rand: random.Random, scale: Scale) -> Run:
    driver = await Driver.start(db, seen, label, plan.park, scale.games)
    await driver.send(f"go {plan.grant}")
    run = driver.run
    if plan.park is not None:
        kind, _, n = plan.park.partition(":")
        if plan.point == "start-up":   # start-up work and the pump need no permission
            await driver.until(lambda: run.parked is not None, f"the park point {plan.park}")
            assert run.acks == 0, f"{label}: parked after {run.acks} actions, not at start-up"
        while run.parked is None:
            await driver.until(lambda: run.parked is not None or run.waiting, f"the park point {plan.park}")
            if run.parked is None:   # fewer deliveries than planned (merged posts): one more action
                assert kind == "deliver" and run.granted < 2 * scale.per_run, \
                    f"{label}: {run.granted} actions done and no park point {plan.park}"
                run.waiting = False
                await driver.send("go 1")
        assert run.parked == f"{kind} {n}", (label, run.parked)
        if plan.park == "write:1":
            assert run.start is None, f"{label}: the first write came after the database was open"
        if kind == "commit":
            assert run.acks == int(n) - 1, f"{label}: {run.acks} actions acknowledged before it"
    else:
        await driver.until(lambda: run.acks >= plan.kill_after or run.waiting,
                           f"{plan.kill_after} acknowledged actions")
        assert run.acks >= plan.kill_after, f"{label}: waiting after {run.acks} of {plan.grant} actions"
        # A random moment within the next ~SLACK actions, as long as an action takes here.
        typical = statistics.median(seen.intervals[-200:]) if len(seen.intervals) >= 5 else 0.01
        await driver.pause(rand.uniform(0, SLACK * typical))
    await driver.kill()
    return run


async def test_kill_9_during_play_loses_nothing(tmp_path: Path) -> None:
    await crash_and_audit(str(tmp_path / "crash.db"), Scale(), "crash (kill -9)")


async def test_kill_9_on_postgresql_loses_nothing(pg_url: str) -> None:
    await crash_and_audit(pg_url, PG_SCALE, "crash (kill -9, PostgreSQL)")


async def crash_and_audit(db: str, scale: Scale, scenario: str) -> None:
    """Kill and restart the driver by the plan, let a last run finish, then audit (see above)."""
    rand = random.Random(SEED)
    seen = Seen()
    schedule = plans(rand, scale)
    assert sum(p.grant for p in schedule) < scale.actions - scale.per_run, "the plan leaves the last run too little"
    landed: Counter[str] = Counter()
    known: int | None = None    # actions in the database before the current run
    in_flight_ok = False        # may the last run have left one committed, unacknowledged action?
    for n, plan in enumerate(schedule):
        label = f"run {n + 1} of {scale.kills} (kill {plan.point}{': ' + plan.what if plan.what else ''})"
        run = await _killed_run(db, seen, plan, label, rand, scale)
        if run.start is not None:
            if known is not None:
                extra = run.start - known
                assert extra in ((0, 1) if in_flight_ok else (0,)), \
                    f"{label}: the database holds {run.start} actions, {known} were acknowledged before"
            known = run.start + run.acks
        # the kill may have cut an action off after its COMMIT and before its ACK, unless the
        # driver had no permission left or was parked inside that action's transaction
        in_flight_ok = plan.park != f"commit:{run.acks + 1}" and run.acks < run.granted and not run.waiting
        landed[plan.point if plan.park else f"while playing, {_where(run)}"] += 1

    final = await Driver.start(db, seen, "the last run", None, scale.games)
    await final.send(f"finish {scale.actions}")
    await final.until(lambda: seen.done is not None, "DONE")
    assert await final.proc.wait() == 0, (await final.stderr).decode()[-3000:]
    await final.reader
    assert seen.done == scale.actions, f"the last run stopped at {seen.done} actions"
    if final.run.start is not None and known is not None:
        assert final.run.start - known in ((0, 1) if in_flight_ok else (0,)), (final.run.start, known)

    async with await Store.open(db) as store:
        games = await store.list_games()
        logs = {g.id: await store.log_rows(g.id) for g in games}
        lost_acks = [(g, q) for (g, q), notation in seen.acks.items()
                     if not any(r.seq == q and r.notation == notation and not r.undone for r in logs.get(g, []))]
        gaps = [g.id for g in games if [r.seq for r in logs[g.id]] != list(range(1, len(logs[g.id]) + 1))]
        mismatched = []
        for g in games:
            ok, why = await store.verify(g.id)
            if not ok:
                mismatched.append(f"game {g.id}: {why}")
        # Anything still unsent goes out now, with a notifier that records what it delivers.
        notifier = RecordingNotifier(store)
        svc = TableService(store, notifier)
        while await svc.flush_outbox():
            pass
        deliveries = seen.deliveries + notifier.deliveries
        rows = [r for g in games for r in await store.outbox_of(g.id)]
        result = audit(rows, deliveries)
        actions = sum(len(rows_) for rows_ in logs.values())

    points = Counter(p.point for p in schedule)
    report(scenario, f"{actions} actions in {len(games)} games, {scale.kills} SIGKILLs with restarts "
           f"({', '.join(f'{k}: {v}' for k, v in sorted(landed.items()))}), {len(seen.acks)} acknowledged",
           len(lost_acks) + result.lost,
           snapshot_mismatches=len(mismatched), log_gaps=len(gaps), outbox_rows=result.rows,
           deliveries=len(deliveries), rows_delivered_twice_by_the_notifier=result.raw_duplicates,
           repeats_dropped_by_nonce=result.deduplicated, rows_visible_twice=result.visible_duplicates,
           unsent=result.unsent)
    assert set(points) == {"start-up", "mid-commit", "mid-delivery", "while playing"}, points
    # each kill leaves at most the one action it interrupted committed but unacknowledged
    assert actions - scale.kills <= len(seen.acks) <= actions, (len(seen.acks), actions)
    assert not lost_acks, f"acknowledged actions missing from the log: {lost_acks[:10]}"
    assert not gaps, f"gaps in the logs of games {gaps}"
    assert not mismatched, mismatched[:5]
    assert len(games) == scale.games and all(g.status in ("active", "finished") for g in games)
    assert result.unsent == 0 and result.lost == 0, result
    # every mid-delivery kill made the restart deliver that post again, under the same nonce
    assert result.deduplicated >= points["mid-delivery"], result
    assert result.visible_duplicates == 0, result


# ---- the deliver → mark_sent window, deterministically ---------------------------------------
class Crash(BaseException):
    """Stands in for SIGKILL inside one process: not an Exception, so nothing catches it."""


class CrashingNotifier(RecordingNotifier):
    def __init__(self, store: Store, crash_after: int) -> None:
        super().__init__(store)
        self.crash_after = crash_after

    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        await super().deliver(game, state, item)
        if len(self.deliveries) == self.crash_after:
            raise Crash()


async def _window_case(db: Path, case: str, claim: bool) -> tuple[int, int, int]:
    """Crash in the window between delivering a merged board post and marking its rows sent,
    let another decision commit (so the restart finds more unsent rows), restart, flush.
    Returns (deliveries, visible duplicates, lost)."""
    async with await Store.open(db) as store:
        svc = TableService(store)
        game_id = await svc.create("pirate_chest", 4, {}, seed=f"window-{case}")
        for _ in range(4):
            await svc.add_bot(game_id)
        await svc.start(game_id)
        for _ in range(6):                       # a burst: several unsent board rows
            await bot_step(svc, game_id)
        if not claim:                            # control: the flush as it was before the claim
            store.claim_batch = _no_claim        # type: ignore[method-assign]
        notifier = CrashingNotifier(store, crash_after=1)
        svc = TableService(store, notifier)
        if case == "failed post":
            notifier.crash_after = 0
            real = notifier.deliver

            async def fail_once(game: GameRecord, state: Any, item: OutboxRow) -> None:
                await real(game, state, item)
                if len(notifier.deliveries) == 1:
                    raise ConnectionError("503 after the message was created")
            notifier.deliver = fail_once         # type: ignore[method-assign]
            assert await svc.flush_outbox() >= 0
        elif case == "crash after the first mark":
            notifier.crash_after = 0
            mark_sent = store.mark_sent
            marks: list[int] = []

            async def crash_on_second_mark(outbox_id: int) -> None:
                marks.append(outbox_id)
                if len(marks) == 2:
                    raise Crash()
                await mark_sent(outbox_id)
            store.mark_sent = crash_on_second_mark   # type: ignore[method-assign]
            with pytest.raises(Crash):
                await svc.flush_outbox()
            store.mark_sent = mark_sent          # type: ignore[method-assign]
        else:
            with pytest.raises(Crash):
                await svc.flush_outbox()
        first = list(notifier.deliveries)
        await bot_step(svc, game_id)            # commits before the restart's first flush
        restarted = RecordingNotifier(store)
        svc = TableService(store, restarted)
        while await svc.flush_outbox():
            pass
        result = audit(await store.outbox_of(game_id), first + restarted.deliveries)
        assert result.unsent == 0
        return len(first + restarted.deliveries), result.visible_duplicates, result.lost


async def _no_claim(outbox_ids: Any) -> None:
    return None


CASES = ("crash before any mark", "crash after the first mark", "failed post")


@pytest.mark.parametrize("case", CASES)
async def test_a_crash_between_deliver_and_mark_sent_resends_the_same_post(tmp_path: Path, case: str) -> None:
    deliveries, visible, lost = await _window_case(tmp_path / "with.db", case, claim=True)
    _, control, _ = await _window_case(tmp_path / "without.db", case, claim=False)
    report(f"crash window ({case})", f"{deliveries} deliveries around one cut-off delivery", lost,
           rows_visible_twice=visible, rows_visible_twice_without_the_batch_claim=control)
    assert lost == 0 and visible == 0
    # the control shows what the claim prevents: the resend merged the newer row too, under a
    # new nonce, so Discord would have shown the first post's events twice
    assert control > 0
