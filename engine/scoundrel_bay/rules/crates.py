"""GAIN CRATE CONTENTS: at any moment a player has a decision (the end of the stage and final
scoring too), they may discard undelivered crates for the resources and tools on them (never
the doubloons, which only a delivery pays)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.effect import Effect
from engine.scoundrel_bay.rules.common import me, name, say
from engine.scoundrel_bay.rules.effects import gain, reward_text

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State


def open_crate(s: State, seat: int, crate: str, ev: list[Event]) -> None:
    me(s, seat).undelivered.remove(crate)
    s.crate_discard.append(crate)
    contents = defs().crates.crates[crate].contents
    say(s, ev, f"{name(seat)} opens a crate for {reward_text(contents)}.")
    # Gained at once, not queued: the effect queue waits until no prompt is open, and a crate is
    # opened while one is (feeding, paying the Rat King), to use what is in it for that decision.
    # Whatever a content chains (a full tool track's reputation) still goes through the queue.
    for r in contents:
        gain(s, Effect(seat=seat, gain=r.gain, n=r.n, source="a crate's contents"), ev)
