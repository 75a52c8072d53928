"""PostgreSQL for the tests: one throwaway cluster per test session (per xdist worker, see
store/pgtemp.py), a fresh database per test, and `backend`, which runs a test on SQLite and on
PostgreSQL. Without a server the PostgreSQL cases skip, saying why; in CI they fail instead."""
from __future__ import annotations

import asyncio
import itertools
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from store.pg import translate
from store.pgtemp import PostgresUnavailable, TempCluster

TEST_DATABASE = "parley_tests"
_databases = itertools.count(1)


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[TempCluster]:
    try:
        cluster = TempCluster().__enter__()
    except PostgresUnavailable as e:
        if in_ci():
            pytest.fail(f"CI runs the PostgreSQL tests, but no server could start: {e}")
        pytest.skip(f"no PostgreSQL server could start here ({e})")
    try:
        cluster.create_database(TEST_DATABASE)
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: TempCluster) -> str:
    """The URL of a new empty schema of the test database: 10 ms, where CREATE DATABASE takes
    a second or more. Everything the store creates lands in that schema (its search_path)."""
    schema = f"test_{next(_databases)}"
    asyncio.run(_create_schema(pg_cluster.url(TEST_DATABASE), schema))
    return f"{pg_cluster.url(TEST_DATABASE)}&search_path={schema}"


async def _create_schema(url: str, schema: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()


@dataclass(frozen=True)
class Backend:
    """A database for one test, and a second connection to it from outside the store."""
    name: str   # "sqlite" or "postgres"
    url: str    # what Store.open takes

    async def execute(self, sql: str, *params: Any) -> None:
        await self.fetch(sql, *params)

    async def fetch(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """Run one statement (SQLite's dialect) on its own connection; its rows as tuples."""
        if self.name == "sqlite":
            return await asyncio.to_thread(_sqlite_fetch, self.url, sql, params)
        conn = await asyncpg.connect(self.url)
        try:
            return [tuple(r) for r in await conn.fetch(translate(sql), *params)]
        finally:
            await conn.close()


def _sqlite_fetch(path: str, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as raw:
        return [tuple(r) for r in raw.execute(sql, params).fetchall()]


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "sqlite":
        return Backend("sqlite", str(tmp_path / "parley.db"))
    return Backend("postgres", request.getfixturevalue("pg_url"))
