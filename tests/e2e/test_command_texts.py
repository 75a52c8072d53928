"""Every slash command and every one of its options explains itself, and /help lists them."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.harness import parley_bot
from tests.fake_discord import FakeDiscord

PLACEHOLDER = "…"   # discord.py's description when none is given


def options_of(command: dict[str, Any], path: str) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for option in command.get("options", []):
        if option.get("type") in (1, 2):   # a subcommand (group): its own options
            found += options_of(option, f"{path} {option['name']}")
        else:
            found.append((f"{path} {option['name']}", option))
    return found


async def test_every_command_and_option_has_a_description_and_help_lists_them(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        commands = await fake.wait_for_commands()
        missing = [name for name, c in commands.items() if c.get("description") in (None, "", PLACEHOLDER)]
        missing += [path for name, c in commands.items() for path, o in options_of(c, name)
                    if o.get("description") in (None, "", PLACEHOLDER)]
        assert not missing, f"no description: {missing}"
        shown = t.reply_message(await t.slash(fake.user_ids[0], "help")).content
        assert shown.startswith("**Parley — the commands**"), "/help is too long for one message: its top was cut"
        for name in commands:
            assert f"/{name}" in shown, name
        t.assert_clean()
