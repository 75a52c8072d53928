"""The fault suite prints one summary line per scenario as it runs (pytest -s shows them) and
repeats them all at the end of the session, so `make faults` shows what was tried and lost."""
from __future__ import annotations

from typing import Any

from tests.faults.common import MODE, SUMMARY


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if SUMMARY:
        terminalreporter.section(f"fault suite ({MODE}): what was tried, what was lost")
        for line in SUMMARY:
            terminalreporter.write_line(line)
