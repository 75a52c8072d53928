"""A merchant raid on the turn's stack (base reconstruction 6.1; the pure rules are raid.py): the
token found is taken and turned; its nation is picked (or it is let go) and it goes to the
merchant track; the bounty unless at war; 3 cargo cards face up and a Seamanship roll; weapons
turn dice into skulls, skulls are spent one at a time; then the damage icons strike, and a raid
that did not fail pays its plunder, 12+ gold a glory point, and keeps the cards that fit."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.rules import raid as R
from engine.merchants_marauders.rules.common import (
    ability,
    add_bounty,
    captain,
    cargo_card,
    cargo_cards,
    gain_glory,
    hold,
    manoeuvre,
    name,
    port_nation,
    roll,
    say,
    show,
    wars,
)
from engine.merchants_marauders.rules.death import kill
from engine.merchants_marauders.rules.npc import NATION_ADJECTIVE
from engine.merchants_marauders.rules.port import _deck_top, _take_top
from engine.merchants_marauders.state import Raid, State


def start_raid(s: State, seat: int, ev: Events) -> None:
    p = s.players[seat]
    token = s.zones[p.zone].merchant
    assert token is not None
    s.zones[p.zone].merchant = None
    s.track.append(token)
    s.reveals += 1
    kind = NATION_ADJECTIVE.get(token, token)
    say(ev, f"{name(s, seat)} finds {'an' if kind[0] in 'AEIOUaeiou' else 'a'} {kind} merchant")
    s.raid = Raid(seat=seat, token=token)
    s.stack.append(P.RaidPrompt(seats=[seat], nations=list(R.nation_choices(token, port_nation(p.zone)))))


def release(s: State, seat: int, ev: Events) -> None:
    s.raid = None
    say(ev, f"{name(s, seat)} lets the merchant go")


def raid_for(s: State, seat: int, nation: str, ev: Events) -> None:
    """The bounty (none at war), the cards, the Seamanship roll, then the skulls' prompt."""
    assert s.raid is not None
    p = s.players[seat]
    add_bounty(s, seat, R.raid_bounty(nation, captain(p).nation, wars(s)), ev)  # type: ignore[arg-type]
    deck = _deck_top(s, R.RAID_CARDS + 4)
    laid, rest = R.draw_raid_cards(cargo_cards(deck))
    _take_top(s, len(deck) - len(rest))
    s.raid.cards = [c.id for c in laid]
    from engine.merchants_marauders.rules.glory_cards import specialist_bonus
    s.raid.dice = roll(s, captain(p).skills.seamanship + ability(p, "extra_die", "raid")
                       + specialist_bonus(p, "skill_die", "seamanship"))
    s.raid.skulls = R.skulls(s.raid.dice)
    say(ev, f"The merchant's cargo: {', '.join(s.raid.cards)}; Seamanship {show(s.raid.dice)}")
    s.stack.append(P.RaidSkullPrompt(seats=[seat]))


def skull_options(s: State, seat: int) -> list[Any]:
    r = s.raid
    assert r is not None
    out: list[Any] = []
    if r.skulls > 0:
        if s.cargo.pile or s.cargo.discard:
            out.append(action(A.Draw))
        out += [action(A.Discard, card=c) for c in r.cards]
        if s.cargo.pile or s.cargo.discard:
            out += [action(A.Swap, card=c) for c in r.cards]
    if any(f != "skull" for f in r.dice):
        out += [action(A.UseWeapon, weapon=w) for w in s.players[seat].ship.weapons]
    from engine.merchants_marauders.rules.loyalty_levels_turn import glory_barred
    if not r.spent and not glory_barred(s, seat):
        from engine.merchants_marauders.rules.glory_cards import card
        out += [action(A.Play, card=c) for c in dict.fromkeys(s.players[seat].glory_cards)
                if (card(c).effects[0].do, card(c).effects[0].roll) == ("reroll", "merchant_raid")]
    from engine.merchants_marauders.rules.goodwill_redraws_turn import raid_options
    out = [*raid_options(s, seat), *out]                   # Module 10
    return [*out[:P.MAX_OPTIONS - 1], action(A.Stop)]


def reroll(s: State, seat: int, c: str, ev: Events) -> None:
    """A glory card rerolls the raid's Seamanship dice (before any skull is spent)."""
    r = s.raid
    assert r is not None
    s.players[seat].glory_cards.remove(c)
    s.glory.throw_away([c])
    r.dice = roll(s, len(r.dice))
    r.skulls = R.skulls(r.dice)
    say(ev, f"{name(s, seat)} plays a glory card and rolls again: {show(r.dice)}")


