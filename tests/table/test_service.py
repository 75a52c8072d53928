"""The table service on a real SQLite file: lobby, start, act → commit → outbox, bots, undo."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from engine.core import IllegalActionError, NotYourTurnError
from store import DuplicateInteractionError, GameRecord, OutboxRow, StaleStateError, Store
from table import TableError, TableService
from table.outbox import fold_news

CAPTAINS = {"captains": ["kidd", "jones", "lola", "nemo"]}


class Recorder:
    def __init__(self) -> None:
        self.items: list[OutboxRow] = []
        self.fail_next = 0

    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        if self.fail_next:
            self.fail_next -= 1
            raise ConnectionError("the post failed")
        self.items.append(item)


@pytest.fixture
async def svc(tmp_path: Path) -> Any:
    async with await Store.open(tmp_path / "t.db") as store:
        yield TableService(store, Recorder())


async def _table(svc: TableService, humans: int = 2, bots: int = 2, options: dict[str, Any] | None = None) -> int:
    gid = await svc.create("pirate_chest", humans + bots, options or CAPTAINS, seed="svc", host_user_id=11)
    for i in range(humans):
        await svc.join(gid, 11 + i, f"P{i}")
    for _ in range(bots):
        await svc.add_bot(gid)
    await svc.start(gid, by_user=11)
    return gid


async def test_start_needs_the_host_and_enough_players(svc: TableService) -> None:
    gid = await svc.create("pirate_chest", 3, {}, host_user_id=11)
    await svc.join(gid, 11, "Anne")
    with pytest.raises(TableError, match="2 to 6"):
        await svc.start(gid, by_user=11)
    await svc.join(gid, 12, "Jack")
    with pytest.raises(TableError, match="Only the host"):
        await svc.start(gid, by_user=12)
    result = await svc.start(gid, by_user=11)
    assert result.pending is not None and result.pending.prompt == "choose a captain"


async def test_bad_options_are_refused_kindly(svc: TableService) -> None:
    with pytest.raises(TableError, match="options"):
        await svc.create("pirate_chest", 4, {"voodoo_doll": "sometimes"})
    with pytest.raises(TableError, match="Unknown game"):
        await svc.create("chess", 2, {})


async def test_an_action_is_committed_with_its_outbox(svc: TableService) -> None:
    gid = await _table(svc)
    record, s = await svc.load(gid)
    seat = s.turn.seat
    before = len(await svc.store.log(gid))
    if seat >= 2:   # a bot opens: let the bots play up to a human decision
        await svc.run_bots(gid)
        record, s = await svc.load(gid)
    pending = svc._game("pirate_chest").pending(s)
    assert pending is not None
    human = pending.waiting_on[0]
    legal = await svc.legal(gid, human)
    result = await svc.act(gid, human, legal[0], interaction_id="i-1")
    assert result.version == (await svc.store.load(gid)).version
    log = await svc.store.log(gid)
    assert log[-1] == (human, legal[0]) and len(log) > before
    kinds = {o.kind for o in await svc.store.outbox_of(gid) if o.version == result.version}
    assert "board" in kinds
    assert (await svc.store.verify(gid))[0]


async def test_refusals_change_nothing(svc: TableService) -> None:
    gid = await _table(svc, humans=2, bots=0, options={"captains": ["kidd", "hook"]})
    record, s = await svc.load(gid)
    active = s.turn.seat
    with pytest.raises(NotYourTurnError):
        await svc.act(gid, 1 - active, "roll")
    with pytest.raises(IllegalActionError):
        await svc.act(gid, active, "sail 6 cw")
    with pytest.raises(TableError, match="board changed"):
        await svc.act(gid, active, "roll", expected_version=record.version - 1)
    assert (await svc.store.load(gid)).version == record.version
    assert await svc.store.log(gid) == []


async def test_a_captain_list_that_does_not_fit_cannot_start(svc: TableService) -> None:
    with pytest.raises(TableError, match="cannot start"):
        await _table(svc, humans=2, bots=0, options={"captains": ["kidd"]})


async def test_the_same_interaction_applies_once(svc: TableService) -> None:
    gid = await _table(svc, humans=2, bots=0, options={"captains": ["kidd", "hook"]})
    _, s = await svc.load(gid)
    await svc.act(gid, s.turn.seat, "roll", interaction_id="same")
    version = (await svc.store.load(gid)).version
    with pytest.raises(DuplicateInteractionError):
        await svc.act(gid, s.turn.seat, (await svc.legal(gid, s.turn.seat))[0], interaction_id="same")
    assert (await svc.store.load(gid)).version == version
    assert len(await svc.store.log(gid)) == 1


async def test_two_services_racing_on_one_file_apply_once(tmp_path: Path) -> None:
    """Two bot processes' worth of services: the slower commit is refused as stale."""
    async with await Store.open(tmp_path / "t.db") as store:
        a, b = TableService(store), TableService(store)
        gid = await _table(a, humans=2, bots=0, options={"captains": ["kidd", "hook"]})
        _, s = await a.load(gid)
        await b.load(gid)
        results = await asyncio.gather(a.act(gid, s.turn.seat, "roll"), b.act(gid, s.turn.seat, "roll"),
                                       return_exceptions=True)
        errors = [r for r in results if isinstance(r, Exception)]
        assert len(errors) == 1 and isinstance(errors[0], (StaleStateError, IllegalActionError))
        assert len(await store.log(gid)) == 1


async def test_undo_takes_back_a_decision_that_revealed_nothing(svc: TableService) -> None:
    gid = await _table(svc, humans=2, bots=0, options={"captains": ["kidd", "hook"]})
    _, s = await svc.load(gid)
    seat = s.turn.seat
    legal = await svc.legal(gid, seat)
    quiet = next(n for n in legal if n == "privateer" or n.startswith("never-land"))
    await svc.act(gid, seat, quiet)
    version = (await svc.store.load(gid)).version
    await svc.undo(gid, seat)
    assert await svc.legal(gid, seat) == legal
    assert (await svc.store.load(gid)).version == version + 1
    assert await svc.store.log(gid) == []
    await svc.act(gid, seat, "roll")
    with pytest.raises(IllegalActionError, match="revealed"):
        await svc.undo(gid, seat)


async def test_bots_play_a_whole_game_and_the_outbox_is_delivered(svc: TableService) -> None:
    gid = await _table(svc, humans=0, bots=4)
    acted = await svc.run_bots(gid)
    record, s = await svc.load(gid)
    assert acted > 10 and record.status == "finished"
    assert svc._game("pirate_chest").outcome(s) is not None
    notifier = svc.notifier
    assert isinstance(notifier, Recorder)
    notifier.fail_next = 1
    rows = await svc.store.outbox_of(gid)
    assert await svc.flush_outbox(limit=100_000) == 0   # the board post failed: the rest of the game waits
    assert await svc.flush_outbox(limit=100_000) == len(rows)
    board, *others = notifier.items
    all_events = [e for r in rows if r.kind == "board" for e in r.payload["events"]]
    assert board.kind == "board" and board.payload["events"] == all_events   # one post for the whole burst
    # a seat's private rows ride in its next prompt: one delivery each, in order
    assert [i.id for i in others] == [batch[-1].id for batch in fold_news([r for r in rows if r.kind != "board"])]
    assert len(others) < len([r for r in rows if r.kind != "board"])
    assert [i.kind for i in notifier.items[-2:]] == ["final", "replay"]   # the result, then the timelapse
    assert await svc.store.unsent_outbox() == []
    assert (await svc.store.verify(gid))[0]
