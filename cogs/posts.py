"""The words of Parley's messages: the thread's board post, the "your move" DM, a missed
deadline's notice, the final result. Built from public views and the events a reader may see (cogs.describe, table.seen)."""
from __future__ import annotations

from typing import Any

from cogs.common import title_of
from cogs.describe import public_text, seat_label, waiting_text
from engine.core import Outcome, get_game
from store import GameRecord

BOARD_EVENTS = 8      # events a board post shows; the rest are in /log
DIGEST_LINES = 25     # lines of "since your last move" in a DM; the rest are counted, never dropped



NEW_HERE = "New here? **/rules** explains the game topic by topic, and **/help** lists the commands."

def when(unix: float) -> str:
    """A Discord timestamp: each reader sees it in their own time zone, e.g. 'in 3 hours'."""
    return f"<t:{int(unix)}:R>"


def headline(record: GameRecord, state: Any, *, mention: bool) -> str:
    """The first line of a board post: whose move it is, pinging them, or that the game is over."""
    game = get_game(record.game_type)
    pending = game.pending(state)
    if pending is None:
        return f"**{title_of(record)} has ended** — the result follows."
    who = [f"{seat_label(record, w, mention=mention)} ({game.seat_name(state, w)})" for w in pending.waiting_on]
    if pending.kind == "simultaneous":
        return f"{', '.join(who)} — your sealed choice{'s' if len(who) > 1 else ''}: {pending.prompt}"
    return f"{who[0]} — your move: {pending.prompt}"


def last_lines(lines: list[str], n: int, where: str) -> str:
    """The last `n` lines, saying how many came before (never cut silently)."""
    shown = lines[-n:]
    earlier = len(lines) - len(shown)
    return "\n".join(([f"…{earlier} earlier {'line' if earlier == 1 else 'lines'} in {where}"] if earlier else []) + shown)


def board_post(record: GameRecord, state: Any, events: list[str], due: float | None) -> str:
    lines = [headline(record, state, mention=True)]
    if due is not None and get_game(record.game_type).pending(state) is not None:
        lines.append(f"⏳ Move due {when(due)}")
    if events:
        lines += ["", last_lines(events, BOARD_EVENTS, "/log")]
    lines += ["", public_text(record, state)]
    return "\n".join(lines)


def your_move(record: GameRecord, prompt: str, digest: list[str], news: list[str], private: str,
              due: float | None, forced_for_you: int = 0, orders: str = "") -> str:
    thread = f"<#{record.thread_id}>" if record.thread_id else title_of(record)
    parts = [f"⏰ **Your move** in {thread}: {prompt}."]
    if due is not None:
        parts.append(f"⏳ Due {when(due)} (`/settings away` pauses it while you are away).")
    if digest:
        parts.append("**Since your last move:**\n" + last_lines(digest, DIGEST_LINES, "/log"))
    if news:
        parts.append("**Just for you:**\n" + "\n".join(news))
    if forced_for_you:
        moves = "1 move with a single option was" if forced_for_you == 1 else f"{forced_for_you} moves with a single option were"
        parts.append(f"({moves} played for you; `/settings autoplay:off` to choose them yourself.)")
    parts += [orders, private]
    return "\n\n".join(p for p in parts if p)


def final_result(record: GameRecord, state: Any, outcome: Outcome, *, mention: bool) -> str:
    game = get_game(record.game_type)
    lines = [f"🏁 **{title_of(record)} is over** — {outcome.reason or 'final scores'}"]
    for seat, score in sorted(outcome.scores.items(), key=lambda kv: -kv[1]):
        parts = ", ".join(f"{outcome.categories.get(k, k.replace('_', ' '))} {v}"
                          for k, v in outcome.breakdown.get(seat, {}).items())
        crown = "👑 " if seat in outcome.winners else ""
        lines.append(f"{crown}{seat_label(record, seat, mention=mention)} ({game.seat_name(state, seat)}): "
                     f"**{score}**" + (f" — {parts}" if parts else ""))
    return "\n".join(lines)


def winners_line(record: GameRecord, state: Any, outcome: Outcome) -> str:
    game = get_game(record.game_type)
    names = [f"{seat_label(record, w)} ({game.seat_name(state, w)})" for w in outcome.winners]
    return f"Won by {', '.join(names)}." if names else "No winner."


def deadline_notice(record: GameRecord, state: Any, firing: dict[str, Any], *, to_player: bool) -> str:
    """What a missed deadline did (table/deadlines.py), for the thread or for the player's DM.
    A sealed choice played for the seat is named only to its player."""
    seat, user = int(firing["seat"]), int(firing["user"])
    who = f"<@{user}> ({get_game(record.game_type).seat_name(state, seat)})"
    if "move" in firing:
        if to_player:
            return (f"⏳ Your time to move ran out in **{title_of(record)}**, so the table played "
                    f"**{firing['move']}** for you.")
        shown = "their sealed choice" if firing.get("sealed") else f"**{firing['move']}**"
        return f"⏳ {who}'s time to move ran out, so the table played {shown} for them."
    if firing.get("stand_in"):
        if to_player:
            return (f"⏳ Your time to move ran out in **{title_of(record)}**: a bot plays your seat until you are "
                    "back (any move, panel or /hand of yours takes it back).")
        return (f"⏳ {who}'s time to move ran out: a bot plays their seat until they are back "
                "(any move, panel or /hand of theirs takes it back).")
    return f"⏳ {who}, your time to move has run out. Please play when you can: {waiting_text(record, state)}"
