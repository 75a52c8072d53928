"""The table service: create/join/start/act/undo, and the act → commit → notify pipeline.

Every change goes: load (cached) → engine → one store transaction (log row, snapshot,
outbox rows) → after commit, the outbox is delivered by a `Notifier`. Both front ends (Discord
and the local terminal table) call this service; nothing here knows about Discord.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from engine.core import (
    Event,
    Outcome,
    Pending,
    Setup,
    act_text,
    get_game,
    legal_notations,
    setup_state,
    side_decisions,
    undo,
)
from engine.core.fair import choice_commitment, hidden_decision
from engine.core.game import Game
from engine.core.policy import get_policy, policy_names
from store import AUTO_PREFIX, GameRecord, OutboxItem, OutboxRow, Store
from store.errors import BOARD_CHANGED, GameStatusError, StaleStateError, status_message
from store.leases import outbox_lease
from store.limits import Limits
from table.backoff import STALL_PROBE, retry_delay
from table.errors import TableError
from table.export import SEATS_AT_START, commitment_of, seats_now
from table.held_news import hold_news
from table.inputs import check_options, check_seed
from table.leases import Leaseholder
from table.orders import ORDERS_IN_A_ROW, Answer, answers, deciding_humans, order_reason, without_prompts
from table.outbox import Unreachable, batches_to_send, items_after, merge_boards, merge_news
from table.ratings import after_game
from table.thinking import Thinker

log = logging.getLogger(__name__)
# States kept in memory, least recently used dropped first. A 4-seat mid-game state takes
# about 13.5 KiB; a miss costs a snapshot validation (~40 µs). 2,048 keep a busy host's active
# games warm for ~28 MB (bench: rss_mb_1000_games).
CACHE_SIZE = 2048
FORCED_IN_A_ROW = 50   # a seat's forced moves played at once after its decision, at most


class Notifier(Protocol):
    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        """Send one outbox item; raise to have it retried later (after a backoff), or raise
        table.outbox.Unreachable when the game's thread cannot be written to any more."""


@runtime_checkable
class StallTeller(Protocol):
    """What a notifier may also do (the Discord one does; the local table and tests' need not)."""

    async def stalled(self, game: GameRecord, reason: str) -> None:
        """Tell the host and players, once, that the game stopped and what brings it back."""


class NullNotifier:
    async def deliver(self, game: GameRecord, state: Any, item: OutboxRow) -> None:
        return None


@dataclass
class ActResult:
    """What a decision did. `all_events` holds every seat's events: never show them to a player
    directly — table.seen.seen_by keeps what one viewer may see."""
    version: int
    all_events: list[Event]
    pending: Pending | None
    outcome: Outcome | None
    extra: dict[str, Any] = field(default_factory=dict)
    forced: list[str] = field(default_factory=list)   # forced moves played for the seat right after


