"""Races: the same decision submitted concurrently by 2–8 tasks is applied exactly once.

- through one TableService (the per-game lock) and through two TableService instances on two
  connections to one database (only the store's version check and the unique interaction id
  stand between them), guarded the way the front end guards it: a panel click carries the
  version it was drawn for (expected_version), and a redelivered interaction carries the same
  interaction id;
- through the real bot: the same INTERACTION_CREATE (a /play, a panel click) delivered twice,
  one after the other and both at once.
"""
from __future__ import annotations

import asyncio
import itertools
import uuid
from pathlib import Path
from typing import Any

from store import Store, StoreError
from table import TableService
from tests.fake_discord import FakeDiscord
from tests.faults.botkit import Kit, parley
from tests.faults.common import describe, logged_errors, next_decision, report, size

ROUNDS = size(42, 420)
GUARDS = ("expected_version", "interaction_id")


async def new_game(svc: TableService, n: int) -> int:
    game_id = await svc.create("pirate_chest", 4, {}, seed=f"race-{n}")
    for _ in range(4):
        await svc.add_bot(game_id)
    await svc.start(game_id)
    return game_id


async def race(services: list[TableService], rounds: int) -> dict[str, Any]:
    """`rounds` decisions, each submitted by 2..8 concurrent tasks spread over `services`."""
    svc = services[0]
    game_id = await new_game(svc, 0)
    stats: dict[str, Any] = {"submissions": 0, "applied_twice": 0, "lost": 0, "refusals": {}, "other_errors": []}
    tasks_per_round = itertools.cycle(range(2, 9))
    for n in range(rounds):
        if (await svc.store.load(game_id)).status == "finished":
            game_id = await new_game(svc, n)
        seat, notation, version = await next_decision(svc, game_id)
        log_before = len(await svc.store.log(game_id))
        guard = GUARDS[n % 2]
        interaction = uuid.uuid4().hex
        k = next(tasks_per_round)

        guarded: dict[str, Any] = ({"expected_version": version} if guard == "expected_version"
                                   else {"interaction_id": interaction})
        outcomes = await asyncio.gather(*(services[i % len(services)].act(game_id, seat, notation, **guarded)
                                          for i in range(k)), return_exceptions=True)
        stats["submissions"] += k
        applied = [o for o in outcomes if not isinstance(o, BaseException)]
        for o in outcomes:
            if isinstance(o, (ValueError, StoreError)):
                stats["refusals"][type(o).__name__] = stats["refusals"].get(type(o).__name__, 0) + 1
            elif isinstance(o, BaseException):
                stats["other_errors"].append(repr(o))
        log_after = await svc.store.log(game_id)
        stats["applied_twice"] += len(log_after) - log_before > 1 or len(applied) > 1
        stats["lost"] += len(log_after) - log_before < 1 or len(applied) < 1
        assert log_after[log_before:] == [(seat, notation)], (guard, k, outcomes)
    for s in services:
        assert (await s.store.verify(game_id))[0]
    return stats


async def test_concurrent_submissions_through_one_table_service(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "r.db") as store:
        stats = await race([TableService(store)], ROUNDS)
    report("races (one TableService)", f"{ROUNDS} decisions × 2–8 concurrent submissions = {stats['submissions']}",
           stats["lost"], applied_twice=stats["applied_twice"], refusals=stats["refusals"],
           other_errors=len(stats["other_errors"]))
    assert stats["lost"] == 0 and stats["applied_twice"] == 0 and not stats["other_errors"], stats


async def test_concurrent_submissions_through_two_table_services_on_one_db(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "r.db") as one, await Store.open(tmp_path / "r.db") as two:
        stats = await race([TableService(one), TableService(two)], ROUNDS)
    report("races (two TableServices, one DB)", f"{ROUNDS} decisions × 2–8 concurrent submissions = "
           f"{stats['submissions']}", stats["lost"], applied_twice=stats["applied_twice"],
           refusals=stats["refusals"], other_errors=len(stats["other_errors"]))
    assert stats["lost"] == 0 and stats["applied_twice"] == 0 and not stats["other_errors"], stats


