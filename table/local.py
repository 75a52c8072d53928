"""The local terminal table: play a game at the terminal with bots, no Discord needed.

`python bot.py --local [--game ID] --players 4 --bots 3 [--seed S] [--options JSON]`
Without --game: the only registered game, or a numbered list to choose from at the terminal.
The human seats pick from numbered options (or type a notation); boards go to ./out/ as PNGs.
With as many bots as players, a whole game plays itself and the outcome is the last line (JSON).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from engine.core import all_games, get_game
from store import GameRecord, OutboxRow, Store, StoreError
from table.rendering import board_png_async, hand_png_async, private_text
from table.service import TableService

HUMAN_ID_BASE = 1000   # local human seats get these user ids


class LocalNotifier:
    """Prints public events, private events of human seats, and writes board images."""

    def __init__(self, out: Path, humans: set[int], stream: TextIO) -> None:
        self.out, self.humans, self.stream = out, humans, stream

    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        if item.kind == "board":
            for text in item.payload.get("events", []):
                print(f"  {text}", file=self.stream)
        elif item.kind == "private" and item.seat in self.humans:
            for text in item.payload.get("events", []):
                print(f"  (private) {text}", file=self.stream)


async def write_images(out: Path, game_id: int, game_type: str, svc: TableService, seats: set[int]) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    board = out / f"game-{game_id}-board.png"
    board.write_bytes(await board_png_async(game_type, await svc.view(game_id, None)))
    paths = [board]
    for seat in sorted(seats):
        hand = out / f"game-{game_id}-hand-seat{seat + 1}.png"
        hand.write_bytes(await hand_png_async(game_type, await svc.view(game_id, seat)))
        paths.append(hand)
    return paths


def _read_line(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


async def _human_turn(svc: TableService, game_id: int, seat: int, args: argparse.Namespace) -> bool:
    """Ask the human seat for one decision. Returns False when the player quits."""
    record, s = await svc.load(game_id)
    game = get_game(record.game_type)
    paths = await write_images(args.out, game_id, record.game_type, svc, {seat})
    pending = game.pending(s)
    options = await svc.legal(game_id, seat)
    hand = private_text(record.game_type, await svc.view(game_id, seat)).replace("**", "")
    print(f"\n{hand}\nSeat {seat + 1}, {pending.prompt if pending else ''} — board: {paths[0]}, your hand: {paths[1]}")
    for i, text in enumerate(options, 1):
        print(f"  {i:>2}. {text}")
    line = await asyncio.to_thread(_read_line, "Your choice (number, notation, 'undo' or 'quit'): ")
    if line is None or line.strip().lower() == "quit":
        return False
    choice = line.strip()
    try:
        if choice.lower() == "undo":
            await svc.undo(game_id, seat)
        else:
            notation = options[int(choice) - 1] if choice.isdigit() and 0 < int(choice) <= len(options) else choice
            await svc.act(game_id, seat, notation)
    except (ValueError, StoreError) as e:
        print(f"  ✗ {e}")
    return True


async def play(args: argparse.Namespace, stream: TextIO = sys.stdout) -> int:
    humans = set(range(args.players - args.bots))
    async with await Store.open(args.db) as store:
        svc = TableService(store, LocalNotifier(args.out, humans, stream))
        game_id = await svc.create(args.game, args.players, args.options or {}, seed=args.seed)
        for seat in range(args.players):
            if seat in humans:
                await svc.join(game_id, HUMAN_ID_BASE + seat, f"Player {seat + 1}")
            else:
                await svc.add_bot(game_id, "greedy")
        await svc.start(game_id)
        while True:
            await svc.run_bots(game_id)
            await svc.flush_outbox(limit=10_000)
            record, s = await svc.load(game_id)
            game = get_game(record.game_type)
            outcome = game.outcome(s)
            if outcome is not None:
                await write_images(args.out, game_id, record.game_type, svc, set())
                view = game.view(s, None)
                turns = getattr(view, "turn_number", len(await store.log(game_id)))
                print(json.dumps({"winners": outcome.winners, "scores": outcome.scores, "turns": turns}), file=stream)
                return 0
            pending = game.pending(s)
            human = next((w for w in pending.waiting_on if w in humans), None) if pending else None
            if human is None or not await _human_turn(svc, game_id, human, args):
                print(f"Game {game_id} is saved in {args.db}.", file=stream)
                return 0


def game_list() -> str:
    return "\n".join(f"  {i}. {g.title} (--game {g.id}, {g.min_players}–{g.max_players} players)"
                     for i, g in enumerate(all_games(), 1))


def choose_game(args: argparse.Namespace, ask: Any = None) -> str | None:
    """--game, else the only game there is, else the player picks one by number at the terminal."""
    if args.game is not None:
        return str(get_game(args.game).id)
    games = all_games()
    if len(games) == 1:
        return str(games[0].id)
    interactive = ask is not None or (sys.stdin is not None and sys.stdin.isatty())
    if not interactive:
        print(f"Choose a game with --game:\n{game_list()}", file=sys.stderr)
        return None
    print(f"Which game?\n{game_list()}")
    line = (ask or _read_line)("Game number: ")
    if line is None or not line.strip().isdigit() or not 0 < int(line) <= len(games):
        print("No game chosen.", file=sys.stderr)
        return None
    return str(games[int(line) - 1].id)


def run_local(args: argparse.Namespace) -> int:
    if getattr(args, "list_games", False):
        print(game_list())
        return 0
    try:
        game_id = choose_game(args)
    except KeyError as e:
        print(e.args[0], file=sys.stderr)
        return 2
    if game_id is None:
        return 2
    args.game = game_id
    Path(args.db).parent.mkdir(parents=True, exist_ok=True)   # --db in a folder not made yet
    if not 0 <= args.bots <= args.players:
        print("--bots must be between 0 and --players.", file=sys.stderr)
        return 2
    try:
        return asyncio.run(play(args))
    except (ValueError, StoreError) as e:
        print(f"Cannot start the game: {e}", file=sys.stderr)
        return 2
