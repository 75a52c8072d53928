"""One real bot process for the multi-process test (tests/e2e/test_multi_process.py):
bot.py's Settings from the environment (DISCORD_TOKEN, DATABASE_PATH, SHARD_COUNT, SHARD_IDS,
WORKER_ID…) and bot.build_bot, pointed at the loopback Discord, with a clock the test moves.

    FAKE_DISCORD_PORT=… PARLEY_CLOCK_FILE=… python -m tests.e2e.bot_process

The clock is the number in PARLEY_CLOCK_FILE (unix seconds), read at each call: the test moves
time forward (reminders, deadlines, lease expiry) by writing it, never by waiting.
"""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

import discord.gateway
import discord.http
import yarl

from bot import Settings, build_bot
from cogs.app import ShardedParleyBot


class FileClock:
    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self) -> float:
        return float(self.path.read_text(encoding="utf-8"))


def main() -> int:
    port = int(os.environ["FAKE_DISCORD_PORT"])
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/")
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format=f"%(asctime)s {os.environ.get('SHARD_IDS')} %(levelname)s %(name)s: %(message)s")
    settings = Settings()
    bot = build_bot(settings, clock=FileClock(Path(os.environ["PARLEY_CLOCK_FILE"])), bot_delay=0.0,
                    timer_tick=0.05, guild_ready_timeout=0.05)
    # One shard per process here: its IDENTIFY is the initial one, which discord.py does not delay.
    assert isinstance(bot, ShardedParleyBot), "SHARD_COUNT must be set"
    token = settings.token()
    assert token is not None
    bot.run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
