"""The play-evidence report tells a test that plays from one that calls a helper alone."""
from __future__ import annotations

from tests.engine.coverage_checks import REPO
from tests.engine.play_evidence import classify, rows, trace

PLAYS = ("tests/engine/merchants_marauders/test_rumour_swap_engine.py",
         "test_mm_repl_02_the_reworked_rumour_is_heard_and_looked_into_and_may_pay_contraband")

PURE = ("tests/engine/merchants_marauders/test_rumours_missions.py",
        "test_the_replacement_cargo_rumour_draws_three_different_goods")


def test_a_test_that_applies_decisions_is_play_and_one_that_calls_a_helper_is_pure() -> None:
    seen = trace({PLAYS, PURE})
    assert classify([PLAYS], seen) == "play" and classify([PURE], seen) == "pure"
    assert classify([PURE, PLAYS], seen) == "play", "a row is through play when one of its tests plays"
    assert classify([], seen) == "pure"


def test_every_coverage_document_has_its_rows_read() -> None:
    counts = {doc.stem: len(rows(doc)) for doc in sorted((REPO / "docs" / "rules-coverage").glob("*.md"))}
    assert set(counts) == {"dead_reckoning", "merchants_marauders", "pirate_chest", "scoundrel_bay"}
    assert all(n > 100 for n in counts.values()), counts
