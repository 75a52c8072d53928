"""Ratings on SQLite and PostgreSQL (the `backend` fixture), with toy_race games played to the end by the table service:
each finished game is rated once, boards are per server and game, bots are rated apart, a
seat that changed hands is left out, and the incremental ratings equal a rebuild from scratch."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from toy_game import Pass, ToyRace

from engine.core import register
from store import Store
from store.errors import GameStatusError
from store.ratings import Board
from table import TableService
from table.ratings import rate_board, rerate, sync_guild
from table.rerate import main as rerate_main
from tests.pg import Backend

GUILD_A, GUILD_B = 501, 502
MAX_BOT_MOVES = 2000   # a toy race to 12 ends in well under 100 decisions


async def finished(svc: TableService, guild: int | None, seats: list[int | str], seed: str,
                   *, hand_over: int | None = None, finish: bool = True) -> int:
    """A toy race in `guild`: users (ints) with a bot standing in, bots (policy names); played
    to the end by the bots unless `finish` is False. `hand_over`: that seat's player leaves
    after the first decision and a bot finishes the seat."""
    gid = await svc.create("toy_race", len(seats), {"goal": 12}, seed=seed, guild_id=guild)
    for n, who in enumerate(seats):
        if isinstance(who, int):
            await svc.join(gid, who, f"user {who}")
        else:
            await svc.store.seat_bot(gid, who, f"Bot {n + 1} ({who})")
    await svc.start(gid)
    for seat, who in enumerate(seats):
        if isinstance(who, int):
            await svc.store.stand_in(gid, seat, "random")
    if hand_over is not None:
        await svc.run_bots(gid, limit=1)
        await svc.store.hand_to_bot(gid, hand_over, "random")
    if finish:
        await svc.run_bots(gid, limit=MAX_BOT_MOVES)
        assert (await svc.store.load(gid)).status == "finished", f"game {gid} did not end in {MAX_BOT_MOVES} moves"
    return gid


async def tables(backend: Backend) -> dict[str, list[tuple[Any, ...]]]:
    """The three rating tables, without the time a game was rated (the only thing a rebuild
    changes), read from outside the store on either backend."""
    return {
        "games": await backend.fetch("SELECT game_id, guild_id, game_type, ended_at FROM rated_games ORDER BY game_id"),
        "seats": await backend.fetch("SELECT * FROM rated_seats ORDER BY game_id, seat"),
        "ratings": await backend.fetch("SELECT * FROM ratings ORDER BY guild_id, game_type, identity"),
    }


def rating_missed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games end without being rated, as if the bot died right after each game's last commit."""
    async def crashed(store: Store, record: Any) -> None:
        return None
    monkeypatch.setattr("table.service.after_game", crashed)


@pytest.fixture
async def svc(store: Store) -> AsyncIterator[TableService]:
    yield TableService(store)


async def test_a_finished_game_is_rated_once_however_often_its_end_is_seen(svc: TableService, backend: Backend) -> None:
    gid = await finished(svc, GUILD_A, [11, 12, "random"], "once")
    rated = (await tables(backend))
    assert [g[0] for g in rated["games"]] == [gid]
    assert {(r[2], r[6]) for r in rated["ratings"]} == {("user:11", 1), ("user:12", 1), ("bot:random", 1)}
    board = Board(GUILD_A, "toy_race")
    assert await rate_board(svc.store, board) == (0, False)   # a retried end
    await sync_guild(svc.store, GUILD_A)
    async with await Store.open(backend.url) as again:             # a restart
        assert await rate_board(again, board) == (0, False)
    assert (await tables(backend)) == rated


