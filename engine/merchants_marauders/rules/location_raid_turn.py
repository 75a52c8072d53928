"""Module 9, raiding a location token, in the turn engine (the pure rules: rules/location_raid.py).
`raid location` costs an action at sea beside a token that can be raided; the attack's bounty
tokens are due at once; the defence cards are laid out face up and the BombardPrompt fires the
ship's guns one die at a time (`fire`, `discard <card>` for a skull, `stop`; default: fire while
a card with a damage icon is left, discarding the card that would hit the location closest to
0); the cards left strike the ship; with nothing at 0 the LandBattlePrompt asks `attack` or
`withdraw` (default withdraw). A won land battle pays the cards' plunder (12 or more: 1 glory),
the success bounties and the Prison's free specialist, and offers the goods left to keep.
The bombardment's state rides on its prompt (cards laid out, dice left, a skull to spend)."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import location_raid as LR
from engine.merchants_marauders.rules.common import (
    add_bounty,
    captain,
    cargo_card,
    cargo_cards,
    gain_glory,
    manoeuvre,
    name,
    roll,
    say,
    show,
)
from engine.merchants_marauders.state import State


def _token(s: State, seat: int) -> Any:
    from engine.merchants_marauders.rules.locations_turn import here
    kind = here(s, seat)
    return None if kind is None else defs().locations.locations[kind]  # type: ignore[index]


def may_raid(s: State, seat: int) -> bool:
    t, p = _token(s, seat), s.players[seat]
    if t is None or t.raid is None:
        return False
    try:
        LR.check_can_raid(t.raid.defence, not p.in_port, p.ship.points, s.turn.actions)
    except ValueError:
        return False
    return True


def _nation(s: State, seat: int) -> Any:
    return defs().map.zones[s.players[seat].zone].nation


def start(s: State, seat: int, ev: Events) -> None:
    """The action spent, the attack's bounties due at once (MM-M9-34), the defence laid out."""
    t, p = _token(s, seat), s.players[seat]
    s.turn.actions -= LR.RAID_ACTIONS
    for n in LR.attack_bounties(t.raid.bounties, _nation(s, seat)):
        add_bounty(s, seat, n, ev)
    cards = s.cargo.draw(s.rng, t.raid.defence)
    say(ev, f"{name(s, seat)} raids the {t.name}: {', '.join(cards) or 'no cards'} defend it")
    s.stack.append(P.BombardPrompt(seats=[seat], location=t.id, cards=cards, dice=p.ship.points["cannons"]))


def _bomb(pr: P.BombardPrompt) -> LR.Bombardment:
    return LR.Bombardment(cards=cargo_cards(pr.cards), dice_left=pr.dice, to_discard=int(pr.skull))


def bombard_options(s: State, seat: int, pr: P.BombardPrompt) -> list[Any]:
    if pr.skull:
        return [action(A.Discard, card=c) for c in pr.cards]
    from engine.merchants_marauders.rules.goodwill_redraws_turn import bombard_options as favour
    return [*favour(s, seat, pr), *([action(A.Fire), action(A.Stop)] if pr.dice and pr.cards else [action(A.Stop)])]


def default(s: State, seat: int, pr: Any) -> Any:
    """The plan's defaults: fire while a damage card is left; spend a skull on the card that
    would hit the location closest to 0; withdraw rather than land."""
    if isinstance(pr, P.LandBattlePrompt):
        return action(A.Withdraw)
    p = s.players[seat]
    damage = [c for c in pr.cards if cargo_card(c).icon in p.ship.points]
    if pr.skull:
        pick = min(damage, key=lambda c: p.ship.points[cargo_card(c).icon]) if damage else pr.cards[0]  # type: ignore[index]
        return action(A.Discard, card=pick)
    return action(A.Fire) if damage and pr.dice else action(A.Stop)


def fire(s: State, seat: int, pr: P.BombardPrompt, ev: Events) -> None:
    (face,) = roll(s, 1)
    b = LR.fire(_bomb(pr), face)
    pr.dice, pr.skull = b.dice_left, bool(b.to_discard)
    say(ev, f"{name(s, seat)}'s guns fire: {show([face])}")
    if b.over:
        _damage(s, seat, pr, ev)


