"""Carry out one legal decision (the flow then settles everything that follows without one)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.pirate_chest import actions as A
from engine.pirate_chest.prompts import (
    AttackPrompt,
    CardTargetPrompt,
    CurseDiePrompt,
    CurseTargetPrompt,
    DiscardPrompt,
    DollPrompt,
    EngagePrompt,
    EscapePrompt,
    KrakenDiePrompt,
    KrakenTargetPrompt,
    SailPrompt,
    SpacePrompt,
    TakeCoinPrompt,
    close_prompt,
    open_prompt,
)
from engine.pirate_chest.rules import cards, curses, drawing, fight, kraken, move, setup
from engine.pirate_chest.rules.common import Events, card_names, discard_from_hand, name, opponents, say
from engine.pirate_chest.rules.sinking import scatter_coin, sink
from engine.pirate_chest.state import State


def _sail(s: State, seat: int, a: A.Sail, ev: Events) -> None:
    move.sail(s, close_prompt(s, SailPrompt), a.distance, a.direction, ev)


def _curse(s: State, seat: int, a: A.Curse, ev: Events) -> None:
    """CURSES: once a turn, pick an opponent; the roll comes after the choice."""
    s.turn.curse_used = True
    s.stack.append(CurseTargetPrompt(seats=[seat], targets=opponents(s, seat)))


def _play(s: State, seat: int, a: A.Play, ev: Events) -> None:
    if open_prompt(s, EscapePrompt) is not None:
        fight.boost_escape(s, seat, a.card, ev)
    else:
        cards.play_card(s, seat, a.card, ev)


def _target(s: State, seat: int, a: A.Target, ev: Events) -> None:
    prompt = s.stack.pop()
    if isinstance(prompt, CardTargetPrompt):
        cards.resolve_card(s, seat, prompt.card, a.seat, ev)
    elif isinstance(prompt, CurseTargetPrompt):
        curses.roll_curse(s, seat, a.seat, ev)
    else:   # the Kraken, when several ships lie at the rolled distance
        assert isinstance(prompt, KrakenTargetPrompt), f"a target was chosen for '{prompt.kind}'"
        sink(s, a.seat, ev, by=seat)


def _to_space(s: State, seat: int, a: A.ToSpace, ev: Events) -> None:
    cards.resolve_card(s, seat, close_prompt(s, SpacePrompt).card, a.space, ev)


def _die(s: State, seat: int, a: A.Die, ev: Events) -> None:
    prompt = s.stack.pop()
    say(ev, f"{name(s, seat)} takes {a.value}.")
    if isinstance(prompt, CurseDiePrompt):
        curses.apply_curse(s, seat, prompt.victim, a.value, ev)
    else:
        assert isinstance(prompt, KrakenDiePrompt), f"a die result was chosen for '{prompt.kind}'"
        kraken.kraken_strikes(s, seat, a.value, ev)


def _attack(s: State, seat: int, a: A.Attack, ev: Events) -> None:
    close_prompt(s, AttackPrompt)
    s.stack.append(EngagePrompt(seats=[seat], defender=a.seat))


def _engage(s: State, seat: int, a: A.Engage, ev: Events) -> None:
    fight.engage(s, seat, close_prompt(s, EngagePrompt).defender, a.mode, ev)


def _take_coin(s: State, seat: int, a: A.TakeCoin, ev: Events) -> None:
    fight.take_coin(s, seat, close_prompt(s, TakeCoinPrompt).victim, a.coin, ev)


def _discard(s: State, seat: int, a: A.Discard, ev: Events) -> None:
    prompt = open_prompt(s, DiscardPrompt)
    assert prompt is not None, "a card was discarded with no discard open"
    discard_from_hand(s, seat, [a.card])
    say(ev, f"{name(s, seat)} discards {card_names([a.card])}.")
    prompt.count -= 1
    if prompt.count == 0:
        s.stack.pop()


def _doll(s: State, seat: int, a: A.Doll, ev: Events) -> None:
    """Voodoo Doll: curse at the end of your turn, then the doll hides on a random island."""
    close_prompt(s, DollPrompt)
    s.players[seat].coins.remove("voodoo-doll")
    scatter_coin(s, "voodoo-doll")
    say(ev, f"{name(s, seat)} uses the Voodoo Doll; it vanishes to a random island.")
    curses.roll_curse(s, seat, a.seat, ev)


def _keep_doll(s: State, seat: int, a: A.KeepDoll, ev: Events) -> None:
    close_prompt(s, DollPrompt)


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
    A.KeepDoll: _keep_doll,
    A.End: _end,
}


def apply_action(s: State, seat: int, a: A.Action, ev: Events) -> None:
    HANDLERS[type(a)](s, seat, a, ev)
