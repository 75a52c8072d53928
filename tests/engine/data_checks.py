"""Checks every game's data tests share (data/<game>/*.toml): each file's header says it is
Parley's design, the whole set is loaded once, a broken or missing file is refused, the data and
its document explain their vocabulary and repeat no run of the rulebook's words. Each game's test
calls these with its own files, loader and error; its assertions about its components stay its own."""
from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from pydantic import BaseModel

from tests.engine.help_checks import windows, words

T = TypeVar("T")


def found_in(obj: Any, kind: type[T]) -> list[T]:
    """Every `kind` anywhere inside a model, list or dict (not looking inside a `kind` itself)."""
    if isinstance(obj, kind):
        return [obj]
    if isinstance(obj, dict):
        return [x for v in obj.values() for x in found_in(v, kind)]
    if isinstance(obj, (list, tuple)):
        return [x for v in obj for x in found_in(v, kind)]
    if isinstance(obj, BaseModel):
        return [x for name in type(obj).model_fields for x in found_in(getattr(obj, name), kind)]
    return []


def check_headers_say_our_design(data_dir: Path, files: Iterable[str], phrase: str, lines: int = 3) -> None:
    """DESIGN.md, "Data files": the first `lines` lines of each file's header hold `phrase`."""
    for file in files:
        text = (data_dir / file).read_text(encoding="utf-8")
        header = " ".join(line.lstrip("# ") for line in text.splitlines()[:lines])
        assert phrase in header, file


def check_loaded_once(load: Callable[[], object], loaded: object) -> None:
    """The cached loader gives the set a fresh load gives, and the same object each time."""
    assert load() == loaded
    assert load() is load()


def broken_copy(tmp_path: Path, data_dir: Path, file: str, old: str, new: str, every: bool = False) -> Path:
    """A copy of the data folder with `old` replaced by `new` in `file` (once, or `every` time)."""
    shutil.copytree(data_dir, tmp_path / "data")
    path = tmp_path / "data" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new) if every else text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "data"


def check_missing_file_named(tmp_path: Path, data_dir: Path, file: str,
                             load: Callable[[Path], object], error: type[Exception]) -> Path:
    """Without `file`, the loader refuses the folder with "<file>: missing"; gives the folder."""
    shutil.copytree(data_dir, tmp_path / "data")
    (tmp_path / "data" / file).unlink()
    with pytest.raises(error, match=f"{file}: missing"):
        load(tmp_path / "data")
    return tmp_path / "data"


def check_explained(text: str, names: Iterable[str]) -> None:
    """Every name stands in the document as `name`."""
    for name in names:
        assert f"`{name}`" in text, name


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def check_not_copied(paths: Iterable[Path], source: str, *, n: int = 8, what: str = "the rulebook",
                     text_of: Callable[[Path], str] = read) -> None:
    """No run of `n` words of `source` stands in any of the files (their `text_of`)."""
    runs = windows(words(source), n)
    for path in paths:
        copied = windows(words(text_of(path)), n) & runs
        assert not copied, f"{path.name} repeats {what}: {sorted(' '.join(c) for c in copied)[:3]}"
