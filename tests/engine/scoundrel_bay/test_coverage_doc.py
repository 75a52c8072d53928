"""The rules-coverage document lists every inventory rule once, every test it names exists, and
every rule tagged [ambiguous] records the reading chosen (or planned, for rules still open)."""
from __future__ import annotations

import re
from pathlib import Path

from tests.engine.coverage_checks import check_named_tests_exist, named_tests
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "rules-coverage" / "scoundrel_bay.md"
STATUSES = {"tested", "open"}


def inventory() -> str:
    return shared_text("rules", "inventory", "scoundrel_bay.md")


def rows() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in DOC.read_text().splitlines():
        if line.startswith("| SB-"):
            cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
            assert cells[0] not in out, f"{cells[0]} is listed twice"
            out[cells[0]] = cells
    return out


def test_every_inventory_rule_has_one_row() -> None:
    ids = set(re.findall(r"\*\*(SB-[A-Z0-9]+-\d+)\*\*", inventory()))
    assert len(ids) == 417
    assert ids == set(rows()), f"missing: {sorted(ids - set(rows()))}; unknown: {sorted(set(rows()) - ids)}"


def test_every_row_has_a_status_and_every_tested_row_names_existing_tests() -> None:
    for rule, cells in rows().items():
        status = cells[1]
        assert status in STATUSES, f"{rule}: status {status!r}"
        names = named_tests(cells[2])
        assert bool(names) == (status == "tested"), f"{rule}: a tested row names its tests, an open one none"
        check_named_tests_exist(rule, cells[2])


def test_ambiguous_rules_record_a_reading() -> None:
    ambiguous = set(re.findall(r"\*\*(SB-[A-Z0-9]+-\d+)\*\*[^\n]*\[ambiguous", inventory()))
    found = rows()
    blank = [r for r in ambiguous if len(found[r]) < 4 or not found[r][3].strip()]
    assert not blank, f"ambiguous rules without a reading: {sorted(blank)}"


def test_the_totals_line_matches_the_rows() -> None:
    statuses = [cells[1] for cells in rows().values()]
    line = f"Totals: {len(statuses)} IDs — {statuses.count('tested')} tested, {statuses.count('open')} open."
    assert line in DOC.read_text()
