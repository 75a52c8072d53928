"""Opening, joining and starting a game through slash commands and lobby buttons."""
from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import custom_ids, parley_bot
from tests.fake_discord import FakeDiscord


async def test_a_game_opens_in_its_own_thread_and_starts_from_the_lobby(tmp_path: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "mary")) as fake, parley_bot(fake, tmp_path / "p.db") as t:
        anne, jack, mary = fake.user_ids
        await t.slash(anne, "game new", game="pirate_chest", players=4)
        threads = fake.threads()
        assert len(threads) == 1
        thread = threads[0]
        lobby = t.thread_messages(thread.id)[0]
        assert "Lobby: 1/" in lobby.content and "parley:lobby:1:join" in custom_ids(lobby)
        await t.click(jack, lobby.id, "parley:lobby:1:join")
        await t.click(mary, lobby.id, "parley:lobby:1:join")
        refused = await t.click(jack, lobby.id, "parley:lobby:1:start")
        assert "Only the host" in t.reply_message(refused).content
        await t.click(anne, lobby.id, "parley:lobby:1:bot")
        record = await t.bot.store.load(1)
        assert [s.user_id for s in record.seats] == [anne, jack, mary, None]
        await t.click(anne, lobby.id, "parley:lobby:1:start")
        await t.settle()
        record = await t.bot.store.load(1)
        assert record.status == "active"
        for user in (anne, jack, mary):
            assert any("Ahoy!" in m.content for m in fake.dm_messages(user))
        posts = [m for m in t.thread_messages(thread.id) if m.attachments]
        assert posts, "a board image was posted in the thread"
        assert t.run.errors == []
        t.assert_clean()
