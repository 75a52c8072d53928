"""The real Parley bot against the loopback Discord, for the fault scenarios.

Kept separate from tests/e2e/harness.py (which other work changes) so the fault suite only
depends on the stable pieces: bot.build_bot, tests.fake_discord.FakeDiscord and running_bot.
"""
from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot import Settings, build_bot
from cogs.app import ParleyBot
from engine.core import get_game
from engine.pirate_chest.policy import score
from store.pg import is_postgres_url
from tests.e2e.harness import settle_bot
from tests.fake_discord import BotRun, FakeDiscord, InteractionRecord, running_bot
from tests.fake_discord.model import Message
from tests.fake_discord.server import WAIT  # a hang guard, never a speed check

START = 1_800_000_000.0


@dataclass
class Kit:
    fake: FakeDiscord
    bot: ParleyBot
    run: BotRun

    # ---- acting as users ------------------------------------------------------------------
    async def slash(self, user: int, name: str, channel_id: int | None = None, *, timeout: float = WAIT,
                    **options: Any) -> InteractionRecord:
        opts = [{"name": k, "value": v} for k, v in options.items() if v is not None]
        rec = await self.fake.dispatch_slash(user, name, opts, channel_id=channel_id)
        return await self.answered(rec, timeout)

    async def click(self, user: int, message_id: int, custom_id: str, values: list[str] | None = None,
                    *, timeout: float = WAIT) -> InteractionRecord:
        rec = await self.fake.dispatch_component(user, message_id, custom_id,
                                                 component_type=3 if values is not None else 2, values=values)
        return await self.answered(rec, timeout)

    async def answered(self, rec: InteractionRecord, timeout: float = WAIT) -> InteractionRecord:
        """The first response, and after a defer (type 5) the real answer too."""
        await self.fake.wait_for_response(rec.id, timeout=timeout)
        if rec.callback_type == 5:
            await self.fake.wait_until(lambda: (m := self.fake.original_message(rec.id)) is not None and not m.loading,
                                       timeout=timeout, what="the deferred answer")
        return rec

    def reply(self, rec: InteractionRecord) -> Message | None:
        """What the user saw in answer: the original response or the last followup."""
        msg = self.fake.original_message(rec.id)
        followups = [m for m in self.fake.messages() if m.interaction_id == rec.id and m is not msg]
        if followups:
            return followups[-1]
        return msg

    def reply_text(self, rec: InteractionRecord) -> str:
        msg = self.reply(rec)
        if msg is None:   # a component answered by editing its message (type 7)
            source = self.fake.world.message(rec.source_message_id or 0)
            return source.content if source else ""
        return msg.content

    # ---- games ----------------------------------------------------------------------------
    async def open_game(self, host: int, bots: int = 3, options: str | None = None) -> tuple[int, int]:
        """`/game new` by the host (who takes seat 1), `/game add-bot` × bots, `/game start`."""
        await self.slash(host, "game new", game="pirate_chest", players=1 + bots, options=options)
        thread = self.fake.threads()[-1]
        record = await self.bot.store.find_by_thread(thread.id)
        assert record is not None
        for _ in range(bots):
            await self.slash(host, "game add-bot", channel_id=thread.id)
        await self.slash(host, "game start", channel_id=thread.id)
        return record.id, thread.id

    async def human_choice(self, game_id: int) -> tuple[int, int, str] | None:
        """(seat, user, notation) a waiting human would pick (greedy), or None."""
        record, s = await self.bot.table.load(game_id)
        game = get_game(record.game_type)
        pending = game.pending(s)
        if pending is None:
            return None
        seat = next((w for w in pending.waiting_on if record.seats[w].user_id is not None), None)
        if seat is None:
            return None
        legal = game.legal_actions(s, seat)
        best = max(legal, key=lambda a: score(s, seat, a))
        user = record.seats[seat].user_id
        assert user is not None
        return seat, user, game.notate(s, best)

    async def settle(self, timeout: float = 30.0) -> None:
        """Until no bot seat is left to run and nothing is left to post."""
        await settle_bot(self.bot, timeout)


@asynccontextmanager
async def parley(fake: FakeDiscord, db: Path | str, **options: Any) -> AsyncIterator[Kit]:
    """The real bot on `db` (a SQLite file or a postgresql:// URL), with no bot delay (and no
    timelapse at a game's end) unless options say otherwise."""
    where = {"database_url": db} if is_postgres_url(str(db)) else {"database_path": str(db)}
    settings = Settings(**where, dev_guild_id=fake.guild_id, discord_token="fake")
    began = time.monotonic()   # the bot's clock runs from START at the real pace: failed posts' backoffs pass
    options = {"clock": lambda: START + time.monotonic() - began, "bot_delay": 0.0, "timer_tick": 3600.0,
               "guild_ready_timeout": 0.05, "replay_at_end": False, **options}
    bot = build_bot(settings, **options)
    async with running_bot(bot, fake) as run:
        await fake.wait_for_commands()
        yield Kit(fake, bot, run)
