"""Leveling, through play: the level-up a seat may take between its turns (beside the other seat's
turn, or at its own turn's start), typed as in /play (the pure tests of rules/leveling.py stay in
test_leveling.py). Inventory IDs: DR-LEVEL-…."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError, NotYourTurnError
from engine.dead_reckoning import GAME
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.common import kind_of
from engine.dead_reckoning.state import State
from render.dead_reckoning.style import card_name
from render.dead_reckoning.words import face_lines
from tests.engine.dead_reckoning.scenario_helpers import active, do, game, hand, main_seat, options, top

ISLANDS = "icon-13"


def _between_turns(*cards: str, levels: dict[str, int] | None = None) -> tuple[State, int]:
    """A 2-player game whose first seat held `cards` and has just ended its turn; the other seat's
    turn is on, and the first seat's level-up is open beside it."""
    s = game(2, seed=ISLANDS)
    seat = main_seat(s)
    hand(s, seat, *cards)
    s.players[seat].levels.update(levels or {})
    s.players[seat].deck.pile = []                # the Cleanup draws nothing: the hand stays `cards`
    s = do(s, seat, "end")
    assert active(s) != seat and s.players[seat].hand == list(cards)
    return s, seat


def _levels(s: State, seat: int) -> list[str]:
    return [o for o in options(s, seat) if o.startswith("level ")]


def test_dr_level_05_06_one_card_one_step_and_it_stays_in_hand() -> None:
    s, seat = _between_turns("captain", "bosun")
    assert _levels(s, seat) == ["level captain", "level bosun"]
    s = do(s, seat, "level captain")
    p = s.players[seat]
    assert p.levels["captain"] == 2 and p.levels["bosun"] == 1 and p.hand == ["captain", "bosun"]
    assert _levels(s, seat) == [], "one card, one level, in this window"
    with pytest.raises(NotYourTurnError):
        do(s, seat, "level bosun")
    other = active(s)
    s = do(s, other, "end")
    while active(s) == other:
        s = do(s, other, options(s, other)[0])
    assert isinstance(top(s), P.MainPrompt), "leveled already: nothing owed at the turn's start"
    # the new level is what plays: the Captain's level 2 shows no Sail, its level 1 did
    s = do(s, seat, "play captain")
    s = do(s, seat, "sails")
    assert s.players[seat].ship.sails == s.players[seat].ship.hull.sails()


def test_dr_level_05_an_unused_window_is_owed_at_the_turns_start_and_taken_once() -> None:
    s, seat = _between_turns("captain", "bosun", levels={"captain": 3})
    other = active(s)
    s = do(s, other, "end")
    while active(s) == other:
        s = do(s, other, options(s, other)[0])
    assert isinstance(top(s), P.LevelPrompt) and options(s, seat) == ["level captain", "level bosun"]
    s = do(s, seat, "level captain")
    assert s.players[seat].levels["captain"] == 4 and isinstance(top(s), P.MainPrompt)
    assert _levels(s, seat) == []


def test_dr_level_07_level_4_is_the_top_and_an_empty_or_maxed_hand_levels_nothing() -> None:
    s, seat = _between_turns("captain", "bosun", levels={"captain": 4})
    assert _levels(s, seat) == ["level bosun"]
    with pytest.raises(IllegalActionError):
        do(s, seat, "level captain")
    for cards in (("captain",), ()):
        s, seat = _between_turns(*cards, levels={"captain": 4})
        assert _levels(s, seat) == [], cards
        other = active(s)
        s = do(s, other, "end")
        while active(s) == other:
            s = do(s, other, options(s, other)[0])
        assert active(s) == seat and isinstance(top(s), P.MainPrompt), "no level-up asked"


def test_dr_level_08_reaching_level_4_is_an_expert_sailors_step() -> None:
    s, seat = _between_turns("crew-1", "crew-2", levels={"crew-1": 3, "crew-2": 2})
    cubes = s.players[seat].cubes
    s = do(s, seat, "level crew-2")
    assert s.players[seat].experts == 0
    s, seat = _between_turns("crew-1", "crew-2", levels={"crew-1": 3, "crew-2": 2})
    s = do(s, seat, "level crew-1")
    p = s.players[seat]
    assert p.experts == 1 and p.record.claims["expert_sailors"].cubes == 1 and p.cubes == cubes - 1


def test_dr_level_10_the_reshuffle_asks_nobody_for_a_cut_and_repeats_by_seed() -> None:
    hands = []
    for _ in range(2):
        s = game(2, seed=ISLANDS)
        seat = main_seat(s)
        hand(s, seat, "captain")
        p = s.players[seat]
        p.deck.pile, p.deck.discard = [], ["bosun", "purser", "crew-1", "crew-2", "crew-3", "gunner-1"]
        s = do(s, seat, "end")
        assert active(s) != seat and isinstance(top(s), P.MainPrompt), "no question on the reshuffle"
        hands.append(s.players[seat].hand)
    assert hands[0] == hands[1] and len(hands[0]) == 5


def _private(s: State, seat: int) -> str:
    """The seat's private panel text, as its DM and ephemeral panels show it."""
    from render.dead_reckoning import RENDERER
    return RENDERER.private_text(GAME.view(s, seat))


def test_dr_level_09_comp_10_the_open_level_up_previews_each_cards_next_level() -> None:
    cards = ["captain", "bosun", "purser", "first-mate", "buccaneer", "gunner-1", "deck-hand-1", "crew-1"]
    for level in (1, 2, 3):
        s, seat = _between_turns(*cards, levels=dict.fromkeys(cards, level))
        text = _private(s, seat)
        for card in cards:
            face = defs().sailors.sailors[kind_of(card)].levels[level]     # the data's next level
            shows = " · ".join(face_lines(face)) or "no icon or ability"
            assert f"{card_name(card)} at level {level + 1}: {shows}" in text, (card, level)
    s, seat = _between_turns("captain", "bosun", levels={"captain": 4})
    text = _private(s, seat)
    assert "Bosun at level 2" in text and "Captain at level" not in text, "level 4 has no next level"
    s = do(s, seat, "level bosun")
    assert "at level" not in _private(s, seat), "leveled: the window and its previews are closed"
