"""The rules-coverage document lists every inventory rule once, and every test it names exists."""
from __future__ import annotations

import re
from pathlib import Path

from tests.engine.coverage_checks import check_readings, check_row, check_rows_match, doc_rows
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "rules-coverage" / "pirate_chest.md"
STATUSES = {"tested", "not applicable", "open"}


def rows() -> dict[str, list[str]]:
    return doc_rows(DOC, "PC-", sep=" | ")


def test_every_inventory_rule_has_one_row() -> None:
    ids = set(re.findall(r"\*\*(PC-[A-Z]+-\d+)\*\*", shared_text("rules", "inventory", "pirate_chest.md")))
    check_rows_match(sorted(ids), list(rows()), in_order=False)


def test_every_row_has_a_status_and_every_tested_row_names_existing_tests() -> None:
    for rule, cells in rows().items():
        check_row(rule, cells[2], cells[3], STATUSES, open_names_none=False)


def test_ambiguous_rules_record_a_reading() -> None:
    ambiguous = set(re.findall(r"\*\*(PC-[A-Z]+-\d+)\*\*[^\n]*\[ambiguous", shared_text("rules", "inventory", "pirate_chest.md")))
    check_readings(ambiguous, rows(), 4)
