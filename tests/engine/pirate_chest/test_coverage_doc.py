"""The rules-coverage document lists every inventory rule once, and every test it names exists."""
from __future__ import annotations

import re
from pathlib import Path

from tests.engine.coverage_checks import check_named_tests_exist, named_tests
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "rules-coverage" / "pirate_chest.md"
STATUSES = {"tested", "not applicable", "open"}


def rows() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in DOC.read_text().splitlines():
        if line.startswith("| PC-"):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            assert cells[0] not in out, f"{cells[0]} is listed twice"
            out[cells[0]] = cells
    return out


def test_every_inventory_rule_has_one_row() -> None:
    ids = set(re.findall(r"\*\*(PC-[A-Z]+-\d+)\*\*", shared_text("rules", "inventory", "pirate_chest.md")))
    assert ids == set(rows()), f"missing: {sorted(ids - set(rows()))}; unknown: {sorted(set(rows()) - ids)}"


def test_every_row_has_a_status_and_every_tested_row_names_existing_tests() -> None:
    for rule, cells in rows().items():
        status = cells[2]
        assert status in STATUSES, f"{rule}: status {status!r}"
        if status != "tested":
            continue
        names = named_tests(cells[3])
        assert names, f"{rule} is marked tested but names no test"
        check_named_tests_exist(rule, cells[3])


def test_ambiguous_rules_record_a_reading() -> None:
    ambiguous = set(re.findall(r"\*\*(PC-[A-Z]+-\d+)\*\*[^\n]*\[ambiguous", shared_text("rules", "inventory", "pirate_chest.md")))
    found = rows()
    blank = [r for r in ambiguous if len(found[r]) < 5 or not found[r][4].strip()]
    assert not blank, f"ambiguous rules without a reading: {sorted(blank)}"
