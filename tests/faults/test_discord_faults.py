"""Discord faults: many games (full 200, bounded 8) on the real bot against the loopback
Discord, with 5% of thread posts answered 429 / 500 / 503 and 2% of DMs answered 403 (50007).

Each game: a host opens it with `/game new` (seat 1), adds three bots and starts it with slash
commands; the bots play through the bot's own pump and the host's decisions are made by this
test through the TableService (the bot is woken as after a click). New games start as others
finish, so hosts keep getting fresh start-of-game DM checks.

Checked at the end: no stuck game (all finish), no lost notification (every outbox row sent;
every board row inside exactly one board post; every private note or prompt of a human either
DM'd, or the user's DMs are closed and the game's thread told them to use /hand), no duplicate
post (each nonce once per channel; resends the fake dropped by nonce are counted).
"""
from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

from store import OutboxRow
from store.errors import BOARD_CHANGED
from table.service import TableError
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message
from tests.faults.botkit import Kit, parley
from tests.faults.common import RandomFault, describe, logged_errors, report, size, sprinkle

GAMES = size(8, 200)
AT_ONCE = size(8, 20)
USERS = tuple(f"sailor{i}" for i in range(size(4, 12)))
OPTIONS = f"turn_limit={size(12, 6)}"   # short games: the full run has 200 of them
SEED = 4242
STUCK = 60.0   # seconds in which no game moved at all: the run hangs (a guard, not a speed limit)
CHANNEL_POST = r"^/channels/(\d+)/messages$"
DM_CLOSED_TEXT = "I can't send you direct messages"


def _channel_kind(fake: FakeDiscord, path: str) -> str:
    match = re.match(CHANNEL_POST, path)
    channel = fake.world.channels.get(int(match.group(1))) if match else None
    if channel is None:
        return ""
    return "thread" if channel.is_thread else "dm" if channel.is_dm else "channel"


def install_faults(fake: FakeDiscord) -> list[RandomFault]:
    def thread(path: str) -> bool:
        return _channel_kind(fake, path) == "thread"

    def dm(path: str) -> bool:
        return _channel_kind(fake, path) == "dm"
    return [
        sprinkle(fake, "POST", CHANNEL_POST, 429, 0.025, SEED + 1, thread, first=True),    # retried by discord.py
        sprinkle(fake, "POST", CHANNEL_POST, 503, 0.020, SEED + 2, thread, first=True),    # raised: the outbox retries
        sprinkle(fake, "POST", CHANNEL_POST, 500, 0.005, SEED + 3, thread, first=True),    # retried after 1 s
        sprinkle(fake, "POST", CHANNEL_POST, 403, 0.020, SEED + 4, dm, first=True),        # 50007: DMs closed
    ]


async def start_game(k: Kit, host: int) -> tuple[int, int]:
    """`/game new` happens before the faults; add-bot and start run with them (see open)."""
    return await k.open_game(host, bots=3, options=OPTIONS)


async def host_moves(k: Kit, game_id: int) -> int:
    """The host makes every decision the game waits on them for; returns how many."""
    made = 0
    while True:
        version = (await k.bot.store.load(game_id)).version
        if (choice := await k.human_choice(game_id)) is None:
            return made
        seat, _, notation = choice
        try:   # as a panel does: the decision is for the version it was read at
            await k.bot.table.act(game_id, seat, notation, expected_version=version)
        except TableError as e:
            if str(e) != BOARD_CHANGED:
                raise
            continue   # the table moved meanwhile (a forced move played for the seat): read again
        k.bot.wake(game_id)
        made += 1


class Seen:
    """What reached Discord, indexed once (the full run has tens of thousands of messages)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.by_channel: dict[int, list[Message]] = {}
        for m in fake.messages():
            self.by_channel.setdefault(m.channel_id, []).append(m)
        self.dms = {m.nonce: m.content for m in fake.messages() if m.visibility == "dm" and m.nonce}
        self.warned = {(m.channel_id, int(u)) for m in fake.messages() if DM_CLOSED_TEXT in m.content
                       for u in re.findall(r"<@(\d+)>", m.content)}
        self.bot_id = fake.bot_user_id


def board_post_problems(seen: Seen, thread_id: int, rows: list[OutboxRow]) -> list[str]:
    """Board posts carry nonce p<last row of their batch>: in order they must partition the
    game's board rows, and the final result must be posted once."""
    posts = [m for m in seen.by_channel.get(thread_id, []) if m.author_id == seen.bot_id
             and re.fullmatch(r"p\d+", m.nonce or "")]   # other posts get random nonces from discord.py
    nonces = [m.nonce for m in posts]
    problems = [f"nonce {n} posted {nonces.count(n)} times" for n in set(nonces) if nonces.count(n) > 1]
    boards = [r.id for r in rows if r.kind == "board"]
    finals = [r.id for r in rows if r.kind == "final"]
    ends = [int(str(n)[1:]) for n in nonces if int(str(n)[1:]) in boards]
    strays = [n for n in nonces if int(str(n)[1:]) not in boards + finals]
    if strays:
        problems.append(f"posts that are no board or final row of this game: {strays}")
    if ends != sorted(ends):
        problems.append("board posts out of order")
    if boards and (not ends or ends[-1] != boards[-1]):
        problems.append(f"board rows after the last board post: {[b for b in boards if not ends or b > ends[-1]]}")
    if [n for n in nonces if n in {f"p{f}" for f in finals}] != [f"p{f}" for f in finals]:
        problems.append("the final result was not posted exactly once")
    return problems


