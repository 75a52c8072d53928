"""A whole Pirate Chest game on Discord: three players and a bot, driven only through slash
commands and the buttons and menus the bot sends. Every text it sends keeps its head line and
fits (tests/e2e/heads.py), and a DM costs no look-up of the user and no second opening of the
channel: POST /users/@me/channels returns the DM channel a user already has, and opening many
quickly gets a bot rate limited (developers/resources/user.mdx, "Create DM"); one opening per
player serves the whole game."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.e2e.driver import play_to_the_end
from tests.e2e.harness import Table, parley_bot
from tests.e2e.heads import HeadWatch, heads_kept
from tests.fake_discord import FakeDiscord

# A seed whose game ends naturally (the Chest brought home) in about ten seconds here; game length
# varies a lot with the seed (others took 20-50 s).
SEED = "sea-7"


async def open_table(t: Table, fake: FakeDiscord, options: str | None = None,
                     seed: str | None = None) -> int:
    anne, jack, mary = fake.user_ids[:3]
    await t.slash(anne, "game new", game="pirate_chest", players=4, options=options, seed=seed)
    thread = fake.threads()[-1]
    record = await t.bot.store.find_by_thread(thread.id)
    assert record is not None
    await t.slash(jack, "game join", channel_id=thread.id)
    await t.slash(mary, "game join", channel_id=thread.id)
    await t.slash(anne, "game add-bot", channel_id=thread.id)
    await t.slash(anne, "game start", channel_id=thread.id)
    await t.settle()
    return record.id


async def test_three_players_and_a_bot_play_a_whole_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    heads = HeadWatch.install(monkeypatch)
    async with FakeDiscord(users=("anne", "jack", "mary")) as fake, parley_bot(fake, tmp_path / "p.db") as t:
        game_id = await open_table(t, fake, seed=os.environ.get("PARLEY_E2E_SEED", SEED))
        await play_to_the_end(t, game_id, seed=1)
        await t.settle()
        record = await t.bot.store.load(game_id)
        assert record.status == "finished"
        thread = record.thread_id
        public = [m for m in fake.public_messages() if m.channel_id == thread]
        final = [m for m in public if m.content.startswith("🏁")]
        assert len(final) == 1 and "👑" in final[0].content and "Brought the Chest home 1" in final[0].content
        # every human got a hand by DM and was mentioned in the thread when the game waited on them
        for user in fake.user_ids[:3]:
            assert any("Your hand" in m.content for m in fake.dm_messages(user)), user
            assert any(f"<@{user}>" in m.content for m in fake.public_messages()), user
        assert (await t.bot.store.verify(game_id))[0]
        heads_kept(heads, fake)
        dm_paths = {f"/channels/{fake.world.dm_channel(u).id}/messages" for u in fake.user_ids}
        dms = [r for r in fake.requests if r.method == "POST" and r.path in dm_paths]
        assert len(dms) > 3 * 10, "every player got many DMs"
        assert [r.path for r in fake.requests if r.method == "GET" and re.fullmatch(r"/users/\d+", r.path)] == []
        assert len([r for r in fake.requests if r.method == "POST" and r.path == "/users/@me/channels"]) == 3
        t.assert_clean()

