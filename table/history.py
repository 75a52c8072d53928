"""THE ACTIONS THE PUBLIC MAY SEE AT THIS POINT: the one filter over the stored action log.

Everything that publishes from the log (/game export, /log, /game replay, /game follow) goes
through `public_actions`; nothing else reads notations out of the log for a public message,
file or DM to a non-player. It landed on main first so those features share it.

The log holds every decision with its notation, sealed and private ones included (a blind bid,
a fight card, a combat order, a level-up). While the game goes on, each run of hidden decisions
(store column `actions.hidden`, set by engine.core.fair.hidden_decision when the decision was
made) shows as one sealed entry with no seat, no notation and no count: even after a sealed
choice is revealed in the thread, the steps behind it (a card added, then taken back) were never
public, and how many steps a seat took says something of its hand. Rows logged before
migration 0004 are not classified, so they count as hidden. Once the game is over, everything
shows. Undone decisions never show.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from store import ActionRow


@dataclass(frozen=True)
class PublicAction:
    seq: int                  # the log's sequence number (a sealed entry: its first row's)
    seat: int | None          # None for a sealed entry
    notation: str | None      # None for a sealed entry
    automatic: bool = False   # taken for the seat by the table (forced, deadline, bot)
    sealed: bool = False      # one or more decisions the public has not seen

    def as_json(self) -> dict[str, object]:
        if self.sealed:
            return {"seq": self.seq, "sealed": True}
        return {"seq": self.seq, "seat": self.seat, "notation": self.notation, "automatic": self.automatic}


def public_actions(rows: Sequence[ActionRow], *, over: bool) -> list[PublicAction]:
    """The live log as the public may see it now: everything when `over` (the game finished),
    else with each run of hidden decisions folded into one sealed entry."""
    out: list[PublicAction] = []
    for row in rows:
        if row.undone:
            continue
        if not over and row.hidden is not False:
            if not (out and out[-1].sealed):
                out.append(PublicAction(seq=row.seq, seat=None, notation=None, sealed=True))
            continue
        out.append(PublicAction(seq=row.seq, seat=row.seat, notation=row.notation, automatic=row.shown_automatic))
    return out
