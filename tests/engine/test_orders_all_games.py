"""Standing orders of every registered game (engine/core/orders.py): well formed, and in seeded
playouts every order's answer, wherever its prompt comes up, is one of the legal actions."""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine.core import Setup, act, all_games, setup_state
from engine.core.orders import NO_ORDERS, order_answer, order_book
from tests.engine.help_checks import copied, rule_windows
from tests.shared_docs import shared_files

GAMES = all_games()
STEPS = 800   # decisions of one playout: enough for each game's first fights and end-of-stage choices


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_orders_are_well_formed(game: Any) -> None:
    book = order_book(game)
    ids = [o.id for o in book.orders]
    assert not ids or 2 <= len(ids) <= 5, "a game that offers orders offers 2 to 5"
    assert len(set(ids)) == len(ids)
    for o in book.orders:
        assert re.fullmatch(r"[a-z0-9-]{1,32}", o.id), o.id   # no ':' (it goes in an interaction id)
        assert 0 < len(o.label) <= 100 and o.prompts


def test_a_game_without_the_hook_offers_none() -> None:
    no_hook: Any = object()
    assert order_book(no_hook) is NO_ORDERS


@pytest.mark.parametrize("g", GAMES, ids=lambda g: g.id)
def test_every_order_answers_only_with_a_legal_action(g: Any) -> None:
    book = order_book(g)
    everything = [o.id for o in book.orders]
    if not everything:
        return   # a game without orders (a toy game) has nothing to check
    answered = 0
    for seed in range(1):
        s = setup_state(g, Setup(game=g.id, players=3, seed=f"all-orders-{seed}"))
        bots = [g.policies["greedy"](f"{seed}-{i}") for i in range(3)]
        rand = random.Random(seed)
        for _ in range(STEPS):
            pending = g.pending(s)
            if pending is None:
                break
            for seat in range(3):
                for order_id in everything:
                    hit = order_answer(g, s, seat, [order_id])
                    if hit is not None:
                        assert hit[1] in g.legal_actions(s, seat)
                        answered += 1
            seat = rand.choice(pending.waiting_on)
            s = act(g, s, seat, bots[seat].choose(g, s, seat)).state
    assert answered, f"{g.id}: no order answered anything in {STEPS} decisions"


def test_no_order_text_repeats_a_rulebook() -> None:
    """Labels, the /orders help and the docs section are in our own words (8-word runs)."""
    from cogs.orders import ABOUT
    from cogs.settings import HELP
    rulebooks = rule_windows(*shared_files("rules"))
    docs = (Path(__file__).resolve().parents[2] / "docs" / "trust-and-history.md").read_text(encoding="utf-8").partition("## Standing orders")[2]
    labels = "\n".join(o.label for g in GAMES for o in order_book(g).orders)
    for text in (labels, ABOUT, HELP, docs):
        assert not copied(text, rulebooks), copied(text, rulebooks)

