"""Rumours and missions in the turn (base reconstruction sections 4 and 8; the pure rules are
rumours_missions.py): a rumour taken in port with an Influence check and held in secret, looked
into at its target with an action of its own (Scouting at sea, Influence in port); a mission
claimed at its port with an Influence check, attempted at its target with an action (a
delivery, a passenger landed, a survey or envoy check), or done by beating the NPC it names.
The extra dice come from the port (San Juan's rumours, Caracas's missions), the captain's
ability and the ship's modifications (the figurehead).

Reading until specialists are wired: a lost specialist from a rumour is held as a glory card."""
from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.effects import Effect as Property
from engine.merchants_marauders.rules import module1_turn as M1
from engine.merchants_marauders.rules import rumours_missions as RM
from engine.merchants_marauders.rules.common import (
    captain,
    cargo_card,
    cargo_cards,
    gain_glory,
    hold,
    maxima,
    name,
    roll,
    say,
    show,
)
from engine.merchants_marauders.rules.death import return_modifications
from engine.merchants_marauders.rules.port import _deck_top, _take_top, weapons_left
from engine.merchants_marauders.rules.rerolls import offer
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import PORTS, Face, NpcGroup, ShipType, Skill


@cache
def rumour(card: str) -> RM.Rumour:
    """Any rumour card that can be in play: the base and new ones, and Module 7's reworked one."""
    every = [*cards().rumour_deck(sog=True), *cards().rumour_deck(sog=True, contraband=True)]
    return RM.rumour_of({r.id: r for r in every}[card])


@cache
def mission(card: str) -> RM.Mission:
    return RM.mission_of({m.id: m for m in cards().mission_deck(sog=True)}[card])


def _properties(s: State, seat: int) -> list[Property]:
    p = s.players[seat]
    mods = defs().all_modifications()
    here = defs().map.zones[p.zone].property if p.in_port else []
    return [*here, *captain(p).ability.effects, *(e for m in p.ship.modifications for e in mods[m].effects)]


def check(s: State, seat: int, skill: Skill, when: RM.Situation) -> list[Face]:
    """Roll a rumour or mission check: the skill, the extra dice, this round's fog for Scouting."""
    from engine.merchants_marauders.rules.glory_cards import specialist_bonus
    extra = RM.extra_dice(_properties(s, seat), skill, when) + (s.round.scouting if skill == "scouting" else 0) \
        + specialist_bonus(s.players[seat], "skill_die", skill)
    return roll(s, RM.dice_for(getattr(captain(s.players[seat]).skills, skill), extra))


# ---- rumours ----
def may_take_rumour(s: State, seat: int, deck: M1.Which = "base") -> bool:
    """A rumour to seek in port; with Module 1's separate decks, from `deck` (MM-M1-02)."""
    p = s.players[seat]
    return p.in_port and p.rumour is None and bool(M1.pile(s, "rumours", deck, fallback=False))


def take_rumour(s: State, seat: int, ev: Events, again: list[Face] | None = None, deck: str = "base") -> None:
    p = s.players[seat]
    faces = again if again is not None else check(s, seat, "influence", "rumour")
    from engine.merchants_marauders.rules.town_turn import in_town
    got, _ = RM.acquire_rumour(p.rumour, p.in_port or in_town(s, seat), faces,            # Module 9
                               M1.pile(s, "rumours", "new" if deck == "new" else "base"))   # Module 1's deck
    say(ev, f"{name(s, seat)} seeks a rumour: {show(faces)}, {'one is heard' if got else 'nothing'}")
    if got is not None:
        M1.take_rumour(s, got)
        p.rumour = got
        say(ev, f"You hear a rumour: {got}", to=seat)
        from engine.merchants_marauders.rules.goodwill_redraws_turn import offer_rumour
        offer_rumour(s, seat)                       # Module 10
    elif again is None:
        offer(s, seat, "influence", "rumour", "new" if deck == "new" else "", faces)


def may_investigate(s: State, seat: int) -> bool:
    p = s.players[seat]
    return p.rumour is not None and RM.may_investigate(rumour(p.rumour), p.zone, p.in_port)


