"""Parley's entry point: configuration, then the Discord bot or the local terminal table.

    python bot.py                  # the bot when DISCORD_TOKEN is set; else the terminal table
    python bot.py --local [...]    # the terminal table, always

Configuration comes from environment variables or a `.env` file in the working directory.
"""
from __future__ import annotations

import argparse
import gc
import json
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from store.limits import Limits
from table.inputs import InputError, number

log = logging.getLogger("parley")

GC_THRESHOLDS = (10_000, 10, 10)   # young objects between collections (default 700), then as usual

NO_TOKEN_MESSAGE = (
    "No DISCORD_TOKEN is set. Set it in the environment or in a .env file (see README.md), "
    "or play at the terminal table with: python bot.py --local"
)


class Settings(BaseSettings):
    """Environment variables (names are case-insensitive); a `.env` file fills in the rest."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore")

    discord_token: SecretStr | None = None
    database_path: str = "./parley.db"
    database_url: str | None = None   # postgresql://… puts the store on PostgreSQL (docs/deployment.md)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # Several processes (docs/deployment.md): each serves SHARD_IDS ("0,1") of SHARD_COUNT shards.
    shard_count: int | None = None
    shard_ids: str | None = None
    worker_id: str | None = None      # this process's lease owner id; by default named by its shards
    lease_seconds: float = 60.0       # how long another process waits before taking a dead one's work over
    # Limits that protect a server (store/limits.py); each refusal says which was reached.
    max_games_per_member: int = Field(21, ge=1)     # Board Game Arena's cap on turn-based tables
    max_lobbies_per_member: int = Field(3, ge=1)
    max_games_per_server: int = Field(200, ge=1)
    max_lobbies_per_server: int = Field(25, ge=1)
    claim_cooldown_minutes: float = Field(60.0, ge=0)   # between two /game claim pings of one member for one game

    @model_validator(mode="after")
    def _known_shards(self) -> Settings:
        self.shards()
        return self

    def shards(self) -> list[int] | None:
        """SHARD_IDS as numbers: every shard when only SHARD_COUNT is set; None when unsharded."""
        if self.shard_count is None:
            if self.shard_ids:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards the whole bot has)")
            return None
        if self.shard_count < 1:
            raise ValueError(f"SHARD_COUNT must be at least 1, got {self.shard_count}")
        try:
            ids = [int(x) for x in self.shard_ids.split(",")] if self.shard_ids else list(range(self.shard_count))
        except ValueError:
            raise ValueError(f"SHARD_IDS must be shard numbers separated by commas, e.g. 0,1; got {self.shard_ids!r}") from None
        wrong = [i for i in ids if not 0 <= i < self.shard_count]
        if wrong or len(set(ids)) != len(ids):
            raise ValueError(f"SHARD_IDS must be distinct numbers from 0 to {self.shard_count - 1}; got {self.shard_ids!r}")
        return ids

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError(f"LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL; got {value!r}")
        return level

    def limits(self) -> Limits:
        return Limits(games_per_member=self.max_games_per_member, lobbies_per_member=self.max_lobbies_per_member,
                      games_per_server=self.max_games_per_server, lobbies_per_server=self.max_lobbies_per_server)

    def database(self) -> str:
        """Where the store lives: DATABASE_URL when set, else the SQLite file DATABASE_PATH."""
        return (self.database_url or "").strip() or self.database_path

    def token(self) -> str | None:
        """The bot token, or None when it is unset or blank."""
        if self.discord_token is None:
            return None
        return self.discord_token.get_secret_value().strip() or None


def _json_object(text: str) -> dict[str, Any]:
    example = "'{\"some_option\": true}'"
    try:
        value = json.loads(text, parse_int=number)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"expected a JSON object such as {example}; {text!r} is not JSON ({e.msg})") from e
    except InputError as e:   # a number of thousands of digits
        raise argparse.ArgumentTypeError(str(e)) from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f"expected a JSON object such as {example}; got {text!r}")
    return value


def _count(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if n < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {n}")
        return n
    return parse


def parse_args(argv: Sequence[str] | None = None, settings: Settings | None = None) -> argparse.Namespace:
    settings = settings if settings is not None else Settings()
    parser = argparse.ArgumentParser(prog="bot.py", description="Parley: asynchronous pirate board games.")
    parser.add_argument("--local", action="store_true", help="play at the terminal table instead of on Discord")
    parser.add_argument("--game", default=None,
                        help="game id (default: the only game, or asked at the terminal; --list-games lists them)")
    parser.add_argument("--list-games", action="store_true", help="list the games you can play and exit")
    parser.add_argument("--players", type=_count(1), default=4, help="number of seats (default: %(default)s)")
    parser.add_argument("--bots", type=_count(0), default=3, help="seats played by bots (default: %(default)s)")
    parser.add_argument("--seed", help="seed for a reproducible game (default: a fresh one)")
    parser.add_argument("--options", type=_json_object, default=None,
                        help="game options as a JSON object, e.g. '{\"some_option\": true}' (see /rules variants)")
    parser.add_argument("--out", type=Path, default=Path("./out"), help="folder for board images (default: %(default)s)")
    parser.add_argument("--db", default=settings.database_path, help="SQLite database file (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.options is None:
        args.options = {}
    if args.bots > args.players:
        parser.error(f"--bots ({args.bots}) cannot exceed --players ({args.players})")
    return args


def build_bot(settings: Settings, **options: Any) -> Any:
    """The Discord bot, configured from settings; `options` go to ParleyBot (tests inject a clock).
    With SHARD_COUNT set it is one process of several, serving the shards SHARD_IDS."""
    from cogs.app import ParleyBot, ShardedParleyBot

    options.setdefault("lease_seconds", settings.lease_seconds)
    shards = settings.shards()
    if shards is None:
        return ParleyBot(settings, **options)
    return ShardedParleyBot(settings, shard_count=settings.shard_count, shard_ids=shards, **options)


def tune_gc() -> None:
    """Collect less often, and never scan what exists at startup again.

    The bot keeps many long-lived objects (modules, discord.py's caches, up to CACHE_SIZE game
    states) and makes next to no cyclic garbage, yet with Python's default threshold (700) the
    collector ran every few decisions: at 1,000 busy games it took about a quarter of the CPU,
    with full collections of 70-100 ms (docs/performance.md, `make bench ARGS="--only throughput"`).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def run_discord(settings: Settings) -> int:
    bot = build_bot(settings)
    tune_gc()
    token = settings.token()
    assert token is not None
    bot.run(token, log_handler=None)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        settings = Settings()
    except ValidationError as e:
        print(f"Configuration error (environment or .env):\n{e}", file=sys.stderr)
        return 2
    args = parse_args(argv, settings)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    at_terminal = sys.stdin is not None and sys.stdin.isatty()
    if args.local or args.list_games or (settings.token() is None and at_terminal):
        from table.local import run_local

        return run_local(args)
    if settings.token() is None:
        print(NO_TOKEN_MESSAGE, file=sys.stderr)
        return 2
    return run_discord(settings)


if __name__ == "__main__":
    sys.exit(main())
