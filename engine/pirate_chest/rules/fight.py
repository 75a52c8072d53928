"""FIGHTING, ESCAPE, and the abilities that change an attack (Steal, Ram, Rockets, Undead,
Girl Power, Rampage, No Prisoners)."""
from __future__ import annotations

from engine.core.sealed import Sealed
from engine.pirate_chest.actions import FightMode
from engine.pirate_chest.prompts import (
    AttackPrompt,
    EngagePrompt,
    EscapePrompt,
    FightCardsPrompt,
    GirlPowerPrompt,
    TakeCoinPrompt,
    open_prompt,
)
from engine.pirate_chest.rules.common import (
    Events,
    at_home,
    card,
    card_names,
    discard_from_hand,
    has_ability,
    name,
    random_cards,
    say,
    tell,
)
from engine.pirate_chest.rules.dice import best_roll, dice_penalty
from engine.pirate_chest.rules.sinking import coin_name, sink
from engine.pirate_chest.state import Fight, State

ESCAPE_TARGET = 5
ENGAGE_TEXT = {"broadsides": "opens fire on {} (broadsides)", "boarding": "boards {} (boarding fight)",
               "both": "attacks {} with broadsides and boarding", "steal-coin": "tries to steal a coin from {}",
               "steal-card": "tries to steal a card from {}", "ram": "tries to ram {}"}


def attackable(s: State, seat: int) -> list[int]:
    """Enemies on my space that are not safe in their own home port."""
    here = s.players[seat].position
    return [i for i, p in enumerate(s.players) if i != seat and p.position == here and not at_home(s, i)]


def begin_attack(s: State, seat: int, ev: Events) -> None:
    """Landing on enemies means a fight: pick which one when there are several."""
    targets = attackable(s, seat)
    if len(targets) == 1:
        s.stack.append(EngagePrompt(seats=[seat], defender=targets[0]))
    elif targets:
        s.stack.append(AttackPrompt(seats=[seat], targets=targets))


def engage(s: State, attacker: int, defender: int, mode: FightMode, ev: Events, landed: bool = True) -> None:
    """The attack begins (its modes: prompts.engage_modes); fight cards are sealed by both sides."""
    s.fight = Fight(attacker=attacker, defender=defender, mode=mode, landed=landed,
                    cards=Sealed[list[str]](seats=[attacker, defender]))
    say(ev, f"{name(s, attacker)} {ENGAGE_TEXT[mode].format(name(s, defender))}.")
    if landed:
        s.stack.append(EscapePrompt(seats=[defender]))
    else:
        proceed(s, ev)


def boost_escape(s: State, seat: int, card_id: str, ev: Events) -> None:
    assert s.fight is not None
    discard_from_hand(s, seat, [card_id])
    s.fight.escape_bonus += card(card_id).n
    say(ev, f"{name(s, seat)} plays {card(card_id).name} (+{card(card_id).n} to escape).")


def try_escape(s: State, seat: int, ev: Events) -> None:
    """ESCAPE: 5 or better (after modifiers) and no fight takes place."""
    assert s.fight is not None
    s.stack.pop()
    nautilus = 1 if has_ability(s, seat, "ram") else 0
    total = best_roll(s, seat, ev, "the escape") + s.fight.escape_bonus + nautilus
    if total >= ESCAPE_TARGET:
        say(ev, f"{name(s, seat)} escapes with {total}!")
        s.fight = None
    else:
        say(ev, f"{name(s, seat)} fails to escape ({total}).")
        proceed(s, ev)


def stand(s: State, ev: Events) -> None:
    s.stack.pop()
    proceed(s, ev)


def proceed(s: State, ev: Events) -> None:
    """After any escape attempt: carry out the steal, the ram, or the fight."""
    f = s.fight
    assert f is not None
    if f.mode == "steal-coin":
        _steal_coin(s, f.attacker, f.defender, ev)
    elif f.mode == "steal-card":
        steal_random_card(s, f.attacker, f.defender, ev)
        s.fight = None
    elif f.mode == "ram":
        s.fight = None
        sink(s, f.defender, ev, by=f.attacker, in_fight=False)   # RAM: coins scatter, not to Nemo
    else:
        # Both sides always get the sealed choice, so nobody learns whether the other holds fight cards.
        s.stack.append(FightCardsPrompt(seats=f.cards.deciding()))


def _steal_coin(s: State, thief: int, victim: int, ev: Events) -> None:
    s.fight = None
    choose_coin_to_take(s, thief, victim, ev)


def choose_coin_to_take(s: State, taker: int, victim: int, ev: Events) -> None:
    coins = s.players[victim].coins
    if len(coins) == 1:
        take_coin(s, taker, victim, coins[0], ev)
    elif coins:
        s.stack.append(TakeCoinPrompt(seats=[taker], victim=victim))


