"""TURN SEQUENCE, ROLL THE BONES and THE DECK (one shared deck)."""
from __future__ import annotations

import pytest

from engine.pirate_chest.prompts import DiscardPrompt, SailPrompt
from tests.engine.pirate_chest.scenario_helpers import (
    GAME,
    act,
    current,
    deck,
    islands,
    legal,
    pending_of,
    player,
    run,
    state,
    turn,
)

KIDD_JONES = ["kidd", "jones"]


def _two(kidd: dict | None = None, jones: dict | None = None, **extra) -> dict:
    """Kidd (seat 0, to play) on open sea 1 and Davy Jones at home (18), no coins on the islands."""
    return {"players": [player("kidd", **{"position": 1, **(kidd or {})}), player("jones", **(jones or {}))],
            **turn(0), "islands": islands(), **extra}


def test_turn_players_take_turns_in_seat_order() -> None:
    """PC-TURN-01: when a turn ends the next seat plays, and after the last seat the first again."""
    players = [player("kidd", position=1), player("jones", position=10), player("hook", position=19)]
    out = run({"players": players, **turn(2), "islands": islands(), "rng": {"forced": [1, 1]}},
              [(2, "roll"), (2, "sail 1 cw"), (2, "end"), (0, "roll"), (0, "sail 1 cw"), (0, "end")],
              captains=["kidd", "jones", "hook"])
    assert "Turn 2: Captain Kidd to play." in out["events"]
    assert (out["state"]["turn"]["seat"], out["state"]["turn"]["number"]) == (1, 3)


def test_turn_start_draws_one_card_from_the_shared_deck() -> None:
    """PC-TURN-02, PC-DECK-01: each turn starts by drawing the top card of the one deck all share."""
    out = run(_two(deck=deck(["rum", "flee", "knives"]), rng={"forced": [1, 1]}),
              [(0, "roll"), (0, "sail 1 cw"), (0, "end"), (1, "roll"), (1, "sail 1 cw"), (1, "end")],
              captains=KIDD_JONES)
    st = out["state"]
    assert [p["hand"] for p in st["players"]] == [["flee"], ["knives"]]
    assert st["deck"]["pile"] == ["rum"]


def test_turn_empty_deck_reshuffles_the_discard_pile() -> None:
    """PC-TURN-03: with the deck empty, the discard pile is shuffled into a new deck and drawn from."""
    out = run(_two(deck=deck([], discard=["rum", "flee", "knives"]), rng={"forced": [1]}),
              [(0, "roll"), (0, "sail 1 cw"), (0, "end")], captains=KIDD_JONES)
    st = out["state"]
    assert st["deck"]["discard"] == []
    assert len(st["players"][1]["hand"]) == 1
    assert sorted(st["players"][1]["hand"] + st["deck"]["pile"]) == ["flee", "knives", "rum"]


def test_turn_move_rolls_one_die_and_goes_either_way() -> None:
    """PC-TURN-04: roll one die and sail exactly that far, clockwise or counter-clockwise."""
    s = state(_two(rng={"forced": [4]}), captains=KIDD_JONES)
    s, events = act(s, (0, "roll"))
    assert events == ["Captain Kidd rolls 4 for a move."]
    assert legal(s, 0) == ["sail 4 cw to sea-5", "sail 4 ccw to rum-rock"]
    s, _ = act(s, (0, "sail 4 ccw"))
    assert s.players[0].position == 21


def test_dice_are_six_sided() -> None:
    """PC-DICE-01: unscripted rolls give 1 to 6, every face turning up."""
    seen = set()
    for i in range(40):
        s, _ = act(state(_two(), captains=KIDD_JONES, seed=f"d{i}"), (0, "roll"))
        seen |= set(current(s, SailPrompt).distances)
    assert seen == {1, 2, 3, 4, 5, 6}


def test_turn_moving_is_compulsory_and_uses_the_whole_roll() -> None:
    """PC-TURN-05: the turn cannot end before the move, and a roll of 3 allows only 3 spaces."""
    s = state(_two(kidd={"hand": ["knives"]}, rng={"forced": [3]}), captains=KIDD_JONES)
    assert "end" not in legal(s, 0)
    s, _ = act(s, (0, "roll"))
    assert legal(s, 0) == ["sail 3 cw to sea-4", "sail 3 ccw to sea-22"]
    s, _ = act(s, (0, "sail 3 cw"))
    assert legal(s, 0) == ["end"]


def test_turn_spaces_passed_over_have_no_effect() -> None:
    """PC-TURN-06: sailing over an island with a coin and over an enemy ship does nothing."""
    out = run(_two(jones={"position": 4}, islands=islands({3: ["map"]}), rng={"forced": [5]}),
              [(0, "roll"), (0, "sail 5 cw")], captains=KIDD_JONES)
    st = out["state"]
    assert st["players"][0]["position"] == 6
    assert st["islands"] == {"3": [{"id": "map", "face_up": False}]}
    assert st["fight"] is None and out["legal"]["0"] == ["end"]


def test_turn_stopping_on_a_hidden_coin_turns_it_over() -> None:
    """PC-TURN-07: stopping on a face-down coin shows everyone what it is."""
    s = state(_two(islands=islands({3: ["chest"]}), rng={"forced": [2]}), captains=KIDD_JONES)
    s, events = act(s, (0, "roll"), (0, "sail 2 cw"))
    assert "Captain Kidd turns over Dead Man's Chest at Skull Isle." in events
    assert [c.face_up for c in s.islands[3]] == [True]
    assert next(sp.coins for sp in GAME.view(s, 1).spaces if sp.number == 3) == ["chest"]


