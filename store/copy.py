"""`python -m store copy SOURCE TARGET`: every row of a SQLite database into another, empty one,
usually PostgreSQL (moving a bot from SQLite, docs/deployment.md).

Both are opened as stores first, so both are migrated to the same schema. The rows are then
streamed from the SQLite file (read-only) inside ONE write transaction of the target: the copy
lands whole or not at all. Tables go parents first (by their foreign keys); ids are kept, and
on PostgreSQL each id column's sequence is moved past the highest copied id.
"""
from __future__ import annotations

import sqlite3
from graphlib import TopologicalSorter
from typing import Any

from store.db import sqlite_path
from store.pg import is_postgres_url
from store.repository import Store

PAGE = 1000   # rows read from the source at a time


class CopyError(Exception):
    """The copy cannot start; the message says why (nothing was written)."""


def source_tables(raw: sqlite3.Connection) -> list[str]:
    """The source's tables, each after the tables its foreign keys point to."""
    names = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                       " AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'")]
    graph = {n: {r[2] for r in raw.execute(f'PRAGMA foreign_key_list("{n}")')} - {n} for n in sorted(names)}
    return list(TopologicalSorter(graph).static_order())


def _id_column(raw: sqlite3.Connection, table: str) -> str | None:
    """The INTEGER PRIMARY KEY (an identity column on PostgreSQL), if the table has one."""
    keys = [r for r in raw.execute(f'PRAGMA table_info("{table}")') if r[5]]
    return keys[0][1] if len(keys) == 1 and keys[0][2].upper() == "INTEGER" else None


def _copy_table(raw: sqlite3.Connection, conn: Any, table: str) -> int:
    rows = raw.execute(f'SELECT * FROM "{table}"')
    columns = [d[0] for d in rows.description]
    insert = (f'INSERT INTO "{table}" ({", ".join(columns)}) VALUES ({", ".join("?" * len(columns))})')
    copied = 0
    while page := rows.fetchmany(PAGE):
        conn.executemany(insert, [tuple(r) for r in page])
        copied += len(page)
    return copied


def copy_rows(source: str, postgres: bool) -> Any:
    """The target's write function: refuse a target that has rows, then copy every table."""
    def run(conn: Any) -> dict[str, int]:
        raw = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            tables = source_tables(raw)
            for table in tables:
                if conn.execute(f'SELECT 1 FROM "{table}" LIMIT 1').fetchone() is not None:
                    raise CopyError(f"The target already has rows in {table}: copy only into an empty database.")
            counts = {table: _copy_table(raw, conn, table) for table in tables}
            for table in tables if postgres else ():
                if (column := _id_column(raw, table)) is not None:
                    conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                                 f' coalesce(max({column}), 0) + 1, false) FROM "{table}"')
            return counts
        finally:
            raw.close()
    return run


async def copy_database(source: str, target: str) -> dict[str, int]:
    """Copy every row of the SQLite database `source` into the empty database `target`;
    returns the rows copied per table."""
    if is_postgres_url(source):
        raise CopyError("The source must be a SQLite file (sqlite:///path or a path).")
    path = sqlite_path(source)
    async with await Store.open(path):   # brings the source's schema up to date
        pass
    async with await Store.open(target) as store:
        counts: dict[str, int] = await store._write(copy_rows(path, store.postgres))
    return counts
