"""A quick first answer (issue 24): what the first interactions after a start need is loaded
before the bot connects, so `/game new` and its autocomplete pay no import of the games.

Discord wants an initial response within 3 seconds of an interaction or drops it
(developers/interactions/receiving-and-responding.mdx, "Responding to an Interaction"), and an
autocomplete cannot defer: its only answer is the choices (same file, "Interaction Callback Type",
APPLICATION_COMMAND_AUTOCOMPLETE_RESULT). Counted, not timed: what happened before READY.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.core import registry
from tests.e2e.harness import parley_bot
from tests.fake_discord import FakeDiscord

OURS = ("engine", "render", "cogs", "table", "store")   # Parley's own packages


async def test_the_games_are_loaded_before_ready_so_game_new_is_the_first_answer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    happened: list[str] = []   # in order: "load" (the registry imported every game), "READY"
    load_all = registry._load_all

    def counted_load() -> None:
        happened.append("load")
        load_all()
    monkeypatch.setattr(registry, "_load_all", counted_load)
    at_ready: set[str] = set()

    def ready() -> None:
        happened.append("READY")
        at_ready.update(sys.modules)
    async with FakeDiscord() as fake:
        fake.before_ready.append(ready)
        async with parley_bot(fake, tmp_path / "p.db") as t:
            assert "READY" in happened and "load" in happened[:happened.index("READY")], happened
            assert set(registry.game_packages()) <= at_ready
            anne = fake.user_ids[0]

            choices = await t.autocomplete(anne, "game new", "game", "pir")   # the first interaction
            assert [c["value"] for c in choices] == ["pirate_chest"]
            rec = await t.slash(anne, "game new", game="Pirate Chest", players=2)
            assert t.reply_message(rec).content.startswith("Created <#")
            late = sorted(m for m in set(sys.modules) - at_ready if m.split(".")[0] in OURS)
            assert late == [], f"imported only after READY, during the first interactions: {late}"
            t.assert_clean()