def discard(s: State, seat: int, pr: P.BombardPrompt, c: str, ev: Events) -> None:
    b = LR.discard(_bomb(pr), c)
    pr.cards, pr.skull = [k.id for k in b.cards], False
    s.cargo.throw_away([c])
    say(ev, f"The bombardment knocks out {c}")
    if b.over:
        _damage(s, seat, pr, ev)


def stop(s: State, seat: int, pr: P.BombardPrompt, ev: Events) -> None:
    _damage(s, seat, pr, ev)


def _damage(s: State, seat: int, pr: P.BombardPrompt, ev: Events) -> None:
    """The cards left strike the ship (MM-M9-20 to -23)."""
    from engine.merchants_marauders.rules.death import kill
    from engine.merchants_marauders.rules.ships_turn import slow
    s.stack.remove(pr)
    t, p = defs().locations.locations[pr.location], s.players[seat]  # type: ignore[index]
    assert t.raid is not None
    d = LR.take_damage(cargo_cards(pr.cards), p.ship.points, manoeuvre(p, slow(s)), t.raid.damage)
    p.ship.points = dict(d.points)
    hits = ", ".join(f"{k} {loc}" for loc, k in d.hits.items() if k) or "no hits"
    if d.sunk or d.failed:
        say(ev, f"The {t.name}'s defence strikes ({hits}): " + ("the ship sinks" if d.sunk else "the raid fails"))
        s.cargo.throw_away(pr.cards)
        if d.sunk:
            kill(s, seat, ev)
        return
    say(ev, f"The {t.name}'s defence strikes ({hits})")
    s.stack.append(P.LandBattlePrompt(seats=[seat], location=pr.location, cards=list(pr.cards)))


def withdraw(s: State, seat: int, pr: P.LandBattlePrompt, ev: Events) -> None:
    s.stack.remove(pr)
    s.cargo.throw_away(pr.cards)
    say(ev, f"{name(s, seat)} withdraws")


def attack(s: State, seat: int, pr: P.LandBattlePrompt, ev: Events) -> None:
    """One crew-clash round ashore (MM-M9-24 to -30): survive to win the plunder."""
    from engine.merchants_marauders.rules.death import kill
    from engine.merchants_marauders.rules.glory_cards import specialist_bonus
    s.stack.remove(pr)
    t, p = defs().locations.locations[pr.location], s.players[seat]  # type: ignore[index]
    from engine.merchants_marauders.rules.loyalty_levels_turn import clash_modifier
    faces = roll(s, LR.land_battle_dice(captain(p).skills.leadership, specialist_bonus(p, "skill_die", "leadership")
                                        + clash_modifier(s, seat)))          # Module 11: Happy +1, Angry -1
    cards = cargo_cards(pr.cards)
    lb = LR.land_battle(cards, p.ship.points["crew"], faces, rich=defs().locations.glory_plunder)
    p.ship.points["crew"] = lb.crew
    say(ev, f"{name(s, seat)} lands: {show(faces)}, {lb.crew_lost} crew lost, " + ("won" if lb.won else "killed"))
    if lb.killed:
        s.cargo.throw_away(pr.cards)
        kill(s, seat, ev)
        return
    assert t.raid is not None
    p.ship.gold += lb.gold
    say(ev, f"{name(s, seat)} plunders {lb.gold} gold from the {t.name}")
    gain_glory(s, seat, lb.glory, "rich_raid", ev)
    for n in LR.success_bounties(t.raid.bounties, _nation(s, seat), True):
        add_bounty(s, seat, n, ev)
    from engine.merchants_marauders.rules.loyalty_levels_turn import free_by_effect
    if any(e.kind == "free" for e in t.prize) and free_by_effect(s, seat):    # Module 11: not from Restless down
        from engine.merchants_marauders.rules.locations_turn import prison_hire
        prison_hire(s, seat, ev, free=True)
    from engine.merchants_marauders.rules.smuggling_turn import room as free_room
    room = free_room(s, seat)                        # both compartments share it (Module 7)
    if room and pr.cards:
        s.stack.append(P.KeepCargoPrompt(seats=[seat], why="plunder", cards=list(pr.cards), room=room))
    else:
        s.cargo.throw_away(pr.cards)
