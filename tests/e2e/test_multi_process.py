"""Two real bot processes (tests/e2e/bot_process.py: bot.py's settings and build_bot) share one
database and the loopback Discord, each serving one of two shards; one is killed with SIGKILL
mid-delivery. Proven, by counts and never by timing:
- each guild's interactions reach its shard's process only, DMs reach shard 0 only, and the
  process that gets a DM answers it from the shared database (the game is the other shard's);
- with both alive, every due reminder is sent exactly once (the timer leases);
- the kill lands while the victim holds a game's outbox lease, inside a DM that the loopback
  Discord never answers; once the lease runs out by the clock the survivor delivers that DM,
  and the game's deadlines fire in the survivor, which also keeps serving its own guild;
- every acknowledged action is in the log, every snapshot equals its replay, no post or DM was
  sent twice (counted in the raw requests, before Discord's nonce dedupe) and every prompt to a
  human was DMed exactly once.
Time (reminders, deadlines, lease expiry) is the clock file the processes read, moved by the
test; every wait is bounded by a count of polls and says what it waited for.
"""
from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from store import Store
from store.errors import BOARD_CHANGED
from table import TableService
from table.leases import Leaseholder
from tests.e2e.driver import notations_by_label, open_panel, panel_options, take_turn
from tests.e2e.harness import START, Clock, Table, parley_bot
from tests.fake_discord import BotRun, FakeDiscord
from tests.fake_discord.records import Fault
from tests.pg import Backend

REPO = Path(__file__).resolve().parents[2]
LEASE = 60.0
HOUR = 3600.0
POLLS = 3000            # 20 ms apart: a hung process fails the wait, saying what was left
CLICKS = 60             # decisions one phase may click through Discord, at most
POSTS = re.compile(r"/channels/(\d+)/messages$")


def write_clock(path: Path, now: float) -> None:
    """Atomically (a reader never sees the file half written)."""
    part = path.with_suffix(".part")
    part.write_text(repr(now), encoding="utf-8")
    os.replace(part, path)


@dataclass
class Proc:
    """One bot process serving shard `shard` of 2, and what it wrote to stderr."""
    shard: int
    proc: asyncio.subprocess.Process
    err: bytearray = field(default_factory=bytearray)
    reader: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, shard: int, fake: FakeDiscord, db: str, clock_file: Path) -> Proc:
        env = {k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID", "DATABASE_URL")}
        env.update(PYTHONPATH=str(REPO), FAKE_DISCORD_PORT=str(fake.port), PARLEY_CLOCK_FILE=str(clock_file),
                   DISCORD_TOKEN=fake.token, DATABASE_URL=db, SHARD_COUNT="2", SHARD_IDS=str(shard),
                   LEASE_SECONDS=str(LEASE), LOG_LEVEL="WARNING")
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.e2e.bot_process", cwd=REPO, env=env,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        started = cls(shard, proc)
        started.reader = asyncio.create_task(started._read())
        return started

    async def _read(self) -> None:
        assert self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(65536):
            self.err += chunk

    def tail(self) -> str:
        return f"shard {self.shard} stderr:\n{self.err.decode(errors='replace')[-3000:]}"

    async def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        assert await self.proc.wait() == -signal.SIGKILL, self.tail()

    async def stop(self) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        if self.reader is not None:
            await self.reader


@dataclass
class Multi(Table):
    """The harness's Table, with the bot processes behind it: reads go to the shared database,
    settling waits for the database, and each acknowledged panel decision is noted."""
    procs: list[Proc] = field(default_factory=list)
    clock_file: Path = Path()
    acked: dict[str, tuple[int, int, str]] = field(default_factory=dict)   # interaction → (game, seq, notation)
    held_game: int | None = None   # a game whose rows may stay unsent: a dead process holds its lease

    @property
    def store(self) -> Store:
        store: Store = self.bot.store
        return store

    def move_clock(self, seconds: float) -> None:
        self.clock.now += seconds
        write_clock(self.clock_file, self.clock.now)

    async def click(self, user: int, message_id: int, custom_id: str, values: list[str] | None = None) -> Any:
        rec = await super().click(user, message_id, custom_id, values)
        if custom_id.startswith(("parley:do:", "parley:pick:")):
            await self._note(rec, int(custom_id.split(":")[2]))
        return rec

    async def _note(self, rec: Any, game_id: int) -> None:
        """A panel answered with the decision done (not refused, not stale) is an acknowledged action."""
        answer = self.fake.world.messages[rec.source_message_id].content
        if answer.startswith("✗") or BOARD_CHANGED in answer:
            return
        rows = [r for r in await self.store.log_rows(game_id) if r.interaction_id == str(rec.id)]
        assert len(rows) == 1, f"interaction {rec.id} was answered as done but logged {len(rows)} times: {answer[:200]}"
        self.acked[str(rec.id)] = (game_id, rows[0].seq, rows[0].notation)

    async def settle(self, timeout: float = 0, *, unsent_ok: bool = False, until: Fault | None = None) -> None:
        """Until nothing is left to post, no game waits on a bot and no timer is due (or, with
        `until`, that fault was hit)."""
        svc: TableService = self.bot.table
        left: Any = None
        for _ in range(POLLS):
            if until is not None and until.hits:
                return
            unsent = sorted({r.game_id for r in await self.store.unsent_outbox(limit=10_000)} - {self.held_game})
            left = (unsent, await svc.waiting_on_bots(), await self.store.due_timers(self.clock.now))
            if not any(left):
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"not settled after {POLLS} polls: unsent {left[0]}, waiting on bots {left[1]}, "
                             f"due timers {left[2]}\n" + "\n".join(p.tail() for p in self.procs))


