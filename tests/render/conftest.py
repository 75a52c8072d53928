"""Fixtures the render tests share."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import render.common as common


@contextmanager
def without_system_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As in the slim Docker image: no DejaVu, so Pillow's bundled font is used."""
    monkeypatch.setattr(common, "FONT_DIRS", ())
    common._font_file.cache_clear()
    common.font.cache_clear()
    try:
        yield
    finally:
        monkeypatch.undo()
        common._font_file.cache_clear()
        common.font.cache_clear()


@pytest.fixture
def no_system_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with without_system_fonts(monkeypatch):
        yield
