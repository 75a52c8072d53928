"""Numbered SQL migrations (`migrations/NNNN_name.sql`), applied in order, recorded in
`schema_migrations`. All pending migrations run inside the caller's transaction, so a crash
mid-migration leaves the schema as it was.
"""
from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_NAME = re.compile(r"^(\d{4})_(\w+)\.sql$")


def available(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, str, str]]:
    """(number, name, sql) of every migration file, in order; numbers must be unique."""
    found: dict[int, tuple[int, str, str]] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise ValueError(f"Migration file {path.name} must be named NNNN_name.sql.")
        number = int(match.group(1))
        if number in found:
            raise ValueError(f"Two migrations are numbered {number:04d}.")
        found[number] = (number, match.group(2), path.read_text(encoding="utf-8"))
    return [found[n] for n in sorted(found)]


def statements(sql: str) -> list[str]:
    """Split a script into statements (sqlite3.complete_statement knows comments and triggers)."""
    result: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            result.append(buffer.strip())
            buffer = ""
    if buffer.strip() and not all(ln.strip().startswith("--") or not ln.strip() for ln in buffer.splitlines()):
        raise ValueError(f"Migration ends with an unfinished statement: {buffer.strip()[:80]}")
    return result


def migrate(conn: sqlite3.Connection, directory: Path = MIGRATIONS_DIR) -> list[int]:
    """Apply the migrations not yet recorded; return their numbers. Call inside a transaction.

    Not executescript: it would COMMIT first and break the one-transaction guarantee.
    """
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)")
    done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
    applied = []
    for number, name, sql in available(directory):
        if number in done:
            continue
        for statement in statements(sql):
            conn.execute(statement)
        conn.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                     (number, name, time.time()))
        applied.append(number)
    return applied