class TableService:
    def __init__(self, store: Store, notifier: Notifier | None = None, holder: Leaseholder | None = None,
                 thinker: Thinker | None = None, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits   # None: no limits (the local table, tests of the service)
        self.thinker = thinker or Thinker()
        self.holder = holder or Leaseholder()
        self.delivered: set[int] = set()   # games whose rows flush_outbox delivered (the caller empties it)
        self.notifier: Notifier = notifier or NullNotifier()
        self._cache: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}
        self._acted: dict[int, int] = {}   # decisions committed per game (_flush_game reads it)

    # ---- lobby ---------------------------------------------------------------------------
    async def create(self, game_type: str, players: int, options: dict[str, Any] | None = None, *,
                     seed: str | None = None, host_user_id: int | None = None, guild_id: int | None = None,
                     channel_id: int | None = None, thread_id: int | None = None,
                     settings: Mapping[str, Any] | None = None) -> int:
        """A new lobby, once every input is checked (table/inputs.py) and within the limits."""
        game = self._game(game_type)
        if not game.min_players <= players <= game.max_players:
            raise TableError(f"{game.title} takes {game.min_players} to {game.max_players} players.")
        check_options(game, options or {})
        check_seed(seed)
        setup = Setup(game=game_type, players=players, seed=seed or secrets.token_hex(8), options=options or {})
        return await self.store.create_game(game_type, setup, guild_id=guild_id, channel_id=channel_id,
                                            thread_id=thread_id, host_user_id=host_user_id, limits=self.limits,
                                            settings={**(settings or {}), "seed_salt": secrets.token_hex(16)})

    async def join(self, game_id: int, user_id: int, display_name: str) -> int:
        return await self.store.seat_user(game_id, user_id, display_name, limits=self.limits)

    async def add_bot(self, game_id: int, policy: str = "greedy") -> int:
        record = await self.store.load(game_id)
        names = policy_names(self._game(record.game_type))
        if policy not in names:
            raise TableError(f"Unknown bot '{policy}'. Choose one of: {', '.join(names)}.")
        seats = await self.store.seats(game_id)
        return await self.store.seat_bot(game_id, policy, f"Bot {len(seats) + 1} ({policy})")

    async def leave(self, game_id: int, user_id: int) -> None:
        record = await self.store.load(game_id)
        seat = record.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this game.")
        await self.store.unseat(game_id, seat)

    async def start(self, game_id: int, by_user: int | None = None) -> ActResult:
        record = await self.store.load(game_id)
        game = self._game(record.game_type)
        if by_user is not None and record.host_user_id not in (None, by_user):
            raise TableError("Only the host can start this game.")
        n = len(record.seats)
        if not game.min_players <= n <= game.max_players:
            raise TableError(f"{game.title} needs {game.min_players} to {game.max_players} seated players; {n} are seated.")
        setup = Setup(game=record.game_type, players=n, seed=record.seed, options=record.options)
        try:
            s = setup_state(game, setup)
        except ValueError as e:
            raise TableError(f"This game cannot start: {e}") from None
        pending = game.pending(s)
        at_start = {SEATS_AT_START: seats_now(record)}   # what the commitment covers (table/export.py)
        started = replace(record, settings={**record.settings, **at_start})
        begins = [Event(text=f"{game.title} begins with {n} players."), Event(text=commitment_line(started))]
        items = items_after(record.version + 1, begins, pending, (), game.outcome(s), n)
        version = await self.store.start_game(game_id, record.version, s.model_dump_json(), n, items, settings=at_start)
        self._remember(game_id, version, s)
        return ActResult(version=version, all_events=[], pending=pending, outcome=None)

    # ---- play ------------------------------------------------------------------------------
    async def act(self, game_id: int, seat: int, notation: str, *, interaction_id: str | None = None,
                  expected_version: int | None = None, auto: str | None = None,
                  notice: Sequence[OutboxItem] = ()) -> ActResult:
        """Apply one decision of `seat` and commit it; raises ValueError subclasses on refusal.

        `auto` says why the table takes the decision for the seat ("forced", "deadline", a bot's
        policy): it is logged as automatic, so undo and the player's digest can tell. `notice`:
        outbox rows that tell of the decision, committed with it (a deadline's, table/deadlines.py).
        Then, under the same lock, the standing orders that answer what it asked (table/orders.py)."""
        async with self._lock(game_id):
            try:
                result, answered = await self._act(game_id, seat, notation, interaction_id, expected_version, auto, notice)
                for _ in range(ORDERS_IN_A_ROW):
                    if not answered:
                        return result
                    who, (order_id, move) = next(iter(answered.items()))
                    more, answered = await self._act(game_id, who, move, None, None, order_reason(order_id), ())
                    result = replace(more, all_events=result.all_events + more.all_events)
                log.warning("game %s: standing orders stopped after %s answers in a row (version %s)",
                            game_id, ORDERS_IN_A_ROW, result.version)
                return result
            finally:
                self._acted[game_id] = self._acted.get(game_id, 0) + 1

    async def _act(self, game_id: int, seat: int, notation: str, interaction_id: str | None, expected_version: int | None,
                   auto: str | None, notice: Sequence[OutboxItem]) -> tuple[ActResult, dict[int, Answer]]:
        """One decision committed (the lock held), and the standing orders that answer next."""
        record, s = await self.load(game_id)
        if record.status != "active":   # a finished or cancelled game stays as it ended
            raise GameStatusError(status_message(record.status))
        if expected_version is not None and expected_version != record.version:
            raise TableError(BOARD_CHANGED)
        game = self._game(record.game_type)
        before = game.pending(s)
        t = act_text(game, s, seat, notation)
        hidden = hidden_decision(game, s, seat, t.action, t)
        pending, outcome = game.pending(t.state), game.outcome(t.state)
        answered = await self._order_answers(record, game, t.state)
        items, settings = hold_news(without_prompts(items_after(
            record.version + 1, t.events, pending, before.waiting_on if before else (), outcome, len(record.seats),
            was=before, side=side_decisions(game, t.state), was_side=side_decisions(game, s)), answered),
            record.settings, seat, by_order=(auto or "").startswith(order_reason("")),
            players={x.seat for x in record.seats if x.user_id is not None})
        if auto is not None:
            interaction_id = auto_interaction(auto, game_id, record.version)
        version = await self.store.commit_action(
            game_id, record.version, seat, t.notation,
            t.state.model_dump_json(), interaction_id=interaction_id,
            status="finished" if outcome else None, outbox=[*notice, *items], reveals=t.reveals,
            hidden=hidden, commitment=new_commitment(seat, t.notation) if hidden else None, settings=settings)
        self._remember(game_id, version, t.state)
        if outcome is not None:
            await after_game(self.store, record)
        return ActResult(version=version, all_events=t.events, pending=pending, outcome=outcome), answered

    async def _order_answers(self, record: GameRecord, game: Game[Any, Any, Any], s: Any, *,
                             at_deadline: bool = False, seats: tuple[int, ...] | None = None) -> dict[int, Answer]:
        """What the players' standing orders answer in `s`; the store is read only when a player
        decides off their turn (or at the deadline)."""
        deciding = [x for x in deciding_humans(game, s, record, at_deadline=at_deadline) if seats is None or x in seats]
        if not deciding:
            return {}
        return answers(game, s, record, await self.store.orders_in_game(record.id), deciding)

    async def deadline_order(self, game_id: int, seat: int) -> tuple[str, str] | None:
        """At the seat's deadline: (the `auto` reason, the notation) its standing orders play
        for it, or None. Nothing is played here: the deadline acts on it (cogs/turns.py)."""
        record, s = await self.load(game_id)
        found = await self._order_answers(record, self._game(record.game_type), s, at_deadline=True, seats=(seat,))
        if seat not in found:
            return None
        order_id, notation = found[seat]
        return order_reason(order_id), notation

    async def play(self, game_id: int, seat: int, notation: str, **kwargs: Any) -> ActResult:
        """`act`, then the forced moves that follow for the same seat (autoplay), so the player's
        one answer tells all of it: "✓ roll … and, your only option, end turn"."""
        result = await self.act(game_id, seat, notation, **kwargs)
        for _ in range(FORCED_IN_A_ROW):
            record, s = await self.load(game_id)
            game = self._game(record.game_type)
            pending = game.pending(s)
            move = await self._forced_move(record, s, game, pending, seats=(seat,)) if pending else None
            if move is None:
                break
            more = await self.act(game_id, seat, move[1], auto="forced")
            result = replace(more, all_events=result.all_events + more.all_events, forced=[*result.forced, move[1]])
        return result

    async def undo(self, game_id: int, seat: int) -> ActResult:
        """Take back `seat`'s last decision, with the forced moves the table took for it after."""
        async with self._lock(game_id):
            record, _ = await self.load(game_id)
            if record.status != "active":   # a finished or cancelled game stays as it ended
                raise GameStatusError(status_message(record.status))
            game = self._game(record.game_type)
            rows = [r for r in await self.store.log_rows(game_id) if not r.undone]
            forced = 0
            while len(rows) > forced + 1 and rows[-1 - forced].shown_automatic and rows[-1 - forced].seat == seat:
                forced += 1
            log = [(r.seat, r.notation) for r in rows]
            for _ in range(forced):   # each forced move must have revealed nothing either
                _before, log = undo(game, record.setup, log, seat)
            s, _log = undo(game, record.setup, log, seat)
            pending = game.pending(s)
            items = items_after(record.version + 1, [Event(text="The last decision was taken back.")],
                                pending, (), None, len(record.seats))
            version = await self.store.commit_undo(game_id, record.version, s.model_dump_json(), items,
                                                   count=forced + 1)
            self._remember(game_id, version, s)
            return ActResult(version=version, all_events=[], pending=pending, outcome=None)

    async def run_bots(self, game_id: int, limit: int = 100_000) -> int:
        """Take every decision that needs no human: bot seats, and forced moves (a single legal
        option, outside sealed choices) of players who leave autoplay on. Returns how many."""
        done = tries = 0
        while done < limit and tries < 2 * limit:
            tries += 1
            record, s = await self.load(game_id)
            game = self._game(record.game_type)
            pending = game.pending(s)
            if pending is None:
                return done
            move = await self._automatic_move(record, s, game, pending)
            if move is None:
                return done
            seat, notation, why = move
            try:   # a bot thinks off the loop: a decision made meanwhile makes its answer stale
                await self.act(game_id, seat, notation, auto=why, expected_version=record.version)
            except StaleStateError:
                continue
            except TableError as e:
                if str(e) != BOARD_CHANGED:
                    raise
                continue
            done += 1
        return done

    async def _automatic_move(self, record: GameRecord, s: Any, game: Game[Any, Any, Any],
                              pending: Pending) -> tuple[int, str, str] | None:
        """(seat, notation, why) of a decision the table takes now, or None: a bot seat's, pending
        or on the side, then a human's forced one."""
        for seat in (*pending.waiting_on, *side_decisions(game, s)):
            info = record.seats[seat]
            if info.bot_policy:
                bot = get_policy(record.game_type, info.bot_policy, f"{record.id}:{seat}:{record.version}")
                return seat, game.notate(s, await self.thinker.choose(game, s, seat, bot)), info.bot_policy
        found = await self._order_answers(record, game, s)   # orders set after their prompt came
        if found:
            seat, (order_id, notation) = next(iter(found.items()))
            return seat, notation, order_reason(order_id)
        move = await self._forced_move(record, s, game, pending, seats=pending.waiting_on)
        return None if move is None else (*move, "forced")

    async def _forced_move(self, record: GameRecord, s: Any, game: Game[Any, Any, Any], pending: Pending,
                           seats: tuple[int, ...]) -> tuple[int, str] | None:
        """A human seat's only legal option, when its player leaves autoplay on. Never inside a
        sealed choice: answering one at once would tell the others it had nothing to choose."""
        if pending.kind == "simultaneous":
            return None
        for seat in seats:
            user = record.seats[seat].user_id
            if seat not in pending.waiting_on or user is None or record.seats[seat].bot_policy:
                continue
            legal = game.legal_actions(s, seat)
            if len(legal) == 1 and (await self.store.get_user_settings(user)).autoplay:
                return seat, game.notate(s, legal[0])
        return None

    async def waiting_on_bots(self, batch: int = 25) -> list[int]:
        """Active games whose pending decision belongs to a bot seat (what a restart must set
        going again). Reads only games with a bot seat, `batch` at a time, and yields to the
        event loop between batches (10,000 games with a bot seat: ~2 s, loop lag p99 ~15 ms;
        batches of 100 made it ~70 ms)."""
        found: list[int] = []
        after = 0
        while records := await self.store.active_games_with_bots(after, batch):
            for record in records:
                game = self._game(record.game_type)
                try:
                    state = record.state()
                    pending = game.pending(state)
                except ValueError as e:   # an unreadable snapshot must not stop the others resuming
                    log.warning("game %s: not resuming its bots, the stored state does not load: %s", record.id, e)
                    continue
                bots = {x.seat for x in record.seats if x.bot_policy}
                deciding = set(pending.waiting_on) | set(side_decisions(game, state)) if pending else set()
                if bots & deciding:
                    found.append(record.id)
            after = records[-1].id
            await asyncio.sleep(0)
        return found

    # ---- reading ---------------------------------------------------------------------------
    async def load(self, game_id: int) -> tuple[GameRecord, Any]:
        record = await self.store.load(game_id)
        if record.snapshot_json is None:
            raise TableError("This game has not started yet.")
        cached = self._cache.get(game_id)
        if cached and cached[0] == record.version:
            self._cache.move_to_end(game_id)
            return record, cached[1]
        s = record.state()
        self._remember(game_id, record.version, s)
        return record, s

    async def legal(self, game_id: int, seat: int) -> list[str]:
        record, s = await self.load(game_id)
        return legal_notations(self._game(record.game_type), s, seat)

    async def view(self, game_id: int, viewer: int | None) -> Any:
        record, s = await self.load(game_id)
        return self._game(record.game_type).view(s, viewer)

    async def flush_outbox(self, limit: int = 100) -> int:
        """Deliver the unsent outbox rows of every game not held back, `limit` games at a time,
        each game once; returns how many rows were settled.

        Each game's rows are delivered under its outbox lease (table/leases.py), so with several
        bot processes on one database exactly one delivers them, in order; a game another
        process is delivering is left to it. Per game, all unsent board posts go out as one
        delivery carrying all their events (a bot burst or a multi-step turn makes one message,
        not twenty; the notifier edits the hand-over's post), then the other rows in order, a
        seat's private rows folded into its next prompt. After a failure the rest of that
        game's rows wait for the next flush (a follower's failed digest holds up nothing).
        Delivery is at least once: a crash between deliver and mark_sent sends the same claimed
        batch again with the same nonce (see store migration 0002).

        A failed delivery holds the game back (store/holds.py): after a passing failure until a
        backoff runs out (table/backoff.py), and when its thread cannot be written to any more
        (table.outbox.Unreachable) it is stalled, its players told once, and only probed every
        few hours until `/game repost` re-homes it. Held games are not even read here, so no
        stuck game delays another's deliveries."""
        settled = 0
        tried: set[int] = set()   # each game once a call: one that just failed waits for the next
        while games := [g for g in await self.store.unsent_games(limit + len(tried), now=self.holder.clock())
                        if g not in tried][:limit]:
            for game_id in games:
                tried.add(game_id)
                settled += await self._flush_game(game_id)
        return settled

    async def _flush_game(self, game_id: int) -> int:
        h = self.holder
        acted = self._acted.get(game_id)
        if self._lock(game_id).locked():   # a decision and the orders it sets off are being committed
            return 0
        rows = await self.store.claim_outbox(game_id, h.owner, h.clock(), h.seconds)
        if rows is None:   # another process holds this game's outbox
            return 0
        try:
            if self._lock(game_id).locked() or self._acted.get(game_id) != acted:
                return 0   # rows read while a decision committed: all of them go next time
            settled = 0
            for i, batch in enumerate(batches_to_send(rows)):   # a follower's digest stands alone: its failure holds up nothing
                if i and not await self.store.take_lease(outbox_lease(game_id), h.owner, h.clock(), h.seconds):
                    break
                if await self._deliver(game_id, batch):
                    settled += len(batch)
                elif batch[0].kind != "digest":
                    break
            if settled:
                self.delivered.add(game_id)
            return settled
        finally:
            await self.store.release_lease(outbox_lease(game_id), h.owner)

    async def _deliver(self, game_id: int, batch: list[OutboxRow]) -> bool:
        record, s = await self.load(game_id)
        item = merge_boards(batch) if batch[0].kind == "board" else merge_news(batch) if len(batch) > 1 else batch[0]
        if batch[0].batch is None:
            # Claimed before sending: if the 'sent' marks below never happen (a crash, a failed
            # post), the resend is exactly this message under the same nonce, which Discord drops.
            await self.store.claim_batch([r.id for r in batch])
        try:
            await self.notifier.deliver(record, s, item)
        except Unreachable as e:
            log.warning("game %s: stalled, its thread cannot be written to: %s", game_id, e.reason)
            await self.store.mark_failed(batch[-1].id, e.reason)
            await self._stall(record, e.reason)
            return False
        except Exception as e:   # noqa: BLE001 — any other delivery failure is retried after a backoff
            log.warning("game %s: delivering %s to %s failed: %s", game_id, item.kind, item.target, e)
            await self.store.mark_failed(batch[-1].id, str(e))
            if batch[0].kind != "digest":   # a follower's digest has its own give-up (cogs/digests.py)
                held = await self.store.hold_of(game_id)
                failures = (held.failures if held else 0) + 1
                await self.store.hold(game_id, "retry", self.holder.clock() + retry_delay(game_id, failures), str(e))
            return False
        for row in batch:
            await self.store.mark_sent(row.id)
        if any(r.attempts for r in batch):   # it had failed before: the game is no longer held
            await self.store.release_hold(game_id)
        return True

    async def _stall(self, record: GameRecord, reason: str) -> None:
        """Hold a game whose thread cannot be written to; probe it again every STALL_PROBE
        seconds; tell its host and players once (the notifier's `stalled`, if it has one)."""
        held = await self.store.hold(record.id, "stalled", self.holder.clock() + STALL_PROBE, reason)
        if held.told or not isinstance(self.notifier, StallTeller):
            return
        try:
            await self.notifier.stalled(record, reason)
        except Exception as e:   # noqa: BLE001 — telling is best effort; the game stays stalled either way
            log.warning("game %s: could not tell its players it stalled: %s", record.id, e)
        await self.store.mark_told(record.id)

    async def rehome(self, game_id: int, thread_id: int) -> None:
        """The game's new thread (`/game repost`): its board starts afresh there, its held
        rows go out at the next flush."""
        await self.store.set_thread(game_id, thread_id)
        record = await self.store.load(game_id)
        board = record.settings.get("board") or {}
        if board:
            await self.store.update_settings(game_id, {"board": {**board, "message_id": None}})
        await self.store.release_hold(game_id)

    # ---- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _game(game_type: str) -> Game[Any, Any, Any]:
        try:
            return get_game(game_type)
        except KeyError as e:
            raise TableError(str(e.args[0])) from None

    def _remember(self, game_id: int, version: int, s: Any) -> None:
        self._cache[game_id] = (version, s)
        self._cache.move_to_end(game_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())


def auto_interaction(auto: str, game_id: int, version: int) -> str:
    """The interaction id of a decision the table takes for a seat at `version`: at most one such
    decision per game and version, so a repeat of it (a deadline fired again) is refused."""
    return f"{AUTO_PREFIX}{auto}:{game_id}:{version}"


def commitment_line(record: GameRecord) -> str:
    """The start post's fair-play line: the commitment to the seed and the game's identity
    (table/export.py, commitment_of), and whether the host fixed the seed."""
    commitment = commitment_of(record)
    if commitment is None:
        return "🔒 This game was created before seed commitments: it has none."
    fixed = " The host fixed this seed, so the host can know the dice and cards." \
        if record.settings.get("seed_fixed") else ""
    return (f"🔒 Seed commitment: `{commitment}` (it covers this game's number, options and seats too).{fixed} "
            "After the end, `/game verify` reveals the seed to check it against.")


def new_commitment(seat: int, notation: str) -> tuple[str, str]:
    """(digest, nonce) for a hidden decision: a fresh nonce per decision."""
    nonce = secrets.token_hex(16)
    return choice_commitment(seat, notation, nonce), nonce
