"""Held games (migration 0013, store/holds.py): a game whose delivery failed is left out of
`unsent_games` until its hold runs out, so stuck games cannot crowd a healthy one out of the
pump's batch; the failure count grows, whether the players were told is kept. On SQLite and
PostgreSQL; time is passed in."""
from __future__ import annotations

from race_helpers import new_race, play

from store import Store
from tests.pg import Backend

NOW = 1_800_000_000.0


async def test_a_held_game_is_left_out_until_its_hold_runs_out(backend: Backend) -> None:
    async with await Store.open(backend.url) as store:
        stuck, _ = await new_race(store)
        healthy, _ = await new_race(store, seed="s2")
        for game_id in (stuck, healthy):
            await play(store, game_id)
        assert await store.unsent_games(limit=1, now=NOW) == [stuck]          # the oldest rows first
        first = await store.hold(stuck, "retry", NOW + 10, "503 Service Unavailable")
        assert (first.failures, first.told) == (1, False)
        assert await store.unsent_games(limit=1, now=NOW) == [healthy]        # the stuck one takes no place
        assert await store.unsent_games(limit=1) == [stuck]                   # without a time: every game
        assert await store.unsent_games(limit=5, now=NOW + 10) == [stuck, healthy]   # its hold ran out

        stalled = await store.hold(stuck, "stalled", NOW + 3600, "its thread was deleted")
        assert (stalled.reason, stalled.failures, stalled.detail) == ("stalled", 2, "its thread was deleted")
        await store.mark_told(stuck)
        again = await store.hold(stuck, "stalled", NOW + 7200, "its thread was deleted")
        assert again.told and again.failures == 3 and again.retry_at == NOW + 7200   # told stays told
        assert await store.hold_of(stuck) == again
        assert await store.unsent_games(now=NOW + 3600) == [healthy]

        waiting, _ = await new_race(store, seed="s3")
        await play(store, waiting)
        await store.hold(waiting, "retry", NOW + 60, "503 Service Unavailable")
        assert await store.release_retry_holds() == 1   # a starting bot: backoffs end, stalls stay
        assert await store.hold_of(waiting) is None and await store.hold_of(stuck) == again

        assert await store.release_hold(stuck)
        assert not await store.release_hold(stuck)
        assert await store.hold_of(stuck) is None
        assert await store.unsent_games(now=NOW) == [stuck, healthy, waiting]
