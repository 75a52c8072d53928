"""Side decisions (engine.core.runner.side_decisions) through the runner and the table service,
on the store's toy dice race with its `cheers` option: a seat that has just played may cheer
once before its next turn, while the game waits on someone else — the shape of Dead Reckoning's
level-up between turns. They block nobody, tell their seat by DM, and bots take theirs."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import toy_game

from engine.core import NotYourTurnError, Setup, act_text, setup_state, side_decisions
from store import GameRecord, OutboxRow, Store
from table import TableService


class Recorder:
    def __init__(self) -> None:
        self.items: list[OutboxRow] = []

    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        self.items.append(item)


CHEERS = Setup(game="toy_race", players=3, seed="cheer", options={"cheers": True})


def test_the_runner_takes_a_side_decision_from_a_seat_the_game_is_not_waiting_on() -> None:
    game = toy_game.GAME
    s = act_text(game, setup_state(game, CHEERS), 0, "pass").state
    assert game.pending(s) is not None and game.pending(s).waiting_on == (1,)
    assert side_decisions(game, s) == {0: "cheer"}
    t = act_text(game, s, 0, "cheer")                  # seat 0 acts while seat 1 is waited on
    assert t.state.may_cheer == [] and t.state.turn == 1
    with pytest.raises(NotYourTurnError):
        act_text(game, t.state, 0, "cheer")            # once only
    with pytest.raises(NotYourTurnError):
        act_text(game, s, 2, "cheer")                  # a seat with no side decision


def test_a_side_decision_lapses_when_its_seat_plays_again() -> None:
    game = toy_game.GAME
    s = setup_state(game, CHEERS)
    for seat in (0, 1, 2):
        s = act_text(game, s, seat, "pass").state
    assert side_decisions(game, s) == {1: "cheer", 2: "cheer"}     # seat 0's turn again: its cheer lapsed


def test_without_the_option_there_are_none() -> None:
    game = toy_game.GAME
    s = act_text(game, setup_state(game, Setup(game="toy_race", players=2, seed="x")), 0, "pass").state
    assert side_decisions(game, s) == {}


@pytest.fixture
async def service(tmp_path: Path) -> Any:
    async with await Store.open(tmp_path / "side.db") as store:
        yield TableService(store, Recorder())


async def test_the_table_tells_a_new_side_decision_by_dm_and_takes_it_while_another_seat_plays(service: TableService) -> None:
    gid = await service.create("toy_race", 2, {"cheers": True}, seed="side", host_user_id=11)
    await service.join(gid, 11, "Anne")
    await service.join(gid, 12, "Jack")
    await service.start(gid, by_user=11)
    await service.act(gid, 0, "pass")
    await service.flush_outbox()
    recorder = service.notifier
    assert isinstance(recorder, Recorder)
    prompts = [(r.seat, r.payload["prompt"]) for r in recorder.items if r.kind == "prompt"]
    assert prompts[-2:] == [(1, "roll or pass"), (0, "cheer")]       # Jack's turn, Anne's cheer
    assert await service.legal(gid, 0) == ["cheer"]
    await service.act(gid, 0, "cheer")
    _, s = await service.load(gid)
    assert s.may_cheer == [] and s.turn == 1


async def test_a_bot_takes_its_side_decision_while_a_player_is_waited_on(service: TableService) -> None:
    gid = await service.create("toy_race", 2, {"cheers": True}, seed="side-bot", host_user_id=11)
    await service.join(gid, 11, "Anne")
    await service.add_bot(gid, "random")
    await service.start(gid, by_user=11)
    await service.act(gid, 0, "pass")
    await service.run_bots(gid)             # the bot plays its turn, then cheers while Anne is waited on
    record, s = await service.load(gid)
    assert s.turn == 0 and 1 not in s.may_cheer
    notations = [r.notation for r in await service.store.log_rows(gid)]
    assert notations[-1] == "cheer"
    assert await service.waiting_on_bots() == []
