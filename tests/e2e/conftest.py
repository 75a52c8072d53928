"""End-to-end fixtures.

`db` is a fresh SQLite file per test, in a RAM-backed folder when the machine has one: the bot
commits every decision with `synchronous=FULL`, and a whole game is thousands of commits, each
an fsync of a few milliseconds on a real disk. Durability on disk is what tests/store checks
(crash test included); here it would only make the games slower.
"""
from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

RAM = Path("/dev/shm")


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Path]:
    if not (RAM.is_dir() and shutil.disk_usage(RAM).free > 256 * 1024 * 1024):
        yield tmp_path / "parley.db"
        return
    folder = Path(tempfile.mkdtemp(prefix="parley-e2e-", dir=RAM))
    try:
        yield folder / "parley.db"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
