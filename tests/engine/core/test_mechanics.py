"""The shared mechanics of engine/core: decks, face-down pieces, sealed choices, flow, prompts."""
from __future__ import annotations

import pytest

from engine.core import IllegalActionError, Rng
from engine.core.deck import Deck
from engine.core.flow import WAIT, Flow
from engine.core.pieces import HIDDEN, Piece, face_down, shown
from engine.core.prompts import PromptBase
from engine.core.sealed import Sealed


def test_deck_draws_from_the_top_and_reshuffles_the_discard_only_when_empty() -> None:
    rng = Rng(seed="d")
    deck = Deck(pile=["a", "b", "c"])
    assert deck.draw(rng, 2) == ["c", "b"] and deck.pile == ["a"]
    deck.throw_away(["x", "y"])
    before = rng.counter
    assert deck.draw(rng) == ["a"] and rng.counter == before    # one left: no reshuffle yet
    drawn = deck.draw(rng, 3)                                    # empty: x, y become the pile
    assert sorted(drawn) == ["x", "y"] and deck.discard == [] and rng.counter > before
    assert deck.draw(rng, 1) == []                               # nothing anywhere: nothing drawn


def test_deck_without_reshuffle_stops_at_the_bottom_and_peeks_top_first() -> None:
    deck = Deck(pile=["a", "b", "c"], discard=["z"])
    assert deck.peek(2) == ["c", "b"] and deck.peek(0) == []
    assert deck.draw(Rng(seed="p"), 4, reshuffle=False) == ["c", "b", "a"] and deck.discard == ["z"]
    assert deck.view().model_dump() == {"pile_size": 0, "discard_size": 1, "discard_top": "z"}


def test_face_down_pieces_show_hidden_until_turned_over() -> None:
    pieces = [Piece(id="map"), Piece(id="key", face_up=True)]
    assert shown(pieces) == [HIDDEN, "key"]
    assert [p.id for p in face_down(pieces)] == ["map"]
    pieces[0].turn_over()
    assert shown(pieces) == ["map", "key"]


def test_sealed_choices_stay_hidden_until_the_last_seat_locks_in() -> None:
    bids: Sealed[int] = Sealed[int](seats=[0, 1, 2])
    bids.choose(0, 5)
    bids.choose(0, 3)                        # may change until locked
    assert not bids.lock(0)
    bids.choose(2, 0)
    assert bids.view_for(1).mine is None and bids.view_for(1).revealed is None
    assert bids.view_for(0).mine == 3 and bids.view_for(None).locked == [0]
    with pytest.raises(IllegalActionError):
        bids.revealed()                      # no rule may read them early
    with pytest.raises(IllegalActionError, match="locked"):
        bids.choose(0, 9)
    with pytest.raises(IllegalActionError, match="no part"):
        bids.choose(3, 1)
    assert not bids.lock(2) and bids.deciding() == [1]
    bids.choose(1, 4)
    assert bids.lock(1)
    assert bids.revealed() == {0: 3, 1: 4, 2: 0} and bids.view_for(None).revealed == {0: 3, 1: 4, 2: 0}


def test_sealed_views_of_two_different_hidden_choices_are_equal_for_everyone_else() -> None:
    a, b = Sealed[list[str]](seats=[0, 1]), Sealed[list[str]](seats=[0, 1])
    a.choose(0, ["cutlass"])
    b.choose(0, [])
    assert a.view_for(1) == b.view_for(1) and a.view_for(None) == b.view_for(None)
    assert a.view_for(0) != b.view_for(0)
    assert Sealed[list[str]].model_validate_json(a.model_dump_json()) == a


class _Game:
    def __init__(self) -> None:
        self.phase, self.asked = "setup", False
        self.log: list[str] = []


def test_flow_runs_automatic_phases_until_a_decision_waits() -> None:
    def setup(g: _Game, ev: list) -> str:
        g.log.append("setup")
        return "turn"

    def turn(g: _Game, ev: list) -> str | None:
        g.log.append("turn")
        g.asked = True                    # the turn asks its player: the flow stops
        return None

    flow: Flow[_Game] = Flow({"setup": setup, "turn": turn, "over": None}, phase=lambda g: g.phase,
                             set_phase=lambda g, p: setattr(g, "phase", p), waits=lambda g: g.asked)
    g = _Game()
    flow.settle(g, [])
    assert g.log == ["setup", "turn"] and g.phase == "turn"
    g.phase, g.asked = "over", False
    flow.settle(g, [])                    # a phase moved on only by decisions: nothing runs
    assert g.log == ["setup", "turn"]


def test_flow_that_never_waits_fails_with_its_phase_instead_of_hanging() -> None:
    flow: Flow[_Game] = Flow({"loop": lambda g, ev: "loop"}, phase=lambda g: g.phase,
                             set_phase=lambda g, p: setattr(g, "phase", p), waits=lambda g: False)
    g = _Game()
    g.phase = "loop"
    with pytest.raises(RuntimeError, match="'loop'"):
        flow.settle(g, [])
    stop: Flow[_Game] = Flow({"loop": lambda g, ev: WAIT}, phase=lambda g: g.phase,
                             set_phase=lambda g, p: setattr(g, "phase", p), waits=lambda g: False)
    stop.settle(g, [])


class _Answer(PromptBase):
    kind: str = "answer"
    text = "answer the question"

    def legal(self, s: object, seat: int) -> list[str]:
        return ["yes", "no"] if seat in self.seats else []


def test_a_one_seat_prompt_for_another_seat_is_a_reaction() -> None:
    p = _Answer(seats=[2])
    assert p.pending(active_seat=2).kind == "turn"
    assert p.pending(active_seat=0).kind == "reaction"
    assert p.pending(active_seat=0).prompt == "answer the question" and p.pending().waiting_on == (2,)
    assert p.legal(None, 2) == ["yes", "no"] and p.legal(None, 0) == []


def test_a_prompt_must_list_its_legal_actions() -> None:
    class Silent(PromptBase):
        kind: str = "silent"
    with pytest.raises(TypeError, match="abstract"):
        Silent(seats=[0])  # type: ignore[abstract]
