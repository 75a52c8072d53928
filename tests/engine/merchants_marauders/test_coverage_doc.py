"""The rules-coverage document lists every Seas of Glory inventory rule once, in the inventory's
order, and the base game's rules by the reconstruction's sections; every test it names exists;
every rule tagged [ambiguous] records the reading chosen, and every [base] rule says which part
of the reconstruction settles it; the totals lines count the rows. The engine plan gives every
rule to exactly one module, and neither document repeats the wording of either source."""
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
from tests.engine.help_checks import check_copy_check_catches, rule_windows, words
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "rules-coverage" / "merchants_marauders.md"
PLAN = REPO / "docs" / "merchants_marauders-plan.md"
STATUSES = {"tested", "open"}
RULES = 378                     # the inventory's own count
# The reconstruction's sections 1-8, in its order (docs/rules-coverage/merchants_marauders.md, part 2).
SECTIONS = ("COMP", "MAP", "SETUP", "ROUND", "TURN", "PORT", "SKILL", "CAPT", "SHIP", "RAID", "COMBAT",
            "CLASH", "NPC", "BOUNTY", "WAR", "GLORY", "WIN", "DECK")
INVENTORY = ("rules", "inventory", "merchants_marauders_seas_of_glory.md")
SOURCES = ("merchants_marauders_seas_of_glory.txt", "merchants_marauders_base.md")   # under shared/rules/


def inventory() -> str:
    return shared_text(*INVENTORY)


def inventory_ids() -> list[str]:
    return re.findall(r"^- \*\*(MM-[A-Z0-9]+-\d+)\*\*", inventory(), flags=re.M)


def tagged(tag: str) -> set[str]:
    return set(re.findall(rf"^- \*\*(MM-[A-Z0-9]+-\d+)\*\* [^\n]*?\[{tag}\]", inventory(), flags=re.M))


def rows() -> dict[str, list[str]]:
    """The inventory rows: ID, status, test, reading."""
    return doc_rows(DOC, "MM-", 4)


def base_rows() -> dict[str, list[str]]:
    """The base rows: ID, paraphrase, status, test, reading."""
    return doc_rows(DOC, "MMB-", 5)


def status_cells() -> dict[str, tuple[str, str]]:
    """Every row, both parts: ID -> (status, test cell)."""
    out = {r: (c[1], c[2]) for r, c in rows().items()}
    out.update({r: (c[2], c[3]) for r, c in base_rows().items()})
    return out


def test_every_inventory_rule_has_one_row_in_the_inventory_order() -> None:
    ids = inventory_ids()
    assert len(ids) == len(set(ids)) == RULES
    check_rows_match(ids, list(rows()))


def test_every_base_section_is_present_in_order_and_numbered_from_01() -> None:
    found = list(base_rows())
    assert len(found) >= 150, f"only {len(found)} base rules: a section has gone missing"
    sections = [r.split("-")[1] for r in found]
    assert list(dict.fromkeys(sections)) == list(SECTIONS), "the base sections are missing or out of order"
    for section in SECTIONS:
        numbers = [int(r.split("-")[2]) for r in found if r.split("-")[1] == section]
        assert numbers == list(range(1, len(numbers) + 1)), f"MMB-{section} is not numbered 01, 02, … in order"
        assert f"## MMB-{section}:" in DOC.read_text(encoding="utf-8"), f"MMB-{section} has no heading"


def test_every_base_rule_has_a_paraphrase_and_design_rules_say_so() -> None:
    """A base row's rule cell says what the rule is; a [design] bullet's rules are marked in the
    reading. The count of marked rows guards against the mark being dropped wholesale."""
    found = base_rows()
    short = [r for r, c in found.items() if len(words(c[1])) < 4]
    assert not short, f"base rules without a real paraphrase: {short}"
    design = [r for r, c in found.items() if "Parley's design" in c[4]]
    assert len(design) >= 60, f"only {len(design)} base rules are marked as Parley's design"


def test_every_row_has_a_status_and_every_tested_row_names_existing_tests() -> None:
    for rule, (status, cell) in status_cells().items():
        check_row(rule, status, cell, STATUSES)


def test_ambiguous_rules_record_a_reading() -> None:
    ambiguous = tagged("ambiguous")
    assert len(ambiguous) == 46, f"the inventory tags {len(ambiguous)} rules [ambiguous]: the pattern no longer matches it"
    check_readings(ambiguous, rows(), 3)


def test_base_rules_name_what_settles_them() -> None:
    """A [base] rule leans on a base concept: its reading names the reconstruction's section that
    settles it, or (when it is also ambiguous) gives the reading."""
    base = tagged("base")
    assert len(base) == 54, f"the inventory tags {len(base)} rules [base]: the pattern no longer matches it"
    found = rows()
    unsettled = [r for r in base - tagged("ambiguous") if "base section" not in found[r][3]]
    assert not unsettled, f"[base] rules whose reading names no base section: {sorted(unsettled)}"


def test_the_totals_lines_match_the_rows() -> None:
    text = DOC.read_text(encoding="utf-8")
    for label, found in (("Totals", rows()), ("Base totals", base_rows())):
        check_totals(text, label, [cells[1] if label == "Totals" else cells[2] for cells in found.values()])


def test_the_plan_gives_every_rule_to_exactly_one_module() -> None:
    """The plan's module table (its rows whose first cell is a .py file; its other tables name
    prompts and options): module -> the MM and MMB IDs it builds (`MMB-COMBAT-05–17` is 05 to 17)."""
    check_plan_gives_each_rule_once(plan_modules(PLAN, "MMB?"), set(inventory_ids()) | set(base_rows()))


def test_the_documents_do_not_repeat_either_source() -> None:
    """Headings are the inventory's section names, kept so a reader finds the section; every other
    line is our own words: no run of 8 words is the expansion's text or the reconstruction's."""
    source = rule_windows(*SOURCES)
    assert len(source) > 8000
    check_docs_not_copied((DOC, PLAN), source, "a source")


def test_the_copy_check_would_catch_a_copied_sentence() -> None:
    """Guard the guard: a sentence of each source, re-cased and re-punctuated, is caught."""
    check_copy_check_catches(rule_windows(*SOURCES), 8000,
                             "DOUBLE SHOT: use it -- discard the token -- after the roll to determine the hit zone!",
                             "Rounds repeat until a sinking, a flight or a crew clash.")
