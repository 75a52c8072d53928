"""Pirate Chest decisions in plain words, for the seat that may take them (buttons, menus, /play).

notation.py writes each decision for the action log ("sail 3 cw to sea-14"); this module says it
to a player: "Sail 3 clockwise → open sea 14", "Target {0}", "Play Hurricane". Seats named in a
label are written {0}, {1} … and listed in `seats`; descriptions name ships in plain words. Only
what the acting seat may see is used: public positions, coins and hand sizes, and its own hand.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.core import ActionText
from engine.core.pieces import face_down
from engine.core.types import ChoiceStyle
from engine.pirate_chest import actions as A
from engine.pirate_chest.actions import FIGHT_MODES
from engine.pirate_chest.defs import defs
from engine.pirate_chest.prompts import (
    CardTargetPrompt,
    CurseDiePrompt,
    CurseTargetPrompt,
    DiscardPrompt,
    EngagePrompt,
    EscapePrompt,
    KrakenTargetPrompt,
    SailPrompt,
    SpacePrompt,
    TakeCoinPrompt,
    applies,
    open_prompt,
)
from engine.pirate_chest.rules.board import distance, kind, space_name, step
from engine.pirate_chest.rules.common import at_home, card, card_names, has_ability, name, opponents
from engine.pirate_chest.rules.fight import ESCAPE_TARGET
from engine.pirate_chest.rules.sinking import coin_name
from engine.pirate_chest.rules.turn import hand_limit
from engine.pirate_chest.state import State

LABEL_MAX = 80
DIE = 6   # the highest roll of one die
DESCRIPTION_MAX = 100

# Outcome.breakdown keys in the words players read.
CATEGORIES = {"chest": "Brought the Chest home", "coins": "Coins held", "sinkings": "Ships sunk",
              "times_sunk": "Times sunk"}

COIN_TEXT = {"compass": "One extra move every turn while you hold it.",
             "map": "With the Key, lets you take the Dead Man's Chest.",
             "key": "With the Map, lets you take the Dead Man's Chest.",
             "chest": "Bring it to your home port to win.",
             "voodoo-doll": "At the end of your turn, curse an opponent with it."}

WAYS = {"cw": "clockwise", "ccw": "counter-clockwise"}

ENGAGE_LABELS = {"broadsides": "Fight {0}: broadsides", "boarding": "Fight {0}: boarding",
                 "both": "Fight {0}: broadsides and boarding", "steal-coin": "Steal a coin from {0}",
                 "steal-card": "Steal a card from {0}", "ram": "Ram {0}"}
ENGAGE_TEXT = {"steal-coin": "Steal: take one of their coins instead of fighting.",
               "steal-card": "Steal: take a random card from their hand instead of fighting.",
               "ram": "Ram: the target sinks outright and its coins scatter. No fight."}
FIGHT_KIND = {"broadsides": "Broadside fight cards count", "boarding": "Boarding fight cards count",
              "both": "Every fight card counts"}
STAND_TEXT = {"steal-coin": "No roll: they take one of your coins.", "steal-card": "No roll: they take a random card.",
              "ram": "No roll: you are rammed and sink."}


def clip(text: str, limit: int = DESCRIPTION_MAX) -> str:
    """Fit `text` in `limit` characters: drop whole sentences from the end, else cut at a word."""
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    while len(" ".join(sentences)) > limit and len(sentences) > 1:
        sentences.pop()
    out = " ".join(sentences)
    if len(out) <= limit:
        return out
    cut = out[:limit - 1]
    if out[limit - 1] != " ":   # the cut falls inside a word: drop that word
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…"


def _text(label: str, description: str = "", style: ChoiceStyle = "primary", seats: tuple[int, ...] = ()) -> ActionText:
    return ActionText(label=clip(label, LABEL_MAX), description=clip(description), style=style, seats=seats)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _coins(coins: list[str]) -> str:
    return _and([f"the {coin_name(c)}" for c in coins]) if coins else "no coins"


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _situation(s: State, seat: int) -> str:
    """Where a ship is and what it carries, as anyone may see it."""
    p = s.players[seat]
    where = f"safe at home in {space_name(s, p.position)}" if at_home(s, seat) else f"at {space_name(s, p.position)}"
    cards = f"{len(p.hand)} card{'' if len(p.hand) == 1 else 's'}"
    return f"{name(s, seat)}, {where}, {cards}, holding {_coins(p.coins)}."


def _space_note(s: State, ship: int, n: int) -> str:
    """What a ship finds on space n: its home port, coins on an island, enemies to fight."""
    parts: list[str] = []
    p = s.players[ship]
    if n == p.home:
        parts.append("Home with the Chest: you win!" if "chest" in p.coins else "Your home port.")
    elif kind(s, n) == "port":
        parts.append("A port.")
    hidden = len(face_down(s.islands.get(n, [])))
    shown = [c.id for c in s.islands.get(n, []) if c.face_up]
    if hidden:
        parts.append(f"{hidden} hidden coin{'s' if hidden > 1 else ''} to turn over.")
    if shown:
        parts.append(f"{_upper(_coins(shown))} lie{'s' if len(shown) == 1 else ''} here.")
    here = [o for o in opponents(s, ship) if s.players[o].position == n]
    fights = [name(s, o) for o in here if not at_home(s, o)]
    safe = [name(s, o) for o in here if at_home(s, o)]
    if fights:
        parts.append(f"Fight {_and(fights)}.")
    if safe:
        parts.append(f"{_and(safe)} {'is' if len(safe) == 1 else 'are'} safe at home here.")
    return " ".join(parts) or "Open sea, nobody there."


# ---- setup and moving ----------------------------------------------------------------------

def _captain(s: State, seat: int, a: A.ChooseCaptain) -> ActionText:
    c = defs().captains[a.captain]
    return _text(f"{c.name} ({c.ability_name})", f"{c.summary} Ship: {c.ship}.")


def _home(s: State, seat: int, a: A.ChooseHome) -> ActionText:
    return _text(f"Home port: {space_name(s, a.port)}", "Your ship starts here; bring the Dead Man's Chest here to win.")


def _roll(s: State, seat: int, a: A.Roll) -> ActionText:
    t = s.turn
    notes = [note for note, on in (
        ("Luck: roll two dice, keep one.", has_ability(s, seat, "luck")),
        ("Raider: you may add 1.", has_ability(s, seat, "raider")),
        (f"-{t.move_penalty} this turn.", t.move_penalty > 0),
        (f"+{t.roll_bonus} from Catch the Wind.", t.roll_bonus > 0),
        ("Cursed: -2.", s.players[seat].dice_penalty),
        (f"{t.moves_left} moves left.", t.moves_left > 1)) if on]
    return _text("Roll and sail", " ".join(["Roll a die, then sail that far either way.", *notes]))


def _privateer(s: State, seat: int, a: A.Privateer) -> ActionText:
    return _text("Sail 1 space (Privateer)", "Privateer: instead of rolling, sail exactly 1 space, either way.")


def _sail(s: State, seat: int, a: A.Sail) -> ActionText:
    top = open_prompt(s, SailPrompt)
    ship = top.ship if top is not None else seat
    start = s.players[ship].position
    dest = step(s, start, a.distance, a.direction)
    pushed = ship != seat
    seats = (ship,) if pushed else ()
    if a.distance == 0:
        label = f"Leave {{0}} at {space_name(s, start)}" if pushed else f"Stay at {space_name(s, start)}"
        return _text(label, "The move is used; the ship does not move.", "secondary", seats)
    way = WAYS[a.direction]
    if top is None:
        return _text(f"Sail {a.distance} {way}")
    if pushed:
        return _text(f"Push {{0}} {a.distance} {way} → {space_name(s, dest)}",
                     "Lost: the ship is pushed there; nothing happens where it stops.", seats=seats)
    extra = f"{card(top.card).name}: an extra move. " if top.card and not top.pushed else ""
    return _text(f"Sail {a.distance} {way} → {space_name(s, dest)}", extra + _space_note(s, ship, dest))


def _never_land(s: State, seat: int, a: A.NeverLand) -> ActionText:
    return _text(f"Never Land → {space_name(s, a.port)}", f"As your move. {_space_note(s, seat, a.port)}")


def _mutiny(s: State, seat: int, a: A.MutinyTo) -> ActionText:
    return _text(f"Mutiny → {space_name(s, a.island)}", f"As your move. {_space_note(s, seat, a.island)}")


# ---- abilities and cards -------------------------------------------------------------------

def _kraken(s: State, seat: int, a: A.Kraken) -> ActionText:
    here = s.players[seat].position
    reach = sorted((distance(s, here, s.players[o].position), name(s, o)) for o in opponents(s, seat)
                   if kind(s, s.players[o].position) == "open-sea" and distance(s, here, s.players[o].position) <= DIE)
    aim = f" In reach: {_and([f'{who} ({d})' for d, who in reach])}." if reach else f" No enemy on open sea within {DIE}."
    return _text("Summon the Kraken", "Roll a die: an enemy on open sea that far away sinks." + aim, "danger")


def _curse(s: State, seat: int, a: A.Curse) -> ActionText:
    return _text("Curse an opponent", "Pick an opponent, then roll on the Curse Table against him. Once a turn.",
                 "danger")


def _play(s: State, seat: int, a: A.Play) -> ActionText:
    c = card(a.card)
    if open_prompt(s, EscapePrompt) is not None:
        return _text(f"Play {c.name} (+{c.n} to escape)", c.text)
    return _text(f"Play {c.name}", c.text)


def _target(s: State, seat: int, a: A.Target) -> ActionText:
    top = s.stack[-1] if s.stack else None
    label = "Curse {0}" if isinstance(top, CurseTargetPrompt) else \
        "Sink {0} with the Kraken" if isinstance(top, KrakenTargetPrompt) else "Target {0}"
    prefix = f"{card(top.card).name}: " if isinstance(top, CardTargetPrompt) else ""
    return _text(label, prefix + _situation(s, a.seat), seats=(a.seat,))


def _to_space(s: State, seat: int, a: A.ToSpace) -> ActionText:
    top = open_prompt(s, SpacePrompt)
    c = card(top.card) if top is not None else None
    where = space_name(s, a.space)
    if c is not None and c.effect == "landing-party":
        hidden = len(face_down(s.islands.get(a.space, [])))
        return _text(f"Land at {where}", f"{c.name}: turn over and take the {hidden} hidden coin{'s' if hidden > 1 else ''} here.")
    return _text(f"Sail to {where}", (f"{c.name}: " if c else "") + _space_note(s, seat, a.space))


def _die(s: State, seat: int, a: A.Die) -> ActionText:
    top = open_prompt(s, CurseDiePrompt)
    if top is not None:
        curse = defs().curses.get(a.value)
        what = f"Curse {a.value}: {name(s, top.victim)} {curse.text}." if curse else "No effect: the table runs 1 to 6."
        return _text(f"Take {a.value}", what)
    victims = [name(s, o) for o in opponents(s, seat) if a.value >= 1 and kind(s, s.players[o].position) == "open-sea"
               and distance(s, s.players[seat].position, s.players[o].position) == a.value]
    hit = f"sinks {_and(victims)}." if victims else "finds no ship."
    return _text(f"Take {a.value}", f"The Kraken strikes {a.value} spaces away and {hit}")


def _attack(s: State, seat: int, a: A.Attack) -> ActionText:
    return _text("Attack {0}", _situation(s, a.seat), seats=(a.seat,))


def _engage(s: State, seat: int, a: A.Engage) -> ActionText:
    top = open_prompt(s, EngagePrompt)
    target = top.defender if top is not None else -1
    seats = (target,) if target >= 0 else ()
    label = ENGAGE_LABELS[a.mode] if seats else ENGAGE_LABELS[a.mode].replace(" {0}", "").replace(" from", "")
    if a.mode not in FIGHT_MODES:
        return _text(label, ENGAGE_TEXT[a.mode], seats=seats)
    held = sum(1 for c in s.players[seat].hand if applies(c, a.mode))
    extra = [f"{ability}: you roll an extra die." for ability, fight in (("Rockets", "broadsides"), ("Undead", "boarding"))
             if has_ability(s, seat, ability.lower()) and a.mode in (fight, "both")]
    text = f"{FIGHT_KIND[a.mode]}; you hold {held}."
    return _text(label, " ".join([text, *extra]), seats=seats)


# ---- being attacked, fights ----------------------------------------------------------------

def _escape(s: State, seat: int, a: A.Escape) -> ActionText:
    bonus = (s.fight.escape_bonus if s.fight else 0) + (1 if has_ability(s, seat, "ram") else 0)
    plus = f" +{bonus}" if bonus else ""
    return _text("Try to escape", f"Roll a die{plus}: {ESCAPE_TARGET} or more and you get away.")


def _stand(s: State, seat: int, a: A.Stand) -> ActionText:
    mode = s.fight.mode if s.fight else "both"
    if mode in FIGHT_MODES:
        return _text("Stand and fight", "No escape roll: the fight goes ahead.", "secondary")
    return _text("Do not try to escape", STAND_TEXT[mode], "secondary")


def _commit(s: State, seat: int, a: A.Commit) -> ActionText:
    c = card(a.card)
    return _text(f"Add {c.name} (+{c.bonus}) to the fight", c.text)


def _uncommit(s: State, seat: int, a: A.Uncommit) -> ActionText:
    c = card(a.card)
    return _text(f"Take back {c.name} (+{c.bonus})", "Back to your hand; nobody sees it.", "secondary")


def _ready(s: State, seat: int, a: A.Ready) -> ActionText:
    mine = s.fight.cards.choice_of(seat, []) if s.fight else []
    bonus = sum(card(c).bonus for c in mine)
    text = f"Fight with {card_names(mine)} (+{bonus})." if mine else "Fight with no cards: your die alone."
    return _text("Ready to fight", text + " Sealed until both are ready.")


def _totals(s: State, seat: int, plus: int) -> str:
    f = s.fight
    if f is None or seat not in f.totals:
        return ""
    other = f.defender if seat == f.attacker else f.attacker
    return f"Your total {f.totals[seat] + plus} against {f.totals.get(other, 0)} for {name(s, other)}."


def _girl_power(s: State, seat: int, a: A.GirlPower) -> ActionText:
    return _text(f"Discard {card(a.card).name} for +2", "Girl Power, once a fight. " + _totals(s, seat, 2), "danger")


def _pass(s: State, seat: int, a: A.Pass) -> ActionText:
    return _text("Keep your cards", "No Girl Power. " + _totals(s, seat, 0), "secondary")


def _take(s: State, seat: int, a: A.TakeCoin) -> ActionText:
    top = open_prompt(s, TakeCoinPrompt)
    label = f"Take the {coin_name(a.coin)}"
    if top is None:
        return _text(label, COIN_TEXT.get(a.coin, ""))
    return _text(label + " from {0}", COIN_TEXT.get(a.coin, ""), seats=(top.victim,))


# ---- end of turn ---------------------------------------------------------------------------

def _discard(s: State, seat: int, a: A.Discard) -> ActionText:
    top = open_prompt(s, DiscardPrompt)
    c = card(a.card)
    why = ""
    if top is not None:
        why = f" Treachery: {top.count} to discard." if top.card else f" Hand limit {hand_limit(s, seat)}: {top.count} to discard."
    return _text(f"Discard {c.name}", c.text + why)


def _doll(s: State, seat: int, a: A.Doll) -> ActionText:
    return _text("Curse {0} with the Voodoo Doll", "Roll on the Curse Table; the Doll then hides on a random island.",
                 "danger", (a.seat,))


def _keep_doll(s: State, seat: int, a: A.KeepDoll) -> ActionText:
    return _text("Keep the Voodoo Doll", "It stays aboard for a later turn.", "secondary")


def _end(s: State, seat: int, a: A.End) -> ActionText:
    t = s.turn
    over = len(s.players[seat].hand) - hand_limit(s, seat)
    notes = [note for note, on in (
        (f"{t.moves_left} move{'s' if t.moves_left > 1 else ''} unused.", t.moves_left > 0 and not t.frozen),
        ("You may use the Voodoo Doll first.", "voodoo-doll" in s.players[seat].coins),
        (f"Then discard {over} card{'s' if over > 1 else ''} (hand limit {hand_limit(s, seat)}).", over > 0)) if on]
    return _text("End turn", " ".join(notes) or "Hand over to the next ship.", "end")


DESCRIBE: dict[type, Callable[[State, int, Any], ActionText]] = {
    A.ChooseCaptain: _captain, A.ChooseHome: _home,
    A.Keep: lambda s, seat, a: _text(f"Keep {card(a.card).name}", card(a.card).text),
    A.Roll: _roll, A.Privateer: _privateer, A.Sail: _sail, A.NeverLand: _never_land, A.MutinyTo: _mutiny,
    A.Kraken: _kraken, A.Curse: _curse, A.Play: _play, A.Target: _target, A.ToSpace: _to_space, A.Die: _die,
    A.Attack: _attack, A.Engage: _engage, A.Escape: _escape, A.Stand: _stand, A.Commit: _commit,
    A.Uncommit: _uncommit, A.Ready: _ready, A.GirlPower: _girl_power, A.Pass: _pass, A.TakeCoin: _take,
    A.Discard: _discard, A.Doll: _doll, A.KeepDoll: _keep_doll, A.End: _end,
}


def describe(s: State, seat: int, a: A.Action) -> ActionText:
    """One of `seat`'s legal decisions in plain words (label, what it does, style, named seats)."""
    return DESCRIBE[type(a)](s, seat, a)


__all__ = ["CATEGORIES", "DESCRIBE", "clip", "describe"]