# ---- the same interaction delivered twice to the real bot --------------------------------------
async def redeliver(k: Kit, rec: Any) -> None:
    """Send the very same INTERACTION_CREATE again (as a gateway replay would)."""
    await k.fake.dispatch_event("INTERACTION_CREATE", rec.payload, guild_id=rec.guild_id)


async def deliver_twice(k: Kit, rec: Any, at_once: bool) -> None:
    """The same INTERACTION_CREATE again: after the first was answered, or straight away.
    Returns once the bot has handled both: each delivery's handler calls back (the second
    callback is refused, 40060), so two callbacks are what says the second one is done too."""
    if not at_once:
        await k.answered(rec)
    await redeliver(k, rec)
    await k.answered(rec)
    await k.fake.wait_until(lambda: callbacks(k, rec) >= 2, timeout=30,
                            what=f"the callback of the second delivery of interaction {rec.id}")
    await k.settle()
    assert callbacks(k, rec) == 2 and rec.notes.count("second callback rejected: already acknowledged") == 1, rec.notes


def callbacks(k: Kit, rec: Any) -> int:
    return sum(r.path.endswith("/callback") for r in k.fake.interaction_responses(rec.id))


async def applied_with(k: Kit, game_id: int, interaction_id: int) -> int:
    return sum(r.interaction_id == str(interaction_id) for r in await k.bot.store.log_rows(game_id))


async def test_the_same_interaction_twice_applies_once(tmp_path: Path) -> None:
    tried = 0
    with logged_errors() as errors:
        async with FakeDiscord() as fake, parley(fake, tmp_path / "p.db") as k:
            anne = fake.user_ids[0]
            game_id, thread = await k.open_game(anne)
            await k.settle()
            for at_once in (False, True, False, True):
                choice = await k.human_choice(game_id)
                assert choice is not None
                _, user, notation = choice
                log_before = len(await k.bot.store.log(game_id))
                rec = await fake.dispatch_slash(user, "play", [{"name": "action", "value": notation}],
                                                channel_id=thread)
                await deliver_twice(k, rec, at_once)
                tried += 1
                assert await applied_with(k, game_id, rec.id) == 1
                log = await k.bot.store.log(game_id)
                assert (user and log[log_before] == (0, notation)), log[log_before:]
                assert not any("Traceback" in m.content for m in fake.ephemeral_messages(user))
            # a panel click, delivered twice
            for at_once in (False, True):
                choice = await k.human_choice(game_id)
                assert choice is not None
                _, user, _ = choice
                board = [m for m in fake.messages(thread) if any(
                    c.get("custom_id") == f"parley:move:{game_id}" for row in m.components for c in row.get("components", []))][-1]
                opened = await k.click(user, board.id, f"parley:move:{game_id}")
                panel = k.reply(opened)
                assert panel is not None
                option = next(c for row in panel.components for c in row.get("components", [])
                              if str(c.get("custom_id", "")).startswith(("parley:do:", "parley:pick:")))
                values = [option["options"][0]["value"]] if option["type"] == 3 else None
                version = (await k.bot.store.load(game_id)).version
                rec = await fake.dispatch_component(user, panel.id, option["custom_id"], option["type"], values)
                await deliver_twice(k, rec, at_once)
                tried += 1
                assert await applied_with(k, game_id, rec.id) == 1
                rows = await k.bot.store.log_rows(game_id)
                assert sum(r.seq > 0 for r in rows if r.interaction_id == str(rec.id)) == 1, version
            assert (await k.bot.store.verify(game_id))[0]
            assert k.run.errors == [], k.run.error_messages()
    assert errors == [], describe(errors)
    report("races (same interaction delivered twice)", f"{tried} interactions (/play and panel clicks) each "
           "delivered twice, one after the other and both at once", 0, applied_twice=0)
