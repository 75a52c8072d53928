"""`python -m engine.scenario FILE.json`: exit 0 / 1 / 2 and the JSON it prints."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.scenario import merge_patch, mismatches, run

ROOT = Path(__file__).resolve().parents[3]
BASE: dict[str, Any] = {"game": "pirate_chest", "players": 2, "seed": "sc", "options": {"captains": ["kidd", "hook"]}}


def cli(tmp_path: Path, scenario: Any, raw: str | None = None) -> subprocess.CompletedProcess[str]:
    f = tmp_path / "s.json"
    f.write_text(raw if raw is not None else json.dumps(scenario))
    return subprocess.run([sys.executable, "-m", "engine.scenario", str(f)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_a_legal_script_with_a_matching_expectation_exits_0(tmp_path: Path) -> None:
    sc = {**BASE, "patch": {"turn": {"seat": 0}, "rng": {"forced": [4]}},
          "actions": [[0, "roll"], [0, "sail 4 cw"]], "expect": {"turn": {"seat": 0, "moves_left": 0}}}
    done = cli(tmp_path, sc)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) == {"state", "pending", "outcome", "events", "legal"}
    assert out["state"]["players"][0]["position"] == 16    # Kidd's home is Pirate Island, space 12
    assert "Captain Kidd rolls 4 for a move." in out["events"]
    assert out["pending"]["waiting_on"] == [0] and "end" in out["legal"]["0"]


def test_an_illegal_action_exits_1_with_the_engine_message(tmp_path: Path) -> None:
    done = cli(tmp_path, {**BASE, "patch": {"turn": {"seat": 0}}, "actions": [[1, "roll"]]})
    assert done.returncode == 1
    assert "not your move" in done.stderr


def test_a_mismatched_expectation_exits_1_and_names_the_path(tmp_path: Path) -> None:
    done = cli(tmp_path, {**BASE, "expect": {"board_size": 30}})
    assert done.returncode == 1 and "/board_size: expected 30, found 24" in done.stderr


@pytest.mark.parametrize("raw", ["not json", "[1, 2]", json.dumps({**BASE, "colour": "red"}),
                                 json.dumps({**BASE, "players": "two"}), json.dumps({**BASE, "game": "chess"}),
                                 json.dumps({**BASE, "patch": {"players": "nobody"}})])
def test_malformed_files_exit_2(tmp_path: Path, raw: str) -> None:
    done = cli(tmp_path, None, raw)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "malformed" in done.stderr and "Traceback" not in done.stderr


def test_merge_patch_follows_rfc_7386() -> None:
    assert merge_patch({"a": 1, "b": {"c": 2, "d": 3}}, {"b": {"c": None, "e": 4}, "f": [1]}) == \
        {"a": 1, "b": {"d": 3, "e": 4}, "f": [1]}


def test_expect_is_a_subset_match() -> None:
    assert mismatches({"a": {"b": 1, "c": 2}}, {"a": {"b": 1}}) == []
    assert mismatches({"a": 1}, {"b": 1}) == ["/b: missing"]


def test_run_returns_the_same_as_the_cli() -> None:
    code, out, error = run({**BASE, "expect": {"board_size": 24}})
    assert code == 0 and error == "" and out["pending"]["kind"] == "turn"
