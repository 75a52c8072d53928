"""Carry out one legal decision, then settle everything that follows without a decision."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.pirate_chest import actions as A
from engine.pirate_chest.rules import cards, curses, drawing, fight, kraken, move, setup
from engine.pirate_chest.rules.common import Events, card_names, discard_from_hand, name, say
from engine.pirate_chest.rules.sinking import scatter_coin, sink
from engine.pirate_chest.rules.turn import settle
from engine.pirate_chest.state import Prompt, State


def _sail(s: State, seat: int, a: A.Sail, ev: Events) -> None:
    prompt = s.stack.pop()
    move.sail(s, prompt, a.distance, a.direction, ev)


def _curse(s: State, seat: int, a: A.Curse, ev: Events) -> None:
    """CURSES: once a turn, pick an opponent; the roll comes after the choice."""
    s.turn.curse_used = True
    s.stack.append(Prompt(kind="target", seats=[seat], options=[o for o in range(len(s.players)) if o != seat],
                          purpose="curse"))


def _play(s: State, seat: int, a: A.Play, ev: Events) -> None:
    if s.stack and s.stack[-1].kind == "escape":
        fight.boost_escape(s, seat, a.card, ev)
    else:
        cards.play_card(s, seat, a.card, ev)


def _target(s: State, seat: int, a: A.Target, ev: Events) -> None:
    prompt = s.stack.pop()
    if prompt.purpose == "card":
        cards.resolve_card(s, seat, prompt.card, a.seat, ev)
    elif prompt.purpose == "curse":
        curses.roll_curse(s, seat, a.seat, ev)
    else:   # the Kraken, when several ships lie at the rolled distance
        sink(s, a.seat, ev, by=seat)


def _to_space(s: State, seat: int, a: A.ToSpace, ev: Events) -> None:
    prompt = s.stack.pop()
    cards.resolve_card(s, seat, prompt.card, a.space, ev)


def _die(s: State, seat: int, a: A.Die, ev: Events) -> None:
    prompt = s.stack.pop()
    say(ev, f"{name(s, seat)} takes {a.value}.")
    if prompt.purpose == "curse":
        curses.apply_curse(s, seat, prompt.target, a.value, ev)
    else:
        kraken.kraken_strikes(s, seat, a.value, ev)


def _attack(s: State, seat: int, a: A.Attack, ev: Events) -> None:
    s.stack.pop()
    s.stack.append(Prompt(kind="engage", seats=[seat], target=a.seat))


def _engage(s: State, seat: int, a: A.Engage, ev: Events) -> None:
    prompt = s.stack.pop()
    fight.engage(s, seat, prompt.target, a.mode, ev)


def _take_coin(s: State, seat: int, a: A.TakeCoin, ev: Events) -> None:
    prompt = s.stack.pop()
    fight.take_coin(s, seat, prompt.target, a.coin, ev)


def _discard(s: State, seat: int, a: A.Discard, ev: Events) -> None:
    prompt = s.stack[-1]
    discard_from_hand(s, seat, [a.card])
    say(ev, f"{name(s, seat)} discards {card_names([a.card])}.")
    prompt.count -= 1
    if prompt.count == 0:
        s.stack.pop()


def _doll(s: State, seat: int, a: A.Doll, ev: Events) -> None:
    """Voodoo Doll: curse at the end of your turn, then the doll hides on a random island."""
    s.stack.pop()
    s.players[seat].coins.remove("voodoo-doll")
    scatter_coin(s, "voodoo-doll")
    say(ev, f"{name(s, seat)} uses the Voodoo Doll; it vanishes to a random island.")
    curses.roll_curse(s, seat, a.seat, ev)


def _pop(s: State) -> None:
    s.stack.pop()


def _end(s: State, seat: int, a: A.End, ev: Events) -> None:
    s.turn.phase = "ending"
    say(ev, f"{name(s, seat)} ends the turn.")


HANDLERS: dict[type, Callable[[State, int, Any, Events], None]] = {
    A.ChooseCaptain: lambda s, seat, a, ev: setup.choose_captain(s, seat, a.captain, ev),
    A.ChooseHome: lambda s, seat, a, ev: setup.choose_home(s, seat, a.port, ev),
    A.Keep: lambda s, seat, a, ev: drawing.keep(s, seat, a.card, ev),
    A.Roll: lambda s, seat, a, ev: move.roll_move(s, seat, ev),
    A.Privateer: lambda s, seat, a, ev: move.privateer(s, seat),
    A.Sail: _sail,
    A.NeverLand: lambda s, seat, a, ev: move.jump(s, seat, a.port, ev, "uses Never Land to sail"),
    A.MutinyTo: lambda s, seat, a, ev: move.jump(s, seat, a.island, ev, "leads a mutiny and sails"),
    A.Kraken: lambda s, seat, a, ev: kraken.summon_kraken(s, seat, ev),
    A.Curse: _curse,
    A.Play: _play,
    A.Target: _target,
    A.ToSpace: _to_space,
    A.Die: _die,
    A.Attack: _attack,
    A.Engage: _engage,
    A.Escape: lambda s, seat, a, ev: fight.try_escape(s, seat, ev),
    A.Stand: lambda s, seat, a, ev: fight.stand(s, ev),
    A.Commit: lambda s, seat, a, ev: fight.commit(s, seat, a.card, add=True),
    A.Uncommit: lambda s, seat, a, ev: fight.commit(s, seat, a.card, add=False),
    A.Ready: lambda s, seat, a, ev: fight.ready(s, seat, ev),
    A.GirlPower: lambda s, seat, a, ev: fight.girl_power(s, seat, a.card, ev),
    A.Pass: lambda s, seat, a, ev: fight.girl_power(s, seat, None, ev),
    A.TakeCoin: _take_coin,
    A.Discard: _discard,
    A.Doll: _doll,
    A.KeepDoll: lambda s, seat, a, ev: _pop(s),
    A.End: _end,
}


def apply_action(s: State, seat: int, a: A.Action, ev: Events) -> None:
    HANDLERS[type(a)](s, seat, a, ev)
    settle(s, ev)
