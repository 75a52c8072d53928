"""Store fixtures: a fresh SQLite file per test, with the toy game registered."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import toy_game  # noqa: F401  (registers "toy_race")

from store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "parley.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(db_path) as opened:
        yield opened
