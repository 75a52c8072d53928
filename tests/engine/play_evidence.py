"""Which coverage rows are proved through play: a pytest plugin that notes, per test, whether it
set up a registered game (`Game.setup`) or applied a decision to one (`Game.apply`, which the
runner, the scenario runner, the table and every scenario helper reach), and a report over the
four rules-coverage documents.

A row is "through play" when one of the tests it names applies a decision; "setup" when the best
of them only sets a game up (what a setup rule needs); "pure" when none of them does either: such
a test calls a helper directly, and a helper that play does not call proves nothing of the game.

    python -m tests.engine.play_evidence            # runs the named tests, prints per game
    python -m tests.engine.play_evidence --list     # and each pure row with its tests
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import all_games
from tests.engine.coverage_checks import REPO, named_tests

TRACE_ENV = "PARLEY_PLAY_TRACE"   # a folder: each pytest process writes what its tests reached
DOCS = REPO / "docs" / "rules-coverage"
_reached: set[str] = set()


def _noted(kind: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _reached.add(kind)
        return fn(*args, **kwargs)
    wrapper.__play_evidence__ = True  # type: ignore[attr-defined]
    return wrapper


def pytest_configure(config: pytest.Config) -> None:
    if not os.environ.get(TRACE_ENV):
        return
    for game in all_games():
        cls = type(game)
        for kind in ("setup", "apply"):
            method = cls.__dict__.get(kind)
            if method is not None and not getattr(method, "__play_evidence__", False):
                setattr(cls, kind, _noted(kind, method))
    config.pluginmanager.register(_Recorder(Path(os.environ[TRACE_ENV])), "play-evidence-recorder")


class _Recorder:
    def __init__(self, folder: Path) -> None:
        self.folder, self.seen = folder, {}   # type: ignore[var-annotated]

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Iterator[None]:
        _reached.clear()
        yield
        key = f"{item.path.relative_to(REPO)}::{getattr(item, 'originalname', item.name)}"
        self.seen[key] = sorted(set(self.seen.get(key, [])) | _reached)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / f"{os.getpid()}.json").write_text(json.dumps(self.seen))


def rows(doc: Path) -> dict[str, list[tuple[str, str]]]:
    """Rule ID -> the tests its row names (the columns found by each table's header)."""
    out: dict[str, list[tuple[str, str]]] = {}
    columns: list[str] = []
    for line in doc.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "ID":
            columns = cells
        elif "test" in columns and len(cells) == len(columns) and not set(cells[0]) <= {"-", ":"}:
            out[cells[0]] = named_tests(cells[columns.index("test")])
    return out


def trace(tests: set[tuple[str, str]]) -> dict[str, list[str]]:
    """Run these tests under the plugin; what each reached."""
    with tempfile.TemporaryDirectory() as folder:
        ids = sorted(f"{path}::{func}" for path, func in tests)
        args = [sys.executable, "-m", "pytest", "-q", "-p", "tests.engine.play_evidence", "-n", "2",
                "-o", "addopts=", *ids]
        subprocess.run(args, cwd=REPO, env={**os.environ, TRACE_ENV: folder}, check=False,
                       stdout=subprocess.DEVNULL)
        seen: dict[str, list[str]] = {}
        for part in Path(folder).glob("*.json"):
            seen.update(json.loads(part.read_text()))
    return seen


def classify(named: list[tuple[str, str]], seen: dict[str, list[str]]) -> str:
    reached = {kind for path, func in named for kind in seen.get(f"{path}::{func}", [])}
    return "play" if "apply" in reached else "setup" if "setup" in reached else "pure"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list each pure row and its tests")
    parser.add_argument("--json", type=Path, help="write the per-row classes to this file")
    args = parser.parse_args(argv)
    docs = {doc.stem: rows(doc) for doc in sorted(DOCS.glob("*.md"))}
    seen = trace({t for by_rule in docs.values() for named in by_rule.values() for t in named})
    result: dict[str, dict[str, str]] = {}
    for game, by_rule in docs.items():
        result[game] = {rule: classify(named, seen) for rule, named in by_rule.items()}
        counts = {k: sum(1 for c in result[game].values() if c == k) for k in ("play", "setup", "pure")}
        print(f"{game}: {len(by_rule)} rows — {counts['play']} through play, {counts['setup']} by setup, "
              f"{counts['pure']} pure test only")
        if args.list:
            for rule, kind in result[game].items():
                if kind == "pure":
                    print(f"  {rule}: {', '.join(f'{p}::{f}' for p, f in by_rule[rule]) or '(no test named)'}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
