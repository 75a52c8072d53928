"""Outbox, timers and user settings: what to send after a commit, when to nudge, and how."""
from __future__ import annotations

import pytest
from race_helpers import fill_and_start, new_race, play, setup
from toy_game import GAME, Pass

from engine.core import act
from store import OutboxItem, SeatError, StaleStateError, Store, UserSettings


async def test_outbox_rows_are_written_with_the_action_they_announce(store: Store) -> None:
    game_id, version = await new_race(store)
    record = await store.load(game_id)
    new_version = await store.commit_action(
        game_id, version, 0, "pass", record.snapshot or {},
        outbox=[OutboxItem("board", "thread", {"texts": ["Seat 0 passes."]}),
                OutboxItem("prompt", "seat:1", {"prompt": "roll or pass"})])
    rows = [r for r in await store.outbox_of(game_id) if r.version == new_version]
    assert [(r.kind, r.target, r.payload) for r in rows] == [
        ("board", "thread", {"texts": ["Seat 0 passes."]}), ("prompt", "seat:1", {"prompt": "roll or pass"})]
    assert all(r.sent_at is None and r.attempts == 0 for r in rows)


async def test_sent_rows_leave_the_queue_and_failures_are_counted(store: Store) -> None:
    game_id, _ = await new_race(store)  # the start queues a "board" row
    await play(store, game_id)          # each play queues a "board" row
    await play(store, game_id)
    start, first, second = await store.unsent_outbox()
    assert [start.kind, first.kind, second.kind] == ["board", "board", "board"]
    assert start.version < first.version < second.version
    await store.mark_sent(start.id)
    await store.mark_failed(first.id, "403 Forbidden (error code: 50007)")
    await store.mark_failed(first.id, "403 Forbidden (error code: 50007)")
    assert [r.id for r in await store.unsent_outbox()] == [first.id, second.id]
    assert [r.id for r in await store.unsent_outbox(limit=1)] == [first.id]
    assert [r.id for r in await store.unsent_outbox(max_attempts=2)] == [second.id]
    failed = (await store.unsent_outbox())[0]
    assert (failed.attempts, failed.last_error) == (2, "403 Forbidden (error code: 50007)")
    sent = (await store.outbox_of(game_id))[0]
    assert sent.sent_at is not None and sent.attempts == 1


async def test_a_timer_per_game_seat_and_kind_is_moved_not_duplicated(store: Store) -> None:
    game_id, _ = await new_race(store)
    first = await store.set_timer(game_id, "reminder", 100.0, seat=0, user_id=7)
    assert await store.set_timer(game_id, "reminder", 250.0, seat=0, user_id=7, payload={"n": 2}) == first
    other = await store.set_timer(game_id, "reminder", 50.0, seat=1)
    archive = await store.set_timer(game_id, "archive", 400.0)
    assert await store.set_timer(game_id, "archive", 300.0) == archive  # seat NULL upserts too
    timers = await store.timers_of(game_id)
    assert [(t.id, t.seat, t.kind, t.due_at) for t in timers] == [
        (other, 1, "reminder", 50.0), (first, 0, "reminder", 250.0), (archive, None, "archive", 300.0)]
    assert timers[1].payload == {"n": 2} and timers[1].user_id == 7
    assert [t.id for t in await store.due_timers(now=250.0)] == [other, first]
    assert await store.due_timers(now=10.0) == []
    with pytest.raises(ValueError):
        await store.set_timer(game_id, "nap", 1.0)  # type: ignore[arg-type]


async def test_timers_are_deleted_by_id_or_by_game_seat_and_kind(store: Store) -> None:
    game_id, _ = await new_race(store)
    other_game, _ = await new_race(store)
    for seat in (0, 1):
        await store.set_timer(game_id, "reminder", 1.0, seat=seat)
        await store.set_timer(game_id, "deadline", 2.0, seat=seat)
    archive = await store.set_timer(game_id, "archive", 3.0)
    await store.set_timer(other_game, "reminder", 1.0, seat=0)
    await store.delete_timer(archive)
    assert await store.delete_timers(game_id, seat=0, kind="reminder") == 1
    assert await store.delete_timers(game_id, kind="deadline") == 2
    assert [(t.seat, t.kind) for t in await store.timers_of(game_id)] == [(1, "reminder")]
    assert await store.delete_timers(game_id) == 1
    assert len(await store.timers_of(other_game)) == 1


async def test_user_settings_start_at_the_defaults_and_change_one_field_at_a_time(store: Store) -> None:
    assert await store.get_user_settings(9) == UserSettings(user_id=9)
    assert (await store.get_user_settings(9)).dm_notifications is True
    changed = await store.set_user_settings(9, quiet_start="22:00", quiet_end="07:30", timezone="Europe/Paris")
    assert changed == UserSettings(9, quiet_start="22:00", quiet_end="07:30", timezone="Europe/Paris")
    await store.set_user_settings(9, dm_closed=True, reminder_hours=6.5)
    settings = await store.get_user_settings(9)
    assert (settings.dm_closed, settings.reminder_hours, settings.quiet_start) == (True, 6.5, "22:00")
    assert await store.get_user_settings(10) == UserSettings(user_id=10)
    with pytest.raises(ValueError, match="vacation"):
        await store.set_user_settings(9, vacation=True)


