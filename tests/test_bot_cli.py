"""bot.py: configuration, arguments, and which front end starts."""
from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

import bot

REPO = Path(__file__).resolve().parent.parent
SETTINGS_VARS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL", "SHARD_COUNT",
                 "SHARD_IDS", "WORKER_ID", "LEASE_SECONDS")


def run_bot(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python bot.py ARGS` with no Parley variables, stdin not a terminal, in `cwd` (no .env there)."""
    env = {k: v for k, v in os.environ.items() if k.upper() not in SETTINGS_VARS}
    return subprocess.run([sys.executable, str(REPO / "bot.py"), *args], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)


@pytest.fixture
def clean_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """In-process: no Parley variables and a working directory without a .env file."""
    for name in SETTINGS_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def fake_local(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Stands in for table.local, recording the arguments run_local was given."""
    calls: list[object] = []

    def run_local(args: object) -> int:
        calls.append(args)
        return 0

    monkeypatch.setitem(sys.modules, "table.local", types.SimpleNamespace(run_local=run_local))
    return calls


def test_no_token_and_no_terminal_explains_what_to_do(tmp_path: Path) -> None:
    done = run_bot(tmp_path)
    assert done.returncode == 2, done.stderr
    assert "DISCORD_TOKEN" in done.stderr
    assert "--local" in done.stderr
    assert ".env" in done.stderr


@pytest.mark.parametrize("options", ["notjson", "[1, 2]", '"text"'])
def test_options_that_are_not_a_json_object_are_refused(tmp_path: Path, options: str) -> None:
    done = run_bot(tmp_path, "--local", "--options", options)
    assert done.returncode == 2
    assert "--options" in done.stderr
    assert "JSON object" in done.stderr
    assert "Traceback" not in done.stderr


def test_options_json_object_is_parsed(clean_env: Path) -> None:
    args = bot.parse_args(["--options", '{"voodoo_doll": true}'])
    assert args.options == {"voodoo_doll": True}


def test_defaults(clean_env: Path) -> None:
    args = bot.parse_args([])
    assert (args.local, args.game, args.players, args.bots, args.seed) == (False, None, 4, 3, None)
    assert args.options == {}
    assert args.out == Path("out")
    assert args.db == "./parley.db"


def test_more_bots_than_players_is_refused(clean_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        bot.parse_args(["--players", "2", "--bots", "3"])
    assert exited.value.code == 2
    assert "--bots" in capsys.readouterr().err


def test_settings_read_a_dotenv_file(clean_env: Path) -> None:
    (clean_env / ".env").write_text("DISCORD_TOKEN=abc\nDATABASE_PATH=/tmp/x.db\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n")
    settings = bot.Settings()
    assert settings.token() == "abc"
    assert settings.database_path == "/tmp/x.db"
    assert settings.dev_guild_id == 42
    assert settings.log_level == "DEBUG"
    assert bot.parse_args([], settings).db == "/tmp/x.db"


def test_environment_wins_over_dotenv_and_blank_means_unset(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (clean_env / ".env").write_text("DATABASE_PATH=/tmp/from-file.db\nDISCORD_TOKEN=\nDEV_GUILD_ID=\n")
    monkeypatch.setenv("DATABASE_PATH", "/tmp/from-env.db")
    settings = bot.Settings()
    assert settings.database_path == "/tmp/from-env.db"
    assert settings.token() is None
    assert settings.dev_guild_id is None


def test_database_url_picks_postgres_over_the_sqlite_file(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert bot.Settings().database() == "./parley.db"   # nothing set: the embedded SQLite file
    monkeypatch.setenv("DATABASE_PATH", "/data/p.db")
    assert bot.Settings().database() == "/data/p.db"
    monkeypatch.setenv("DATABASE_URL", "postgresql://parley@db/parley")
    assert bot.Settings().database() == "postgresql://parley@db/parley"


def test_shards_make_one_process_of_several(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cogs.app import ParleyBot, ShardedParleyBot
    assert type(bot.build_bot(bot.Settings())) is ParleyBot
    monkeypatch.setenv("SHARD_COUNT", "3")
    monkeypatch.setenv("SHARD_IDS", "2,0")
    monkeypatch.setenv("LEASE_SECONDS", "30")
    sharded = bot.build_bot(bot.Settings())
    assert isinstance(sharded, ShardedParleyBot) and (sharded.shard_ids, sharded.shard_count) == ([2, 0], 3)
    assert (sharded.holder.owner, sharded.holder.seconds) == ("shards 2,0 of 3", 30.0)
    monkeypatch.setenv("WORKER_ID", "east-1")
    assert bot.build_bot(bot.Settings()).holder.owner == "east-1"


@pytest.mark.parametrize(("count", "ids", "says"), [
    (None, "1", "SHARD_IDS needs SHARD_COUNT"), ("2", "2", "from 0 to 1"), ("2", "0,0", "distinct"),
    ("2", "one", "separated by commas"), ("0", None, "at least 1")])
def test_bad_shards_are_refused_in_words(clean_env: Path, monkeypatch: pytest.MonkeyPatch, count: str | None,
                                         ids: str | None, says: str) -> None:
    for name, value in (("SHARD_COUNT", count), ("SHARD_IDS", ids)):
        if value is not None:
            monkeypatch.setenv(name, value)
    with pytest.raises(ValueError, match=says):
        bot.Settings()


def test_bad_configuration_is_reported_not_raised(clean_env: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LOG_LEVEL", "LOUD")
    assert bot.main([]) == 2
    assert "LOG_LEVEL" in capsys.readouterr().err


def test_local_flag_runs_the_terminal_table(clean_env: Path, fake_local: list[object],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")  # --local wins even with a token
    assert bot.main(["--local", "--seed", "s1", "--players", "3", "--bots", "2"]) == 0
    (args,) = fake_local
    assert isinstance(args, type(bot.parse_args([])))
    assert (args.seed, args.players, args.bots, args.db) == ("s1", 3, 2, "./parley.db")


def test_no_token_at_a_terminal_runs_the_terminal_table(clean_env: Path, fake_local: list[object],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(isatty=lambda: True))
    assert bot.main([]) == 0
    assert len(fake_local) == 1


def test_a_token_starts_the_discord_front_end(clean_env: Path, fake_local: list[object],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[bot.Settings] = []

    def run_discord(settings: bot.Settings) -> int:
        started.append(settings)
        return 0

    monkeypatch.setattr(bot, "run_discord", run_discord)
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(isatty=lambda: True))
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    assert bot.main([]) == 0
    assert [s.token() for s in started] == ["abc"]
    assert fake_local == []
