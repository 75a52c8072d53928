"""Bots think off the event loop (issue "Capacity back"): while one game's bot is held in its
`choose`, another game's player still gets their /play answered. Counted, not timed: the test
records whether the answer came while the bot was still held, and only then lets it go."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from engine.core.policy import RandomPolicy
from tests.e2e.harness import parley_bot
from tests.fake_discord import FakeDiscord

HOLD_AT_MOST = 15.0   # the held bot gives up by itself after this, so no run can hang


class HeldPolicy(RandomPolicy):
    """A bot that, on its first decision, waits until the test releases it."""
    name = "held"
    holding = threading.Event()
    release = threading.Event()

    def choose(self, game: Any, s: Any, seat: int, legal: list[Any] | None = None) -> Any:
        HeldPolicy.holding.set()
        HeldPolicy.release.wait(HOLD_AT_MOST)
        return super().choose(game, s, seat, legal)


async def test_a_held_bot_does_not_keep_another_game_from_answering(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toy = get_game("toy_treasure")
    monkeypatch.setattr(type(toy), "policies", {**toy.policies, "held": HeldPolicy})
    HeldPolicy.holding.clear()
    HeldPolicy.release.clear()
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        anne, jack, mary = fake.user_ids
        game_id, thread = await t.open_table(humans=2, bots=1)   # Pirate Chest: anne, jack and a bot
        seat, user = await t.pending_human(game_id)
        await t.slash(mary, "game new", game="toy_treasure", players=2)
        toy_thread = fake.threads()[-1].id
        await t.slash(mary, "game add-bot", channel_id=toy_thread, policy="held")
        await t.slash(mary, "game start", channel_id=toy_thread)   # a sealed bid: the bot decides at once
        await fake.wait_until(HeldPolicy.holding.is_set, timeout=HOLD_AT_MOST, what="the held bot thinking")
        options = await t.autocomplete(user, "play", "action", "", channel_id=thread)
        rec = await t.slash(user, "play", channel_id=thread, action=options[0]["value"])
        answered_while_held = not HeldPolicy.release.is_set()
        HeldPolicy.release.set()
        assert answered_while_held, "the /play answer waited for the other game's bot"
        assert t.reply_message(rec).content.startswith("✓"), t.reply_message(rec).content
        toy_game = await t.bot.store.find_by_thread(toy_thread)
        assert toy_game is not None
        await t.settle()
        rows = await t.bot.store.log_rows(toy_game.id)
        assert {r.seat for r in rows if r.automatic} == {1}, "the held bot played once released"
        t.assert_clean()
