"""table/history.py: what of the action log the public may see, during play and after the end."""
from __future__ import annotations

from store import AUTO_PREFIX, ActionRow
from table.history import public_actions


def row(seq: int, seat: int, notation: str, hidden: bool | None, *, undone: bool = False,
        auto: bool = False) -> ActionRow:
    return ActionRow(seq, seat, notation, f"{AUTO_PREFIX}bot:1:{seq}" if auto else None, 0.0, undone,
                     None, hidden, "c" if hidden else None, "n" if hidden else None)


LOG = [row(1, 0, "roll", False), row(2, 0, "bid 3", True), row(3, 1, "bid 1", True, auto=True),
       row(4, 1, "sail 2", False), row(5, 2, "oops", False, undone=True), row(6, 2, "level x", True),
       row(7, 0, "old", None)]


def test_during_play_each_run_of_hidden_decisions_is_one_sealed_entry_without_seat_or_notation() -> None:
    shown = [a.as_json() for a in public_actions(LOG, over=False)]
    assert shown == [{"seq": 1, "seat": 0, "notation": "roll", "automatic": False},
                     {"seq": 2, "sealed": True},
                     {"seq": 4, "seat": 1, "notation": "sail 2", "automatic": False},
                     {"seq": 6, "sealed": True}]   # a row from before 0004 (hidden None) counts as hidden
    assert "bid" not in repr(shown) and "level" not in repr(shown)


def test_after_the_end_every_live_decision_shows_in_order() -> None:
    shown = public_actions(LOG, over=True)
    assert [(a.seq, a.seat, a.notation) for a in shown] == [
        (1, 0, "roll"), (2, 0, "bid 3"), (3, 1, "bid 1"), (4, 1, "sail 2"), (6, 2, "level x"), (7, 0, "old")]
    assert [a.automatic for a in shown] == [False, False, True, False, False, False]
    assert not any(a.sealed for a in shown)
