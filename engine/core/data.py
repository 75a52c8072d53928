"""Reading a game's TOML data files (data/<game>/): the shape checks every loader shares.
Each game's defs.py validates the contents with its own pydantic models."""
from __future__ import annotations

from typing import Any


def keyed(rows: Any, key: str, table: str, file: str = "") -> dict[Any, dict[str, Any]]:
    """The [[table]] rows of a file by their `key`; a malformed file is a ValueError saying where."""
    where = f"{file}: " if file else ""
    if not isinstance(rows, list):
        raise ValueError(f"{where}expected [[{table}]] tables, found {type(rows).__name__}")
    out: dict[Any, dict[str, Any]] = {}
    for n, row in enumerate(rows, 1):
        if not isinstance(row, dict) or isinstance(row.get(key), (dict, list, type(None))):
            raise ValueError(f"{where}[[{table}]] number {n} needs a '{key}' that is a string or a number")
        if row[key] in out:
            raise ValueError(f"{where}[[{table}]] {key} {row[key]!r} is listed twice")
        out[row[key]] = row
    return out
