"""The rules-coverage document lists every inventory rule once, in the inventory's order; every test
it names exists; every rule tagged [ambiguous] records the reading chosen (or planned, for rules
still open); the totals line counts the rows. The engine plan gives every rule to exactly one rule
module, and neither document repeats the rulebook's wording."""
from __future__ import annotations

import re
from pathlib import Path

from tests.engine.coverage_checks import (
    check_docs_not_copied,
    check_plan_gives_each_rule_once,
    check_readings,
    check_row,
    check_rows_match,
    check_totals,
    doc_rows,
    plan_modules,
)
from tests.engine.help_checks import check_copy_check_catches, rule_windows
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "rules-coverage" / "dead_reckoning.md"
PLAN = REPO / "docs" / "dead_reckoning-plan.md"
STATUSES = {"tested", "open"}
RULES = 486                     # the inventory's own count


def inventory() -> str:
    return shared_text("rules", "inventory", "dead_reckoning.md")


def inventory_ids() -> list[str]:
    return re.findall(r"^- \*\*(DR-[A-Z0-9]+-\d+)\*\*", inventory(), flags=re.M)


def rows() -> dict[str, list[str]]:
    """ID -> its cells (ID, status, test, reading), in the document's order."""
    return doc_rows(DOC, "DR-", 4)


def test_every_inventory_rule_has_one_row_in_the_inventory_order() -> None:
    ids = inventory_ids()
    assert len(ids) == len(set(ids)) == RULES
    check_rows_match(ids, list(rows()))


def test_every_row_has_a_status_and_every_tested_row_names_existing_tests() -> None:
    for rule, cells in rows().items():
        check_row(rule, cells[1], cells[2], STATUSES)


def test_ambiguous_rules_record_a_reading() -> None:
    ambiguous = set(re.findall(r"^- \*\*(DR-[A-Z0-9]+-\d+)\*\*[^\n]*\[ambiguous", inventory(), flags=re.M))
    assert ambiguous, "the inventory tags no rule [ambiguous]: the pattern no longer matches it"
    check_readings(ambiguous, rows(), 3)


def test_a_reading_for_an_open_rule_is_marked_planned() -> None:
    unmarked = [r for r, c in rows().items() if c[1] == "open" and c[3] and not c[3].startswith("planned: ")]
    assert not unmarked, f"open rules whose reading is not marked 'planned: ': {unmarked}"


def test_the_totals_line_matches_the_rows() -> None:
    check_totals(DOC.read_text(encoding="utf-8"), "Totals", [cells[1] for cells in rows().values()])


def test_the_plan_gives_every_rule_to_exactly_one_module() -> None:
    """The plan's module table: module -> the DR IDs it will build (`DR-HOLD-01–21` is 01 to 21)."""
    check_plan_gives_each_rule_once(plan_modules(PLAN, "DR"), set(inventory_ids()))


def test_the_documents_do_not_repeat_the_rulebook() -> None:
    """Headings are the rulebook's section names, kept so a reader finds the section; every other
    line is our own words: no run of 8 words is the rulebook's."""
    rulebook = rule_windows("dead_reckoning.txt")
    assert len(rulebook) > 5000
    check_docs_not_copied((DOC, PLAN), rulebook, "the rulebook")


def test_the_copy_check_would_catch_a_copied_sentence() -> None:
    """Guard the guard: a rulebook sentence, re-cased and re-punctuated, is caught."""
    check_copy_check_catches(rule_windows("dead_reckoning.txt"), 5000,
                             "Set your SAIL track on your Ship board to 0 -- you cannot keep unused sails!")
