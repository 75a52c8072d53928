"""Checks the four rules-coverage documents share: their table rows, a row's status and the tests
its cell names as `path.py::function` (every one named must exist), the readings of ambiguous
rules, the totals line, the engine plan's module table, and no run of the rulebook's words. Each
test file is parsed once per run (a document names a few hundred tests in a few dozen files)."""
from __future__ import annotations

import ast
import re
from collections.abc import Set as AbstractSet
from functools import cache
from pathlib import Path

from tests.engine.help_checks import copied

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


def doc_rows(doc: Path, prefix: str, width: int | None = None, sep: str = "|") -> dict[str, list[str]]:
    """ID -> its cells, in the document's order, for the table rows starting with `prefix`
    (splitting on the bar keeps empty cells); no ID twice, and `width` cells a row when given."""
    out: dict[str, list[str]] = {}
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"| {prefix}"):
            cells = [c.strip() for c in line.strip().strip("|").split(sep)]
            assert width is None or len(cells) == width, f"{cells[0]}: {len(cells)} cells, not {width}"
            assert cells[0] not in out, f"{cells[0]} is listed twice"
            out[cells[0]] = cells
    return out


def check_rows_match(ids: list[str], found: list[str], in_order: bool = True) -> None:
    """The document has a row for every inventory ID and none else (in the inventory's order)."""
    assert set(ids) == set(found), f"missing: {sorted(set(ids) - set(found))}; unknown: {sorted(set(found) - set(ids))}"
    if in_order:
        assert found == ids, "the rows are not in the inventory's order"


def check_row(rule: str, status: str, cell: str, statuses: set[str], open_names_none: bool = True) -> None:
    """A known status; a tested row names tests (and, with `open_names_none`, only a tested one);
    every test named exists."""
    assert status in statuses, f"{rule}: status {status!r}"
    names = named_tests(cell)
    if open_names_none:
        assert bool(names) == (status == "tested"), f"{rule}: a tested row names its tests, an open one none"
    elif status == "tested":
        assert names, f"{rule} is marked tested but names no test"
    check_named_tests_exist(rule, cell)


def check_readings(ambiguous: set[str], found: dict[str, list[str]], column: int) -> None:
    """Every rule tagged [ambiguous] has a reading in its row's `column`."""
    blank = [r for r in ambiguous if len(found[r]) <= column or not found[r][column].strip()]
    assert not blank, f"ambiguous rules without a reading: {sorted(blank)}"


def check_totals(doc_text: str, label: str, statuses: list[str]) -> None:
    line = f"{label}: {len(statuses)} IDs — {statuses.count('tested')} tested, {statuses.count('open')} open."
    assert line in doc_text, f"the document lacks {line!r}"


def plan_modules(plan: Path, kinds: str) -> dict[str, list[str]]:
    """An engine plan's module table (its rows whose first cell is a .py file): module -> the IDs
    it builds. A cell lists IDs (of the `kinds` alternatives, e.g. "MMB?") and ranges such as
    `MM-M9-35–53` (35 to 53 of that prefix)."""
    out: dict[str, list[str]] = {}
    for line in plan.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| `([\w./]+\.py)` \|[^|]*\|([^|]*)\|\s*$", line)
        if not m:
            continue
        ids: list[str] = []
        for prefix, first, last in re.findall(rf"\b((?:{kinds})-[A-Z0-9]+)-(\d+)(?:–(\d+))?", m.group(2)):
            ids += [f"{prefix}-{n:0{len(first)}d}" for n in range(int(first), int(last or first) + 1)]
        assert m.group(1) not in out, f"{m.group(1)} has two rows in the plan's table"
        out[m.group(1)] = ids
    return out


def check_plan_gives_each_rule_once(modules: dict[str, list[str]], ids: set[str], least: int = 20) -> None:
    assert len(modules) >= least, f"the plan's module table has {len(modules)} rows"
    given = [i for ids_ in modules.values() for i in ids_]
    twice = sorted({i for i in given if given.count(i) > 1})
    assert not twice, f"rules given to two modules: {twice}"
    assert set(given) == ids, f"not given: {sorted(ids - set(given))}; unknown: {sorted(set(given) - ids)}"


def check_docs_not_copied(paths: tuple[Path, ...], source: AbstractSet[tuple[str, ...]], what: str) -> None:
    """Headings may be the source's section names; no other line repeats a run of its words."""
    for path in paths:
        text = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#"))
        runs = copied(text, source)
        assert not runs, f"{path.name} repeats {what}: {runs[:3]}"
