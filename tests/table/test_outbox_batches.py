"""How a game's unsent rows become deliveries (table.outbox.batches_to_send): fresh rows fold
as before (the boards as one post, a seat's private rows into its next prompt), and rows an
earlier try claimed go again exactly as they were grouped then, so that a resend after a
crash is the same message under the same nonce (dropped by Discord), never a new one."""
from __future__ import annotations

from store import THREAD, OutboxRow, seat_target
from table.outbox import batches_to_send


def row(i: int, kind: str, target: str, batch: int | None = None) -> OutboxRow:
    return OutboxRow(i, 1, i, kind, target, {"events": [f"e{i}"]}, 0.0, None, 0, None, batch)  # type: ignore[arg-type]


def ids(batches: list[list[OutboxRow]]) -> list[list[int]]:
    return [[r.id for r in b] for b in batches]


def test_fresh_rows_fold_the_boards_into_one_post_and_news_into_the_next_prompt() -> None:
    rows = [row(1, "board", THREAD), row(2, "private", seat_target(0)), row(3, "board", THREAD),
            row(4, "prompt", seat_target(1)), row(5, "prompt", seat_target(0))]
    assert ids(batches_to_send(rows)) == [[1, 3], [4], [2, 5]]


def test_a_private_row_tried_alone_goes_alone_again_though_a_prompt_came_since() -> None:
    """The crash the fault suite once caught: a DM of news was sent, the process died before
    marking it sent, and a 'your move' for the same seat was committed; the news must not ride
    in that prompt's DM too (the player would read it twice)."""
    rows = [row(2, "private", seat_target(0), batch=2), row(5, "prompt", seat_target(0))]
    assert ids(batches_to_send(rows)) == [[2], [5]]
    fresh = [row(2, "private", seat_target(0)), row(5, "prompt", seat_target(0))]
    assert ids(batches_to_send(fresh)) == [[2, 5]]


def test_a_board_post_tried_before_goes_again_alone_and_newer_boards_wait() -> None:
    rows = [row(1, "board", THREAD, batch=3), row(3, "board", THREAD, batch=3), row(6, "board", THREAD),
            row(7, "private", seat_target(1), batch=9), row(9, "prompt", seat_target(1), batch=9),
            row(10, "prompt", seat_target(2))]
    assert ids(batches_to_send(rows)) == [[1, 3], [7, 9], [10]]


def test_a_deadline_notice_to_the_thread_goes_before_the_board_post_it_explains() -> None:
    """The notice rows are committed ahead of the move's rows (table/deadlines.py); the seat's
    copy goes with the other DMs, and a notice committed after the board waits its turn."""
    rows = [row(1, "deadline", THREAD), row(2, "deadline", seat_target(0)), row(3, "board", THREAD),
            row(4, "prompt", seat_target(1)), row(5, "deadline", THREAD)]
    assert ids(batches_to_send(rows)) == [[1], [3], [2], [4], [5]]
    assert ids(batches_to_send(rows[:2])) == [[1], [2]]   # no board: in order