def investigate(s: State, seat: int, ev: Events, again: list[Face] | None = None) -> None:
    """An action at the rumour's target; a passed check turns it up (MMB-TURN-12, MMB-DECK-05)."""
    p = s.players[seat]
    assert p.rumour is not None
    r = rumour(p.rumour)
    faces = again if again is not None else check(s, seat, RM.investigation_skill(r), "rumour")
    out = RM.investigate(r, p.zone, p.in_port, faces)
    say(ev, f"{name(s, seat)} looks into a rumour: {show(faces)}")
    if not out.revealed:
        if again is None:
            offer(s, seat, RM.investigation_skill(r), "investigate", "", faces)
        return
    s.reveals += 1
    s.rumours.throw_away([r.id])
    p.rumour = None
    say(ev, f"The rumour {r.id} proves {'true' if out.true else 'false'}")
    gain_glory(s, seat, out.glory, "rumour", ev)
    if out.reward is not None:
        _reward(s, seat, out.reward, ev)


def _reward(s: State, seat: int, reward: Any, ev: Events) -> None:
    from engine.merchants_marauders.rules.loyalty_levels_turn import free_by_effect
    p = s.players[seat]
    if reward.do in ("specialist", "crew") and not free_by_effect(s, seat):
        say(ev, f"{name(s, seat)}'s restless crew takes on nobody for free")      # Module 11 (MM-M11-21)
        return
    if reward.do == "gold":
        p.ship.gold += reward.n
        say(ev, f"{name(s, seat)} finds {reward.n} gold")
    elif reward.do == "cargo":
        _cargo(s, seat, reward.n, reward.distinct_goods)
    elif reward.do == "specialist":
        _specialist(s, seat, reward.specialist, ev)
    elif reward.do == "modification":
        _salvage(s, seat, ev)
    elif reward.do == "weapon":
        kinds = RM.weapon_reward_kinds(p.ship.weapons, {w: weapons_left(s, w) for w in defs().weapons.weapons})
        if kinds:
            p.ship.weapons.append(kinds[0])
    elif reward.do == "crew":
        p.ship.points["crew"] = RM.crew_reward(maxima(p)["crew"])


def _cargo(s: State, seat: int, n: int, distinct: bool) -> None:
    taken = draw_cargo(s, n, distinct)
    from engine.merchants_marauders.rules.smuggling_turn import room as free_room
    room = free_room(s, seat)                        # both compartments share it (Module 7)
    if room:
        s.stack.append(P.KeepCargoPrompt(seats=[seat], why="plunder", cards=taken, room=room))
        from engine.merchants_marauders.rules.goodwill_redraws_turn import offer_cargo
        offer_cargo(s, seat, len(taken), distinct)          # Module 10
    else:
        s.cargo.throw_away(taken)


def draw_cargo(s: State, n: int, distinct: bool) -> list[str]:
    """A rumour's goods cards off the cargo deck (those passed over discarded)."""
    deck = _deck_top(s, n + 8)
    taken, passed, rest = RM.cargo_reward(cargo_cards(deck), n, distinct)
    _take_top(s, len(deck) - len(rest))
    s.cargo.throw_away([c.id for c in passed])
    return [c.id for c in taken]


def _specialist(s: State, seat: int, kind: Any, ev: Events) -> None:
    p = s.players[seat]
    kinds = {g.id: g.specialist for g in cards().glory_deck()}
    card, rest = RM.specialist_reward([(c, kinds[c]) for c in reversed(s.glory.pile)], kind)
    s.glory.pile = [c for c, _ in reversed(rest)]
    if card is not None:
        p.glory_cards.append(card)
        say(ev, f"You find {card}", to=seat)
        if len(p.glory_cards) > 4:
            s.stack.append(P.DiscardGloryPrompt(seats=[seat]))


def _salvage(s: State, seat: int, ev: Events) -> None:
    """A face-down modification token from a port, drawn at random, fitted free if a slot is
    free (else it goes back to a port)."""
    p = s.players[seat]
    ports = [z for z in PORTS if s.zones[z].modification is not None and not s.zones[z].revealed]
    if not ports:
        return
    z = s.rng.choice(ports)
    m, s.zones[z].modification = s.zones[z].modification, None
    assert m is not None
    if len(p.ship.modifications) < defs().all_ships()[p.ship.type].mod_slots:
        p.ship.modifications.append(m)
        for e in defs().all_modifications()[m].effects:
            if e.kind == "stat" and e.stat in p.ship.points:
                p.ship.points[e.stat] += e.n
        say(ev, f"{name(s, seat)} fits a salvaged {defs().all_modifications()[m].name}")
    else:
        return_modifications(s, [m], None)


# ---- missions ----
def held(s: State, seat: int) -> str | None:
    return RM.held_by(s.board, seat)


