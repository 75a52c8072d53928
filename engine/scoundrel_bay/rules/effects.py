"""Appendix: REWARDS and PUNISHMENTS, as a queue of effects the flow resolves one at a time.

Rewards that can only help are taken at once (all rewards are optional, but nobody declines free
doubloons); a reward that asks something of the player (a pirate move, a priced blind recruitment,
selling resources) opens a prompt. So does a loss with a choice in it: which pirate dies, which
resources the Rat King takes. A reward that gives more rewards (reputation bonuses, tools past the
end of their track) puts them first in the queue, so a chain resolves in the order it happened.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.defs import ONCE, Loss, Reward, defs
from engine.scoundrel_bay.effect import Effect
from engine.scoundrel_bay.rules.common import me, name, plural, say
from engine.scoundrel_bay.rules.tracks import can_pay, gain_tool, pay, repair_ship, spend, take_ship_damage
from engine.scoundrel_bay.state import GHOST

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State

RESOURCES = ("ring", "map", "rum", "food")
TOOLS = ("food_production", "sword", "gun", "shield")
WORDS = {"ring": "pirate ring", "map": "map", "rum": "rum", "food": "food", "doubloons": "doubloon",
         "food_production": "food production", "sword": "sword", "gun": "gun", "shield": "shield",
         "reputation": "reputation", "pirate_move": "pirate move", "citizens": "citizen",
         "unlock": "unlock tile", "ship_repair": "ship repair", "blind_recruit": "blind recruitment",
         "paid_blind_recruit": "paid blind recruitment", "sell_resources": "sale of resources",
         "scoundrel_bay_half": "half of the Scoundrel Bay pot", "cook": "cooking",
         "ship_damage": "ship damage", "pirate_dies": "pirate death", "any_resource": "resource"}


UNCOUNTED = ("rum", "food", "reputation", "food production", "ship damage")


def words(what: str, n: int) -> str:
    """An amount in words: "2 maps", "1 doubloon", "3 rum"; a reward taken once has no number."""
    word = WORDS.get(what, what)
    if what in ONCE:
        return word
    return f"{n} {word}" if word in UNCOUNTED else plural(n, word)


def reward_text(rewards: list[Reward]) -> str:
    def one(r: Reward) -> str:
        text = words(r.gain, r.n)
        if r.price:
            text += " for " + " and ".join(words(c.pay, c.n) for c in r.price)
        return text
    return ", ".join(one(r) for r in rewards) or "nothing"


def queue(s: State, seat: int, rewards: list[Reward], source: str = "", *, first: bool = False) -> None:
    """Add rewards for `seat`; `first` puts them ahead of what is queued (a reward's own rewards)."""
    new = [Effect(seat=seat, gain=r.gain, n=r.n, price=[(c.pay, c.n) for c in r.price], source=source) for r in rewards]
    s.effects = [*new, *s.effects] if first else [*s.effects, *new]


def queue_losses(s: State, seat: int, losses: list[Loss], source: str = "") -> None:
    s.effects += [Effect(seat=seat, suffer=x.suffer, n=x.n, source=source,
                         price=[("shortfall", 1)] if x.shortfall else []) for x in losses]


# Prompts of an invasion in progress, under which queued rewards are still taken at once: what a
# trading ship, a market trade or a dug treasure gives is there for the rest of the visit and for
# the next region (a ship's food for the market, a treasure's map for a hideout).
INVASION_PROMPTS = ("land", "dig", "plunder", "harbor")


def resolve_effects(s: State, ev: list[Event]) -> None:
    """Resolve queued effects until one needs a decision (its prompt is then on the stack)."""
    while s.effects and (not s.stack or s.stack[-1].kind in INVASION_PROMPTS):
        e = s.effects.pop(0)
        if e.gain is not None:
            gain(s, e, ev)
        else:
            suffer(s, e, ev)


# ---- rewards -------------------------------------------------------------------------------

def gain(s: State, e: Effect, ev: list[Event]) -> None:
    from engine.scoundrel_bay import prompts as P
    p, g, n = me(s, e.seat), e.gain, e.n
    assert g is not None
    if e.price:
        if can_afford(s, e.seat, e.price):
            s.stack.append(P.PricePrompt(seats=[e.seat], effect=e))
        return
    if g in RESOURCES:
        p.resources[g] += n
    elif g == "doubloons":
        p.doubloons += n
    elif g in TOOLS:
        step = gain_tool(g, p.tools[g], n)  # type: ignore[arg-type]
        p.tools[g] = step.level
        if step.overflow:
            queue(s, e.seat, [Reward(gain="reputation", n=step.overflow * defs().rules.overflow.tool_reputation)], "a full tool track", first=True)
    elif g == "reputation":
        advance_reputation(s, e.seat, n, ev)
    elif g == "citizens":
        moved = min(n, p.citizens)
        p.citizens -= moved
        p.crew_space.active += moved
    elif g == "unlock":
        got = min(n, s.unlock_supply)
        s.unlock_supply -= got
        p.unlocks += got
    elif g == "ship_repair":
        p.ship_damage = repair_ship(p.ship_damage, n)
    elif g == "cook":
        p.resources["food"] += p.tools["food_production"]
    elif g == "scoundrel_bay_half":
        half = s.pot // 2
        s.pot -= half
        p.doubloons += half
        say(s, ev, f"{name(e.seat)} takes {plural(half, 'doubloon')} from the Scoundrel Bay pot.")
    elif g in ("blind_recruit", "paid_blind_recruit"):
        blind_recruit(s, e.seat, ev, pirates=not e.tools_only)
    elif g == "pirate_move":
        from engine.scoundrel_bay.rules.moves import pirate_moves
        if pirate_moves(s, e.seat):
            s.stack.append(P.MovePrompt(seats=[e.seat], moves=n))
    elif g == "sell_resources" and any(p.resources[r] for r in RESOURCES):
        s.stack.append(P.SellPrompt(seats=[e.seat]))


def can_afford(s: State, seat: int, price: list[tuple[str, int]]) -> bool:
    p = me(s, seat)
    left = dict(p.resources)
    for what, n in price:
        if what == "doubloons":
            if p.doubloons < n:
                return False
        elif what == "sword":
            if p.tools["sword"] - n < defs().player_boards.tracks.sword.low:
                return False
        elif not can_pay(left, what, n):
            return False
        else:
            left = pay(left, what, n)
    return True


def pay_price(s: State, seat: int, price: list[tuple[str, int]]) -> None:
    p = me(s, seat)
    for what, n in price:
        if what == "doubloons":
            p.doubloons -= n
        elif what == "sword":
            p.tools["sword"] -= n
        else:
            spend(p.resources, what, n)


def advance_reputation(s: State, seat: int, n: int, ev: list[Event]) -> None:
    """ADVANCING ON THE REPUTATION TRACK: the bonus left of each space entered, in order; past
    the end, doubloons for each space that does not fit."""
    if seat == GHOST or n <= 0:
        return
    moved = s.reputation.advance(seat, n)
    bonuses = [b for space in moved.entered for b in defs().reputation.spaces[space].bonus]
    queue(s, seat, bonuses, "the reputation track", first=True)
    if moved.overflow:
        me(s, seat).doubloons += moved.overflow * defs().rules.overflow.reputation_doubloons


def blind_recruit(s: State, seat: int, ev: list[Event], *, pirates: bool = True) -> None:
    """BLIND RECRUITMENT: recruit with the top card of the pirate deck."""
    from engine.scoundrel_bay.rules.add_card import draw
    from engine.scoundrel_bay.rules.recruit import recruit
    drawn = draw(s, 1)
    if drawn:
        recruit(s, seat, drawn[0], ev, blind=True, pirates=pirates)


# ---- losses --------------------------------------------------------------------------------

def suffer(s: State, e: Effect, ev: list[Event]) -> None:
    from engine.scoundrel_bay import prompts as P
    p, n = me(s, e.seat), e.n
    if e.suffer == "ship_damage":
        damage(s, e.seat, n, ev)
    elif e.suffer == "doubloons":
        paid = min(n, p.doubloons)
        p.doubloons -= paid
        p.debt += n - paid
    elif e.suffer == "pirate_dies":
        aboard = losable(s, e.seat)
        if not aboard:
            if e.price:
                damage(s, e.seat, n, ev)
            return
        if len(aboard) == 1:
            kill(s, e.seat, aboard[0], ev)
            if n > 1:
                s.effects.insert(0, e.model_copy(update={"n": n - 1}))
            return
        s.stack.append(P.LosePrompt(seats=[e.seat], n=n, shortfall=bool(e.price)))
    elif e.suffer == "any_resource":
        held = [r for r in RESOURCES if p.resources[r]]
        if not held:
            damage(s, e.seat, n, ev)
        elif len(held) == 1 and p.resources[held[0]] >= n:
            p.resources[held[0]] -= n
            say(s, ev, f"{name(e.seat)} pays {words(held[0], n)}.")
        else:
            s.stack.append(P.PayResourcePrompt(seats=[e.seat], n=n))


def damage(s: State, seat: int, n: int, ev: list[Event]) -> None:
    p = me(s, seat)
    d = take_ship_damage(p.ship_damage, n, p.doubloons)
    p.ship_damage, p.doubloons, p.debt = d.level, p.doubloons - d.paid, p.debt + d.unpaid
    say(s, ev, f"{name(seat)} takes {words('ship_damage', n)}" + (f" and pays {d.paid} doubloons past the end of the track." if d.paid or d.unpaid else "."))


def losable(s: State, seat: int) -> list[tuple[str, bool]]:
    """Where a dying pirate can come from: the active or sick space; the captain only when no
    other pirate is aboard (reading of SB-RL-06)."""
    crew = me(s, seat).crew_space
    spaces: list[tuple[str, bool]] = [(sp, False) for sp in ("active", "sick") if getattr(crew, sp)]
    if not spaces and crew.captain in ("active", "sick"):
        spaces = [(crew.captain, True)]
    return spaces


def kill(s: State, seat: int, where: tuple[str, bool], ev: list[Event]) -> None:
    space, captain = where
    crew = me(s, seat).crew_space
    if captain:
        crew.captain = "away"
        me(s, seat).captain_dead = True
        s.graveyard[seat] = s.graveyard.get(seat, 0) + defs().rules.captain.strength
        say(s, ev, f"{name(seat)}'s captain dies and goes to the graveyard.")
        return
    setattr(crew, space, getattr(crew, space) - 1)
    s.graveyard[seat] = s.graveyard.get(seat, 0) + 1
    say(s, ev, f"One of {name(seat)}'s {space} pirates dies and goes to the graveyard.")