def spend(s: State, seat: int, a: Any, ev: Events) -> None:
    """One skull on a draw, a discard or an exchange; or a weapon turning a die into a skull."""
    r = s.raid
    assert r is not None
    p = s.players[seat]
    r.spent = True
    if isinstance(a, A.UseWeapon):
        r.dice, p.ship.weapons = R.spend_weapon(r.dice, p.ship.weapons, a.weapon)
        r.skulls += 1
        say(ev, f"{name(s, seat)} spends {a.weapon.replace('_', ' ')} for a skull")
        return
    use: R.SkullUse = R.DrawCard() if isinstance(a, A.Draw) else \
        R.DiscardCard(card=a.card) if isinstance(a, A.Discard) else R.ExchangeCard(card=a.card)
    deck = _deck_top(s, 2)
    out = R.spend_skulls(cargo_cards(r.cards), [use], r.skulls, cargo_cards(deck))
    _take_top(s, len(deck) - len(out.deck))
    s.cargo.throw_away([c.id for c in out.discarded])
    before = set(r.cards)
    r.cards, r.skulls = [c.id for c in out.cards], r.skulls - 1
    r.added = next((c for c in r.cards if c not in before), "")
    if not isinstance(a, A.Discard):
        s.reveals += 1
    say(ev, f"The raid's cards: {', '.join(r.cards) or 'none'}")


def finish(s: State, seat: int, ev: Events) -> None:
    """Resolve: the icons strike, then failure or the plunder (MMB-RAID-08 to -13)."""
    r = s.raid
    assert r is not None
    p = s.players[seat]
    from engine.merchants_marauders.rules.ships_turn import slow
    out = R.resolve(cargo_cards(r.cards), p.ship.points, manoeuvre(p, slow(s)))
    p.ship.points = dict(out.locations)
    s.raid = None
    hits = ", ".join(f"{k} {loc}" for loc, k in out.hits.items()) or "no hits"
    if out.sunk:
        say(ev, f"The raid sinks {name(s, seat)}'s ship ({hits})")
        s.cargo.throw_away(r.cards)
        kill(s, seat, ev)
        return
    if out.failed:
        say(ev, f"The raid fails ({hits}, {out.escapes} escape icons)")
        s.cargo.throw_away(r.cards)
        return
    p.ship.gold += out.gold
    say(ev, f"The raid succeeds ({hits}): {out.gold} gold plundered")
    gain_glory(s, seat, out.glory, "rich_raid", ev)
    from engine.merchants_marauders.rules.smuggling_turn import room as free_room
    room = free_room(s, seat)                        # both compartments share it (Module 7)
    if room:
        s.stack.append(P.KeepCargoPrompt(seats=[seat], why="plunder", cards=list(r.cards), room=room))
    else:
        s.cargo.throw_away(r.cards)


def keep_plunder(s: State, seat: int, pr: P.KeepCargoPrompt, ev: Events) -> None:
    from engine.merchants_marauders.rules.smuggling_turn import stow
    p = s.players[seat]
    offered = stow(s, seat, pr, ev)                 # Module 7: the cards kept as contraband
    cargo, gone = R.keep_plunder(cargo_cards(p.ship.cargo), cargo_cards(offered), pr.kept, hold(p) - len(p.contraband))
    p.ship.cargo = [c.id for c in cargo]
    s.cargo.throw_away([c.id for c in gone])
    if pr.kept:
        say(ev, f"{name(s, seat)} keeps {', '.join(pr.kept)}")


def default_skull(s: State, seat: int) -> Any:
    """The plan's default: discard the card whose damage icon would hit a location closest to 0,
    else an escape card, else stop."""
    r = s.raid
    assert r is not None
    p = s.players[seat]
    if r.skulls > 0:
        damage = [c for c in r.cards if cargo_card(c).icon in p.ship.points]
        if damage:
            worst = min(damage, key=lambda c: p.ship.points[cargo_card(c).icon])  # type: ignore[index]
            return action(A.Discard, card=worst)
        escapes = [c for c in r.cards if cargo_card(c).icon == "escape"]
        if escapes:
            return action(A.Discard, card=escapes[0])
    return action(A.Stop)
