"""What to tell whom after a commit: outbox items built from a transition, read by notifiers.

Kinds: `board` (public post to the game thread: public events, who is waiting), `private`
(one seat's private events), `prompt` (a seat now has a decision to make), `final` (outcome),
`replay` (the timelapse, at the end). A follower's `digest` is queued by store.followers, a
missed deadline's notice (`deadline`) by table/deadlines.py.
"""
from __future__ import annotations

from dataclasses import replace

from engine.core import Event, Outcome, Pending
from store import THREAD, OutboxItem, OutboxKind, OutboxRow, seat_target

NOTICE: OutboxKind = "deadline"   # a missed deadline's notice (table/deadlines.py)


class Unreachable(Exception):
    """Raised by a notifier when the game's thread cannot be written to and trying again will
    not help (deleted, locked, the bot's access or rights taken away): the game is stalled
    until it is re-homed. `reason` says what happened, in words a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def items_after(version: int, events: list[Event], pending: Pending | None, was_waiting: tuple[int, ...],
                outcome: Outcome | None, players: int, was: Pending | None = None,
                side: dict[int, str] | None = None, was_side: dict[int, str] | None = None) -> list[OutboxItem]:
    """`was` is what the game waited on before the decision: a seat is told it has a decision
    when it is newly waited on, and also when a sealed choice opens for it while it was already
    deciding something else (the player who ends a turn with a blind bid gets its bid DM too),
    or when the next round of the same sealed choice opens: the seats deciding one only shrink, so
    a seat that had locked in and is waited on again means a new round, and the seat whose answer
    closed the last one is told of it too (each round of combat orders is its own sealed choice).
    `side` are the side decisions now open (engine.core.runner.side_decisions), `was_side` those
    open before: a seat is told of a new one unless it is being waited on anyway."""
    public = [e.text for e in events if e.visible(None)]
    waiting = list(pending.waiting_on) if pending else []
    items = [OutboxItem(kind="board", target=THREAD, payload={
        "version": version, "events": public, "waiting_on": waiting, "handover": tuple(waiting) != tuple(was_waiting),
        "prompt": pending.prompt if pending else "", "pending_kind": pending.kind if pending else ""})]
    for seat in range(players):
        private = [e.text for e in events if e.visible_to is not None and e.visible(seat)]
        if private:
            items.append(OutboxItem(kind="private", target=seat_target(seat), payload={"version": version, "events": private}))
    sealed_opens = pending is not None and pending.kind == "simultaneous" and (
        was is None or (was.kind, was.prompt) != (pending.kind, pending.prompt)
        or not set(pending.waiting_on) <= set(was.waiting_on))   # the next round of the same choice
    for seat in waiting:
        if seat not in was_waiting or sealed_opens:   # only seats with a new decision are notified
            items.append(OutboxItem(kind="prompt", target=seat_target(seat),
                                    payload={"version": version, "prompt": pending.prompt if pending else ""}))
    for seat, prompt in (side or {}).items():
        if seat not in (was_side or {}) and seat not in waiting:
            items.append(OutboxItem(kind="prompt", target=seat_target(seat), payload={"version": version, "prompt": prompt}))
    if outcome is not None:
        items.append(OutboxItem(kind="final", target=THREAD, payload=outcome.model_dump(mode="json")))
        items.append(OutboxItem(kind="replay", target=THREAD))   # the timelapse, once, after the result
    return items


def merge_boards(rows: list[OutboxRow]) -> OutboxRow:
    """Several board rows as one: the latest, carrying every event of them all in order, and a
    hand-over if any of them was one (then the thread gets a new post, which pings)."""
    events = [e for r in rows for e in r.payload.get("events", [])]
    handover = any(r.payload.get("handover", True) for r in rows)
    return replace(rows[-1], payload={**rows[-1].payload, "events": events, "handover": handover})


def batches_to_send(rows: list[OutboxRow]) -> list[list[OutboxRow]]:
    """A game's unsent rows as deliveries, in order: a deadline's notice to the thread that
    comes before them, the boards as one post, then the other rows. Rows claimed by an earlier try go again exactly as they were grouped then (the
    same message under the same nonce, so a resend after a crash is dropped by Discord), even
    if newer rows would now fold them differently."""
    tried: dict[int, list[OutboxRow]] = {}
    for row in rows:
        if row.batch is not None:
            tried.setdefault(row.batch, []).append(row)
    again = [tried[key] for key in sorted(tried)]
    fresh = [r for r in rows if r.batch is None]
    boards = next((b for b in again if b[0].kind == "board"), None) \
        or [r for r in fresh if r.kind == "board"]   # a post tried before goes alone
    ahead = notices_ahead(fresh)
    news = [b for b in again if b[0].kind != "board"]
    rest = [r for r in fresh if r.kind != "board" and r.id not in {a.id for a in ahead}]
    return [[r] for r in ahead] + ([boards] if boards else []) + news + fold_news(rest)


def notices_ahead(fresh: list[OutboxRow]) -> list[OutboxRow]:
    """A missed deadline's notices to the thread committed before the first board post: they go
    before it, since the post shows what they explain ("the table played … for them", then the
    board with that move; "a bot plays their seat", then the bot's moves)."""
    first_board = next((r.id for r in fresh if r.kind == "board"), None)
    return [r for r in fresh if r.kind == NOTICE and r.seat is None and first_board is not None and r.id < first_board]


def fold_news(rows: list[OutboxRow]) -> list[list[OutboxRow]]:
    """Non-board rows as delivery batches: a seat's private rows that come before its next
    prompt ride in that prompt's DM (a card drawn at the start of a turn comes with 'your
    move', not as a DM of its own); other rows go alone, in order."""
    batches: list[list[OutboxRow]] = []
    waiting: dict[int, list[OutboxRow]] = {}
    for row in rows:
        seat = row.seat
        if row.kind == "private" and seat is not None and any(
                r.kind == "prompt" and r.seat == seat and r.id > row.id for r in rows):
            waiting.setdefault(seat, []).append(row)
        elif row.kind == "prompt" and seat is not None and seat in waiting:
            batches.append([*waiting.pop(seat), row])
        else:
            batches.append([row])
    return batches


def merge_news(rows: list[OutboxRow]) -> OutboxRow:
    """A prompt carrying the private events of the rows before it, as `news`."""
    news = [e for r in rows[:-1] for e in r.payload.get("events", [])]
    return replace(rows[-1], payload={**rows[-1].payload, "news": [*rows[-1].payload.get("news", []), *news]})
