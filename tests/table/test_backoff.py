"""table/backoff.py: when a failed delivery is tried again."""
from __future__ import annotations

from table.backoff import BASE, CAP, retry_delay


def test_the_first_failure_retries_at_once_then_waits_double_with_jitter_up_to_the_cap() -> None:
    assert retry_delay(7, 1) == 0.0
    for failures in range(2, 30):
        window = min(CAP, BASE * 2 ** (failures - 2))
        assert window / 2 <= retry_delay(7, failures) <= window
    assert retry_delay(7, 40) <= CAP
    assert retry_delay(7, 12) > retry_delay(7, 2)


def test_the_jitter_is_the_same_for_the_same_failure_and_spreads_games_that_failed_together() -> None:
    assert [retry_delay(g, 5) for g in range(50)] == [retry_delay(g, 5) for g in range(50)]
    spread = {round(retry_delay(g, 5), 3) for g in range(50)}
    assert len(spread) > 40   # 50 games that failed at once do not all come back at one instant
    assert min(spread) < BASE * 8 * 0.6 and max(spread) > BASE * 8 * 0.9
