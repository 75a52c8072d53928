"""Games, seats and the action log on a real database (SQLite and PostgreSQL): the act → commit
half of the pipeline."""
from __future__ import annotations

import asyncio
import json

import pytest
from race_helpers import new_race, play, setup
from toy_game import GAME

from engine.core import replay, undo
from store import (
    ActionRow,
    DuplicateInteractionError,
    GameNotFoundError,
    GameRecord,
    GameStatusError,
    OutboxItem,
    OutboxRow,
    SeatError,
    StaleStateError,
    Store,
    StoreError,
)
from tests.pg import Backend


async def test_round_trip_thirty_actions_load_equals_what_was_committed(store: Store) -> None:
    game_id, version = await new_race(store, players=3, goal=500, channel_id=7, guild_id=8)
    assert version == 4  # three seatings and the start
    expected_log = []
    for n in range(30):
        kind = "pass" if n % 4 == 3 else "roll"
        before = await store.load(game_id)
        version, state = await play(store, game_id, kind, interaction_id=f"i{n}")
        expected_log.append((before.state().turn, kind))
    record = await store.load(game_id)
    assert record.version == version == 34
    assert record.status == "active"
    assert (record.game_type, record.guild_id, record.channel_id, record.players) == ("toy_race", 8, 7, 3)
    assert record.snapshot == json.loads(state.model_dump_json())
    assert record.state() == state
    assert await store.log(game_id) == expected_log
    assert replay(GAME, record.setup, expected_log) == state
    rows = await store.log_rows(game_id)
    assert [r.seq for r in rows] == list(range(1, 31))
    assert [r.interaction_id for r in rows] == [f"i{n}" for n in range(30)]
    assert await store.verify(game_id) == (True, "snapshot equals the replay of 30 actions")


async def test_new_game_waits_in_the_lobby(store: Store) -> None:
    game_id = await store.create_game("toy_race", setup(players=4, seed="x"), host_user_id=5,
                                      settings={"reminder_hours": 12})
    record = await store.load(game_id)
    assert (record.status, record.version, record.snapshot, record.state()) == ("lobby", 0, None, None)
    assert (record.players, record.seed, record.options, record.host_user_id) == (4, "x", {"goal": 20}, 5)
    assert record.settings == {"reminder_hours": 12}
    assert record.seats == ()
    assert await store.verify(game_id) == (True, "lobby, never started: nothing to replay")
    with pytest.raises(ValueError):
        await store.create_game("pirate_chest", setup())


async def test_seats_fill_in_order_and_stay_dense_when_someone_leaves(store: Store) -> None:
    game_id = await store.create_game("toy_race", setup(players=3))
    assert await store.seat_user(game_id, 100, "Anne") == 0
    with pytest.raises(SeatError, match="already in this game, in seat 1[.]"):   # players count seats from 1
        await store.seat_user(game_id, 100, "Anne")
    assert await store.seat_bot(game_id, "greedy", "Bot") == 1
    assert await store.seat_user(game_id, 200, "Mary") == 2
    with pytest.raises(SeatError, match="already in this game, in seat 3[.]"):
        await store.seat_user(game_id, 200, "Mary")
    with pytest.raises(SeatError, match="full"):
        await store.seat_user(game_id, 300, "Jack")
    await store.unseat(game_id, 0)
    seats = await store.seats(game_id)
    assert [(s.seat, s.user_id, s.bot_policy, s.display_name) for s in seats] == [
        (0, None, "greedy", "Bot"), (1, 200, None, "Mary")]
    assert seats[0].is_bot and not seats[1].is_bot
    with pytest.raises(SeatError, match="empty"):
        await store.unseat(game_id, 2)
    record = await store.load(game_id)
    assert record.version == 4 and record.seat_of(200) == 1 and record.seat_of(100) is None


async def test_seats_are_fixed_once_the_game_starts(store: Store) -> None:
    game_id, _ = await new_race(store, players=2)
    with pytest.raises(SeatError, match="before the game starts"):
        await store.unseat(game_id, 0)
    with pytest.raises(SeatError):
        await store.seat_user(game_id, 1, "Late")


