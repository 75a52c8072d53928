"""Parley's real bot (discord.py) against the loopback Discord, with helpers to act as users."""
from __future__ import annotations

import asyncio
import contextlib
import struct
import weakref
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import Settings, build_bot
from cogs.app import ParleyBot
from engine.core import get_game
from tests.fake_discord import BotRun, FakeDiscord, running_bot
from tests.fake_discord.model import Message

START = 1_800_000_000.0   # a fixed 'now' for the injected clock


@dataclass
class Clock:
    now: float = START

    def __call__(self) -> float:
        return self.now


@dataclass
class Table:
    fake: FakeDiscord
    bot: ParleyBot
    run: BotRun
    clock: Clock
    dispatched: list[Any] = field(default_factory=list)   # every interaction the test sent, in order

    async def slash(self, user: int, name: str, channel_id: int | None = None, **options: Any) -> Any:
        opts = [{"name": k, "value": v} for k, v in options.items() if v is not None]
        rec = await self.fake.dispatch_slash(user, name, opts, channel_id=channel_id)
        return await self.answered(rec)

    async def click(self, user: int, message_id: int, custom_id: str, values: list[str] | None = None) -> Any:
        component_type = 3 if values is not None else 2
        rec = await self.fake.dispatch_component(user, message_id, custom_id, component_type=component_type,
                                                 values=values)
        return await self.answered(rec)

    async def answered(self, rec: Any) -> Any:
        """Wait for the first response, and after a defer (type 5) for the real answer too."""
        self.dispatched.append(rec)
        await self.fake.wait_for_response(rec.id, timeout=10)
        if rec.callback_type == 5:
            await self.fake.wait_until(lambda: (m := self.fake.original_message(rec.id)) is not None and not m.loading,
                                       timeout=10, what="the deferred answer")
        return rec

    async def settle(self, timeout: float = 30.0, *, unsent_ok: bool = False) -> None:
        await settle_bot(self.bot, timeout, unsent_ok=unsent_ok)

    def assert_clean(self) -> None:
        """No exception logged by discord.py, and every interaction the test dispatched got its
        first response (how fast is bench/ready.py's measure, not a test's)."""
        assert self.run.errors == [], self.run.error_messages()
        unanswered = [rec.id for rec in self.dispatched if self.fake.time_to_first_response(rec.id) is None]
        assert unanswered == [], f"interactions never answered: {unanswered}"

    def thread_messages(self, thread_id: int) -> list[Message]:
        return [m for m in self.fake.messages(thread_id)]

    def reply_message(self, rec: Any) -> Message:
        msg = self.fake.original_message(rec.id)
        if msg is None:
            followups = [m for m in self.fake.messages() if m.interaction_id == rec.id]
            assert followups, f"no reply to interaction {rec.id}"
            msg = followups[-1]
        return msg

    async def autocomplete(self, user: int, name: str, focused: str, value: str = "",
                           channel_id: int | None = None, **options: Any) -> list[dict[str, Any]]:
        """The choices the bot offers for option `focused` while the user has typed `value`."""
        opts = [{"name": k, "value": v} for k, v in options.items() if v is not None]
        rec = await self.fake.dispatch_autocomplete(user, name, opts, focused=focused, value=value,
                                                    channel_id=channel_id)
        self.dispatched.append(rec)
        await self.fake.wait_for_response(rec.id, timeout=10)
        return list(rec.autocomplete_choices or [])

    async def open_table(self, *, humans: int = 3, bots: int = 1, options: str | None = None,
                         game: str = "pirate_chest", **new: Any) -> tuple[int, int]:
        """The first user opens a game in a thread, the next `humans - 1` join, the host adds
        `bots` bots and starts it; returns (game id, thread id) once the bot has settled.
        `new` goes to /game new as well (deadline, on_deadline, seed). The seed is fixed unless
        a test asks otherwise, so every run of a test plays the same game."""
        new.setdefault("seed", "e2e")
        host, *others = self.fake.user_ids[:humans]
        await self.slash(host, "game new", game=game, players=humans + bots, options=options, **new)
        thread = self.fake.threads()[-1]
        record = await self.bot.store.find_by_thread(thread.id)
        assert record is not None
        for user in others:
            await self.slash(user, "game join", channel_id=thread.id)
        for _ in range(bots):
            await self.slash(host, "game add-bot", channel_id=thread.id)
        await self.slash(host, "game start", channel_id=thread.id)
        await self.settle()
        return record.id, thread.id

    async def waiting_on(self, game_id: int) -> tuple[int, ...]:
        """The seats the game waits on now (empty when it is over)."""
        record, s = await self.bot.table.load(game_id)
        pending = get_game(record.game_type).pending(s)
        return tuple(pending.waiting_on) if pending else ()

    async def pending_human(self, game_id: int) -> tuple[int, int]:
        """(seat, user id) of a human the game waits on (the bots have always moved on)."""
        record, s = await self.bot.table.load(game_id)
        pending = get_game(record.game_type).pending(s)
        assert pending is not None, "the game is over"
        seat = next(w for w in pending.waiting_on if record.seats[w].user_id is not None)
        user = record.seats[seat].user_id
        assert user is not None
        return seat, user

    def bot_posts(self, channel_id: int) -> list[Message]:
        return [m for m in self.fake.messages(channel_id) if m.author_id == self.fake.bot_user_id]


