"""Scenario runner: `python -m engine.scenario FILE.json` (format in DESIGN.md).

Exit 0 when every action was legal and `expect` matched; 1 at the first illegal action or
mismatch (message on stderr); 2 when the file is malformed.
"""
from __future__ import annotations

import json
import sys
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.core import Setup, act_text, get_game, legal_notations, setup_state

KEYS = {"game", "players", "seed", "options", "patch", "actions", "expect"}


class ScenarioError(Exception):
    """The scenario file itself is malformed (exit 2)."""


class Scenario(BaseModel):
    game: str
    players: int
    seed: str = "scenario"
    options: dict[str, Any] = {}
    patch: dict[str, Any] = {}
    actions: list[tuple[int, str]] = []
    expect: dict[str, Any] = {}


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7386 JSON merge patch."""
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


def mismatches(actual: Any, expected: Any, path: str = "") -> list[str]:
    """Where `expected` is not a subset of `actual` (dicts by key, everything else by value)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or '/'}: expected an object, found {json.dumps(actual)}"]
        return [m for k, v in expected.items()
                for m in (mismatches(actual[k], v, f"{path}/{k}") if k in actual else [f"{path}/{k}: missing"])]
    if actual != expected:
        return [f"{path or '/'}: expected {json.dumps(expected)}, found {json.dumps(actual)}"]
    return []


def load(raw: Any) -> Scenario:
    if not isinstance(raw, dict):
        raise ScenarioError("a scenario is a JSON object")
    unknown = set(raw) - KEYS
    if unknown:
        raise ScenarioError(f"unknown keys: {', '.join(sorted(unknown))}")
    try:
        return Scenario.model_validate(raw)
    except ValidationError as e:
        raise ScenarioError(str(e)) from None


def run(raw: Any) -> tuple[int, dict[str, Any], str]:
    """Run a scenario; returns (exit code, output object, error message)."""
    try:
        sc = load(raw)
        game = get_game(sc.game)
        s = setup_state(game, Setup(game=sc.game, players=sc.players, seed=sc.seed, options=sc.options))
        if sc.patch:
            s = game.State.model_validate(merge_patch(s.model_dump(mode="json"), sc.patch))
    except (ScenarioError, KeyError, ValueError, ValidationError) as e:
        return 2, {}, f"malformed scenario: {e}"
    try:
        return _play(game, s, sc)
    except Exception as e:
        if not sc.patch:   # a state reached by legal actions only: an engine bug, kept loud
            raise
        return 2, {}, (f"malformed scenario: the patched state is not a consistent {game.title} state "
                       f"({type(e).__name__}: {e})")


def _play(game: Any, s: Any, sc: Scenario) -> tuple[int, dict[str, Any], str]:
    events: list[str] = []
    error = ""
    for i, (seat, notation) in enumerate(sc.actions):
        try:
            t = act_text(game, s, seat, notation)
        except ValueError as e:
            error = f"action {i} [{seat}, {notation!r}]: {e}"
            break
        s = t.state
        events += [e.text for e in t.events]
    dump = s.model_dump(mode="json")
    pending = game.pending(s)
    outcome = game.outcome(s)
    out = {
        "state": dump,
        "pending": pending.model_dump(mode="json") if pending else None,
        "outcome": outcome.model_dump(mode="json") if outcome else None,
        "events": events,
        "legal": {str(seat): legal_notations(game, s, seat) for seat in (pending.waiting_on if pending else ())},
    }
    if not error:
        error = "; ".join(mismatches(dump, sc.expect))
    return (1 if error else 0), out, error


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m engine.scenario FILE.json", file=sys.stderr)
        return 2
    try:
        with open(argv[0], encoding="utf-8") as f:
            raw = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        print(f"malformed scenario: {e}", file=sys.stderr)
        return 2
    code, out, error = run(raw)
    if out:
        print(json.dumps(out))
    if error:
        print(error, file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