def claim_options(s: State, seat: int) -> list[Any]:
    p = s.players[seat]
    if not p.in_port or held(s, seat) is not None:
        return []
    free = hold(p) - len(p.ship.cargo)
    return [action(A.Claim, mission=x.mission) for x in s.board if x.mission is not None and x.holder is None
            and mission(x.mission).claim == p.zone and free >= RM.passenger_space(mission(x.mission))]


def claim(s: State, seat: int, card: str, ev: Events, again: list[Face] | None = None) -> None:
    p = s.players[seat]
    m = mission(card)
    faces = again if again is not None else check(s, seat, "influence", "mission")
    board, ok = RM.claim_mission(s.board, m, seat, p.zone, faces, hold(p) - len(p.ship.cargo))
    s.board = list(board)
    say(ev, f"{name(s, seat)} seeks mission {card}: {show(faces)}, {'claimed' if ok else 'refused'}")
    if ok:
        p.passenger = RM.passenger_space(m)
        from engine.merchants_marauders.rules.goodwill_turn import on_mission
        on_mission(s, seat, "mission_taken", ev)             # Module 10
    elif again is None:
        offer(s, seat, "influence", "claim", card, faces)


def may_attempt(s: State, seat: int) -> bool:
    p, card = s.players[seat], held(s, seat)
    if card is None:
        return False
    m = mission(card)
    if not RM.may_attempt(m, p.zone, p.in_port):
        return False
    return m.kind != "delivery" or sum(1 for c in p.ship.cargo if cargo_card(c).good == m.test.good) >= m.test.n


def attempt(s: State, seat: int, ev: Events, again: list[Face] | None = None) -> None:
    """An action at the mission's target (MMB-TURN-12): a delivery hands over the goods asked."""
    p, card = s.players[seat], held(s, seat)
    assert card is not None
    m = mission(card)
    skill = RM.attempt_skill(m)
    faces = again if again is not None else (check(s, seat, skill, "mission") if skill is not None else [])
    goods = [c for c in p.ship.cargo if cargo_card(c).good == m.test.good][:m.test.n] if m.kind == "delivery" else []
    out = RM.attempt_mission(m, p.zone, p.in_port, faces, cargo_cards(p.ship.cargo), goods)
    say(ev, f"{name(s, seat)} attempts mission {card}" + (f": {show(faces)}" if faces else ""))
    if out.done:
        if m.kind == "delivery":
            p.ship.cargo = [c.id for c in out.cargo]
            s.cargo.throw_away(goods)
        complete(s, seat, card, out, ev)
    elif skill is not None and again is None:
        offer(s, seat, skill, "attempt", "", faces)


def complete(s: State, seat: int, card: str, out: RM.Outcome, ev: Events) -> None:
    p = s.players[seat]
    p.ship.gold += out.gold
    p.passenger = 0
    say(ev, f"{name(s, seat)} completes mission {card} for {out.gold} gold")
    slot = next(i for i, x in enumerate(s.board) if x.mission == card)
    _replace(s, card)
    from engine.merchants_marauders.rules.goodwill_turn import on_mission
    on_mission(s, seat, "mission_completed", ev)              # Module 10
    gain_glory(s, seat, out.glory, "mission", ev)
    from engine.merchants_marauders.rules.goodwill_redraws_turn import offer_mission
    if (new := s.board[slot].mission) is not None:
        offer_mission(s, seat, new)                            # Module 10: the completer drew it


def _replace(s: State, card: str) -> None:
    """The slot refilled (with Module 1's separate decks, from the deck `card` came from)."""
    M1.fill_missions(s, lambda top: RM.replace(s.board, card, top), M1.deck_of("missions", card))
    s.missions.throw_away([card])
    s.reveals += 1              # the next mission comes face up


def beat_npc(s: State, seat: int, group: NpcGroup, ship: ShipType, ev: Events) -> None:
    """A hunt mission is done when its holder beats the NPC it names."""
    card = held(s, seat)
    if card is not None and RM.hunt_done(mission(card), group, ship):
        complete(s, seat, card, RM.reward(mission(card)), ev)


def drop_all(s: State, seat: int) -> None:
    """A dead captain's rumour and mission are discarded; the mission's slot is refilled."""
    p = s.players[seat]
    if p.rumour is not None:
        s.rumours.throw_away([p.rumour])
        p.rumour = None
    card = held(s, seat)
    if card is not None:
        _replace(s, card)
    p.passenger = 0
