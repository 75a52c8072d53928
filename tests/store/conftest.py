"""Store fixtures: a fresh database per test, with the toy game registered. `store` runs each
test twice, on SQLite and on PostgreSQL (tests/pg.py); `db_path` is a SQLite file for the
tests of SQLite itself."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import toy_game  # noqa: F401  (registers "toy_race")

from store import Store
from tests.pg import Backend


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "parley.db"


@pytest.fixture
async def store(backend: Backend) -> AsyncIterator[Store]:
    async with await Store.open(backend.url) as opened:
        yield opened