async def test_start_needs_every_seat_taken_and_the_current_version(store: Store) -> None:
    game_id = await store.create_game("toy_race", setup(players=2))
    await store.seat_user(game_id, 1, "Anne")
    with pytest.raises(SeatError, match="2 players: 1 seats"):
        await store.start_game(game_id, 1, "{}", 2)
    with pytest.raises(StaleStateError):
        await store.start_game(game_id, 0, "{}", 1)
    assert await store.start_game(game_id, 1, '{"x": 1}', 1) == 2
    with pytest.raises(GameStatusError, match="already started"):
        await store.start_game(game_id, 2, "{}", 1)


async def test_start_writes_its_settings_in_its_own_transaction(store: Store) -> None:
    """The table keeps the seats at the start in the settings (the commitment covers them,
    table/export.py): written by the start itself, merged into the others, and not by a start
    that is refused."""
    game_id = await store.create_game("toy_race", setup(players=1), settings={"seed_salt": "ab"})
    await store.seat_user(game_id, 1, "Anne")
    with pytest.raises(StaleStateError):
        await store.start_game(game_id, 0, "{}", 1, settings={"seats_at_start": ["stale"]})
    assert (await store.load(game_id)).settings == {"seed_salt": "ab"}
    assert await store.start_game(game_id, 1, "{}", 1, settings={"seats_at_start": ["Anne"]}) == 2
    assert (await store.load(game_id)).settings == {"seed_salt": "ab", "seats_at_start": ["Anne"]}


async def _unchanged(store: Store, game_id: int) -> tuple[GameRecord, list[ActionRow], list[OutboxRow]]:
    record = await store.load(game_id)
    return record, await store.log_rows(game_id), await store.outbox_of(game_id)


async def test_a_stale_version_is_rejected_and_changes_nothing(store: Store) -> None:
    game_id, version = await new_race(store)
    await play(store, game_id)
    before = await _unchanged(store, game_id)
    with pytest.raises(StaleStateError, match="The board changed while you were deciding"):
        await store.commit_action(game_id, version, 1, "roll", '{"tampered": true}',
                                  interaction_id="late", outbox=[OutboxItem("board", "thread")])
    assert await _unchanged(store, game_id) == before
    version, _ = await play(store, game_id, interaction_id="late")  # the id was not burnt
    assert version == before[0].version + 1


async def test_racing_commits_on_one_version_let_exactly_one_through(store: Store) -> None:
    game_id, version = await new_race(store)
    results = await asyncio.gather(
        *(store.commit_action(game_id, version, 0, "pass", f'{{"n": {n}}}') for n in range(5)),
        return_exceptions=True)
    assert sum(isinstance(r, int) for r in results) == 1
    assert sum(isinstance(r, StaleStateError) for r in results) == 4
    assert await store.log(game_id) == [(0, "pass")]


async def test_the_same_interaction_never_applies_twice(store: Store) -> None:
    game_id, _ = await new_race(store)
    version, _ = await play(store, game_id, interaction_id="click-1")
    before = await _unchanged(store, game_id)
    with pytest.raises(DuplicateInteractionError, match="already counted"):
        await store.commit_action(game_id, version, 1, "roll", "{}", interaction_id="click-1")
    assert await _unchanged(store, game_id) == before
    assert len(await store.log(game_id)) == 1


async def test_finishing_move_sets_status_and_then_actions_are_refused(store: Store) -> None:
    game_id, _ = await new_race(store, goal=3)
    version, state = await play(store, game_id)
    while GAME.outcome(state) is None:
        version, state = await play(store, game_id)
    assert (await store.load(game_id)).status == "finished"
    with pytest.raises(GameStatusError, match="over"):
        await store.commit_action(game_id, version, 0, "roll", "{}")
    assert (await store.verify(game_id))[0]


async def test_undo_marks_the_action_undone_and_the_log_leaves_it_out(store: Store) -> None:
    game_id, _ = await new_race(store)
    await play(store, game_id, "roll")
    await play(store, game_id, "pass")
    record = await store.load(game_id)
    log = await store.log(game_id)
    before, shorter = undo(GAME, record.setup, log, seat=1)
    version = await store.commit_undo(game_id, record.version, before.model_dump_json(),
                                      [OutboxItem("final", "thread")])
    assert await store.log(game_id) == shorter == [(0, "roll")]
    assert [(r.seq, r.notation, r.undone) for r in await store.log_rows(game_id)] == [
        (1, "roll", False), (2, "pass", True)]
    assert (await store.load(game_id)).state() == before
    assert await store.verify(game_id) == (True, "snapshot equals the replay of 1 actions")
    assert [o.version for o in await store.outbox_of(game_id) if o.kind == "final"] == [version]
    await play(store, game_id, "roll")
    assert [r.seq for r in await store.log_rows(game_id)] == [1, 2, 3]  # seq never reused
    assert await store.log(game_id) == [(0, "roll"), (1, "roll")]


