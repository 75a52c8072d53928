"""Battle Rules, the Attack flag, and the three kinds of battle on one record and one sub-flow:
player Ship against a Merchant ship, against another player's Ship, and against Buildings
(DR-BAT, DR-BNP, DR-BPVP, DR-BBLD). The steps are prompts on the stack: the active side's cubes,
the defender's answer (ship battles only), the drop through rules/tower.py, the ability window,
then plunder, damage, strength and the outcome. Ships with 5 damage sink after the battle
(rules/sunken_ships.py)."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.core.types import Event
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import abilities as ab
from engine.dead_reckoning.rules import buildings as bld
from engine.dead_reckoning.rules import claims, tower
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules import sunken_ships as sunk
from engine.dead_reckoning.rules.common import at_island, cannons, card_abilities, card_icons, holds, name, room
from engine.dead_reckoning.rules.load_unload import stow as stow_into
from engine.dead_reckoning.rules.merchants import back_of
from engine.dead_reckoning.state import HARBOR, Battle, State, label

BLACK = "black"
MAX_CUBES = P.MAX_OPTIONS - 2       # room on the cube prompt for a card or two


def start(s: State, kind: str, attacker: int, at: str, *, defender: int | None = None, card: str | None = None,
          why: str = "flag") -> None:
    target = label(defender) if kind == "ship" and defender is not None else (card or f"buildings:{at}")
    s.turn.battled.append(target)
    s.battle = Battle(kind=kind, attacker=attacker, defender=defender, at=at, card=card, why=why)
    s.stack.append(P.BattleCubesPrompt(seats=[attacker]))


def _battle_cards(s: State, seat: int) -> list[str]:
    """Cards in hand that show Cannons or Battle abilities: the ones worth playing now."""
    p = s.players[seat]
    return [c for c in p.hand if card_icons(p, c).cannon or card_icons(p, c).defense
            or any(a.timing == "battle" for a, _ in card_abilities(p, c))]


def cube_options(s: State, seat: int, defending: bool) -> list[Any]:
    from engine.dead_reckoning.rules.main_phase import level_options
    out: list[Any] = [action(A.Play, card=c) for c in sorted(set(_battle_cards(s, seat)))]
    if defending and s.players[seat].level_open:
        out += level_options(s, seat)
    might = cannons(s, seat) + (_defense(s, seat) if defending else 0)
    if s.players[seat].cubes < might:
        out += ab.take_options(s, seat)      # short of cubes: island cubes may make it up (DR-BNP-05)
    top = min(might, s.players[seat].cubes, MAX_CUBES)
    return out[:P.MAX_OPTIONS - top - 1] + [action(A.Cubes, n=n) for n in range(top + 1)]


def _defense(s: State, seat: int) -> int:
    """Defense icons of cards out and of Upgrade tiles showing on empty holds (Boarding Nets):
    Battle cubes only for the attacked player."""
    p = s.players[seat]
    return sum(card_icons(p, c).defense for c in [*p.played, *p.defence]) + p.ship.hull.icons().defense


def play_card(s: State, seat: int, card: str) -> None:
    p = s.players[seat]
    p.hand.remove(card)
    (p.played if seat == s.turn.seat else p.defence).append(card)


def default_cubes(s: State, seat: int, defending: bool) -> int:
    return min(cannons(s, seat) + (_defense(s, seat) if defending else 0), s.players[seat].cubes, MAX_CUBES)


def set_cubes(s: State, seat: int, n: int, ev: Events) -> None:
    b = s.battle
    assert b is not None
    defending = seat != b.attacker
    used = max(0, n - (_defense(s, seat) if defending else 0))
    s.turn.cannons_used[seat] = s.turn.cannons_used.get(seat, 0) + min(used, cannons(s, seat))
    b.cubes[label(seat)] = n + _bonus(s, seat, defending, n)
    if not defending and b.kind == "ship":
        assert b.defender is not None
        if _must_ask(s, b.defender):
            b.step = "response"
            s.stack.append(P.ResponsePrompt(seats=[b.defender]))
            return
        answer = default_cubes(s, b.defender, True)        # nothing to ask: every Cannon it has
        b.cubes[label(b.defender)] = answer + _bonus(s, b.defender, True, answer)
    elif b.kind == "merchant":
        assert b.card is not None
        b.cubes[BLACK] = back_of(s, b.card).cubes
    elif b.kind == "building":
        b.cubes[BLACK] = bld.defense_cubes(bld.attack_targets(ab.site(s, b.at), b.attacker))
    _drop(s, ev)


def _must_ask(s: State, defender: int) -> bool:
    """Skip the answer only when it could change nothing and says nothing: an empty hand (public),
    no Cannon under a loaded hold, and no level-up open (the plan's fallback offers it here)."""
    p = s.players[defender]
    covered = any(x.icons.cannon and not x.working() for x in p.ship.hull.spaces)   # a jettison frees it
    return bool(p.hand) or p.level_open or covered


def _bonus(s: State, seat: int, defending: bool, n: int) -> int:
    """Cubes the rules add: +4 attacked in Harbor, +1 per Building at an island this side
    controls, +2 after a final turn (DR-BPVP-04, -05, DR-END-06); they come out of the supply,
    so no more than what is left there after the `n` the side set."""
    b, p = s.battle, s.players[seat]
    assert b is not None
    extra = defs().ocean.harbor.defender_cubes if defending and p.ship.at == HARBOR else 0
    isl = s.islands.get(b.at)
    if isl is not None and ic.controller(isl) == label(seat):
        extra += defs().rules.battle.cubes_per_building * len(isl.buildings)
    if p.finished:
        extra += defs().rules.end.battle_cubes_after_final
    return min(extra, max(0, p.cubes - n))


def respond(s: State, seat: int, n: int, ev: Events) -> None:
    b = s.battle
    assert b is not None
    s.stack.pop()
    set_cubes(s, seat, n, ev)


def _supply(s: State) -> dict[str, int]:
    """Cubes each side still has for an exploding shot's extra: its supply less every cube out in
    this battle (those set, or once dropped all on the board: extras and abilities' drops too)."""
    b = s.battle
    assert b is not None
    have = {label(i): p.cubes for i, p in enumerate(s.players)}
    have[BLACK] = defs().supply.black_cubes          # 20 in the box, a hard limit (DR-COMP-05 reading)
    return {side: max(0, n - max(b.cubes.get(side, 0), b.board.total(side))) for side, n in have.items()}


def _drop(s: State, ev: Events) -> None:
    b = s.battle
    assert b is not None
    result = tower.drop(s.rng, dict(b.cubes), s.tower, supply=_supply(s))
    b.board, s.tower = result.board, result.tower
    s.reveals += 1
    ev.append(Event(text=f"Battle at {b.at}: " + ", ".join(f"{o} {n}" for o, n in b.cubes.items()) + " cubes dropped"))
    b.step, b.side, b.passes = "window", 0, 0
    advance(s, ev)


def _sides(b: Battle) -> list[int]:
    return [b.attacker] + ([b.defender] if b.kind == "ship" and b.defender is not None else [])


def window_options(s: State, seat: int) -> list[Any]:
    b = s.battle
    if b is None or b.step != "window":
        return []
    p, out = s.players[seat], []
    for source, abilities in ab.sources(s, seat):
        for i, (a, _face) in enumerate(abilities, start=1):
            if a.timing != "battle" or ab.key(seat, source, i) in s.turn.used:
                continue
            if a.versus == "ships" and b.kind == "building":
                continue
            for o, opt in enumerate(a.options, start=1):
                if ab.can_pay(p, opt.cost):
                    out.append(action(A.Use, source=source, n=i, option=o if len(a.options) > 1 else 0))
    return out[:P.MAX_OPTIONS - 1]


def advance(s: State, ev: Events) -> None:
    """The ability window: sides take turns from the attacker; a side with nothing to use passes
    by itself (its cards are face up); two passes in a row end it (one side only: one pass)."""
    b = s.battle
    assert b is not None
    sides = _sides(b)
    while b.passes < len(sides):
        seat = sides[b.side % len(sides)]
        if window_options(s, seat):
            s.stack.append(P.AbilityPrompt(seats=[seat]))
            return
        b.passes += 1
        b.side += 1
    resolve(s, ev)


def pass_turn(s: State, ev: Events) -> None:
    b = s.battle
    assert b is not None
    b.passes += 1
    b.side += 1
    advance(s, ev)


def use(s: State, seat: int, a: A.Use, ev: Events) -> None:
    b = s.battle
    assert b is not None
    abilities = dict(ab.sources(s, seat))[a.source]
    ability, face = abilities[a.n - 1]
    opt = ability.options[max(a.option, 1) - 1]
    s.turn.used.append(ab.key(seat, a.source, a.n))
    ab.pay(s.players[seat], opt.cost)
    icons = ab.icons_of(s, seat, a.source, face)
    me, enemy = label(seat), _enemy(b, seat)
    withdraw = False
    if ability.on == "win":          # used now, it pays only if this side wins (DR-CAPT-03 reading)
        b.armed.append(ab.key(seat, a.source, a.n))
        b.passes = 0
        b.side += 1
        advance(s, ev)
        return
    for v in opt.effects:
        n = v.n * (getattr(icons, v.per) if v.per in ("wheel", "cannon", "sail") else 1)
        if v.do == "drop":
            left = _supply(s)
            n = min(n, left[me])                     # no more than the supply holds (none conjured)
            left[me] -= n                            # the cubes dropped now leave the supply too
            result = tower.drop(s.rng, {me: n}, s.tower, board=b.board, supply=left)
            b.board, s.tower = result.board, result.tower
            s.reveals += 1
        elif v.do == "explode":
            n = min(n, _supply(s)[me])               # an exploding shot is a cube from the supply
            b.board.add(me, tower.tower_defs().exploding, n)
            result = tower.drop(s.rng, {me: 0}, s.tower, board=b.board, supply=_supply(s))
            b.board, s.tower = result.board, result.tower
            s.reveals += 1
        elif v.do == "strength":
            b.extra_strength[me] = b.extra_strength.get(me, 0) + n
        elif v.do == "damage" and enemy is not None:
            b.damage_waiting[enemy] = b.damage_waiting.get(enemy, 0) + n
        elif v.do == "withdraw":
            withdraw = bool(b.board.cubes.get(me))
        elif v.do == "gain":
            ab.queue(s, seat, [v], a.source, icons)
    b.passes = 0
    b.side += 1
    if withdraw:
        s.stack.append(P.CubePrompt(seats=[seat]))
        return
    advance(s, ev)


def remove_cube(s: State, seat: int, zone: str, ev: Events) -> None:
    b = s.battle
    assert b is not None
    b.board = tower.take_back(b.board, label(seat), zone)
    advance(s, ev)


def _enemy(b: Battle, seat: int) -> int | None:
    if seat == b.attacker:
        return b.defender if b.kind == "ship" else None
    return b.attacker


PIECES = ("coin", "cargo", "either")


def plunder_options(s: State, seat: int) -> list[Any]:
    """Where the next plunder piece may go: a hold with room (an "either" piece as a coin or a
    cargo), the island of the battle when this side controls it, or back to the supply. The
    first listed is the deadline default: the first hold with room, coins before cargo."""
    b = s.battle
    assert b is not None
    left = b.plunder.get(seat, {})
    piece = next((k for k in PIECES if left.get(k)), None)
    if piece is None:
        return []
    p = s.players[seat]
    kinds = ("coin", "cargo") if piece == "either" else (piece,)
    out: list[Any] = [action(A.Stow, res=res, hold=x) for res in kinds for x in holds(p) if room(p, x) > 0]
    isl = s.islands.get(b.at)
    if isl is not None and ic.controller(isl) == label(seat):
        out.append(action(A.ToIsland))
    return [*out, action(A.ToSupply)]


def place_plunder(s: State, seat: int, a: Any, ev: Events) -> None:
    b = s.battle
    assert b is not None
    left = b.plunder[seat]
    piece = next(k for k in PIECES if left.get(k))
    left[piece] -= 1
    if isinstance(a, A.Stow):
        p = s.players[seat]
        p.ship.hull = stow_into(p.ship.hull, a.res, {a.hold: 1})   # type: ignore[dict-item]
    elif isinstance(a, A.ToIsland):
        isl = s.islands[b.at]
        if piece == "cargo":
            isl.cargo += 1
        else:
            isl.coins += 1
    _next_plunder(s, ev)


def _next_plunder(s: State, ev: Events) -> None:
    """Ask each side in turn, the attacker first; a side whose only place is the supply is not
    asked (nothing to choose, and the board is public)."""
    b = s.battle
    assert b is not None
    for seat in _sides(b):
        while any(b.plunder.get(seat, {}).values()):
            options = plunder_options(s, seat)
            if options != [action(A.ToSupply)]:
                s.stack.append(P.PlunderPrompt(seats=[seat]))
                return
            b.plunder[seat] = {}
    _finish(s, ev)


def resolve(s: State, ev: Events) -> None:
    """Plunder first (skipped against Buildings), then damage, then strength (DR-BNP-07 to -10)."""
    b = s.battle
    assert b is not None
    b.step = "plunder"
    if b.kind != "building":
        t = tower.tally(b.board)
        for seat in _sides(b):
            mine = t.get(label(seat), tower.Tally())
            b.plunder[seat] = {"coin": mine.coins, "cargo": mine.cargo, "either": mine.either}
    _next_plunder(s, ev)


def _finish(s: State, ev: Events) -> None:
    """Damage, then strength with ties to the active side, then the outcome; Ships at 5 damage
    sink once the battle is over (DR-SINK-01, -02)."""
    b = s.battle
    assert b is not None
    b.step = "done"
    t = tower.tally(b.board)
    a_lbl = label(b.attacker)
    d_lbl = label(b.defender) if b.kind == "ship" and b.defender is not None else BLACK
    ta, td = t.get(a_lbl, tower.Tally()), t.get(d_lbl, tower.Tally())
    hits: dict[int, int] = dict(b.damage_waiting)
    if b.kind == "ship" and b.defender is not None:
        hits[b.defender] = hits.get(b.defender, 0) + ta.damage
    hits[b.attacker] = hits.get(b.attacker, 0) + td.damage
    won = ta.strength + b.extra_strength.get(a_lbl, 0) >= td.strength + b.extra_strength.get(d_lbl, 0)
    ev.append(Event(text=f"{name(b.attacker)} {'wins' if won else 'loses'} the battle at {b.at}"))
    loser_damage = defs().rules.battle.loser_damage
    if b.kind == "ship" and b.defender is not None:
        winner, loser = (b.attacker, b.defender) if won else (b.defender, b.attacker)
        hits[loser] = hits.get(loser, 0) + loser_damage
        s.players[winner].wins += 1
        # the Legendary cube is the win's own consequence: placed now, on the defender's side too
        # (the flow checks only the active seat between steps, DR-BPVP-15)
        claims.check(s, winner, winner == s.turn.seat, ev)
        _win_abilities(s, winner)
        if s.players[loser].ship.mode == "pirate":          # a beaten Pirate lowers its flag (DR-BPVP-16)
            s.players[loser].ship.mode = "mercantile"
            if loser != s.turn.seat and b.at in s.turn.blockaded and not any(
                    s.players[o].ship.mode == "pirate" and s.players[o].ship.at == b.at
                    for o in range(len(s.players)) if o != s.turn.seat):
                s.turn.blockaded.remove(b.at)              # the blockade lifts with it (DR-PIR-11)
        if not won and b.why == "pirate_stop" and b.at in s.islands:
            s.turn.blockaded.append(b.at)
    elif b.kind == "merchant":
        _merchant_outcome(s, b, won, hits)
    else:
        if won:
            _win_abilities(s, b.attacker)   # a win bonus usable here pays (no Legendary cube, DR-BBLD-12)
            isl, targets = s.islands[b.at], bld.attack_targets(ab.site(s, b.at), b.attacker)
            isl.buildings = sorted(bld.raze(ab.site(s, b.at), targets).kinds)
            for k in targets:
                s.building_supply[k] += 1
            if not isl.buildings:
                s.holders.pop(b.at, None)
        else:
            hits[b.attacker] = hits.get(b.attacker, 0) + loser_damage
    causer = {b.attacker: b.defender if b.kind == "ship" else None}
    if b.defender is not None and b.kind == "ship":
        causer[b.defender] = b.attacker
    for seat, n in hits.items():
        s.players[seat].ship.damage += n
    s.battle = None
    sinking = sunk.sunk_after_battle({x: s.players[x].ship.damage for x in hits})
    if len(sinking) == 2:
        _sink_both(s, sinking[0], sinking[1], ev)
    for seat in sinking if len(sinking) < 2 else []:
        sink(s, seat, causer.get(seat), ev)
    after_battle(s, ev)


def _win_abilities(s: State, seat: int) -> None:
    """The win abilities this side used in the window (the Captain's bonus) pay out now."""
    b = s.battle
    assert b is not None
    for source, abilities in ab.sources(s, seat):
        for i, (a, face) in enumerate(abilities, start=1):
            if ab.key(seat, source, i) in b.armed:
                ab.queue(s, seat, a.options[0].effects, source, ab.icons_of(s, seat, source, face))


def _merchant_outcome(s: State, b: Battle, won: bool, hits: dict[int, int]) -> None:
    assert b.card is not None
    back = back_of(s, b.card)
    space = s.grid[b.at]
    space.card = None
    kept = False
    if won:
        s.players[b.attacker].wins += 1
        _win_abilities(s, b.attacker)
        for v in back.win:
            if v.do == "take_card":
                s.players[b.attacker].aside.append(b.card)
                kept = True
            else:
                ab.queue(s, b.attacker, [v], b.card, defs().advancements.cards[b.card].icons)
    else:
        for v in back.lose:
            if v.do == "take_damage":
                hits[b.attacker] = hits.get(b.attacker, 0) + v.n
            else:
                ab.queue(s, b.attacker, [v], b.card, defs().advancements.cards[b.card].icons)
    if not kept:
        s.rows[int(b.at[1:])].insert(0, b.card)      # buried under its row's box (DR-BUY-13, -14)


def damage_ship(s: State, seat: int, n: int, by: int | None, ev: Events) -> None:
    """Damage outside a battle sinks at once at 5 (DR-SINK-03); in a battle it waits."""
    p = s.players[seat]
    hit = sunk.take_damage(p.ship.damage, n, in_battle=s.battle is not None)
    p.ship.damage = hit.damage
    if hit.sinks_now:
        sink(s, seat, by, ev)


def _sink_both(s: State, a: int, b: int, ev: Events) -> None:
    """Both Ships sink: each loses first, then each collects the other's loss (DR-SINK-12)."""
    pa, pb = s.players[a], s.players[b]
    ra, rb = sunk.sink_both((a, pa.ship.hull, pa.chest), (b, pb.ship.hull, pb.chest))
    for seat, result in ((a, ra), (b, rb)):
        _sunk(s, seat, result, ev, paid=True)


def sink(s: State, seat: int, by: int | None, ev: Events) -> None:
    p = s.players[seat]
    _sunk(s, seat, sunk.sink(seat, p.ship.hull, p.chest, by), ev)


def _sunk(s: State, seat: int, result: sunk.Sinking, ev: Events, paid: bool = False) -> None:
    """The Ship back in Harbor without damage, Mercantile, Sails at 0; the loss to who caused it."""
    p = s.players[seat]
    p.ship.hull, p.chest = result.ship, result.chest
    p.ship.at, p.ship.damage, p.ship.sails, p.ship.mode = HARBOR, 0, 0, "mercantile"
    if not paid:
        for to, coins in sunk.payouts(result).items():
            s.players[to].chest += coins
    if result.to is not None:
        s.players[result.to].sunk += 1
    ev.append(Event(text=f"{name(seat)}'s Ship sinks and goes back to the Harbor"))
    if seat == s.turn.seat:
        # the turn goes on from the Harbor with the Sails spent and set: no moving (DR-SINK-13)
        s.turn.sails_set, s.turn.extra_sails = True, 0
        s.turn.pirate_queue = []
        s.stack[:] = [x for x in s.stack if not isinstance(x, P.MovingPrompt)]


def after_battle(s: State, ev: Events) -> None:
    """Back to the next Pirate of the same stop, or to the menu."""
    from engine.dead_reckoning.rules.pirate_mode import next_pirate
    next_pirate(s, ev)


def at_of(s: State, seat: int) -> str | None:
    return at_island(s, seat)
