"""The layer rule of DESIGN.md, checked on the source: who may import whom.

Every import counts, wherever it stands (module level, inside a function, under TYPE_CHECKING),
and so do `importlib.import_module("x")` / `__import__("x")` with a literal name.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Rule:
    layer: str
    forbidden: frozenset[str]
    why: str
    exempt: dict[str, frozenset[str]]  # file (relative to REPO) -> modules it may import anyway


RULES = [
    Rule("engine", frozenset({"discord", "PIL", "aiosqlite", "store", "render", "table", "cogs", "bot"}),
         "the engine decides the rules alone: stdlib and pydantic only", {}),
    Rule("engine", frozenset({"random", "secrets"}),
         "engine randomness comes from the state's seeded rng, so replays are exact",
         {"engine/core/policy.py": frozenset({"random"})}),  # bots seed their own random.Random
    Rule("render", frozenset({"discord", "aiosqlite", "store", "table", "cogs", "bot"}),
         "render is pure: View -> PNG", {}),
    Rule("store", frozenset({"discord", "PIL", "render", "table", "cogs", "bot"}),
         "store only makes decisions durable", {}),
    Rule("table", frozenset({"discord", "cogs", "bot"}),
         "the table serves both front ends, so it knows no Discord", {}),
]


def imported_modules(tree: ast.AST, package: str) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in `tree`; `package` resolves relative imports."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = ".".join(part for part in (base, node.module) if part)
                # `from . import x` may import a submodule x
                found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names if not node.module]
            else:
                module = node.module or ""
            found.append((node.lineno, module))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def is_within(module: str, forbidden: frozenset[str]) -> str | None:
    """The forbidden top-level name `module` falls under (`store.repo` under `store`), if any."""
    for name in forbidden:
        if module == name or module.startswith(name + "."):
            return name
    return None


def package_of(path: Path) -> str:
    """The package a file's relative imports start from: engine/core/rng.py and
    engine/core/__init__.py both -> engine.core."""
    return ".".join(path.relative_to(REPO).parts[:-1])


def violations(rule: Rule) -> list[str]:
    found = []
    for path in sorted((REPO / rule.layer).rglob("*.py")):
        rel = path.relative_to(REPO).as_posix()
        allowed = rule.exempt.get(rel, frozenset())
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        for line, module in imported_modules(tree, package_of(path)):
            hit = is_within(module, rule.forbidden - allowed)
            if hit:
                found.append(f"{rel}:{line}: imports {module} ({rule.layer}/ may not import {hit}: {rule.why})")
    return found


@pytest.mark.parametrize("rule", RULES, ids=lambda r: f"{r.layer}-no-{'-'.join(sorted(r.forbidden))}")
def test_layer_rule(rule: Rule) -> None:
    found = violations(rule)
    assert not found, "Layer rule broken (see DESIGN.md, 'Layout and dependency rule'):\n" + "\n".join(found)


def test_the_engine_is_there_to_check() -> None:
    assert list((REPO / "engine").rglob("*.py")), "no Python files under engine/: the layer test checks nothing"


@pytest.mark.parametrize(("source", "package", "hit"), [
    ("import discord.ext.commands", "engine", "discord"),
    ("from PIL import Image", "render", "PIL"),
    ("from store.repo import load", "table", "store"),
    ("from .. import store", "table.sub", None),  # relative imports stay inside their layer: table.store
    ("from ..store import repo", "engine.pirate_chest", None),  # that is engine.store
    ("from . import random", "engine.pirate_chest", None),  # that is engine.pirate_chest.random
    ("import storefront", "engine", None),
    ("def later():\n    import random", "engine", "random"),
    ("if TYPE_CHECKING:\n    from store import Repo", "engine", "store"),
    ("importlib.import_module('aiosqlite')", "engine", "aiosqlite"),
])
def test_the_checker_sees_every_kind_of_import(source: str, package: str, hit: str | None) -> None:
    forbidden = frozenset({"discord", "PIL", "store", "random", "aiosqlite"})
    hits = {is_within(m, forbidden) for _, m in imported_modules(ast.parse(source), package)}
    assert hits - {None} == ({hit} if hit else set())
