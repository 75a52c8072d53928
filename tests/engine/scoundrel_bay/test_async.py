"""Asynchronous play: a turn is a chain of small decisions, each one can be taken back until it
shows something hidden or random (a roll, a card from the deck, an event), and every decision a
silent seat owes has a deadline default (a blind bid: 0)."""
from __future__ import annotations

import pytest

from engine.core import IllegalActionError, Setup, act_text, replay, setup_state, undo
from engine.scoundrel_bay import GAME
from engine.scoundrel_bay.prompts import BidPrompt, FeedPrompt
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.test_turn import to_reef

SETUP = Setup(game=GAME.id, players=3, seed="async", options={"boards": [1, 2, 3]})


def played(log: list[tuple[int, str]]) -> State:
    return replay(GAME, SETUP, log)


def test_choosing_the_action_and_the_distance_can_be_taken_back() -> None:
    s = setup_state(GAME, SETUP)
    card = s.players[0].hand[0]
    log = [(0, f"sail {card}")]
    s, log = undo(GAME, SETUP, log, 0)
    assert log == [] and s.players[0].hand == setup_state(GAME, SETUP).players[0].hand
    log = [(0, f"sail {card}"), (0, "sail 1")]
    s, log = undo(GAME, SETUP, log, 0)
    assert log == [(0, f"sail {card}")] and s.players[0].ship == 1


def test_a_decision_that_rolls_the_monster_die_cannot_be_taken_back() -> None:
    s = setup_state(GAME, SETUP)
    card = s.players[0].hand[0]
    assert 2 in s.monsters                      # sailing 1 from space 1 stops on a monster
    log = [(0, f"sail {card}"), (0, "sail 1")]
    t = act_text(GAME, played(log), 0, "no reward")   # the monster is shot next: its stand and the die show
    assert t.reveals
    with pytest.raises(IllegalActionError, match="revealed something"):
        undo(GAME, SETUP, [*log, (0, "no reward")], 0)


def test_buying_from_the_display_shows_a_new_card_so_it_cannot_be_taken_back() -> None:
    s = setup_state(GAME, SETUP)
    s.monsters.pop(2)                           # no monster where the ship stops: nothing shown yet
    card = s.players[0].hand[0]
    for notation in (f"sail {card}", "sail 1", "no reward"):
        t = act_text(GAME, s, 0, notation)
        assert not t.reveals
        s = t.state
    assert act_text(GAME, s, 0, "buy 1").reveals     # the display slides and a deck card fills it


def test_someone_else_cannot_take_back_a_players_decision() -> None:
    card = setup_state(GAME, SETUP).players[0].hand[0]
    with pytest.raises(IllegalActionError, match="your own last decision"):
        undo(GAME, SETUP, [(0, f"sail {card}")], 1)


def test_the_deadline_default_of_a_blind_bid_is_0_and_of_feeding_as_many_as_the_food_allows() -> None:
    s = to_reef(setup_state(GAME, SETUP), 0, 1, "the-dockmaster")
    s.monsters.clear()
    for notation in (f"sail {s.players[0].hand[0]}", "sail 1", "no reward", "buy 1"):
        s = act_text(GAME, s, 0, notation).state
    assert isinstance(s.stack[-1], BidPrompt)
    assert [GAME.notate(s, GAME.default_action(s, seat)) for seat in range(3)] == ["bid 0"] * 3
    for seat in range(3):
        s = act_text(GAME, s, seat, GAME.notate(s, GAME.default_action(s, seat))).state
    while not isinstance(s.stack[-1], FeedPrompt):     # the rewards, chosen by default
        pending = GAME.pending(s)
        assert pending is not None
        seat = pending.waiting_on[0]
        s = act_text(GAME, s, seat, GAME.notate(s, GAME.default_action(s, seat))).state
    for seat in range(3):
        feeds = [a for a in GAME.legal_actions(s, seat) if a.kind == "feed"]
        assert GAME.default_action(s, seat) == max(feeds, key=lambda a: a.fed)
