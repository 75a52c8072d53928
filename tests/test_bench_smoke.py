"""`python -m bench` prints one JSON object per figure in the agreed shape (not a speed check:
a slow machine may miss a target; then the exit code says so)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
KEYS = {"name", "value", "unit", "floor", "ratio", "target", "ok"}


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120)


def test_quick_engine_benchmark_prints_json_lines() -> None:
    done = bench("--quick", "--only", "engine_actions_per_s")
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["name"] for r in lines] == ["engine_actions_per_s", "playout_games_per_s"], done.stderr
    for r in lines:
        assert set(r) >= KEYS
        assert isinstance(r["value"], (int, float)) and r["value"] > 0
        assert isinstance(r["floor"], (int, float)) and abs(r["ratio"] - r["value"] / r["floor"]) < 0.01
        assert r["target"] == "ratio >= 1" and isinstance(r["ok"], bool)
        assert r["ok"] == (r["ratio"] >= 1)
    assert done.returncode == (0 if all(r["ok"] for r in lines) else 1)


def test_one_figure_of_a_benchmark_and_unknown_names() -> None:
    done = bench("--quick", "--only", "playout_games_per_s")
    assert [json.loads(line)["name"] for line in done.stdout.splitlines()] == ["playout_games_per_s"]
    unknown = bench("--only", "warp_speed")
    assert unknown.returncode == 2 and "warp_speed" in unknown.stderr


def test_one_timelapse_figure_has_its_floor_and_size() -> None:
    done = bench("--quick", "--only", "timelapse_pirate_chest_s", "--only", "timelapse_pirate_chest_kib")
    lines = {r["name"]: r for r in (json.loads(line) for line in done.stdout.splitlines())}
    assert set(lines) == {"timelapse_pirate_chest_s", "timelapse_pirate_chest_kib"}, done.stderr
    seconds, size = lines["timelapse_pirate_chest_s"], lines["timelapse_pirate_chest_kib"]
    # the figure's shape, not its speed: the ratio is the value over the floor measured beside it
    assert seconds["floor"] > 0 and seconds["detail"]["frames"] >= 2
    assert abs(seconds["ratio"] - seconds["value"] / seconds["floor"]) <= 0.01 * seconds["ratio"] + 0.01
    assert 0 < size["value"] <= 5120 and size["unit"] == "KiB"
