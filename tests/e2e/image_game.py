"""A short game against the loopback Discord, for `make image-check` (.ci/image-check): run
inside the built image, as its unprivileged user, with this tests/ folder mounted read-only
at /app/tests (the image ships without tests or dev dependencies; this needs neither pytest
nor anything the image lacks: the loopback Discord runs on discord.py's own aiohttp).

    python -m tests.e2e.image_game [DATABASE]     (default: $DATABASE_PATH)

One player and a bot play Pirate Chest to the end through slash commands and the buttons the
bot sends. Prints one line and exits 0 when the game finished, its board images were uploaded
as PNGs, the log verifies and discord.py logged no error; else exits 1 saying what failed.
tests/e2e/test_image_game.py runs the same game in the suite, so this script cannot rot.
"""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from tests.e2e.driver import play_to_the_end
from tests.e2e.harness import parley_bot
from tests.fake_discord import FakeDiscord

SEED = "s2"   # a short game: ten posts, eight of them boards (2 s here)
TIMEOUT = 300.0   # only guards against a hang: the game takes seconds


async def play_short_game(db: Path) -> str:
    """Play the game on `db`; raises AssertionError saying what is wrong, else returns a summary."""
    async with FakeDiscord(users=("anne",)) as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(humans=1, bots=1, game="pirate_chest", seed=SEED)
        await play_to_the_end(t, game_id, seed=1)
        await t.settle()
        record = await t.bot.store.load(game_id)
        assert record.status == "finished", f"the game is {record.status}, not finished"
        public = [m for m in fake.public_messages() if m.channel_id == thread]
        final = [m for m in public if m.content.startswith("🏁")]
        assert len(final) == 1, f"{len(final)} final results posted in the game's thread"
        boards = [a for m in public for a in m.attachments if a.filename.endswith(".png")]
        assert boards and all(a.data.startswith(b"\x89PNG\r\n\x1a\n") for a in boards), "no board image uploaded"
        ok, why = await t.bot.store.verify(game_id)
        assert ok, f"the game's log does not verify: {why}"
        t.assert_clean()
        return f"a Pirate Chest game on the loopback Discord finished: {len(public)} posts, {len(boards)} board images"


def main(argv: list[str]) -> int:
    db = Path(argv[0] if argv else os.environ.get("DATABASE_PATH", "parley.db"))
    try:
        print(asyncio.run(asyncio.wait_for(play_short_game(db), TIMEOUT)))
    except (AssertionError, TimeoutError) as e:
        print(f"the game on the loopback Discord failed: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
