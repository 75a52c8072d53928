"""Verify: a stored snapshot must equal the replay of its live action log (DESIGN, Engine
contract). Used by tests, by `python -m store --verify`, and when in doubt after a crash.
"""
from __future__ import annotations

import json
from typing import Any

from engine.core import LogEntry, get_game, replay
from store.records import GameRecord


def first_difference(stored: Any, rebuilt: Any, path: str = "") -> str | None:
    """Where two JSON values first differ, in words; None when they are equal."""
    where = path or "the top level"
    if isinstance(stored, dict) and isinstance(rebuilt, dict):
        for key in sorted(set(stored) | set(rebuilt), key=str):
            child = f"{path}.{key}" if path else str(key)
            if key not in stored:
                return f"{child}: missing from the snapshot, replay has {_short(rebuilt[key])}"
            if key not in rebuilt:
                return f"{child}: snapshot has {_short(stored[key])}, replay has no such field"
            found = first_difference(stored[key], rebuilt[key], child)
            if found:
                return found
        return None
    if isinstance(stored, list) and isinstance(rebuilt, list):
        for i, (a, b) in enumerate(zip(stored, rebuilt, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(stored) != len(rebuilt):
            return f"{where}: snapshot has {len(stored)} items, replay has {len(rebuilt)}"
        return None
    if stored != rebuilt or type(stored) is not type(rebuilt):
        return f"{where}: snapshot has {_short(stored)}, replay has {_short(rebuilt)}"
    return None


def _short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def verify_record(record: GameRecord, log: list[LogEntry]) -> tuple[bool, str]:
    """(ok, explanation) for one game given its live log."""
    if record.snapshot is None:
        if record.status in ("lobby", "cancelled") and not log:
            return True, f"{record.status}, never started: nothing to replay"
        return False, f"{record.status} with {len(log)} actions but no snapshot"
    try:
        state = replay(get_game(record.game_type), record.setup, log)
    except Exception as e:  # a maintenance check reports any failure instead of dying on it
        return False, f"the log of {len(log)} actions does not replay: {type(e).__name__}: {e}"
    rebuilt = json.loads(json.dumps(state.model_dump(mode="json")))
    difference = first_difference(record.snapshot, rebuilt)
    if difference is not None:
        return False, f"snapshot differs from the replay of {len(log)} actions at {difference}"
    return True, f"snapshot equals the replay of {len(log)} actions"
