"""The rulebooks and rule inventories live in ../shared/, beside the repository, not in it."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


def _missing(path: Path) -> None:
    """CI always lays shared/ beside the clone, so there a missing file fails the test; on a
    checkout without shared/ the test is skipped, saying why."""
    message = f"{path} is missing: shared/ must sit beside the repository"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def shared_text(*parts: str) -> str:
    """The text of a file under shared/ (skipped or failed when it is missing, see _missing)."""
    path = SHARED.joinpath(*parts)
    if not path.is_file():
        _missing(path)
    return path.read_text(encoding="utf-8")


def shared_files(*parts: str) -> list[str]:
    """The names of the files in a folder under shared/, sorted (skipped or failed when the
    folder is missing or empty, see _missing)."""
    folder = SHARED.joinpath(*parts)
    names = sorted(p.name for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []
    if not names:
        _missing(folder)
    return names
