"""The rules-coverage document lists every inventory rule once, every test it names exists, and
every rule tagged [ambiguous] records the reading chosen (or planned, for rules still open)."""
from __future__ import annotations

import re
from pathlib import Path

from tests.engine.coverage_checks import check_readings, check_row, check_rows_match, check_totals, doc_rows
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "rules-coverage" / "scoundrel_bay.md"
STATUSES = {"tested", "open"}


def inventory() -> str:
    return shared_text("rules", "inventory", "scoundrel_bay.md")


def rows() -> dict[str, list[str]]:
    return doc_rows(DOC, "SB-", sep=" | ")


def test_every_inventory_rule_has_one_row() -> None:
    ids = set(re.findall(r"\*\*(SB-[A-Z0-9]+-\d+)\*\*", inventory()))
    assert len(ids) == 417
    check_rows_match(sorted(ids), list(rows()), in_order=False)


def test_every_row_has_a_status_and_every_tested_row_names_existing_tests() -> None:
    for rule, cells in rows().items():
        check_row(rule, cells[1], cells[2], STATUSES)


def test_ambiguous_rules_record_a_reading() -> None:
    ambiguous = set(re.findall(r"\*\*(SB-[A-Z0-9]+-\d+)\*\*[^\n]*\[ambiguous", inventory()))
    check_readings(ambiguous, rows(), 3)


def test_the_totals_line_matches_the_rows() -> None:
    check_totals(DOC.read_text(encoding="utf-8"), "Totals", [cells[1] for cells in rows().values()])
