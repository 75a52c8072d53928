"""Variant 1, the non-fixed turn order, through play: each turn's player is drawn from the seats
still to play the round, so seeded games are played round by round as the seats end their
turns. The pure rule tests (test_turn_order.py) stay beside these."""
from __future__ import annotations

from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import active, do, in_port, no_cards, started


def _two_rounds(seed: str) -> tuple[list[int], list[int]]:
    """The seats in the order they played rounds 1 and 2."""
    s: State = started(3, seed=seed, variant_1=True)
    no_cards(s)
    played: dict[int, list[int]] = {1: [], 2: []}
    while s.round.number <= 2:
        seat = active(s)
        for x in range(3):
            in_port(s, x, "bridgetown")                  # out of every hunt
        if not played[s.round.number] or played[s.round.number][-1] != seat:
            played[s.round.number].append(seat)
        s = do(s, seat, "end")
    return played[1], played[2]


def test_mm_v1_06_last_in_one_round_can_be_first_in_the_next() -> None:
    seen = [_two_rounds(f"bag-{i}") for i in range(12)]
    assert all(sorted(r1) == sorted(r2) == [0, 1, 2] for r1, r2 in seen), "every seat once a round"
    assert any(r1[-1] == r2[0] for r1, r2 in seen), "two turns in a row happen"
    assert len({tuple(r1) for r1, _ in seen}) > 1, "the order is drawn, not fixed"