async def dm_problems(k: Kit, seen: Seen, game_id: int, thread_id: int, rows: list[OutboxRow],
                      closed: set[int]) -> list[str]:
    """Every private note and prompt of the human seat went by DM, unless that user's DMs were
    found closed — then the thread must carry the /hand advice for them. A private note goes
    in a DM of its own (nonce d<row>) or, when the seat's next prompt was queued with it, as
    news inside that prompt's DM (table.service.fold_news)."""
    record = await k.bot.store.load(game_id)
    problems = []
    for row in rows:
        if row.kind not in ("private", "prompt"):
            continue
        user = record.seats[int(row.target.split(":")[1])].user_id
        if user is None or f"d{row.id}" in seen.dms:
            continue
        prompt = next((r for r in rows if r.kind == "prompt" and r.target == row.target and r.id > row.id), None)
        if row.kind == "private" and prompt is not None and f"d{prompt.id}" in seen.dms \
                and all(e in seen.dms[f"d{prompt.id}"] for e in row.payload.get("events", [])):
            continue
        if user not in closed:
            problems.append(f"{row.kind} row {row.id} never reached user {user} (DMs open)")
        elif (thread_id, user) not in seen.warned:
            problems.append(f"{row.kind} row {row.id}: user {user}'s DMs are closed and the thread never said to use /hand")
    return problems


def resent_and_dropped(fake: FakeDiscord) -> int:
    """Successful message POSTs whose nonce the channel had already seen (the fake, like
    Discord with enforce_nonce, returned the earlier message instead of posting again)."""
    seen: set[tuple[str, str]] = set()
    dropped = 0
    for r in fake.requests:
        if r.method == "POST" and re.match(CHANNEL_POST, r.path) and r.status == 200 and isinstance(r.json, dict) \
                and r.json.get("nonce"):
            key = (r.path, str(r.json["nonce"]))
            dropped += key in seen
            seen.add(key)
    return dropped


async def test_many_games_through_flaky_discord(tmp_path: Path) -> None:
    started = time.monotonic()
    with logged_errors() as errors:
        async with FakeDiscord(users=USERS) as fake, parley(fake, tmp_path / "p.db") as k:
            users = fake.user_ids
            faults = install_faults(fake)
            for f in faults:
                f.enabled = False
            waiting = list(range(GAMES))
            active: dict[int, int] = {}            # game → thread
            games: dict[int, int] = {}
            host_decisions = 0
            moved: tuple[Any, ...] = ()                # games to start, versions of the others
            last_move = time.monotonic()             # when that last changed
            while waiting or active:
                versions = (len(waiting), *[(g, (await k.bot.store.load(g)).version) for g in sorted(active)])
                if versions != moved:
                    moved, last_move = versions, time.monotonic()
                assert time.monotonic() - last_move < STUCK, f"no game moved for {STUCK}s; stuck games: {sorted(active)}"
                while waiting and len(active) < AT_ONCE:
                    n = waiting.pop(0)
                    for f in faults:                # `/game new` posts the lobby: not under test
                        f.enabled = False
                    game_id, thread = await start_game(k, users[n % len(users)])
                    for f in faults:
                        f.enabled = True
                    active[game_id] = games[game_id] = thread
                for game_id in list(active):
                    host_decisions += await host_moves(k, game_id)
                    if (await k.bot.store.load(game_id)).status == "finished":
                        del active[game_id]
                await asyncio.sleep(0.02)
            await k.settle(timeout=120)
            for f in faults:
                f.enabled = False
            await k.settle(timeout=60)

            closed = {int(re.match(CHANNEL_POST, h.path).group(1)) for h in faults[3].hits}   # type: ignore[union-attr]
            closed_users = {fake.world.channels[c].recipient_id for c in closed}
            unsent = await k.bot.store.unsent_outbox(limit=100_000)
            problems: list[str] = []
            rows_total = 0
            seen = Seen(fake)
            for game_id, thread in games.items():
                rows = await k.bot.store.outbox_of(game_id)
                rows_total += len(rows)
                problems += [f"game {game_id}: {p}" for p in board_post_problems(seen, thread, rows)]
                problems += [f"game {game_id}: {p}" for p in
                             await dm_problems(k, seen, game_id, thread, rows, {u for u in closed_users if u})]
                ok, why = await k.bot.store.verify(game_id)
                if not ok:
                    problems.append(f"game {game_id}: {why}")
            statuses = {(await k.bot.store.load(g)).status for g in games}
            posts = sum(1 for m in fake.public_messages() if re.fullmatch(r"p\d+", m.nonce or ""))
            dms = sum(1 for m in fake.messages() if m.visibility == "dm" and re.fullmatch(r"d\d+", m.nonce or ""))
            dropped = resent_and_dropped(fake)
            bot_errors = k.run.error_messages()
    hits = {f"{f.status}": len(f.hits) for f in faults}
    report("discord faults", f"{GAMES} games of 4 (host + 3 bots), {host_decisions} host decisions, "
           f"{rows_total} outbox rows → {posts} thread posts and {dms} DMs, injected "
           f"429×{hits['429']} 503×{hits['503']} 500×{hits['500']} on thread posts, 403×{hits['403']} on DMs",
           len(unsent) + sum(" times" not in p for p in problems), games_unfinished=sum(s != "finished" for s in statuses),
           duplicate_posts=sum(" times" in p for p in problems), resends_dropped_by_nonce=dropped,
           users_with_dms_closed=len(closed_users), seconds=round(time.monotonic() - started))
    assert statuses == {"finished"}
    assert unsent == [], f"{len(unsent)} outbox rows never sent"
    assert not problems, "\n".join(problems[:40])
    assert hits["429"] and hits["503"] and hits["403"], hits
    assert bot_errors == [], bot_errors
    assert errors == [], describe(errors)
