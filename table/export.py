"""/game export: a game's log as JSON, and what /game verify reveals (docs/trust-and-history.md).

While the game goes on, an export holds only what the public has seen: the setup with the
seed's commitment but not the seed, and the log through table/history.py (sealed runs folded,
no nonce, no state hash: a hash of the state could be checked against guesses of a fixed seed).
Once it is finished, everything: seed, salt, every notation with its commitment and nonce, and
the hash of the final state, which `python -m engine.verify EXPORT.json` checks by replaying.

The commitment (engine/core/fair.py) covers the game's identity: its number, type, options,
whether the host fixed the seed, and the seats as they were at the start, which the table keeps
in the game's settings (`SEATS_AT_START`, written in the start's own transaction) because a seat
can change hands later. The export's `setup` holds exactly what the commitment covers; its
`seats` are the seats now, each saying whether it changed hands. A game started before that
keeps its seed-only commitment (`SEED_SCHEME`) and its export has no `setup.seats`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import get_game
from engine.core.fair import GAME_SCHEME, SEED_SCHEME, game_commitment, game_identity, seed_commitment, state_hash
from engine.verify_format import FORMAT, VERSION
from store import ActionRow, GameRecord
from table.history import public_actions

SEATS_AT_START = "seats_at_start"   # the game's settings key


def is_over(record: GameRecord) -> bool:
    return record.status == "finished"


def seats_now(record: GameRecord) -> list[dict[str, Any]]:
    """The seats as the commitment names them: number, display name, bot policy."""
    return [{"seat": s.seat, "name": s.display_name, "bot": s.bot_policy} for s in record.seats]


def identity_of(record: GameRecord) -> dict[str, Any] | None:
    """The identity the game's commitment covers, or None for a game started before it did (or
    not started: pass the record with its seats at start put in, as TableService.start does)."""
    seats = record.settings.get(SEATS_AT_START)
    if seats is None:
        return None
    return game_identity(record.id, record.game_type, record.options, bool(record.settings.get("seed_fixed")), seats)


def commitment_of(record: GameRecord) -> str | None:
    """The commitment shown when the game started: v2 (seed and identity), v1 (the seed alone)
    for a game started before v2, None for one created before seed commitments."""
    salt = record.settings.get("seed_salt")
    if not salt:
        return None
    identity = identity_of(record)
    return seed_commitment(record.seed, salt) if identity is None else game_commitment(record.seed, salt, identity)


def export_log(record: GameRecord, rows: Sequence[ActionRow], state: Any) -> dict[str, Any]:
    over = is_over(record)
    identity = identity_of(record)
    setup: dict[str, Any] = {
        "game": record.game_type, "players": len(record.seats), "options": record.options,
        "seed_fixed_by_host": bool(record.settings.get("seed_fixed")),
        **({"seats": identity["seats"]} if identity is not None else {}),
        "seed_scheme": SEED_SCHEME if identity is None else GAME_SCHEME, "seed_commitment": commitment_of(record),
        "seed": record.seed if over else None,
        "seed_salt": record.settings.get("seed_salt") if over else None,
    }
    if over:
        live = [r for r in rows if not r.undone]
        actions: list[dict[str, Any]] = [
            {"seq": r.seq, "seat": r.seat, "notation": r.notation, "automatic": r.shown_automatic,
             **({"commitment": r.commitment, "nonce": r.nonce} if r.commitment else {})} for r in live]
    else:
        actions = [a.as_json() for a in public_actions(rows, over=False)]
    return {
        "format": FORMAT, "version": VERSION, "game_id": record.id, "title": get_game(record.game_type).title,
        "status": record.status, "complete": over, "setup": setup,
        "seats": [{**seat, "changed_hands": s.changed_hands} for seat, s in zip(seats_now(record), record.seats, strict=True)],
        "actions": actions,
        "final_state_hash": state_hash(state) if over else None,
    }