async def commit_with(store: Store, game_id: int, interaction_id: str | None, *items: OutboxItem) -> tuple[int, int]:
    """One action by whoever is pending, with these outbox rows: (its seat, the new version)."""
    record = await store.load(game_id)
    state = record.state()
    pending = GAME.pending(state)
    assert pending is not None
    seat = pending.waiting_on[0]
    t = act(GAME, state, seat, Pass())
    version = await store.commit_action(game_id, record.version, seat, GAME.notate(state, Pass()),
                                        t.state.model_dump_json(), interaction_id=interaction_id, outbox=list(items))
    return seat, version


async def test_the_outbox_and_log_are_read_by_version_range_and_from_the_end(store: Store) -> None:
    """What a "your move" DM reads without loading the whole game: the board rows of a version
    range (after < v <= upto), a seat's last prompt before a version, the rows the table took
    for a seat, and the live end of the log."""
    game_id, _ = await new_race(store)
    other, _ = await new_race(store)
    board = OutboxItem("board", "thread", {"events": ["x"]})
    _, v1 = await commit_with(store, game_id, None, board, OutboxItem("prompt", "seat:1", {}))
    s2, v2 = await commit_with(store, game_id, f"auto:forced:{game_id}:{v1}", board, OutboxItem("prompt", "seat:0", {}))
    _, v3 = await commit_with(store, game_id, "click-3", board, OutboxItem("prompt", "seat:1", {}))
    await commit_with(store, other, None, board, OutboxItem("prompt", "seat:1", {}))
    assert [r.version for r in await store.outbox_between(game_id, "board", v1, v3)] == [v2, v3]
    assert [r.version for r in await store.outbox_between(game_id, "board", v1 - 1, v2)] == [v1, v2]
    assert await store.outbox_between(game_id, "prompt", v3, v3 + 5) == []
    assert await store.last_prompt_version(game_id, 1, v3) == v1        # before v3, not at it
    assert await store.last_prompt_version(game_id, 1, v3 + 1) == v3
    assert await store.last_prompt_version(game_id, 0, v2) == 0          # never asked before v2
    assert [r.interaction_id for r in await store.automatic_rows(game_id, s2)] == [f"auto:forced:{game_id}:{v1}"]
    assert await store.automatic_rows(game_id, 1 - s2) == []
    tail = await store.live_tail(game_id, lambda r: r.interaction_id != f"auto:forced:{game_id}:{v1}")
    assert [r.interaction_id for r in tail] == ["click-3", f"auto:forced:{game_id}:{v1}"]
    assert len(await store.live_tail(game_id, lambda r: True)) == len(await store.log(game_id))
    record = await store.load(game_id)
    await store.commit_undo(game_id, record.version, record.snapshot or {}, count=2)   # the forced row is undone
    assert await store.automatic_rows(game_id, s2) == []
    assert len(await store.live_tail(game_id, lambda r: True)) == len(await store.log(game_id))


async def test_a_stand_in_queues_its_notice_in_its_own_transaction(store: Store) -> None:
    """A missed deadline's stand-in and its notice (table/deadlines.py) commit together, at the
    game's version: refused (the seat has no player to stand in for, or the game moved on since
    the version the stand-in was decided at), nothing is queued."""
    game_id = await store.create_game("toy_race", setup(2))
    await store.seat_user(game_id, 7, "Ann")
    version = await fill_and_start(store, game_id)
    notice = [OutboxItem("deadline", "thread", {"seat": 0}), OutboxItem("deadline", "seat:0", {"seat": 0})]
    with pytest.raises(SeatError):
        await store.stand_in(game_id, 1, outbox=notice)     # seat 1 is a bot's
    assert [r.kind for r in await store.outbox_of(game_id)] == ["board"]
    with pytest.raises(StaleStateError):
        await store.stand_in(game_id, 0, outbox=notice, expected_version=version - 1)   # the game moved on
    assert [r.kind for r in await store.outbox_of(game_id)] == ["board"]
    assert (await store.load(game_id)).seats[0].bot_policy is None
    await store.stand_in(game_id, 0, outbox=notice, expected_version=version)
    record = await store.load(game_id)
    assert record.seats[0].bot_policy == "greedy" and record.version == version
    rows = [r for r in await store.outbox_of(game_id) if r.kind == "deadline"]
    assert [(r.target, r.version) for r in rows] == [("thread", version), ("seat:0", version)]
