"""/game verify and /game export: provably fair play and the game's log (docs/trust-and-history.md).

Glue only: table/export.py builds the export (what the public may see now, everything after the
end) and engine/verify.py checks it, with the very checks `python -m engine.verify` runs on the
file (the commitment over the seed and the game's identity included). Both answers go to the
asker alone (ephemeral)."""
from __future__ import annotations

import asyncio
import io
import json

import discord

from cogs.common import Refusal, game_for, parley, reply, title_of
from cogs.mentions import shown
from engine.verify import verify
from store import GameRecord
from table.export import commitment_of, export_log, is_over

NONCES_SHOWN = 10   # the rest are in the export's file


def _started(record: GameRecord) -> None:
    if record.status == "lobby":
        raise Refusal(f"{title_of(record)} has not started yet: its seed commitment is shown when it starts.")


def _sealed_until_end(record: GameRecord) -> str:
    commitment = commitment_of(record)
    shown = f"Its commitment is `{commitment}`." if commitment else "It was created before seed commitments."
    why = "was cancelled before its end, so its seed stays sealed" if record.status == "cancelled" \
        else "is still being played: the seed and the sealed choices stay secret until the end"
    return f"{title_of(record)} {why}. {shown} After the end, `/game verify` reveals them and checks the whole game."


async def verify_game(interaction: discord.Interaction, game_id: int | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id)
    _started(record)
    if not is_over(record):
        await reply(interaction, _sealed_until_end(record))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    record, state = await bot.table.load(record.id)
    export = export_log(record, await bot.store.log_rows(record.id), state)
    report = await asyncio.to_thread(verify, export)
    setup = export["setup"]
    sealed = [a for a in export["actions"] if a.get("nonce")]
    nonces = [f"• #{a['seq']} seat {a['seat'] + 1}: `{a['notation']}` nonce `{a['nonce']}`" for a in sealed[:NONCES_SHOWN]]
    more = f"\n… and {len(sealed) - NONCES_SHOWN} more in `/game export`." if len(sealed) > NONCES_SHOWN else ""
    text = (f"**{title_of(record)}** — fair-play check\n"
            f"Seed: {shown(setup['seed'])} · salt `{setup['seed_salt']}`\n"
            f"Commitment shown at the start: `{setup['seed_commitment']}`\n"
            + (f"Sealed decisions and their nonces ({len(sealed)}):\n" + "\n".join(nonces) + more + "\n" if sealed else "")
            + "\n".join(report.lines) + f"\n**{report.verdict}**"
            + "\nCheck it yourself: `/game export`, then `python -m engine.verify EXPORT.json`.")
    await reply(interaction, text)


async def export_game(interaction: discord.Interaction, game_id: int | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id)
    _started(record)
    await interaction.response.defer(ephemeral=True, thinking=True)
    record, state = await bot.table.load(record.id)
    export = export_log(record, await bot.store.log_rows(record.id), state)
    data = json.dumps(export, indent=1, ensure_ascii=False).encode()
    note = ("The whole log with the seed and every nonce: check it with `python -m engine.verify` on this file."
            if export["complete"] else
            "The log so far, as the public has seen it: sealed and private decisions show as sealed entries, "
            "and the seed stays hidden (only its commitment) until the game is over.")
    await reply(interaction, f"**{title_of(record)}** — {note}",
                file=discord.File(io.BytesIO(data), f"parley-game-{record.id}.json"))