async def test_a_game_the_end_missed_is_rated_by_the_next_sync_in_order(svc: TableService, backend: Backend,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    rating_missed(monkeypatch)
    first = await finished(svc, GUILD_A, [11, 12], "missed")
    await sync_guild(svc.store, GUILD_B)
    await sync_guild(svc.store, GUILD_A, "pirate_chest")
    assert (await tables(backend))["games"] == []   # nothing of that board was asked for
    monkeypatch.undo()
    second = await finished(svc, GUILD_A, [11, 12], "next")
    assert [g[0] for g in (await tables(backend))["games"]] == [first, second]
    incremental = (await tables(backend))
    await rerate(svc.store)
    assert (await tables(backend)) == incremental


async def test_incremental_ratings_equal_a_rebuild_from_the_finished_games(svc: TableService, backend: Backend) -> None:
    line_ups: list[list[int | str]] = [[11, 12, 13], [12, "random"], [11, 13, "random", "random"], [13, 11],
                                       [11, 12, 13, "random"], [12, 13]]
    for n, seats in enumerate(line_ups):
        await finished(svc, GUILD_A if n % 3 else GUILD_B, seats, f"mix-{n}")
    await finished(svc, GUILD_A, [11, 12], "cancelled", finish=False)
    incremental = (await tables(backend))
    assert len(incremental["games"]) == len(line_ups) and len(incremental["seats"]) == sum(map(len, line_ups))
    done = await rerate(svc.store)
    assert {b for b, _ in done} == {Board(GUILD_A, "toy_race"), Board(GUILD_B, "toy_race")}
    assert all(rebuilt for _, (_, rebuilt) in done)
    assert (await tables(backend)) == incremental


async def test_the_rerate_command_rebuilds_wiped_ratings(svc: TableService, backend: Backend, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    await finished(svc, GUILD_A, [11, 12, "random"], "cli")
    rated = (await tables(backend))
    for wipe in ("DELETE FROM rated_seats", "DELETE FROM rated_games", "UPDATE ratings SET mu = 99"):
        await backend.execute(wipe)
    assert await asyncio.to_thread(rerate_main, [backend.url, "--import", "toy_game"]) == 0
    assert f"guild {GUILD_A} toy_race: 1 finished games taken in" in capsys.readouterr().out
    assert (await tables(backend)) == rated
    assert rerate_main([str(tmp_path / "nothing.db")]) == 2


async def test_a_game_in_one_server_leaves_another_servers_board_alone(svc: TableService, backend: Backend) -> None:
    await finished(svc, GUILD_B, [11, 12], "b-first")
    before = [r for r in (await tables(backend))["ratings"] if r[0] == GUILD_B]
    await finished(svc, GUILD_A, [11, 12], "a-next")
    after = (await tables(backend))["ratings"]
    assert [r for r in after if r[0] == GUILD_B] == before
    assert {r[0] for r in after} == {GUILD_A, GUILD_B}
    mine = await svc.store.ratings_of(GUILD_A, "user:11")
    assert [r.games for r, _, _ in mine] == [1]


async def test_bots_have_their_own_board_and_one_identity_per_policy(svc: TableService) -> None:
    await finished(svc, GUILD_A, [11, "random", "random"], "bots")
    players, total = await svc.store.leaderboard(Board(GUILD_A, "toy_race"), bots=False, offset=0, limit=10)
    bots, bot_total = await svc.store.leaderboard(Board(GUILD_A, "toy_race"), bots=True, offset=0, limit=10)
    assert [r.identity for r in players] == ["user:11"] and total == 1
    assert [r.identity for r in bots] == ["bot:random"] and bot_total == 1 and bots[0].games == 1


async def test_a_seat_that_changed_hands_is_not_rated_and_the_others_are(svc: TableService, backend: Backend) -> None:
    gid = await finished(svc, GUILD_A, [11, 12, 13], "leaver", hand_over=1)
    seats = (await tables(backend))["seats"]
    assert [(s[1], s[2]) for s in seats] == [(0, "user:11"), (2, "user:13")]
    assert all(s[0] == gid for s in seats)
    assert not [r for r in (await tables(backend))["ratings"] if r[2] in ("user:12", "bot:random")]


async def test_a_game_with_fewer_than_two_identities_is_taken_in_unrated(svc: TableService, backend: Backend) -> None:
    gid = await finished(svc, GUILD_A, ["random", "random"], "self-play")
    rated = (await tables(backend))
    assert [g[0] for g in rated["games"]] == [gid] and rated["seats"] == [] and rated["ratings"] == []


async def test_a_game_no_longer_over_leaves_its_board_rebuilt(svc: TableService, backend: Backend) -> None:
    first = await finished(svc, GUILD_A, [11, 12], "kept")
    alone = (await tables(backend))
    second = await finished(svc, GUILD_A, [12, 11], "taken-back")
    await svc.store.set_status(second, "active")   # what /undo of a game's last move does
    assert await rate_board(svc.store, Board(GUILD_A, "toy_race")) == (0, True)
    assert (await tables(backend)) == alone and [g[0] for g in alone["games"]] == [first]


async def test_a_board_rewinds_to_the_first_game_that_differs_and_equals_a_rebuild(svc: TableService,
                                                                                    backend: Backend) -> None:
    line_ups: list[list[int | str]] = [[11, 12, "random"], [12, "random", 11, "random"], [11, 12], [13, 12, "random"]]
    games = [await finished(svc, GUILD_A, seats, f"rewind-{n}") for n, seats in enumerate(line_ups)]
    every = (await tables(backend))
    board = Board(GUILD_A, "toy_race")
    await svc.store.set_status(games[2], "active")    # taken back: the game after it is re-rated without it
    assert await rate_board(svc.store, board) == (1, True)
    without = (await tables(backend))
    assert [g[0] for g in without["games"]] == [games[0], games[1], games[3]]
    await rerate(svc.store)
    assert (await tables(backend)) == without
    await svc.store.set_status(games[2], "finished")  # over again, before a game already rated: back in its place
    assert await rate_board(svc.store, board) == (2, True)
    assert (await tables(backend)) == every


async def test_stats_give_the_place_and_the_seat_played_most(svc: TableService) -> None:
    for n in range(3):
        await finished(svc, GUILD_A, [11, 12] if n < 2 else [12, 11], f"fav-{n}")
    (row, place, favourite), = await svc.store.ratings_of(GUILD_A, "user:11")
    assert row.games == 3 and 0 <= row.wins <= 3 and favourite == "Racer 1"
    others, _ = await svc.store.leaderboard(Board(GUILD_A, "toy_race"), bots=False, offset=0, limit=10)
    assert [r.identity for r in others].index("user:11") + 1 == place
    assert await svc.store.ratings_of(GUILD_B, "user:11") == []


async def test_asking_for_a_servers_ratings_takes_in_a_missed_game(svc: TableService, backend: Backend,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    rating_missed(monkeypatch)
    gid = await finished(svc, GUILD_A, [11, 12], "asked")
    await sync_guild(svc.store, GUILD_A, "toy_race")
    assert [g[0] for g in (await tables(backend))["games"]] == [gid] and len((await tables(backend))["seats"]) == 2



class StepRace(ToyRace):
    """toy_race where a pass steps one square forward without a die: a race won by a pass
    revealed nothing, so its last move can be undone."""
    id: ClassVar[str] = "toy_steps"

    def apply(self, s: Any, seat: int, a: Any) -> Any:
        if isinstance(a, Pass):
            s.positions[seat] += 1
        return super().apply(s, seat, a)


register(StepRace())


async def test_a_finished_games_last_move_cannot_be_undone(svc: TableService, backend: Backend) -> None:
    """A finished game stays as it ended (issue "Safe on a public server"): its seed may have been
    shown by then, so undoing its last move, though it revealed nothing, is refused and the game,
    its board and its ratings stay as they were."""
    gid = await svc.create("toy_steps", 2, {"goal": 2}, seed="undo", guild_id=GUILD_A)
    for user in (11, 12):
        await svc.join(gid, user, f"user {user}")
    await svc.start(gid)
    for seat in (0, 1):
        await svc.act(gid, seat, "pass")
    await svc.undo(gid, 1)   # the other side: in a running game the same undo is taken
    await svc.act(gid, 1, "pass")
    await svc.act(gid, 0, "pass")
    record, log = await svc.store.load(gid), await svc.store.log(gid)
    before = await tables(backend)
    assert record.status == "finished" and [g[0] for g in before["games"]] == [gid]
    with pytest.raises(GameStatusError, match="This game is over"):
        await svc.undo(gid, 0)
    after = await svc.store.load(gid)
    assert (after.status, after.version, await svc.store.log(gid)) == ("finished", record.version, log)
    assert await tables(backend) == before
