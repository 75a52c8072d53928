"""/game export: a game's log as JSON, and what /game verify reveals (docs/trust-and-history.md).

While the game goes on, an export holds only what the public has seen: the setup with the
seed's commitment but not the seed, and the log through table/history.py (sealed runs folded,
no nonce, no state hash: a hash of the state could be checked against guesses of a fixed seed).
Once it is finished, everything: seed, salt, every notation with its commitment and nonce, and
the hash of the final state, which `python -m engine.verify EXPORT.json` checks by replaying.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import get_game
from engine.core.fair import SEED_SCHEME, seed_commitment, state_hash
from store import ActionRow, GameRecord
from table.history import public_actions

FORMAT = "parley-export"
VERSION = 1


def is_over(record: GameRecord) -> bool:
    return record.status == "finished"


def commitment_of(record: GameRecord) -> str | None:
    salt = record.settings.get("seed_salt")
    return seed_commitment(record.seed, salt) if salt else None


def export_log(record: GameRecord, rows: Sequence[ActionRow], state: Any) -> dict[str, Any]:
    over = is_over(record)
    setup: dict[str, Any] = {
        "game": record.game_type, "players": len(record.seats), "options": record.options,
        "seed_fixed_by_host": bool(record.settings.get("seed_fixed")),
        "seed_scheme": SEED_SCHEME, "seed_commitment": commitment_of(record),
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
        "seats": [{"seat": s.seat, "name": s.display_name, "bot": s.bot_policy} for s in record.seats],
        "actions": actions,
        "final_state_hash": state_hash(state) if over else None,
    }
