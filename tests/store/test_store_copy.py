"""`python -m store copy`: a SQLite database moves whole into an empty PostgreSQL one, ids kept,
and the bot carries on there (new ids after the copied ones)."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from race_helpers import new_race, play

from store import Store
from store.__main__ import main


async def _fill(db_path: Path) -> list[int]:
    async with await Store.open(db_path) as store:
        games = [(await new_race(store, seed=f"c{i}", channel_id=70 + i, guild_id=2**60 + i))[0] for i in range(3)]
        for game_id in (games[0], games[0], games[1]):
            await play(store, game_id, interaction_id=f"click-{game_id}-{len(await store.log(game_id))}")
        await store.commit_undo(games[1], (await store.load(games[1])).version, (await store.load(games[1])).snapshot or {})
        await store.follow(games[0], 555, 3)
        await store.set_timer(games[0], "reminder", 1_800_000_000.25, seat=1, user_id=9, payload={"n": 1})
        await store.set_user_settings(9, timezone="Europe/Paris", dm_notifications=False, away_until=5)
        await store.mark_sent((await store.outbox_of(games[0]))[0].id)
        await store.create_game("toy_race", (await store.load(games[0])).setup, host_user_id=2**62)
    return games


async def _contents(store: Store) -> list[object]:
    games = await store.list_games()
    found: list[object] = [games]
    for g in games:
        found += [await store.log_rows(g.id), await store.outbox_of(g.id), await store.timers_of(g.id),
                  await store.followers(g.id)]
    return [*found, await store.get_user_settings(9)]


async def _main(argv: list[str]) -> int:
    return await asyncio.to_thread(main, argv)


async def test_a_sqlite_database_copies_whole_into_postgres(db_path: Path, pg_url: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    games = await _fill(db_path)
    assert await _main(["copy", f"sqlite:///{db_path}", pg_url]) == 0
    out = capsys.readouterr().out
    assert "games: 4 rows" in out and "actions: 3 rows" in out and "followers: 1 rows" in out
    async with await Store.open(db_path) as source, await Store.open(pg_url) as target:
        assert await _contents(target) == await _contents(source)
        for game_id in games:
            assert await target.verify(game_id) == await source.verify(game_id)
        assert await target.create_game("toy_race", (await target.load(games[0])).setup) == 5
        await play(target, games[2])   # the copied game carries on
    assert await _main(["copy", str(db_path), pg_url]) == 1
    assert "already has rows in games" in capsys.readouterr().err


async def test_copy_refuses_a_missing_source_or_a_postgres_one(tmp_path: Path, pg_url: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert await _main(["copy", str(tmp_path / "absent.db"), pg_url]) == 2
    assert "No database at" in capsys.readouterr().err
    assert await _main(["copy", pg_url, str(tmp_path / "x.db")]) == 1
    assert "must be a SQLite file" in capsys.readouterr().err


async def test_verify_runs_on_postgres_too(pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    async with await Store.open(pg_url) as store:
        game_id, _ = await new_race(store)
        await play(store, game_id)
    assert await _main(["--verify", pg_url, "--import", "toy_game"]) == 0
    assert capsys.readouterr().out.startswith(f"ok       game {game_id} (toy_race, active, v4)")