async def test_undo_with_an_empty_log_is_refused(store: Store) -> None:
    game_id, version = await new_race(store)
    with pytest.raises(StoreError, match="nothing to undo"):
        await store.commit_undo(game_id, version, "{}")


async def test_games_are_found_by_thread_channel_status_and_player(store: Store) -> None:
    a = await store.create_game("toy_race", setup(), channel_id=1, thread_id=11)
    b, _ = await new_race(store, channel_id=1)
    c = await store.create_game("toy_race", setup(), channel_id=2)
    await store.seat_user(a, 42, "Anne")
    await store.seat_user(c, 42, "Anne")
    await store.set_thread(b, 12)
    await store.set_status(c, "cancelled")
    assert (await store.find_by_thread(12)).id == b  # type: ignore[union-attr]
    assert await store.find_by_thread(99) is None
    assert [g.id for g in await store.list_games(channel_id=1)] == [a, b]
    assert [g.id for g in await store.list_games(status="active")] == [b]
    assert [g.id for g in await store.list_games(status=("lobby", "cancelled"))] == [a, c]
    assert [g.id for g in await store.games_of_user(42)] == [a, c]
    assert [g.id for g in await store.games_of_user(42, status="lobby")] == [a]
    assert await store.update_settings(a, {"deadline": "skip", "x": 1}) == {"deadline": "skip", "x": 1}
    assert await store.update_settings(a, {"x": None}) == {"deadline": "skip"}
    with pytest.raises(ValueError):
        await store.set_status(a, "paused")  # type: ignore[arg-type]


async def test_a_missing_game_is_reported_kindly(store: Store) -> None:
    calls = (lambda: store.load(404), lambda: store.log(404), lambda: store.seats(404),
             lambda: store.set_thread(404, 1), lambda: store.seat_user(404, 1, "x"),
             lambda: store.commit_action(404, 1, 0, "roll", "{}"))
    for call in calls:
        with pytest.raises(GameNotFoundError, match="no game #404"):
            await call()


async def test_verify_names_the_first_difference_of_a_tampered_snapshot(store: Store, backend: Backend) -> None:
    game_id, _ = await new_race(store, goal=100)
    for _ in range(4):
        await play(store, game_id)
    record = await store.load(game_id)
    assert record.snapshot is not None
    tampered = dict(record.snapshot, positions=[99, *record.snapshot["positions"][1:]])
    await backend.execute("UPDATE games SET snapshot = ? WHERE id = ?", json.dumps(tampered), game_id)
    ok, why = await store.verify(game_id)
    assert not ok
    assert why.startswith("snapshot differs from the replay of 4 actions at positions[0]: snapshot has 99")


async def test_verify_reports_a_log_that_no_longer_replays(store: Store, backend: Backend) -> None:
    game_id, _ = await new_race(store)
    await play(store, game_id)
    await backend.execute("UPDATE actions SET notation = 'fly' WHERE game_id = ?", game_id)
    ok, why = await store.verify(game_id)
    assert not ok and "does not replay" in why and "fly" in why


async def test_a_stale_undo_changes_nothing(store: Store) -> None:
    game_id, version = await new_race(store)
    await play(store, game_id, "pass")
    before = await _unchanged(store, game_id)
    with pytest.raises(StaleStateError):
        await store.commit_undo(game_id, version, "{}")
    assert await _unchanged(store, game_id) == before


async def test_a_cancelled_commit_leaves_no_transaction_open(store: Store) -> None:
    """The transaction runs whole in aiosqlite's thread: cancelling the caller cannot split it."""
    game_id, version = await new_race(store)
    record = await store.load(game_id)
    task = asyncio.create_task(store.commit_action(game_id, version, 0, "pass", record.snapshot or {}))
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await play(store, game_id, "pass")  # a later write still gets its own BEGIN IMMEDIATE
    rows = await store.log_rows(game_id)
    assert [r.seq for r in rows] in ([1], [1, 2])
    assert (await store.load(game_id)).version == version + len(rows)