async def _ready(t: Multi, guilds: dict[int, int]) -> None:
    """Both processes are connected and answer: /help in each guild, and in a DM."""
    await t.fake.wait_until(lambda: sorted(s.shard for s in t.fake.gateway.sessions.values() if s.ws) == [(0, 2), (1, 2)],
                            timeout=60, what="both shards to identify")
    for guild in guilds.values():
        await t.slash(t.fake.user_ids[0], "help", channel_id=t.fake.world.guilds[guild].text_channel_id)
    rec = await t.fake.dispatch_slash(t.fake.user_ids[1], "help", guild=False)
    await t.answered(rec)
    assert _receivers(t.fake, rec.id) == [(0, 2)]


async def _open(t: Multi, guild: int, host: int, guest: int, seed: str) -> tuple[int, int]:
    general = t.fake.world.guilds[guild].text_channel_id
    await t.slash(host, "game new", channel_id=general, game="pirate_chest", players=3, seed=seed,
                  deadline="2 days", on_deadline="default")
    thread = [c for c in t.fake.threads() if c.guild_id == guild][-1]
    record = await t.store.find_by_thread(thread.id)
    assert record is not None
    await t.slash(guest, "game join", channel_id=thread.id)
    await t.slash(host, "game add-bot", channel_id=thread.id)
    await t.slash(host, "game start", channel_id=thread.id)
    await t.settle()
    return record.id, thread.id


def _receivers(fake: FakeDiscord, interaction_id: int) -> list[tuple[int, int]]:
    """The shards whose sessions got this interaction."""
    return sorted(s.shard for s in fake.gateway.sessions.values()
                  if any(f["t"] == "INTERACTION_CREATE" and f["d"]["id"] == str(interaction_id) for f in s.sent))


async def _decide(t: Multi, game_id: int, rand: random.Random, *, via_dm: bool) -> Any:
    """The waited-on human takes one decision, from the panel in their "your move" DM (which
    shard 0's process answers) or from the thread's Your move panel (the guild's process)."""
    seat, user = await t.pending_human(game_id)
    record, s = await t.bot.table.load(game_id)
    if via_dm:
        panel = next(m for m in reversed(t.fake.dm_messages(user)) if panel_options(m))
    else:
        panel = await open_panel(t, user, record.thread_id or 0, game_id)
    known = notations_by_label(record, s, seat)
    options = [o for o in panel_options(panel) if o[0] in known]
    assert options, f"the panel of seat {seat + 1} offers nothing it can do now: {panel.content[:200]}"
    label, cid, value = rand.choice(options)
    return await t.click(user, panel.id, cid, values=[value] if value is not None else None)


