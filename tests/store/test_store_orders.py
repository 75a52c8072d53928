"""Standing orders in the store (store/orders.py, migration 0006), on SQLite and PostgreSQL:
per game and user, set once, a clashing order replaced, cleared one or all."""
from __future__ import annotations

from race_helpers import new_race

from store import Store

ANNE, BOB = 1001, 1002


async def test_orders_are_kept_per_game_and_user(store: Store) -> None:
    game_id, _ = await new_race(store)
    other, _ = await new_race(store)
    assert await store.set_order(game_id, ANNE, "stand")
    assert await store.set_order(game_id, ANNE, "no-fight-cards")
    assert not await store.set_order(game_id, ANNE, "stand")   # set already: nothing changes
    await store.set_order(game_id, BOB, "escape")
    assert sorted(await store.orders_of(game_id, ANNE)) == ["no-fight-cards", "stand"]
    assert {u: sorted(o) for u, o in (await store.orders_in_game(game_id)).items()} == {
        ANNE: ["no-fight-cards", "stand"], BOB: ["escape"]}
    assert await store.orders_of(other, ANNE) == []


async def test_setting_an_order_replaces_the_ones_it_clashes_with(store: Store) -> None:
    game_id, _ = await new_race(store)
    await store.set_order(game_id, ANNE, "stand")
    assert await store.set_order(game_id, ANNE, "escape", replaces=["stand"])
    assert await store.orders_of(game_id, ANNE) == ["escape"]


async def test_orders_are_cleared_one_or_all(store: Store) -> None:
    game_id, _ = await new_race(store)
    for order in ("stand", "no-fight-cards", "no-girl-power"):
        await store.set_order(game_id, ANNE, order)
    await store.set_order(game_id, BOB, "stand")
    assert await store.clear_orders(game_id, ANNE, "stand") == 1
    assert await store.clear_orders(game_id, ANNE, "stand") == 0
    assert await store.clear_orders(game_id, ANNE) == 2
    assert await store.orders_in_game(game_id) == {BOB: ["stand"]}
