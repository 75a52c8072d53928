"""The short game that `make image-check` plays inside the image (tests/e2e/image_game.py),
played here as well so the script the check depends on stays working between image checks."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.image_game import main


def test_the_image_checks_short_game_plays_to_the_end(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(db)]) == 0
    out = capsys.readouterr().out
    assert "finished" in out and db.is_file()
