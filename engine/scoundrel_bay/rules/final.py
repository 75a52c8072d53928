"""THE END OF THE GAME and FINAL SCORING on the live state: once the 5th reef's stage is over,
everyone plays until all have taken the same number of turns plus 2 more; then seats with
undelivered crates may open them, and the categories of scoring.py are counted."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.board import owner_counts
from engine.scoundrel_bay.rules.common import name, say, seats
from engine.scoundrel_bay.rules.scoring import Tally, final_scoring, total, winners
from engine.scoundrel_bay.state import GHOST

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State


def game_over(s: State) -> bool:
    return s.end_turns is not None and all(p.turns >= s.end_turns for p in s.players)


def tally(s: State) -> Tally:
    two_player = len(s.players) == 2
    sick = {seat: p.crew_space.sick + (defs().rules.captain.strength if p.crew_space.captain == "sick" else 0)
            for seat, p in enumerate(s.players)}
    return Tally(seats=seats(s), pirates={rid: owner_counts(s, rid) for rid in s.regions},
                 dead=dict(s.graveyard), ghost_reserve=s.ghost_reserve if two_player else 0,
                 ghost=GHOST if two_player else None,
                 doubloons={seat: p.doubloons for seat, p in enumerate(s.players)},
                 debt={seat: p.debt for seat, p in enumerate(s.players)},
                 ship_damage={seat: p.ship_damage for seat, p in enumerate(s.players)}, sick=sick, pot=s.pot)


def score(s: State, ev: list[Event]) -> None:
    t = tally(s)
    s.final = final_scoring(t, s.reputation, s.harbor_tokens)
    s.pot = t.pot        # the bay paid out (SB-SBAY-03); only doubloons nobody was placed for stay
    totals = {seat: total(c) for seat, c in s.final.items()}
    best = winners(totals, s.reputation.order(seats(s)))
    say(s, ev, "Final scoring: " + ", ".join(f"{name(seat)} {g} gold" for seat, g in totals.items())
        + f". {name(best[0])} wins.")


def final_winners(s: State) -> list[int]:
    assert s.final is not None
    return winners({seat: total(c) for seat, c in s.final.items()}, s.reputation.order(seats(s)))
