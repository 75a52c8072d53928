"""A game is its own folders (DESIGN.md): outside them, nothing names a game, and nothing that
speaks to a player reads a transition's raw events."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from engine.core import all_games

REPO = Path(__file__).resolve().parent.parent
# Where a game's id may appear: its own folders, the tests, the docs and the README.
ALLOWED = ("engine/{g}/", "data/{g}/", "render/{g}/", "tests/", "docs/", "README.md")
GAME_IDS = sorted(g.id for g in all_games() if (REPO / "engine" / g.id).is_dir())


def tracked_and_new_files() -> list[str]:
    done = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                          capture_output=True, text=True, check=True)
    return [f for f in done.stdout.splitlines() if (REPO / f).is_file()]


def mentions(name: str) -> list[str]:
    found = []
    for rel in tracked_and_new_files():
        if any(rel.startswith(a.format(g=name)) or rel == a for a in ALLOWED):
            continue
        try:
            text = (REPO / rel).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found += [f"{rel}:{n}" for n, line in enumerate(text.splitlines(), 1) if name in line]
    return found


def test_there_are_games_to_check() -> None:
    assert GAME_IDS, "no game package under engine/"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_shared_file_names_the_game(game_id: str) -> None:
    found = mentions(game_id)
    assert not found, f"'{game_id}' is named outside its own folders:\n" + "\n".join(found)


def test_the_check_sees_a_name_in_a_shared_file(tmp_path: Path) -> None:
    probe = REPO / "cogs" / "_probe_name_check.py"
    probe.write_text('GAME = "zz_probe_game"\n', encoding="utf-8")
    try:
        assert mentions("zz_probe_game") == ["cogs/_probe_name_check.py:1"]
    finally:
        probe.unlink()


RAW_EVENTS = re.compile(r"\.all_events\b(?!\s*[,)])|\.visible_to\b|\.events\[")


def test_no_cog_picks_an_event_itself() -> None:
    """Replies, panels and DMs get their events through table.seen.seen_by (the viewer's own),
    so no cog indexes a transition's events or reads an event's audience."""
    found = []
    for path in sorted((REPO / "cogs").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if RAW_EVENTS.search(line):
                found.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)
