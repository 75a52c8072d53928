"""An order's answer DMs its owner nothing: the private news it drew waits for the owner's
next "your move" row (table/held_news.py), held in the game's settings in the meantime; the
news of a seat handed to a bot for good is dropped."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import Setup, get_game
from store import THREAD, OutboxItem, OutboxRow, Store, seat_target
from table import TableService
from table.held_news import HELD, hold_news
from table.outbox import fold_news, merge_news
from tests.table.test_forced import start


def private(seat: int, *events: str) -> OutboxItem:
    return OutboxItem(kind="private", target=seat_target(seat), payload={"events": list(events)})


def prompt(seat: int) -> OutboxItem:
    return OutboxItem(kind="prompt", target=seat_target(seat), payload={"prompt": "your move"})


BOARD = OutboxItem(kind="board", target=THREAD, payload={"events": ["Anne attacks."]})
EVERYONE = (0, 1, 2)   # seats a player holds


def test_an_orders_answer_holds_its_owners_private_news_and_nobody_elses() -> None:
    items, change = hold_news([BOARD, private(0, "You draw the Kraken."), private(1, "You lose a card.")], {}, 0, by_order=True, players=EVERYONE)
    assert items == [BOARD, private(1, "You lose a card.")]
    assert change == {HELD: {"0": ["You draw the Kraken."]}}


def test_a_players_own_decision_holds_nothing() -> None:
    items = [BOARD, private(0, "You draw the Kraken.")]
    assert hold_news(items, {}, 0, by_order=False, players=EVERYONE) == (items, None)


def test_held_news_rides_in_the_owners_next_prompt_only() -> None:
    settings = {HELD: {"0": ["You draw the Kraken."]}}
    items, change = hold_news([BOARD, prompt(1)], settings, 1, by_order=False, players=EVERYONE)
    assert items == [BOARD, prompt(1)] and change is None   # another seat's prompt: still held
    items, change = hold_news([BOARD, prompt(0)], settings, 1, by_order=False, players=EVERYONE)
    assert items[1].payload["news"] == ["You draw the Kraken."] and items[1].target == seat_target(0)
    assert change == {HELD: None}


def test_news_still_held_at_the_end_goes_to_its_owner_before_the_result() -> None:
    final = OutboxItem(kind="final", target=THREAD, payload={})
    items, change = hold_news([BOARD, final], {HELD: {"2": ["You draw gold."]}}, 0, by_order=False, players=EVERYONE)
    assert items == [BOARD, private(2, "You draw gold."), final] and change == {HELD: None}


def test_a_seat_handed_to_a_bot_for_good_loses_its_held_news_and_nobody_gets_it() -> None:
    settings = {HELD: {"0": ["You draw the Kraken."], "2": ["You draw gold."]}}
    items, change = hold_news([BOARD, prompt(1)], settings, 1, by_order=False, players=(0, 1))
    assert items == [BOARD, prompt(1)] and change == {HELD: {"0": ["You draw the Kraken."]}}
    final = OutboxItem(kind="final", target=THREAD, payload={})
    items, _ = hold_news([BOARD, final], settings, 1, by_order=False, players=(0, 1))
    assert items == [BOARD, private(0, "You draw the Kraken."), final]   # none for the bot's seat 2


def test_a_prompt_keeps_its_held_news_when_private_rows_fold_into_it() -> None:
    rows = [OutboxRow(1, 1, 2, "private", seat_target(0), {"events": ["b"]}, 0.0, None, 0, None),
            OutboxRow(2, 1, 3, "prompt", seat_target(0), {"news": ["a"]}, 0.0, None, 0, None)]
    (batch,) = fold_news(rows)
    assert merge_news(batch).payload["news"] == ["a", "b"]


async def test_commit_action_changes_settings_in_the_same_transaction(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "t.db") as store:
        game_id = await store.create_game("pirate_chest", Setup(game="pirate_chest", players=2, seed="x"),
                                          settings={"keep": 1})
        await store.seat_bot(game_id, "greedy", "A")
        await store.seat_bot(game_id, "greedy", "B")
        version = await store.start_game(game_id, (await store.load(game_id)).version, "{}", 2, [])
        changes: Any = {HELD: {"0": ["n"]}}
        await store.commit_action(game_id, version, 0, "x", "{}", settings=changes)
        assert (await store.load(game_id)).settings == {"keep": 1, HELD: {"0": ["n"]}}


async def test_the_table_drops_the_held_news_of_a_seat_a_bot_now_plays_at_the_next_decision(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "t.db") as store:
        svc = TableService(store)
        game_id = await start(svc, "held")   # seat 0 the human's; seats 1 and 2 bots
        await store.update_settings(game_id, {HELD: {"0": ["You draw gold."], "1": ["You draw the Kraken."]}})
        _, s = await svc.load(game_id)
        game = get_game("pirate_chest")
        await svc.act(game_id, 0, game.notate(s, game.legal_actions(s, 0)[0]))
        held = (await store.load(game_id)).settings.get(HELD) or {}
        assert "1" not in held   # the bot's seat: dropped, sent to nobody
        assert not [r for r in await store.outbox_of(game_id) if "You draw the Kraken." in str(r.payload)]
