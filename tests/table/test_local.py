"""The local terminal table, run as a player would: `python bot.py --local ...`."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def run_table(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--local", "--db", str(tmp_path / "t.db"), "--out", str(tmp_path / "out"),
         *args], input=stdin, capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)


def test_four_bots_finish_a_game_and_print_the_outcome_last(tmp_path: Path) -> None:
    done = run_table(tmp_path, "--game", "pirate_chest", "--players", "4", "--bots", "4", "--seed", "local-1")
    assert done.returncode == 0, done.stderr
    outcome = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(outcome) == {"winners", "scores", "turns"}
    assert len(outcome["winners"]) == 1 and outcome["turns"] > 1
    assert outcome["scores"][str(outcome["winners"][0])] == 1
    assert "brings the Dead Man's Chest home" in done.stdout
    with Image.open(tmp_path / "out" / "game-1-board.png") as img:
        assert img.width >= 1200


def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    runs = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        runs.append(run_table(tmp_path / name, "--game", "pirate_chest", "--players", "3", "--bots", "3", "--seed", "same"))
    assert runs[0].returncode == 0 and played(runs[0].stdout) == played(runs[1].stdout)
    assert "Seed commitment" in runs[0].stdout


def played(stdout: str) -> list[str]:
    """The lines of a run but its seed commitment, which hashes a fresh random salt each game."""
    return [line for line in stdout.splitlines() if "Seed commitment" not in line]


def test_variants_play_through(tmp_path: Path) -> None:
    done = run_table(tmp_path, "--game", "pirate_chest", "--players", "6", "--bots", "6", "--seed", "v", "--options",
                     '{"voodoo_doll": true, "larger_board": true}')
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1])["winners"]


def test_a_human_seat_chooses_from_numbered_options_and_can_quit(tmp_path: Path) -> None:
    done = run_table(tmp_path, "--game", "pirate_chest", "--players", "2", "--bots", "1", "--seed", "human", stdin="banana\n1\n1\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "1. captain sparrow" in done.stdout          # the captain draft opens the game
    assert "I don't understand 'banana'" in done.stdout  # bad input: a clear message, nothing changes
    assert "Seat 1 takes Jack Sparrow." in done.stdout
    assert "Your hand (" in done.stdout                  # the human sees the hand as text, privately
    assert "is saved in" in done.stdout
    assert (tmp_path / "out" / "game-1-board.png").exists()
    assert (tmp_path / "out" / "game-1-hand-seat1.png").exists()


def test_an_unknown_game_is_refused(tmp_path: Path) -> None:
    done = run_table(tmp_path, "--game", "chess", "--players", "2", "--bots", "2")
    assert done.returncode == 2 and "Unknown game" in done.stderr


def test_without_a_game_the_table_lists_the_games_to_choose_from(tmp_path: Path) -> None:
    done = run_table(tmp_path, "--players", "2", "--bots", "2")
    assert done.returncode == 2
    assert "Choose a game with --game" in done.stderr and "--game pirate_chest" in done.stderr
    assert "--game toy_treasure" in done.stderr          # every registered game is offered


def test_a_player_at_the_terminal_picks_the_game_by_number() -> None:
    import argparse

    from engine.core import all_games
    from table.local import choose_game
    games = [g.id for g in all_games()]
    args = argparse.Namespace(game=None)
    assert choose_game(args, ask=lambda prompt: "2") == games[1]
    assert choose_game(args, ask=lambda prompt: "9") is None
    assert choose_game(argparse.Namespace(game="pirate_chest"), ask=lambda prompt: "1") == "pirate_chest"


def test_a_database_in_a_folder_not_made_yet_is_made(tmp_path: Path) -> None:
    db = tmp_path / "new" / "folder" / "t.db"
    done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--local", "--game", "pirate_chest", "--db", str(db),
                           "--out", str(tmp_path / "out"), "--players", "2", "--bots", "2", "--seed", "dir"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert db.is_file()