def take_coin(s: State, taker: int, victim: int, coin: str, ev: Events) -> None:
    s.players[victim].coins.remove(coin)
    s.players[taker].coins.append(coin)
    say(ev, f"{name(s, taker)} takes {coin_name(coin)} from {name(s, victim)}.")


def steal_random_card(s: State, thief: int, victim: int, ev: Events) -> None:
    stolen = random_cards(s, victim, 1)
    if not stolen:
        return
    s.players[victim].hand.remove(stolen[0])
    s.players[thief].hand.append(stolen[0])
    say(ev, f"{name(s, thief)} takes a random card from {name(s, victim)}.")
    tell(ev, {thief, victim}, f"The stolen card is {card(stolen[0]).name}.")


def commit(s: State, seat: int, card_id: str, add: bool) -> None:
    """Sealed fight cards (which count: prompts.applies): add or take back a card until you say
    you are ready."""
    assert s.fight is not None
    cards = list(s.fight.cards.choice_of(seat, []))
    if add:
        cards.append(card_id)
    else:
        cards.remove(card_id)
    s.fight.cards.choose(seat, cards)


def ready(s: State, seat: int, ev: Events) -> None:
    """A side locks its fight cards in; when the last is in, they are revealed and the dice roll."""
    assert s.fight is not None
    prompt = open_prompt(s, FightCardsPrompt)
    assert prompt is not None, "ready with no fight cards to choose"
    all_in = s.fight.cards.lock(seat)
    prompt.seats = s.fight.cards.deciding()
    say(ev, f"{name(s, seat)} is ready to fight.")
    if all_in:
        s.stack.pop()
        roll_fight(s, ev)


def _bonus_dice(s: State, seat: int, mode: str, ev: Events) -> int:
    """ROCKETS add a die in broadside fights, UNDEAD in boarding fights (both in 'Both').
    Curse 2 takes 2 off this die as well: it is a die roll like any other."""
    total = 0
    penalty = dice_penalty(s, seat)
    for ability, fight_type in (("rockets", "broadsides"), ("undead", "boarding")):
        if has_ability(s, seat, ability) and mode in (fight_type, "both"):
            extra = s.rng.die() - penalty
            say(ev, f"{name(s, seat)} adds {extra} ({ability}{f'; cursed: -{penalty}' if penalty else ''}).")
            total += extra
    return total


def roll_fight(s: State, ev: Events) -> None:
    """Each side rolls one die, adds its bonus dice and its revealed fight cards."""
    f = s.fight
    assert f is not None
    revealed = f.cards.revealed()
    for seat in (f.attacker, f.defender):
        cards = revealed.get(seat, [])
        discard_from_hand(s, seat, cards)
        bonus = sum(card(c).bonus for c in cards)
        if cards:
            say(ev, f"{name(s, seat)} plays {card_names(cards)} (+{bonus}).")
        f.totals[seat] = best_roll(s, seat, ev, "the fight") + _bonus_dice(s, seat, f.mode, ev) + bonus
    say(ev, f"Totals: {name(s, f.attacker)} {f.totals[f.attacker]}, {name(s, f.defender)} {f.totals[f.defender]}.")
    calico = next((x for x in (f.attacker, f.defender) if has_ability(s, x, "girl-power")), None)
    if calico is not None and s.players[calico].hand:
        s.stack.append(GirlPowerPrompt(seats=[calico]))
    else:
        resolve_fight(s, ev)


def girl_power(s: State, seat: int, card_id: str | None, ev: Events) -> None:
    """GIRL POWER: discard one card to add 2 to her roll, once a fight, after seeing the dice."""
    assert s.fight is not None
    s.stack.pop()
    if card_id is not None:
        discard_from_hand(s, seat, [card_id])
        s.fight.totals[seat] += 2
        say(ev, f"Girl Power: {name(s, seat)} discards {card(card_id).name} for +2 ({s.fight.totals[seat]}).")
    resolve_fight(s, ev)


def sheltered(s: State, f: Fight, loser: int) -> bool:
    """PORTS OF CALL in a fight. Only an attacker can lose at home (nobody can attack a ship in its
    own home port). By default its home port shelters it anyway; with the table option
    `home_port_shelters_attacker` off, a ship that starts a fight from home and loses is sunk."""
    return loser == f.defender or s.home_port_shelters_attacker


def resolve_fight(s: State, ev: Events) -> None:
    """The higher total wins, the attacker wins ties; the loser is sunk and gives up his coins."""
    f = s.fight
    assert f is not None
    s.fight = None
    attacker_wins = f.totals[f.attacker] >= f.totals[f.defender]
    winner, loser = (f.attacker, f.defender) if attacker_wins else (f.defender, f.attacker)
    say(ev, f"{name(s, winner)} wins the fight.")
    if sink(s, loser, ev, by=winner, in_fight=True, sheltered=sheltered(s, f, loser)) and \
            has_ability(s, winner, "rampage"):
        s.extra_turns.append(winner)
        say(ev, f"Rampage: {name(s, winner)} earns an extra turn.")