async def _due(t: Multi, kind: str, at: float) -> Counter[int]:
    """User id → how many of their `kind` timers will fire at `at`: those of seats waited on (a
    timer of a seat that moved meanwhile is dropped unfired)."""
    due: Counter[int] = Counter()
    for game in await t.store.list_games():
        waiting = await t.waiting_on(game.id)
        due.update(x.user_id for x in await t.store.timers_of(game.id)
                   if x.kind == kind and x.due_at <= at and x.user_id is not None and x.seat in waiting)
    return due


def _dms_with(fake: FakeDiscord, text: str) -> Counter[int]:
    return Counter(u for u in fake.user_ids for m in fake.dm_messages(u) if text in m.content)


def _posts_by_nonce(fake: FakeDiscord) -> Counter[str]:
    """Messages Discord created, per nonce, counted in the raw requests (a resend that Discord's
    nonce dedupe would hide counts too)."""
    return Counter(str(r.json["nonce"]) for r in fake.requests if r.method == "POST" and POSTS.search(r.path)
                   and r.status == 200 and isinstance(r.json, dict) and r.json.get("nonce"))


async def _hold_next_dm(t: Multi, game_id: int, rand: random.Random, *, via_dm: bool) -> tuple[Fault, int]:
    """Hang the next DM to the human not deciding now, and play until one is sent: the process
    sending it (most often the one that took the decision) is then stuck inside it, holding the
    game's outbox lease."""
    seat, user = await t.pending_human(game_id)
    record = await t.store.load(game_id)
    other = next(x.user_id for x in record.seats if x.user_id not in (None, user))
    assert other is not None
    fault = t.fake.hang("POST", rf"/channels/{t.fake.world.dm_channel(other).id}/messages$")
    for _ in range(CLICKS):
        await _decide(t, game_id, rand, via_dm=via_dm)
        await t.settle(until=fault)
        if fault.hits:
            return fault, other
    raise AssertionError(f"no DM to user {other} in {CLICKS} decisions")


async def test_two_bot_processes_share_the_work_and_the_survivor_carries_on(backend: Backend, tmp_path: Path) -> None:
    rand = random.Random(13)
    clock_file = tmp_path / "clock"
    write_clock(clock_file, START)
    async with FakeDiscord(users=("anne", "jack", "mary", "tom")) as fake, await Store.open(backend.url) as store:
        first = (fake.guild_id >> 22) % 2
        guilds = {first: fake.guild_id, 1 - first: fake.world.add_guild("Nassau", shard=(1 - first, 2)).id}
        procs = [await Proc.start(shard, fake, backend.url, clock_file) for shard in (0, 1)]
        reader = SimpleNamespace(store=store, table=TableService(store))
        t = Multi(fake, reader, BotRun(reader), Clock(), procs=procs, clock_file=clock_file)   # type: ignore[arg-type]
        try:
            # the decisions before the kill come by DM on SQLite (so shard 0's process is the one
            # usually killed), from the thread on PostgreSQL (the guild's process): both sides
            await _run(t, guilds, rand, via_dm=backend.name == "sqlite")
        finally:
            for p in procs:
                await p.stop()


