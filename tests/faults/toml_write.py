"""A small TOML writer for the data-file mutations (tomllib only reads): tables, arrays of
tables, inline tables, arrays, strings, integers, floats (nan, inf) and booleans."""
from __future__ import annotations

import json
import math
from typing import Any


def _key(k: str) -> str:
    return k if k and all(c.isalnum() or c in "-_" for c in k) and k.isascii() else json.dumps(k)


def value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)   # a JSON string is a valid TOML basic string (\\uXXXX escapes included)
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {value(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def dumps(doc: dict[str, Any], prefix: str = "") -> str:
    """Scalars and arrays first, then sub-tables and arrays of tables (TOML requires it)."""
    lines = [f"{_key(k)} = {value(v)}" for k, v in doc.items()
             if not isinstance(v, dict) and not _is_table_array(v)]
    out = "\n".join(lines) + ("\n" if lines else "")
    for k, v in doc.items():
        name = f"{prefix}.{_key(k)}" if prefix else _key(k)
        if isinstance(v, dict):
            out += f"\n[{name}]\n" + dumps(v, name)
        elif _is_table_array(v):
            for row in v:
                out += f"\n[[{name}]]\n" + dumps(row, name)
    return out
