"""Suite-wide setup: the toy game of tests/engine/toy_treasure/ joins the registered games
(engine.core.registry reads PARLEY_GAMES), to prove that a game is one folder."""
from __future__ import annotations

import os

from engine.core.registry import EXTRA_GAMES_ENV

TOY_GAME = "tests.engine.toy_treasure"
_extra = [p for p in os.environ.get(EXTRA_GAMES_ENV, "").split(",") if p]
if TOY_GAME not in _extra:
    os.environ[EXTRA_GAMES_ENV] = ",".join([*_extra, TOY_GAME])

from tests.pg import backend, pg_cluster, pg_url  # noqa: E402,F401  (fixtures: SQLite and PostgreSQL)
