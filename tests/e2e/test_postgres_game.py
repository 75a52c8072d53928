"""The bot on PostgreSQL (DATABASE_URL): a whole game through the loopback Discord, with the
privacy checker of test_privacy_every_path watching every message, and the stored games
verified against their logs afterwards."""
from __future__ import annotations

from store import Store
from tests.e2e.test_privacy_every_path import PATHS, run_game


async def test_a_whole_game_on_postgres_keeps_every_secret_and_replays(pg_url: str) -> None:
    w, steps = await run_game(pg_url, 3)
    assert not w.found, "\n".join(w.found[:20])
    assert steps >= 3 * len(PATHS) and len(w.checked) >= 20
    async with await Store.open(pg_url) as store:
        games = await store.list_games(status="finished")
        assert len(games) == 1
        assert await store.verify(games[0].id) == (True, f"snapshot equals the replay of {len(await store.log(games[0].id))} actions")
        assert not await store.unsent_outbox()
