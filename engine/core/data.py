"""Reading a game's TOML data files (data/<game>/): the shape checks every loader shares.
Each game's defs.py validates the contents with its own pydantic models."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError


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


Tables = dict[str, tuple[str, str]]   # [[table]] name -> (model field, key field; "" keeps a list)


def explain(file: str, err: ValidationError, tables: dict[str, str]) -> str:
    """One line per problem: the file, the [[table]] row, the field, what is wrong and what was
    found. `tables` maps a model field back to its [[table]] name."""
    lines = []
    for e in err.errors():
        loc = list(e["loc"])
        row = f"[[{tables[str(loc[0])]}]] {loc[1]!r}" if len(loc) > 1 and loc[0] in tables else ""
        field = ".".join(str(p) for p in (loc[2:] if row else loc))
        where = " ".join(p for p in (row, field) if p)
        found = e.get("input")
        got = f", got {found!r}" if e["type"] != "value_error" and isinstance(found, (str, int, float)) else ""
        lines.append(f"{file}: {where + ': ' if where else ''}{str(e['msg']).removeprefix('Value error, ')}{got}")
    return "\n".join(lines)


M = TypeVar("M", bound=BaseModel)


def load_table_file(data_dir: Path, file: str, model: type[M], tables: Tables, error: type[Exception]) -> M:
    """One data file checked on its own: TOML, its [[tables]] keyed, then the model; any problem
    is an `error` naming the file, the row and the field."""
    try:
        raw = tomllib.loads((data_dir / file).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"{file}: missing from {data_dir}") from None
    except tomllib.TOMLDecodeError as e:
        raise error(f"{file}: not valid TOML ({e})") from None
    try:
        for table, (field, key) in tables.items():
            rows = raw.pop(table, [])
            if not key and not isinstance(rows, list):
                raise ValueError(f"{file}: expected [[{table}]] tables")
            raw[field] = keyed(rows, key, table, file) if key else rows
    except ValueError as e:
        raise error(str(e)) from None
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        raise error(explain(file, e, {field: table for table, (field, _) in tables.items()})) from None


def validate_set(model: type[M], parts: dict[str, BaseModel], error: type[Exception]) -> M:
    """The whole data set, its cross-file checks naming their files."""
    try:
        return model.model_validate(parts)
    except ValidationError as e:
        raise error("\n".join(str(x["msg"]).removeprefix("Value error, ") for x in e.errors())) from None