def test_turn_landing_on_an_enemy_means_a_fight() -> None:
    """PC-TURN-08 (reading: the fight is compulsory; with several enemies the lander picks one):
    the only choices are the kind of fight, or first which enemy."""
    s = state(_two(jones={"position": 4}, rng={"forced": [3]}), captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert legal(s, 0) == ["broadsides", "boarding", "both"]
    players = [player("kidd", position=1), player("jones", position=4), player("hook", position=4)]
    s = state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [3]}},
              captains=["kidd", "jones", "hook"])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert legal(s, 0) == ["attack jones", "attack hook"]


def test_turn_end_discard_down_to_5() -> None:
    """PC-TURN-09: ending the turn with 7 cards means discarding 2, then the next player starts."""
    hand = ["rum", "flee", "knives", "axes", "pikes", "scurvy", "lost"]
    s = state(_two(kidd={"hand": hand}, rng={"forced": [1]}), captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"))
    assert pending_of(s).prompt == "discard cards" and current(s, DiscardPrompt).count == 2
    s, _ = act(s, (0, "discard rum"))
    assert pending_of(s).waiting_on == (0,)
    s, _ = act(s, (0, "discard lost"))
    assert sorted(s.players[0].hand) == ["axes", "flee", "knives", "pikes", "scurvy"]
    assert s.deck.discard[-2:] == ["rum", "lost"]
    assert (s.turn.seat, pending_of(s).prompt) == (1, "take a turn")


def test_turn_hand_limit_only_at_end_of_own_turn() -> None:
    """PC-TURN-10: a player over the limit keeps his cards through other turns and his own,
    and discards only when he ends his turn."""
    hand = ["rum", "flee", "knives", "axes", "pikes", "scurvy", "lost"]
    s = state(_two(jones={"hand": hand}, deck=deck(["hurricane"]), rng={"forced": [1, 1]}),
              captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"))
    assert (s.turn.seat, len(s.players[1].hand), pending_of(s).prompt) == (1, 8, "take a turn")
    s, _ = act(s, (1, "roll"), (1, "sail 1 cw"), (1, "end"))
    assert (pending_of(s).waiting_on, current(s, DiscardPrompt).count) == ((1,), 3)


def test_turn_cards_played_on_own_turn_any_number() -> None:
    """PC-TURN-11 (reading: cards are played on your own turn, as many as you like; fight and
    escape cards in fights): the other player has no options during the turn."""
    s = state(_two(kidd={"hand": ["trade-winds", "gulfstream"]}, jones={"hand": ["hurricane", "scurvy"]}),
              captains=KIDD_JONES)
    assert legal(s, 1) == []
    s, _ = act(s, (0, "play trade-winds"), (0, "play gulfstream"))
    assert s.turn.moves_left == 4 and s.players[0].hand == [] and s.deck.discard[-2:] == ["trade-winds", "gulfstream"]


def test_turn_played_cards_go_to_the_discard_pile() -> None:
    """PC-TURN-12: a played card leaves the hand for the discard pile."""
    s = state(_two(kidd={"hand": ["trade-winds", "knives"]}, deck={"discard": ["rum"]}), captains=KIDD_JONES)
    s, _ = act(s, (0, "play trade-winds"))
    assert (s.players[0].hand, s.deck.discard) == (["knives"], ["rum", "trade-winds"])


def test_turn_ships_may_share_a_space() -> None:
    """PC-TURN-13: after an escape, the two ships sit on the same space."""
    s = state(_two(jones={"position": 4}, rng={"forced": [3, 6]}), captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"), (0, "both"), (1, "escape"))
    assert [p.position for p in s.players] == [4, 4]


@pytest.mark.parametrize(("kidd", "turn_fields", "roll"), [
    ({}, {"move_penalty": 3}, 2),          # Becalmed: -3 on a roll of 2
    ({"dice_penalty": True}, {}, 1),       # curse 2: -2 on a roll of 1
])
def test_turn_move_cut_to_zero_means_staying_put(kidd: dict, turn_fields: dict, roll: int) -> None:
    """PC-TURN-14 (reading: a move roll cut to 0 or below is a move of 0; the ship stays and the
    move counts as made)."""
    patch = _two(kidd=kidd, rng={"forced": [roll]})
    patch.update(turn(0, **turn_fields))
    s = state(patch, captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"))
    assert legal(s, 0) == ["stay"]
    s, events = act(s, (0, "stay"))
    assert s.players[0].position == 1 and "Captain Kidd stays at open sea 1." in events
    assert legal(s, 0) == ["end"]


def test_turn_missed_turn_skips_everything() -> None:
    """PC-TURN-15 (reading: a missed turn is skipped whole: no draw, no move, no hand check; effects
    lasting 'until the end of his next turn' and 'cannot move next turn' are used up by it)."""
    jones = {"position": 20, "hand": ["rum"], "skip_turns": 1, "frozen_next_turn": True, "dice_penalty": True,
             "ability_blocked": True, "move_penalty_next_turn": 2}
    out = run(_two(jones=jones, deck=deck(["flee", "knives"]), rng={"forced": [1]}),
              [(0, "roll"), (0, "sail 1 cw"), (0, "end")], captains=KIDD_JONES)
    st = out["state"]
    assert "Davy Jones misses this turn." in out["events"]
    assert (st["turn"]["seat"], st["turn"]["number"]) == (0, 2)
    j = st["players"][1]
    assert (j["hand"], j["skip_turns"], j["frozen_next_turn"], j["dice_penalty"], j["ability_blocked"],
            j["move_penalty_next_turn"]) == (["rum"], 0, False, False, False, 0)
    assert st["players"][0]["hand"] == ["knives"]
