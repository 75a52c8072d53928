"""The glory-card windows of a fight (docs/merchants_marauders-plan.md, "Combat"): after the
Seamanship contest (reroll it, 2 dice more, 2 hits more for this round's shots, 2 hits cancelled
on one's own ship), after each crew clash roll (reroll it, 2 dice more), and when an NPC's
scouting, or a Cutthroat scout's, has found a captain (it fails). Each fighter holding any glory card is asked in turn,
aggressor first, and may play several before passing. An NPC has no cards."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.rules import combat as C
from engine.merchants_marauders.rules.common import ability, name, roll, say, show
from engine.merchants_marauders.rules.glory_cards import card
from engine.merchants_marauders.state import State

# What each window lets a card do: (verb, the roll it names or None).
WINDOW_USES: dict[str, set[tuple[str, str | None]]] = {
    "contest": {("reroll", "seamanship_contest"), ("extra_dice", "seamanship_contest"), ("extra_hits", None),
                ("cancel_hits", None)},
    "clash": {("reroll", "crew_clash"), ("extra_dice", "crew_clash")},
    "scouted": {("evade_scouting", None)},
}


def _fits(c: str, window: str) -> bool:
    e = card(c).effects[0]
    return (e.do, e.roll) in WINDOW_USES[window]


def window_options(s: State, seat: int, pr: P.CardPrompt) -> list[Any]:
    from engine.merchants_marauders.rules.loyalty_levels_turn import glory_barred
    out: list[Any] = [action(A.Play, card=c) for c in dict.fromkeys(s.players[seat].glory_cards)
                      if _fits(c, pr.window) and not glory_barred(s, seat)]
    if pr.window == "contest" and _may_reroll(s, pr.role):  # type: ignore[arg-type]
        out.append(action(A.Reroll))
    return out


def _may_reroll(s: State, role: C.Role) -> bool:
    """A captain whose ability rerolls the contest once a fight (public, so asking reveals nothing)."""
    f = s.fight
    seat = f.sides[role].seat if f is not None else None
    return f is not None and seat is not None and role not in f.rerolled \
        and ability(s.players[seat], "reroll", "contest") > 0


def open_windows(s: State, window: str = "clash") -> None:
    """The fighters to ask after this roll: player sides holding any glory card (and, after the
    contest, a captain who may reroll it)."""
    f = s.fight
    assert f is not None
    f.windows = [r for r in C.ROLES if (x := f.sides[r].seat) is not None
                 and (s.players[x].glory_cards or (window == "contest" and _may_reroll(s, r)))]


def reroll(s: State, seat: int, pr: P.CardPrompt, ev: Events) -> None:
    f = s.fight
    assert f is not None
    role: C.Role = pr.role  # type: ignore[assignment]
    f.rerolled.append(role)
    f.contest[role] = roll(s, len(f.contest[role]))
    from engine.merchants_marauders.rules.fight import _contest_of, side_name
    winner = f.winner = _contest_of(f).winner
    say(ev, f"{name(s, seat)} rerolls the contest: {show(f.contest[role])}; "
        f"{side_name(s, winner) + ' wins' if winner else 'no winner'}")


def next_window(s: State, window: str) -> bool:
    """Push the next fighter's window; False when everyone has been asked."""
    f = s.fight
    assert f is not None
    if not f.windows:
        return False
    role = f.windows.pop(0)
    seat = f.sides[role].seat
    assert seat is not None
    s.stack.append(P.CardPrompt(seats=[seat], window=window, role=role))
    return True


def play(s: State, seat: int, pr: P.CardPrompt, c: str, ev: Events) -> None:
    p = s.players[seat]
    p.glory_cards.remove(c)
    s.glory.throw_away([c])
    e = card(c).effects[0]
    say(ev, f"{name(s, seat)} plays {card(c).name}")
    f = s.fight
    if pr.window == "scouted" or f is None:
        s.stack.pop()
        from engine.merchants_marauders.rules.cutthroat_turn import finder_name
        say(ev, f"{finder_name(s, pr.slot).capitalize()} loses sight of {name(s, seat)}")
        return
    role: C.Role = pr.role  # type: ignore[assignment]
    pool = f.contest if pr.window == "contest" else f.clash_faces
    if e.do == "reroll":
        pool[role] = roll(s, len(pool[role]))
    elif e.do == "extra_dice":
        pool[role] = [*pool[role], *roll(s, e.n)]
    elif e.do == "extra_hits":
        f.extra_hits[role] = f.extra_hits.get(role, 0) + e.n
    elif e.do == "cancel_hits":
        f.cancel[role] = f.cancel.get(role, 0) + e.n
    if e.do in ("reroll", "extra_dice"):
        say(ev, f"{name(s, seat)} now rolls {show(pool[role])}")
    if e.do in ("reroll", "extra_dice") and pr.window == "contest":
        from engine.merchants_marauders.rules.fight import _contest_of, side_name
        winner = f.winner = _contest_of(f).winner
        say(ev, f"The contest: {side_name(s, winner) + ' wins' if winner else 'no winner'}")
