"""Leases (migration 0009): one process at a time works on a game's outbox or a timer; a dead
process's leases run out by the clock and another takes its work over. Two connections to
one database (SQLite and PostgreSQL) stand for two bot processes; time is passed in, never
waited for."""
from __future__ import annotations

from race_helpers import new_race, play

from store import Store
from store.leases import outbox_lease, timer_lease
from tests.pg import Backend

NOW = 1_800_000_000.0
LEASE = 60.0


async def test_a_lease_is_held_by_one_owner_until_it_runs_out(backend: Backend) -> None:
    async with await Store.open(backend.url) as a, await Store.open(backend.url) as b:
        assert await a.take_lease("outbox:1", "A", NOW, LEASE)
        assert not await b.take_lease("outbox:1", "B", NOW + LEASE - 1, LEASE)   # held by A
        assert await a.take_lease("outbox:1", "A", NOW + 30, LEASE)              # A renews it
        assert not await b.take_lease("outbox:1", "B", NOW + LEASE + 1, LEASE)   # renewed: still A's
        assert await b.take_lease("outbox:1", "B", NOW + 30 + LEASE, LEASE)      # ran out: B takes it over
        assert (await a.leases())["outbox:1"] == ("B", NOW + 30 + 2 * LEASE)
        await a.release_lease("outbox:1", "A")                                   # not A's to give back
        assert "outbox:1" in await b.leases()
        await b.release_lease("outbox:1", "B")
        assert await a.leases() == {}
        assert await a.take_lease("outbox:1", "A", NOW, LEASE)                   # free again


async def test_a_game_outbox_is_claimed_by_one_process_and_read_after_the_lease(backend: Backend) -> None:
    async with await Store.open(backend.url) as a, await Store.open(backend.url) as b:
        game_id, _ = await new_race(a)
        await play(a, game_id)
        rows = await a.claim_outbox(game_id, "A", NOW, LEASE)
        assert rows is not None and len(rows) == 2
        assert await b.claim_outbox(game_id, "B", NOW, LEASE) is None
        assert await b.unsent_games() == [game_id]
        for row in rows:
            await a.mark_sent(row.id)
        await a.release_lease(outbox_lease(game_id), "A")
        assert await b.claim_outbox(game_id, "B", NOW, LEASE) == []   # what A sent is not B's to send
        assert await b.unsent_games() == []


async def test_a_killed_owners_outbox_is_taken_over_when_its_lease_runs_out(backend: Backend) -> None:
    async with await Store.open(backend.url) as a, await Store.open(backend.url) as b:
        game_id, _ = await new_race(a)
        assert await a.claim_outbox(game_id, "A", NOW, LEASE)   # then A dies, lease and all
        assert await b.claim_outbox(game_id, "B", NOW + LEASE - 0.001, LEASE) is None
        taken = await b.claim_outbox(game_id, "B", NOW + LEASE, LEASE)
        assert taken is not None and [r.kind for r in taken] == ["board"]
        assert await a.claim_outbox(game_id, "A", NOW + LEASE, LEASE) is None   # A back late: B has it


async def test_a_due_timer_is_fired_by_one_process_and_not_again(backend: Backend) -> None:
    async with await Store.open(backend.url) as a, await Store.open(backend.url) as b:
        game_id, _ = await new_race(a)
        timer_id = await a.set_timer(game_id, "reminder", NOW, seat=0, user_id=7)
        assert await a.claim_timer(timer_id, "A", NOW - 1, LEASE) is None       # not due yet
        assert await a.leases() == {}                                             # and no lease kept
        claimed = await a.claim_timer(timer_id, "A", NOW, LEASE)
        assert claimed is not None and claimed.id == timer_id
        assert await b.claim_timer(timer_id, "B", NOW, LEASE) is None           # A is firing it
        await a.set_timer(game_id, "reminder", NOW + 3600, seat=0, user_id=7)   # fired: the next one later
        await a.release_lease(timer_lease(timer_id), "A")
        assert await b.claim_timer(timer_id, "B", NOW, LEASE) is None           # B read it as due: not again
        assert await b.leases() == {}
        assert (await b.claim_timer(timer_id, "B", NOW + 3600, LEASE)) is not None   # the next one is B's


async def test_a_timer_whose_firer_died_is_fired_after_its_lease_runs_out(backend: Backend) -> None:
    async with await Store.open(backend.url) as a, await Store.open(backend.url) as b:
        game_id, _ = await new_race(a)
        timer_id = await a.set_timer(game_id, "deadline", NOW, seat=1, user_id=8)
        assert await a.claim_timer(timer_id, "A", NOW, LEASE) is not None   # A dies while firing it
        assert await b.claim_timer(timer_id, "B", NOW + LEASE - 1, LEASE) is None
        assert await b.claim_timer(timer_id, "B", NOW + LEASE, LEASE) is not None


async def test_a_pinned_timer_is_only_pinned_and_finished_while_it_is_the_same_firing(backend: Backend) -> None:
    async with await Store.open(backend.url) as a, await Store.open(backend.url) as b:
        game_id, _ = await new_race(a)
        await a.set_timer(game_id, "deadline", NOW, seat=1, user_id=8, payload={"version": 1})
        claimed = await a.claim_timer((await a.timers_of(game_id))[0].id, "A", NOW, LEASE)
        assert claimed is not None
        assert await a.pin_timer(claimed, {**claimed.payload, "firing": {"version": 1, "move": "roll"}})
        [seen] = await b.timers_of(game_id)
        assert seen.id == claimed.id and seen.payload["firing"] == {"version": 1, "move": "roll"}   # what a repeat does
        await b.set_timer(game_id, "deadline", NOW + 3600, seat=1, user_id=8, payload={"version": 3})   # a new prompt
        assert not await a.pin_timer(claimed, {"firing": {}}) and not await a.finish_timer(claimed)
        [kept] = await b.timers_of(game_id)
        assert (kept.id, kept.due_at, kept.payload) == (claimed.id, NOW + 3600, {"version": 3})   # the next one stays
        later = await a.claim_timer(kept.id, "A", NOW + 3600, LEASE)
        assert later is not None and await a.finish_timer(later) and await b.timers_of(game_id) == []


async def test_two_processes_digest_passes_queue_each_digest_once(backend: Backend) -> None:
    """The digest pass needs no lease: a follower's digest is queued by a compare-and-set on how
    far their digests have gone, so a pass that read the follower before another queued it
    queues nothing, even once a new digest is due."""
    async with await Store.open(backend.url) as a, await Store.open(backend.url) as b:
        game_id, version = await new_race(a)
        assert await a.follow(game_id, 9, version - 1, "turn", at=NOW)
        await a.schedule_digest(game_id, 9, NOW)
        [seen_by_a], [seen_by_b] = await a.due_digests(NOW), await b.due_digests(NOW)
        assert await a.queue_digest(seen_by_a, version, NOW, {"text": "A's"})
        version, _ = await play(a, game_id)
        await a.schedule_digest(game_id, 9, NOW)                        # the next hand-over: due again
        assert not await b.queue_digest(seen_by_b, version, NOW, {"text": "B's"})   # B read it before A queued
        [again] = await b.due_digests(NOW)
        assert await b.queue_digest(again, version, NOW, {"text": "B's next"})
        assert not await a.queue_digest(again, version, NOW, {"text": "A's too"})
        texts = [r.payload["text"] for r in await a.outbox_of(game_id) if r.kind == "digest"]
        assert texts == ["A's", "B's next"]
