"""How each decision reads on a button, a menu entry or in /play: plain words, with what it
does in the description (a card's rewards, a crate's contents, a region's requirements)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import ActionText
from engine.scoundrel_bay import actions as A
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.add_card import display_cost
from engine.scoundrel_bay.rules.board import region, sail_path
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.rules.common import plural
from engine.scoundrel_bay.rules.effects import reward_text
from engine.scoundrel_bay.rules.scoring import CATEGORIES as SCORING_CATEGORIES
from engine.scoundrel_bay.state import State

CATEGORIES = dict(SCORING_CATEGORIES)
MAX_LABEL, MAX_DESCRIPTION = 80, 100


def card_text(card: str) -> str:
    c = card_def(card)
    tools = ", ".join(t.replace("_", " ") for t in c.tools) or "no tools"
    return (f"{plural(c.pirates, 'pirate')}, {tools} · ★ {reward_text(c.star)} · ☀ {reward_text(c.sun)} · ☾ {reward_text(c.moon)}")


def card_name(card: str) -> str:
    c = card_def(card)
    return f"{c.name} ({c.flag})"


def crate_text(crate: str) -> str:
    c = defs().crates.crates[crate]
    return f"type {c.type} crate for {c.letter}: strength {c.pirates}, {c.doubloons} doubloons, or {reward_text(c.contents)}"


def _take(s: State, seat: int, a: A.Take) -> ActionText:
    again = " (spends an unlock tile)" if s.players[seat].last_action == a.action else ""
    return ActionText(label=f"{a.action.title()} with {card_name(a.card)}{again}", description=card_text(a.card))


def _bonus(s: State, seat: int, a: A.SailBonus) -> ActionText:
    if a.which is None:
        return ActionText(label="No sail reward", style="secondary")
    rewards = getattr(card_def(s.turn.card or ""), a.which)
    extra = " and a move into a hideout" if a.charts else ""
    return ActionText(label=f"Take the {a.which} reward{extra}", description=reward_text(rewards))


def _keep(s: State, seat: int, a: A.KeepRoll) -> ActionText:
    if isinstance(s.stack[-1], P.ShootPrompt):
        return ActionText(label="Shoot the monster")
    return ActionText(label="Keep this roll", style="secondary")


def _land(s: State, seat: int, a: A.Land) -> ActionText:
    r = region(a.region)
    who = f"{a.pirates} pirate{'s' if a.pirates != 1 else ''}" + (" + captain" if a.captain else "")
    need = f"needs {r.maps} maps and {r.swords} swords" if r.kind == "hideout" else r.kind
    return ActionText(label=f"Invade {r.name} with {who}", description=f"{r.name}: {need}, {r.flag} flag")


def _trade(s: State, seat: int, a: A.Trade) -> ActionText:
    top = s.stack[-1]
    assert isinstance(top, P.HarborPrompt | P.MarketPrompt)
    o = region(top.region).market[a.option]
    discount = getattr(top, "discount", 0)
    rewards = o.alternative if a.alternative else o.rewards
    return ActionText(label=f"Trade {max(0, o.food - discount)} food for {reward_text(rewards)}")


def _buy(s: State, seat: int, a: A.Buy) -> ActionText:
    card = s.display[a.slot] or ""
    return ActionText(label=f"Buy {card_name(card)} for {display_cost(a.slot)} rum", description=card_text(card))


def _move(s: State, seat: int, a: A.Move) -> ActionText:
    who = "the captain" if a.captain else "a pirate"
    return ActionText(label=f"Move {who} from {region(a.source).name} to {region(a.target).name}")


def _accept(s: State, seat: int, a: A.Accept) -> ActionText:
    top = s.stack[-1]
    if isinstance(top, P.DisplayRecruitPrompt):
        card = s.display[a.option] or ""
        return ActionText(label=f"Recruit {card_name(card)} free", description=card_text(card))
    if isinstance(top, P.ExtraMapsPrompt):
        return ActionText(label=f"Spend {a.option} extra maps for {a.option * defs().milestones.upgrades['treasure-maps'].n} doubloons")
    if isinstance(top, P.RummagePrompt):
        reward = defs().crates.crates[top.crates[0]].contents[a.option]
        return ActionText(label=f"Take {reward_text([reward])} from a crate")
    assert isinstance(top, P.PricePrompt)
    price = " and ".join(f"{n} {what}" for what, n in top.effect.price)
    return ActionText(label=f"Pay {price} for the {str(top.effect.gain).replace('_', ' ')}")


def _pick(s: State, seat: int, a: A.Pick) -> ActionText:
    from engine.scoundrel_bay.rules.end_of_stage import event_def
    return ActionText(label=f"Choose {reward_text(event_def(s).choices[a.choice])}")


def _upgrade(s: State, seat: int, a: A.Milestone) -> ActionText:
    u = defs().milestones.upgrades[a.upgrade]
    if a.discard:
        return ActionText(label=f"Discard {u.name} for 1 reputation", style="secondary")
    return ActionText(label=f"Take the {u.name} upgrade", description=u.ability.replace("-", " "))


def _distance(s: State, seat: int, a: A.Distance) -> ActionText:
    """The monster table's strength range of the monster where the ship would stop (SB-RL-07):
    information only, shown while the distance is chosen."""
    label = f"Sail {a.n} space{'s' if a.n > 1 else ''}"
    to = sail_path(s.players[seat].ship, a.n)[-1]
    kind = defs().board.space(to).monster
    if to not in s.monsters or kind is None:
        return ActionText(label=label)
    (g_lo, g_hi), (s_lo, s_hi) = defs().monsters.strength_range(kind)
    return ActionText(label=label, description=f"A {kind} waits there: {g_lo}-{g_hi} guns and {s_lo}-{s_hi} shields with the die")


def _done(s: State, seat: int, a: A.Done) -> ActionText:
    top = s.stack[-1]
    words = {P.LandPrompt: "End the invasion", P.DigPrompt: "Dig nothing more", P.PlunderPrompt: "Stop plundering",
             P.HarborPrompt: "Leave the harbor", P.MovePrompt: "No more pirate moves", P.SellPrompt: "Stop selling",
             P.CardPrompt: "Add no card", P.FinalCratesPrompt: "Ready for final scoring"}
    return ActionText(label=words.get(type(top), "Done"), style="end")


LABELS: dict[type, Callable[[State, int, Any], ActionText]] = {
    A.Take: _take,
    A.Distance: _distance,
    A.SailBonus: _bonus,
    A.KeepRoll: _keep,
    A.Reroll: lambda s, seat, a: ActionText(label="Reroll free (upgrade)" if a.free else "Reroll for a pirate ring"),
    A.Beastbane: lambda s, seat, a: ActionText(label="Slay it with Beastbane (1 sword)"),
    A.Land: _land,
    A.Dig: lambda s, seat, a: ActionText(label="Dig up type " + " + ".join(str(t) for t in a.types),
                                         description=f"{len(a.types)} maps, strength {sum(a.types)}"),
    A.Plunder: lambda s, seat, a: ActionText(label=f"Plunder a type {defs().crates.crates[a.crate].type} crate", description=crate_text(a.crate)),
    A.Deliver: lambda s, seat, a: ActionText(label=f"Deliver a crate for {defs().crates.crates[a.crate].letter}", description=crate_text(a.crate)),
    A.Trade: _trade,
    A.Done: _done,
    A.Place: lambda s, seat, a: ActionText(label=f"Barrelbeard: land {'the captain' if a.captain else 'a pirate'} in {region(a.region).name}"),
    A.Buy: _buy,
    A.Scout: lambda s, seat, a: ActionText(label=f"Scout for a {a.flag} card (3 rum)"),
    A.OpenCrate: lambda s, seat, a: ActionText(label=f"Open a crate: {reward_text(defs().crates.crates[a.crate].contents)}", style="secondary"),
    A.Move: _move,
    A.Accept: _accept,
    A.Decline: lambda s, seat, a: ActionText(label="No, thanks", style="secondary"),
    A.Sell: lambda s, seat, a: ActionText(label=f"Sell a {a.resource} for 2 doubloons"),
    A.Exchange: lambda s, seat, a: ActionText(label=f"Give a {a.give} for {a.get[0]} and {a.get[1]}"),
    A.Bid: lambda s, seat, a: ActionText(label=f"Bid {plural(a.doubloons, 'doubloon')} (secret)"),
    A.Pick: _pick,
    A.PayResource: lambda s, seat, a: ActionText(label=f"Pay a {a.resource}"),
    A.Lose: lambda s, seat, a: ActionText(label="Lose the captain" if a.captain else f"Lose a {a.space} pirate", style="danger"),
    A.Feed: lambda s, seat, a: ActionText(label=f"Feed {a.fed} of the crew"),
    A.ChooseCaptain: lambda s, seat, a: ActionText(label=defs().captains.captains[a.tile].name,
                                                   description=defs().captains.captains[a.tile].summary),
    A.Milestone: _upgrade,
}


def describe(s: State, seat: int, a: Any) -> ActionText:
    t = LABELS[type(a)](s, seat, a)
    return t.model_copy(update={"label": t.label[:MAX_LABEL], "description": t.description[:MAX_DESCRIPTION]})
