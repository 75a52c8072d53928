"""Ratings on the loopback Discord: three players and a bot play Pirate Chest to the end through
the panels, a second game ends after the host kicked a player, and everyone reads /stats and
/leaderboard as players do — before, between and after a restart of the bot."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from tests.e2e.driver import hands_and_hidden, play_to_the_end
from tests.e2e.harness import Table, components, parley_bot
from tests.e2e.test_full_game import SEED, open_table
from tests.fake_discord import FakeDiscord


async def ask(t: Table, user: int, name: str, **options: Any) -> str:
    msg = t.reply_message(await t.slash(user, name, **options))
    assert msg.ephemeral, f"/{name} answered in public"
    return msg.content


def order_of(text: str, users: list[int]) -> list[int]:
    """The users in the order a leaderboard lists them."""
    return sorted((u for u in users if f"<@{u}>" in text), key=lambda u: text.index(f"<@{u}>"))


async def second_game_without_jack(t: Table, fake: FakeDiscord) -> int:
    """Anne, Jack, Mary and a bot; the host kicks Jack at once and bots play Anne's and Mary's
    seats for them (they stay the players), so the game runs to its end by itself."""
    anne, jack, _mary = fake.user_ids[:3]
    game_id, thread = await t.open_table(humans=3, bots=1, seed="sea-2")
    await t.slash(anne, "game kick", channel_id=thread, member=jack)
    for seat in (0, 2):
        await t.bot.store.stand_in(game_id, seat)
    t.bot.wake(game_id)
    await t.settle(timeout=120)
    assert (await t.bot.store.load(game_id)).status == "finished"
    return game_id


async def test_stats_and_leaderboard_after_games_played_to_the_end(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    async with FakeDiscord(users=("anne", "jack", "mary")) as fake:
        anne, jack, mary = users = fake.user_ids[:3]
        async with parley_bot(fake, db) as t:
            assert "no finished games in this server yet" in await ask(t, anne, "stats")
            assert "No players have finished a game of Pirate Chest" in await ask(t, jack, "leaderboard", game="pirate_chest")
            first = await open_table(t, fake, seed=SEED)
            await play_to_the_end(t, first, seed=1)
            await t.settle()
            with sqlite3.connect(db) as conn:   # rated as it ended, before anyone asked
                assert conn.execute("SELECT game_id FROM rated_games").fetchall() == [(first,)]
            record, state = await t.bot.table.load(first)
            game = get_game("pirate_chest")
            outcome = game.outcome(state)
            assert outcome is not None
            mine = await ask(t, anne, "stats")
            assert "**Pirate Chest** — rating" in mine and "· 1 game ·" in mine and "μ − 3σ" in mine
            assert f"most played: {game.seat_name(state, 0)}" in mine
            theirs = await ask(t, mary, "stats", player=jack, game="pirate_chest")
            assert f"Stats for <@{jack}>" in theirs and f"most played: {game.seat_name(state, 1)}" in theirs
            board = await ask(t, mary, "leaderboard", game="pirate_chest")
            ranked = order_of(board, users)
            assert len(ranked) == 3 and "🤖" not in board and "page 1 of 1" in board
            human_winners = [record.seats[w].user_id for w in outcome.winners if record.seats[w].user_id]
            assert ranked[:len(human_winners)] == human_winners or not human_winners
            bots = await ask(t, jack, "leaderboard", game="pirate_chest", who="bots")
            assert "🤖 greedy bot" in bots and "· 1 game ·" in bots and not order_of(bots, users)
            cards, coins = hands_and_hidden(state)
            for text in (mine, theirs, board, bots):
                assert not [c for c in cards | coins if c in text], "a reply names something from a hand"
            await second_game_without_jack(t, fake)
            t.assert_clean()
        async with parley_bot(fake, db) as t:   # a restart rates nothing twice
            assert "· 2 games ·" in await ask(t, anne, "stats", game="pirate_chest")
            assert "· 1 game ·" in await ask(t, mary, "stats", player=jack)
            assert "· 2 games ·" in await ask(t, jack, "stats", player=mary)
            t.assert_clean()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM rated_games").fetchone() == (2,)


async def test_a_long_leaderboard_pages_with_buttons(tmp_path: Path) -> None:
    async with FakeDiscord(users=("anne",)) as fake, parley_bot(fake, tmp_path / "p.db") as t:
        anne = fake.user_ids[0]
        with sqlite3.connect(tmp_path / "p.db") as conn:   # twelve rated players, ratings 12 down to 1
            conn.executemany("INSERT INTO ratings VALUES (?, 'pirate_chest', ?, 0, ?, 0, 3, 1, 0)",
                             [(fake.guild_id, f"user:{9000 + n}", float(n)) for n in range(1, 13)])
        first = t.reply_message(await t.slash(anne, "leaderboard", game="Pirate Chest"))
        assert "page 1 of 2" in first.content and "1. <@9012> — 12.0 · 3 games · 1 win (33%)" in first.content
        assert "<@9002>" not in first.content
        buttons = {c["custom_id"]: c for c in components(first)}
        (previous, nxt) = sorted(buttons, key=lambda cid: cid.endswith("next"))
        assert buttons[previous].get("disabled") and not buttons[nxt].get("disabled")
        await t.click(anne, first.id, nxt)
        second = t.fake.world.messages[first.id]
        assert "page 2 of 2" in second.content and "11. <@9002>" in second.content and "12. <@9001>" in second.content
        last = await ask(t, anne, "leaderboard", game="pirate_chest", page=7)
        assert "page 2 of 2" in last
        assert "No bots have finished a game" in await ask(t, anne, "leaderboard", game="pirate_chest", who="bots")
        assert "There is no game 'chess'" in await ask(t, anne, "leaderboard", game="chess")
        t.assert_clean()


async def test_a_game_whose_rating_was_missed_is_rated_when_someone_asks(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    async def crashed(store: Any, record: Any) -> None:   # as if the bot died right after the last commit
        return None
    monkeypatch.setattr("table.service.after_game", crashed)
    async with FakeDiscord(users=("anne", "jack")) as fake, parley_bot(fake, tmp_path / "p.db") as t:
        anne, jack = fake.user_ids[:2]
        game_id, _thread = await t.open_table(humans=2, bots=1, seed="sea-3")
        for seat in (0, 1):
            await t.bot.store.stand_in(game_id, seat)
        t.bot.wake(game_id)
        await t.settle(timeout=120)
        assert (await t.bot.store.load(game_id)).status == "finished"
        assert "· 1 game ·" in await ask(t, jack, "stats", player=anne, game="pirate_chest")
        assert "· 1 game ·" in await ask(t, jack, "leaderboard", game="pirate_chest", who="bots")
        t.assert_clean()