async def _run(t: Multi, guilds: dict[int, int], rand: random.Random, *, via_dm: bool) -> None:
    fake = t.fake
    anne, jack, mary, tom = fake.user_ids
    await _ready(t, guilds)
    games = {0: await _open(t, guilds[0], anne, jack, "multi-0"), 1: await _open(t, guilds[1], mary, tom, "multi-1")}
    for game_id, _ in games.values():
        for _ in range(2):
            await take_turn(t, game_id, rand)
    # a DM reaches shard 0 only, whose process answers for shard 1's game from the shared database
    dm = await _decide(t, games[1][0], rand, via_dm=True)
    await t.settle()
    assert _receivers(fake, dm.id) == [(0, 2)] and str(dm.id) in t.acked, fake.world.messages[dm.source_message_id].content

    # both alive: each due reminder fires once, in whichever process leases it first
    due = await _due(t, "reminder", t.clock.now + 13 * HOUR)
    before = _dms_with(fake, "⏰ Reminder")
    t.move_clock(13 * HOUR)
    await t.settle()
    assert sum(due.values()) == 2 and _dms_with(fake, "⏰ Reminder") - before == due

    # the kill: whichever process is inside the hung DM holds the game's outbox lease
    game_id = games[1][0]
    fault, held_user = await _hold_next_dm(t, game_id, rand, via_dm=via_dm)
    owner = (await t.store.leases())[f"outbox:{game_id}"][0]
    victim = next(p for p in t.procs if owner == f"shards {p.shard} of 2")
    survivor = next(p for p in t.procs if p is not victim)
    held = [r.id for r in await t.store.outbox_of(game_id) if r.sent_at is None]
    await victim.kill()
    print(f"multi-process: killed the process of shard {victim.shard} inside a DM for game {game_id}; "
          f"{len(held)} rows of it unsent")
    acked_at_kill = dict(t.acked)

    # the survivor plays on in its own guild; it leaves the dead one's game to its lease until the
    # lease runs out, then delivers what the dead one was delivering
    own_game = games[survivor.shard][0]
    t.held_game = game_id
    for step in (0, LEASE - 1):
        t.move_clock(step)
        await take_turn(t, own_game, rand)
        unsent = [r.id for r in await t.store.outbox_of(game_id) if r.sent_at is None]
        assert set(held) <= set(unsent), f"the survivor sent rows under the dead one's lease ({step} s on)"
    t.move_clock(1)
    t.held_game = None
    await take_turn(t, own_game, rand)
    assert all(r.sent_at is not None for r in await t.store.outbox_of(game_id)), "the held rows were never sent"
    assert held and fault.hits[0].status is None, "the hung DM was answered"

    # the dead one's game's deadlines (and the survivor's) fire in the survivor, once each
    due = await _due(t, "deadline", t.clock.now + 49 * HOUR)
    before = _dms_with(fake, "time to move ran out")
    t.move_clock(49 * HOUR)
    await t.settle()
    assert set(due) and _dms_with(fake, "time to move ran out") - before == due
    await take_turn(t, own_game, rand)

    await _audit(t, games, acked_at_kill, survivor)


async def _audit(t: Multi, games: dict[int, tuple[int, int]], acked_at_kill: dict[str, tuple[int, int, str]],
                 survivor: Proc) -> None:
    fake = t.fake
    logs = {g: await t.store.log_rows(g) for g, _ in games.values()}
    lost = [(i, a) for i, a in t.acked.items()
            if not any(r.seq == a[1] and r.notation == a[2] and not r.undone for r in logs[a[0]])]
    assert not lost and len(t.acked) > len(acked_at_kill) > 0, lost
    for game_id in logs:
        assert (await t.store.verify(game_id))[0]
    posts = _posts_by_nonce(fake)
    assert [n for n, c in posts.items() if c > 1] == [], "a post or DM was sent twice"
    for game_id in logs:
        record = await t.store.load(game_id)
        prompts = [r for r in await t.store.outbox_of(game_id) if r.kind == "prompt" and r.seat is not None
                   and record.seats[r.seat].user_id is not None and r.sent_at is not None]
        assert prompts and [r.id for r in prompts if posts[f"d{r.id}"] != 1] == []
    assert fake.internal_errors == [] and fake.unhandled_requests() == []
    assert "Traceback" not in survivor.err.decode(errors="replace"), survivor.tail()


async def test_a_decision_another_process_committed_gets_its_bots_going_here(db: Path) -> None:
    """Another process commits a human's decision that hands over to a bot, and dies before its
    bots answer (it never runs them): this bot, delivering those rows, lets the bots play."""
    async with FakeDiscord(users=("anne",)) as fake, parley_bot(fake, db) as t:
        game_id, _ = await t.open_table(humans=1, bots=2)
        async with await Store.open(db) as other:
            svc = TableService(other, holder=Leaseholder("shards 1 of 2"))
            for _ in range(CLICKS):
                if await svc.waiting_on_bots():
                    break
                seat, _user = await t.pending_human(game_id)
                await svc.play(game_id, seat, (await svc.legal(game_id, seat))[0])
            assert await svc.waiting_on_bots() == [game_id], f"no hand-over to a bot in {CLICKS} decisions"
        t.bot.woken.set()   # its idle pump comes round
        await t.settle()
        assert await t.bot.table.waiting_on_bots() == [] and await t.bot.store.unsent_outbox() == []
        t.assert_clean()
