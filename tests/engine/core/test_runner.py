"""The runner: seat and legality checks, copies, replay, undo — on Pirate Chest."""
from __future__ import annotations

import pytest

from engine.core import (
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    Setup,
    act,
    act_text,
    get_game,
    replay,
    setup_state,
    undo,
)

GAME = get_game("pirate_chest")
SETUP = Setup(game="pirate_chest", players=2, seed="runner", options={"captains": ["kidd", "hook"]})


def test_registry_knows_the_game_and_refuses_unknown_ones() -> None:
    assert GAME.id == "pirate_chest"
    with pytest.raises(KeyError, match="Unknown game 'chess'"):
        get_game("chess")


def test_player_count_is_checked() -> None:
    with pytest.raises(IllegalActionError, match="2 to 6 players"):
        setup_state(GAME, Setup(game="pirate_chest", players=7, seed="x"))


def test_act_refuses_the_wrong_seat_and_illegal_actions_without_changing_the_state() -> None:
    s = setup_state(GAME, SETUP)
    dump = s.model_dump()
    other = 1 - s.turn.seat
    with pytest.raises(NotYourTurnError, match="not your move"):
        act_text(GAME, s, other, "roll")
    with pytest.raises(IllegalActionError, match="not one of your options"):
        act_text(GAME, s, s.turn.seat, "end")
    with pytest.raises(InvalidActionError, match="don't understand"):
        act_text(GAME, s, s.turn.seat, "fly to the moon")
    assert s.model_dump() == dump


def test_act_works_on_a_copy_and_marks_rolls_as_revealing() -> None:
    s = setup_state(GAME, SETUP)
    t = act_text(GAME, s, s.turn.seat, "roll")
    assert t.reveals and t.notation == "roll"
    assert s.stack == [] and t.state.stack[-1].kind == "sail"


def test_replay_rebuilds_the_same_state() -> None:
    s = setup_state(GAME, SETUP)
    log = []
    for _ in range(40):
        p = GAME.pending(s)
        assert p is not None
        seat = p.waiting_on[0]
        a = GAME.legal_actions(s, seat)[-1]
        t = act(GAME, s, seat, a)
        log.append((seat, t.notation))
        s = t.state
    assert replay(GAME, SETUP, log) == s


def test_undo_steps_back_a_quiet_decision_only() -> None:
    s = setup_state(GAME, SETUP)
    seat = s.turn.seat
    quiet = "privateer" if s.players[seat].captain == "kidd" else "never-land pirate-island"
    t = act_text(GAME, s, seat, quiet)
    assert not t.reveals
    back, log = undo(GAME, SETUP, [(seat, t.notation)], seat)
    assert back == s and log == []
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        undo(GAME, SETUP, [], seat)
    with pytest.raises(IllegalActionError, match="your own last decision"):
        undo(GAME, SETUP, [(seat, t.notation)], 1 - seat)
    rolled = act_text(GAME, s, seat, "roll")
    with pytest.raises(IllegalActionError, match="revealed"):
        undo(GAME, SETUP, [(seat, rolled.notation)], seat)


def test_act_checks_against_the_legal_list_its_caller_passes() -> None:
    """A caller that has just listed the seat's options passes them, and act checks the action
    against that list (so a list that leaves an option out refuses it)."""
    s = setup_state(GAME, SETUP)
    seat = s.turn.seat
    legal = GAME.legal_actions(s, seat)
    roll = GAME.parse(s, seat, "roll")
    with pytest.raises(IllegalActionError, match="not allowed now"):
        act(GAME, s, seat, roll, [a for a in legal if a != roll])
    assert act(GAME, s, seat, roll, legal).state == act(GAME, s, seat, roll).state


def test_a_copy_shares_immutable_parts_and_rebuilds_the_rest() -> None:
    """copy_state keeps types.Immutable values as they are (nothing can change them) and copies
    everything else; the copy equals the state and dumps the same, to JSON too."""
    from pydantic import BaseModel

    from engine.core.runner import copy_state
    from engine.core.types import Immutable

    class Point(Immutable):
        x: int
        tags: tuple[str, ...] = ()

    class Box(BaseModel):
        at: Point
        items: list[int] = []

    class World(BaseModel):
        boxes: list[Box]

    w = World(boxes=[Box(at=Point(x=1, tags=("a",)), items=[1, 2])])
    c = copy_state(w)
    assert c == w and c.model_dump() == w.model_dump() and c.model_dump_json() == w.model_dump_json()
    assert c.boxes[0].at is w.boxes[0].at
    assert c.boxes[0] is not w.boxes[0] and c.boxes[0].items is not w.boxes[0].items
    assert w.model_dump() == {"boxes": [{"at": {"x": 1, "tags": ("a",)}, "items": [1, 2]}]}
