"""The rules-coverage document lists every inventory rule once, in the inventory's order; every test
it names exists; every rule tagged [ambiguous] records the reading chosen (or planned, for rules
still open); the totals line counts the rows. The engine plan gives every rule to exactly one rule
module, and neither document repeats the rulebook's wording."""
from __future__ import annotations

import re
from pathlib import Path

from tests.engine.coverage_checks import check_named_tests_exist, named_tests
from tests.engine.help_checks import copied, windows, words
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
    """ID -> its cells, in the document's order. Splitting on the bar keeps empty cells."""
    out: dict[str, list[str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("| DR-"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            assert len(cells) == 4, f"{cells[0]}: {len(cells)} cells, not 4"
            assert cells[0] not in out, f"{cells[0]} is listed twice"
            out[cells[0]] = cells
    return out


def test_every_inventory_rule_has_one_row_in_the_inventory_order() -> None:
    ids = inventory_ids()
    assert len(ids) == len(set(ids)) == RULES
    found = list(rows())
    assert set(ids) == set(found), f"missing: {sorted(set(ids) - set(found))}; unknown: {sorted(set(found) - set(ids))}"
    assert found == ids, "the rows are not in the inventory's order"


def test_every_row_has_a_status_and_every_tested_row_names_existing_tests() -> None:
    for rule, cells in rows().items():
        status = cells[1]
        assert status in STATUSES, f"{rule}: status {status!r}"
        names = named_tests(cells[2])
        assert bool(names) == (status == "tested"), f"{rule}: a tested row names its tests, an open one none"
        check_named_tests_exist(rule, cells[2])


def test_ambiguous_rules_record_a_reading() -> None:
    ambiguous = set(re.findall(r"^- \*\*(DR-[A-Z0-9]+-\d+)\*\*[^\n]*\[ambiguous", inventory(), flags=re.M))
    assert ambiguous, "the inventory tags no rule [ambiguous]: the pattern no longer matches it"
    found = rows()
    blank = [r for r in ambiguous if not found[r][3]]
    assert not blank, f"ambiguous rules without a reading: {sorted(blank)}"


def test_a_reading_for_an_open_rule_is_marked_planned() -> None:
    unmarked = [r for r, c in rows().items() if c[1] == "open" and c[3] and not c[3].startswith("planned: ")]
    assert not unmarked, f"open rules whose reading is not marked 'planned: ': {unmarked}"


def test_the_totals_line_matches_the_rows() -> None:
    statuses = [cells[1] for cells in rows().values()]
    line = f"Totals: {len(statuses)} IDs — {statuses.count('tested')} tested, {statuses.count('open')} open."
    assert line in DOC.read_text(encoding="utf-8")


def plan_modules() -> dict[str, list[str]]:
    """The plan's module table: module -> the DR IDs it will build. A cell lists IDs and ranges
    such as `DR-HOLD-01–21` (01 to 21 of that prefix)."""
    out: dict[str, list[str]] = {}
    for line in PLAN.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| `([\w./]+)` \|[^|]*\|([^|]*)\|\s*$", line)
        if not m:
            continue
        ids: list[str] = []
        for prefix, first, last in re.findall(r"DR-([A-Z]+)-(\d+)(?:–(\d+))?", m.group(2)):
            width = len(first)
            ids += [f"DR-{prefix}-{n:0{width}d}" for n in range(int(first), int(last or first) + 1)]
        out[m.group(1)] = ids
    return out


def test_the_plan_gives_every_rule_to_exactly_one_module() -> None:
    modules = plan_modules()
    assert len(modules) >= 20, f"the plan's module table has {len(modules)} rows"
    given = [i for ids in modules.values() for i in ids]
    twice = sorted({i for i in given if given.count(i) > 1})
    assert not twice, f"rules given to two modules: {twice}"
    ids = set(inventory_ids())
    assert set(given) == ids, f"not given: {sorted(ids - set(given))}; unknown: {sorted(set(given) - ids)}"


def test_the_documents_do_not_repeat_the_rulebook() -> None:
    """Headings are the rulebook's section names, kept so a reader finds the section; every other
    line is our own words: no run of 8 words is the rulebook's."""
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    assert len(rulebook) > 5000
    for path in (DOC, PLAN):
        text = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#"))
        runs = copied(text, rulebook)
        assert not runs, f"{path.name} repeats the rulebook: {runs[:3]}"


def test_the_copy_check_would_catch_a_copied_sentence() -> None:
    """Guard the guard: a rulebook sentence, re-cased and re-punctuated, is caught."""
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    sample = "Set your SAIL track on your Ship board to 0 -- you cannot keep unused sails!"
    assert copied(sample, rulebook)
