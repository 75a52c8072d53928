"""Suite-wide setup: the toy game of tests/engine/toy_treasure/ joins the registered games
(engine.core.registry reads PARLEY_GAMES), to prove that a game is one folder."""
from __future__ import annotations

import os

import pytest

from engine.core.registry import EXTRA_GAMES_ENV

TOY_GAME = "tests.engine.toy_treasure"
_extra = [p for p in os.environ.get(EXTRA_GAMES_ENV, "").split(",") if p]
if TOY_GAME not in _extra:
    os.environ[EXTRA_GAMES_ENV] = ",".join([*_extra, TOY_GAME])

from tests.pg import backend, pg_cluster, pg_url  # noqa: E402,F401  (fixtures: SQLite and PostgreSQL)

# The longest tests start first, so parallel workers are not left waiting on one of them at the
# end (the longest test bounds the wall time): whole games on the loopback Discord, the crash
# test, then the conformance playouts. Matched by name, longest first; the rest keep their order.
SLOW_FIRST = ("a_whole_game_with", "test_kill_9_during_play", "test_many_seeded_playouts",
              "test_every_step_keeps_the_contract", "test_many_games_through_flaky_discord")


def _slowness(item: pytest.Item) -> int:
    return next((i for i, name in enumerate(SLOW_FIRST) if name in item.nodeid), len(SLOW_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_slowness)
