"""Checks the four rules-coverage documents share: a row's test cell names tests as
`path.py::function`, and every one named must exist. Each test file is parsed once per run (a
document names a few hundred tests in a few dozen files)."""
from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def named_tests(cell: str) -> list[tuple[str, str]]:
    """The (path, function) pairs a test cell names."""
    return re.findall(r"`([^`]+\.py)::(\w+)`", cell)


@cache
def defined_functions(path: str) -> frozenset[str]:
    tree = ast.parse((REPO / path).read_text(encoding="utf-8"))
    return frozenset(n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))


def check_named_tests_exist(rule: str, cell: str) -> None:
    for path, func in named_tests(cell):
        assert func in defined_functions(path), f"{rule}: {path}::{func} does not exist"