@dataclass
class Pumps:
    """Counts the bot's finished pumps (cogs/turns.py): settling waits for the next one
    instead of polling the store on a timer."""
    done: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def after(self, seen: int, timeout: float) -> None:
        """Until a pump started after `seen` finished, or `timeout` seconds passed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        with contextlib.suppress(TimeoutError):
            while self.done <= seen and (left := deadline - loop.time()) > 0:
                self.changed.clear()
                await asyncio.wait_for(self.changed.wait(), left)


_PUMPS: weakref.WeakKeyDictionary[ParleyBot, Pumps] = weakref.WeakKeyDictionary()


def pumps_of(bot: ParleyBot) -> Pumps:
    """The bot's pump counter, installed on first use around its Turns cog's pump."""
    if (pumps := _PUMPS.get(bot)) is not None:
        return pumps
    pumps = _PUMPS[bot] = Pumps()
    turns = bot.get_cog("Turns")
    assert turns is not None, "the bot has no Turns cog to settle on"
    pump = turns.pump  # type: ignore[attr-defined]

    async def counted() -> None:
        try:
            await pump()
        finally:
            pumps.done += 1
            pumps.changed.set()
    turns.pump = counted  # type: ignore[attr-defined]
    return pumps


async def settle_bot(bot: ParleyBot, timeout: float = 30.0, *, unsent_ok: bool = False) -> None:
    """Wait until the bot has no bots to run and nothing left to post (with `unsent_ok`,
    until it is idle even though rows are left unsent, e.g. while posts keep failing).

    Judged by the games, not only by the bot's flags: a cog answers the interaction first and
    wakes the pump after (bot.wake), so a test that saw the answer can get here before the
    wake. Until then the flags look idle, and if an idle pump has just posted the new rows,
    nothing looks left to do; yet a game may still wait on a bot seat. Those games must have
    moved on too (`timeout` only guards against a hang). Between looks it waits for the next
    pump to finish (the only thing that moves games on or posts), not for a clock. A stalled
    game (store/holds.py: its thread cannot be written to) is not waited for: nothing will
    deliver its rows until it is re-homed. A game held for a backoff is: the bot's clock must
    pass its hold (a test with a fixed clock jumps it)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    pumps = pumps_of(bot)
    unsent: set[int] = set()
    bots_to_move: list[int] = []
    while (left := deadline - loop.time()) > 0:
        seen = pumps.done
        unsent = {g for g in await bot.store.unsent_games(limit=10_000)
                  if (held := await bot.store.hold_of(g)) is None or held.reason != "stalled"}
        bots_to_move = await bot.table.waiting_on_bots()
        quiet = not bot.dirty and not bot.woken.is_set() and not bot.pumping   # after the awaits
        if quiet and not bots_to_move and (unsent_ok or not unsent):
            return
        if quiet and not unsent_ok:
            bot.woken.set()
        await pumps.after(seen, left)
    raise TimeoutError(f"the bot did not settle in {timeout}s: games waiting on a bot {bots_to_move}, "
                       f"games with unsent rows {sorted(unsent)}, dirty {sorted(bot.dirty)}, "
                       f"pumping {bot.pumping}")


@asynccontextmanager
async def parley_bot(fake: FakeDiscord, db: Path | str, clock: Clock | None = None, *, dev_guild: bool = True,
                     settings: dict[str, Any] | None = None, **options: Any) -> AsyncIterator[Table]:
    """The real bot on `db` (a SQLite file or a postgresql:// URL); `options` go to ParleyBot (e.g. a clock). The timelapse at a game's
    end is off unless a test asks for it (`replay_at_end=True`): drawing it takes seconds. With `dev_guild` the
    commands are synced to the first guild only (instant, as in development); without, globally (every guild and DMs).
    `settings`: more of bot.Settings (e.g. a limit), as the environment would set them."""
    config = Settings(database_path=str(db), dev_guild_id=fake.guild_id if dev_guild else None, discord_token="fake",
                      **(settings or {}))
    clock = clock or Clock()
    options = {"bot_delay": 0.0, "timer_tick": 3600.0, "guild_ready_timeout": 0.05, "replay_at_end": False,
               **options}
    bot = build_bot(config, clock=clock, **options)
    async with running_bot(bot, fake) as run:
        await fake.wait_for_commands(guild=dev_guild)
        yield Table(fake, bot, run, clock)


def components(msg: Message) -> list[dict[str, Any]]:
    """Every button and select on a message, flattened."""
    return [c for row in msg.components for c in row.get("components", [])]


def custom_ids(msg: Message) -> list[str]:
    return [c["custom_id"] for c in components(msg) if "custom_id" in c]


def mentioned(fake: FakeDiscord, msg: Message) -> set[int]:
    """Users a message really pings: in its content and let through by its allowed_mentions."""
    return {int(u["id"]) for u in fake.message_json(msg.id)["mentions"]}


def png_texts(data: bytes) -> list[str]:
    """The text of every tEXt, zTXt and iTXt chunk of a PNG (metadata a viewer can read)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    texts, at = [], 8
    while at + 8 <= len(data):
        length = struct.unpack(">I", data[at:at + 4])[0]
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"tEXt":
            texts.append(body.decode("latin-1").replace("\0", " "))
        elif kind == b"zTXt":
            key, _, rest = body.partition(b"\0")
            texts.append(key.decode("latin-1") + " " + zlib.decompress(rest[1:]).decode("latin-1"))
        elif kind == b"iTXt":
            key, _, rest = body.partition(b"\0")
            compressed, rest = rest[0], rest[2:]
            _lang, _, rest = rest.partition(b"\0")
            _translated, _, text = rest.partition(b"\0")
            texts.append(key.decode("latin-1") + " " + (zlib.decompress(text) if compressed else text).decode())
    return texts
