"""The rulebooks and rule inventories live in ../shared/, beside the repository, not in it."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


def shared_text(*parts: str) -> str:
    """The text of a file under shared/. CI always lays shared/ beside the clone, so there a
    missing file fails the test; on a checkout without shared/ the test is skipped, saying why."""
    path = SHARED.joinpath(*parts)
    if not path.is_file():
        message = f"{path} is missing: shared/ must sit beside the repository"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path.read_text(encoding="utf-8")
