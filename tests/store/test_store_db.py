"""The database file itself: pragmas, migrations, and the `python -m store --verify` command."""
from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiosqlite
import pytest
from race_helpers import new_race, play, setup

from store import Store
from store.__main__ import main
from store.db import _transaction
from store.migrate import available, migrate, statements
from tests.pg import Backend

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def test_the_one_hop_helper_still_exists_in_aiosqlite() -> None:
    """store.db queues whole transactions with aiosqlite's private Connection._execute."""
    assert callable(getattr(aiosqlite.Connection, "_execute", None)), "aiosqlite changed: see store/db.py"


async def test_wal_and_full_sync_are_in_effect(db_path: Path) -> None:
    async with await Store.open(db_path) as store:
        await _pragmas_in_effect(store)


async def _pragmas_in_effect(store: Store) -> None:
    assert await store.pragma("journal_mode") == "wal"
    assert await store.pragma("synchronous") == 2  # FULL
    assert await store.pragma("foreign_keys") == 1
    assert await store.pragma("busy_timeout") == 10_000
    with pytest.raises(ValueError):
        await store.pragma("user_version; DROP TABLE games")


async def test_migrations_apply_once_and_reopening_changes_nothing(backend: Backend) -> None:
    async with await Store.open(backend.url) as store:
        game_id, _ = await new_race(store)
        await play(store, game_id)
    for _ in range(2):
        async with await Store.open(backend.url) as store:
            assert len(await store.log(game_id)) == 1
    recorded = await backend.fetch("SELECT version, name FROM schema_migrations ORDER BY version")
    assert recorded == [(n, name) for n, name, _ in available()]
    assert recorded[0] == (1, "initial")
    counts = [(await backend.fetch(f"SELECT count(*) FROM {t}"))[0][0] for t in ("games", "seats", "actions")]
    assert counts == [1, 2, 1]


def test_a_failing_migration_leaves_the_schema_as_it_was(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_first.sql").write_text("CREATE TABLE a (x INTEGER); -- one; two\nCREATE TABLE b (y);\n")
    (folder / "0002_broken.sql").write_text("CREATE TABLE c (z);\nCREATE TABLE a (x);\n")
    conn = sqlite3.connect(tmp_path / "m.db", isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="already exists"):
        _transaction(conn, lambda c: migrate(c, folder), "BEGIN IMMEDIATE")
    assert conn.execute("SELECT name FROM sqlite_master").fetchall() == []
    (folder / "0002_broken.sql").write_text("CREATE TABLE c (z);\n")
    assert _transaction(conn, lambda c: migrate(c, folder), "BEGIN IMMEDIATE") == [1, 2]
    assert _transaction(conn, lambda c: migrate(c, folder), "BEGIN IMMEDIATE") == []


def test_migration_scripts_split_into_statements() -> None:
    sql = "-- a; comment\nCREATE TABLE t (x);\nCREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; END;\n-- end\n"
    assert statements(sql) == ["-- a; comment\nCREATE TABLE t (x);",
                               "CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; END;"]
    with pytest.raises(ValueError, match="unfinished"):
        statements("CREATE TABLE t (x)")


def test_migration_files_are_numbered_uniquely(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("")
    (tmp_path / "1_b.sql").write_text("")
    with pytest.raises(ValueError, match="NNNN_name"):
        available(tmp_path)


async def _two_games(db_path: Path) -> tuple[int, int]:
    async with await Store.open(db_path) as store:
        good, _ = await new_race(store, seed="a")
        bad, _ = await new_race(store, seed="b")
        for game_id in (good, good, bad):
            await play(store, game_id)
        await store.create_game("toy_race", setup(seed="lobby"))
    return good, bad


def _tamper(db_path: Path, game_id: int) -> None:
    with sqlite3.connect(db_path) as raw:
        snapshot = json.loads(raw.execute("SELECT snapshot FROM games WHERE id = ?", (game_id,)).fetchone()[0])
        snapshot["turn"] = 1 - snapshot["turn"]
        raw.execute("UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps(snapshot), game_id))


async def test_verify_command_exit_codes(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = await _two_games(db_path)
    args = ["--verify", str(db_path), "--import", "toy_game"]
    assert await _main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["ok", "ok"]  # the lobby game is not listed
    _tamper(db_path, bad)
    assert await _main(args) == 1
    out = capsys.readouterr().out
    assert f"MISMATCH game {bad} (toy_race, active, v4): snapshot differs" in out and "at turn:" in out
    assert await _main([*args, str(good)]) == 0
    assert await _main([*args, str(good), "999"]) == 1
    assert "no game #999" in capsys.readouterr().out
    assert await _main(["--verify", str(db_path.with_name("absent.db"))]) == 2


async def _main(argv: list[str]) -> int:
    """main() runs its own event loop, so call it from a worker thread."""
    return await asyncio.to_thread(main, argv)


async def test_verify_command_runs_as_a_module(db_path: Path) -> None:
    _, bad = await _two_games(db_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(HERE)])}
    command = [sys.executable, "-m", "store", "--verify", str(db_path), "--import", "toy_game"]
    done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    _tamper(db_path, bad)
    done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "MISMATCH" in done.stdout
