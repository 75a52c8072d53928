"""Overview, Player Turns and the action disc (engine/scoundrel_bay/flow.py, rules/apply.py), the
end of a stage as the overview tells it, and the 2-player ghost actions after each event
(rules/end_of_stage.py), played through the engine's decisions."""
from __future__ import annotations

import pytest

from engine.core import IllegalActionError
from engine.scoundrel_bay import GAME
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import Loss, defs
from engine.scoundrel_bay.rules.effects import queue_losses, resolve_effects
from engine.scoundrel_bay.rules.final import score
from engine.scoundrel_bay.state import GHOST, State

from .scenario_helpers import cards_of, do, force_die, game, hand, options, put_monster, resettle, top, waiting

D = defs()
CARD = cards_of("blue")[0]          # blue-01: 2 pirates, a gun and a shield
OTHER = cards_of("red")[0]


def recruit_and_buy(s: State, seat: int) -> State:
    """A plain turn: recruit with the first card of the hand, take the free display card."""
    s = do(s, seat, f"recruit {s.players[seat].hand[0]}")
    return do(s, seat, "buy 1")


def to_reef(s: State, seat: int, reef: int, event: str | None = None) -> State:
    """Put `seat`'s ship just before `reef` with no monster beyond it, `event` on top of the deck."""
    after = next(r.after for r in D.board.reefs if r.number == reef)
    s.players[seat].ship = after
    s.monsters.pop(D.board.space(after).next, None)
    if event is not None:
        s.events.remove(event)
        s.events.append(event)
    return s


def sail_past(s: State, seat: int) -> State:
    s = do(s, seat, f"sail {s.players[seat].hand[0]}")
    s = do(s, seat, "sail 1")
    s = do(s, seat, "no reward")
    return do(s, seat, "buy 1")


def resolve(s: State) -> State:
    """Resolve what a test queued, as the flow does between decisions (it waits while a prompt is open)."""
    open_prompts, s.stack = s.stack, []
    resolve_effects(s, [])
    s.stack = open_prompts + s.stack
    return s


def feed_all(s: State) -> State:
    for seat in range(len(s.players)):
        s = do(s, seat, "feed 0")
    return s


# ---- player turns -------------------------------------------------------------------------------

def test_sb_turn_01_the_lowest_board_starts_then_play_goes_clockwise() -> None:
    s = game(4, boards=[3, 1, 4, 2])
    seen = []
    for _ in range(5):
        (seat,) = waiting(s)
        seen.append(seat)
        s = recruit_and_buy(s, seat)
    assert seen == [1, 2, 3, 0, 1]


def test_sb_turn_02_step_one_action_then_step_two_add_a_card_never_the_other_way() -> None:
    s = game(3)
    assert isinstance(top(s), P.ActionPrompt)
    assert not any(o.startswith(("buy", "scout")) for o in options(s, 0))
    with pytest.raises(IllegalActionError):
        do(s, 0, "buy 1")
    s = do(s, 0, f"recruit {s.players[0].hand[0]}")
    assert isinstance(top(s), P.CardPrompt) and waiting(s) == (0,)
    assert not any(o.startswith(("recruit", "sail", "invade")) for o in options(s, 0))
    s = do(s, 0, "buy 1")
    assert waiting(s) == (1,) and isinstance(top(s), P.ActionPrompt)


# ---- the action disc ----------------------------------------------------------------------------

def test_sb_act_01_02_the_disc_marks_the_action_and_blocks_it_next_turn() -> None:
    s = game(2)
    s.players[0].unlocks = 0
    s = recruit_and_buy(s, 0)
    assert s.players[0].last_action == "recruit"
    assert GAME.view(s, None).players[0].last_action == "recruit"
    s = recruit_and_buy(s, 1)
    kinds = {o.split()[0] for o in options(s, 0)}
    assert "recruit" not in kinds and "sail" in kinds
    with pytest.raises(IllegalActionError):
        do(s, 0, f"recruit {s.players[0].hand[0]}")


def test_sb_act_03_04_an_unlock_tile_repeats_the_action_and_goes_back_to_the_supply() -> None:
    s = game(2)
    supply = s.unlock_supply
    s = recruit_and_buy(s, 0)
    s = recruit_and_buy(s, 1)
    assert any(o.startswith("recruit") for o in options(s, 0))
    s = do(s, 0, f"recruit {s.players[0].hand[0]}")
    assert s.players[0].unlocks == 0 and s.unlock_supply == supply + 1
    s = do(s, 0, "buy 1")
    s = recruit_and_buy(s, 1)
    assert not any(o.startswith("recruit") for o in options(s, 0))   # the tile is gone


def test_sb_act_03_a_different_action_keeps_the_unlock_tile() -> None:
    s = game(2)
    s = recruit_and_buy(s, 0)
    s = recruit_and_buy(s, 1)
    s = do(s, 0, f"sail {s.players[0].hand[0]}")
    assert s.players[0].unlocks == 1 and s.players[0].last_action == "sail"


def test_sb_act_05_example_lisa_sailed_last_turn_and_must_discard_an_unlock_tile_to_sail_again() -> None:
    s = game(2)
    lisa = s.players[0]
    lisa.last_action = "sail"
    lisa.unlocks = 0
    assert not any(o.startswith("sail") for o in options(s, 0))
    lisa.unlocks = 1
    s = do(s, 0, f"sail {lisa.hand[0]}")
    assert s.players[0].unlocks == 0 and s.players[0].last_action == "sail"


def test_sb_act_06_every_action_plays_exactly_one_card() -> None:
    s = game(3)
    hand(s, 0, CARD, OTHER, "start-1")
    s = do(s, 0, f"recruit {CARD}")
    assert s.players[0].hand == [OTHER, "start-1"] and s.players[0].crew == {"blue": [CARD]}
    s = do(s, 0, "buy 1")
    hand(s, 1, OTHER, "start-2")
    s.players[0].hand.remove(OTHER)
    s = do(s, 1, f"sail {OTHER}")
    assert s.players[1].hand == ["start-2"] and s.players[1].played == [OTHER]
    assert all(a.card in s.players[0].hand for a in GAME.legal_actions(s, 0) if hasattr(a, "card"))


# ---- overview: winning, doubloons and gold ------------------------------------------------------

def finish(s: State) -> State:
    score(s, [])
    s.turn.phase = "done"
    return s


def test_sb_over_01_the_most_gold_wins() -> None:
    s = game(3)
    for seat, d in enumerate([30, 41, 40]):
        s.players[seat].doubloons = d
    out = GAME.outcome(finish(s))
    assert out is not None and out.winners == [1]
    s = game(3)
    for seat, d in enumerate([42, 41, 40]):
        s.players[seat].doubloons = d
    out = GAME.outcome(finish(s))
    assert out is not None and out.winners == [0]


def test_sb_over_02_gold_from_harbors_hideouts_doubloons_and_reputation() -> None:
    s = game(3)
    harbor = next(r for r in D.board.of_kind("harbor") if r.id != "scoundrel-bay")
    hideout = D.board.of_kind("hideout")[0]
    s.regions[harbor.id].pirates[0] = 3
    s.regions[hideout.id].pirates[0] = 2
    s.players[0].doubloons = 11
    s.reputation.advance(0, 10)
    breakdown = finish(s).final
    assert breakdown is not None
    mine = breakdown[0]
    assert mine["harbors"] == harbor.gold[0] > 0
    assert mine["hideouts"] > 0 and mine["doubloons"] == 11 and mine["reputation"] > 0
    assert breakdown[1]["harbors"] == breakdown[1]["hideouts"] == 0


def test_sb_over_03_doubloons_lost_in_play_and_gold_lost_at_final_scoring() -> None:
    s = game(3)
    queue_losses(s, 0, [Loss(suffer="doubloons", n=4)], "a test")
    s = resolve(s)
    assert s.players[0].doubloons == 6 - 4
    s.players[0].ship_damage = 6
    final = finish(s).final
    assert final is not None and final[0]["ship_damage"] < 0 and final[1]["ship_damage"] == 0


def test_sb_over_06_07_doubloons_come_from_an_endless_supply_and_payments_do_not_feed_the_pot() -> None:
    s = game(3)
    tokens = sum(v * n for v, n in D.supply.doubloon_tokens.items())
    s.players[0].doubloons = tokens
    hand(s, 0, "start-1", CARD, OTHER)                           # its moon: 3 doubloons
    s.monsters.pop(4)
    s = do(s, 0, "sail start-1")
    s = do(s, 0, "sail 3")
    s = do(s, 0, "take moon")
    assert s.players[0].doubloons == tokens + 3                  # no cap at the tokens in the box
    s.players[0].ship_damage = D.player_boards.tracks.ship_damage.high
    queue_losses(s, 0, [Loss(suffer="ship_damage", n=1)], "a test")
    s = resolve(s)
    assert s.players[0].doubloons == tokens + 3 - 10 and s.pot == 0


def test_sb_over_08_gold_exists_only_once_final_scoring_turns_doubloons_into_it() -> None:
    s = game(3)
    s.players[2].doubloons = 17
    assert s.final is None and GAME.view(s, None).final is None and GAME.outcome(s) is None
    final = finish(s).final
    assert final is not None and final[2]["doubloons"] == 17 and s.players[2].doubloons == 17


def test_sb_over_10_a_pirate_ring_rerolls_the_monster_die() -> None:
    s = game(3)
    s.players[0].resources["ring"] = 1
    put_monster(s, 2, "skeleton-1")
    force_die(s, "miss", 2)
    s = do(s, 0, f"sail {s.players[0].hand[0]}")
    s = do(s, 0, "sail 1")
    s = do(s, 0, "no reward")
    assert "reroll" in options(s, 0) and s.turn.fight is not None and s.turn.fight.face == "miss"
    s = do(s, 0, "reroll")
    assert s.players[0].resources["ring"] == 0
    assert "reroll" not in options(s, 0)                         # no ring left, no second reroll


def test_sb_over_12_13_a_resource_gained_lands_on_the_board_from_an_endless_supply() -> None:
    s = game(3)
    hand(s, 0, CARD, OTHER)                                      # its sun: 2 rum
    s.players[0].resources["rum"] = D.supply.resources["rum"]    # every rum token in the box
    s.monsters.pop(3)
    s = do(s, 0, f"sail {CARD}")
    s = do(s, 0, "sail 2")
    s = do(s, 0, "take sun")
    assert s.players[0].resources["rum"] == 20 + 2
    assert s.players[1].resources["rum"] == 3


# ---- overview: reefs end stages and the game ----------------------------------------------------

def test_sb_over_04_the_first_ship_past_a_reef_ends_the_stage_with_an_event_and_feeding() -> None:
    s = to_reef(game(3), 0, 1, "too-good-to-be-true")
    s = sail_past(s, 0)
    assert s.stage is not None and s.stage.event == "too-good-to-be-true"
    assert isinstance(top(s), P.ExchangePrompt)
    for seat in range(3):
        s = do(s, seat, "decline")
    assert isinstance(top(s), P.FeedPrompt) and set(waiting(s)) == {0, 1, 2}
    s = feed_all(s)
    assert s.stage is None and s.stages_done == 1 and waiting(s) == (1,)
    # The second ship past the same reef ends nothing.
    s = to_reef(s, 1, 1)
    s = sail_past(s, 1)
    assert s.stage is None and s.stages_done == 1 and waiting(s) == (2,)


def test_sb_over_05_passing_the_fifth_reef_triggers_the_game_end() -> None:
    s = to_reef(game(3), 0, 4, "too-good-to-be-true")
    s = sail_past(s, 0)
    for seat in range(3):
        s = do(s, seat, "decline")
    s = feed_all(s)
    assert s.end_turns is None                                  # reef 4: the game goes on
    s = recruit_and_buy(s, 1)
    s = recruit_and_buy(s, 2)
    s = to_reef(s, 0, 5, "scoundrels-on-the-move")
    s = sail_past(s, 0)
    s = resettle(s)
    while isinstance(top(s), P.MovePrompt):
        s = do(s, top(s).seats[0], "done")
    s = feed_all(s)
    assert s.end_turns is not None and s.stages_done == 2


# ---- 2-player ghost pirates ---------------------------------------------------------------------

def ghosts(s: State) -> dict[str, int]:
    return {rid: r.pirates.get(GHOST, 0) for rid, r in s.regions.items() if r.pirates.get(GHOST, 0)}


def test_sb_ghost_01_02_03_after_the_event_a_reserve_ghost_joins_the_named_harbor() -> None:
    s = to_reef(game(2), 0, 1, "too-good-to-be-true")
    before = ghosts(s)
    s = sail_past(s, 0)
    assert top(s).seats == [0, 1]                               # the event asks the players only
    s = do(s, 0, "decline")
    assert ghosts(s) == before and s.ghost_reserve == 5          # not before the event is resolved
    s = do(s, 1, "decline")
    assert ghosts(s) == {**before, "port-harleem": before["port-harleem"] + 1}
    assert s.ghost_reserve == 4


def test_sb_ghost_05_example_a_reserve_ghost_joins_arbega() -> None:
    s = to_reef(game(2), 0, 1, "the-mysterious-merchant")
    before = ghosts(s)
    s = sail_past(s, 0)
    s = do(s, 0, "bid 0")
    s = do(s, 1, "bid 0")
    while isinstance(top(s), P.PickPrompt):
        s = do(s, top(s).seats[0], "pick 1")
    assert ghosts(s) == {**before, "arbega": before["arbega"] + 1} and s.ghost_reserve == 4


def test_sb_ghost_01_04_a_ghost_leaves_the_named_harbor_for_the_graveyard_and_no_event_moves_ghosts() -> None:
    s = game(2)
    s.regions["tarwick"].pirates[0] = 1                          # someone with a pirate to move
    s = to_reef(s, 0, 1, "scoundrels-on-the-move")
    before = ghosts(s)
    s = sail_past(s, 0)
    assert isinstance(top(s), P.MovePrompt) and top(s).seats == [0]
    s = do(s, 0, "done")
    assert ghosts(s) == {**before, "dodge-harbor": before["dodge-harbor"] - 1}
    assert s.graveyard.get(GHOST) == 1 and s.ghost_reserve == 5


def test_sb_ghost_three_players_have_no_ghosts_and_no_ghost_action() -> None:
    s = to_reef(game(3), 0, 1, "too-good-to-be-true")
    s = sail_past(s, 0)
    for seat in range(3):
        s = do(s, seat, "decline")
    assert ghosts(s) == {} and s.ghost_reserve == 0 and GHOST not in s.reputation.discs


def test_sb_ghost_06_the_data_never_runs_out_of_ghosts_and_the_engine_would_skip_if_it_did() -> None:
    events = D.events.events.values()
    adds = [e for e in events if e.ghost.action == "add"]
    assert len(adds) <= D.supply.ghosts.reserve
    for h in {e.ghost.harbor for e in events if e.ghost.action == "remove"}:
        removes = sum(1 for e in events if e.ghost.action == "remove" and e.ghost.harbor == h)
        assert D.supply.ghosts.harbors[h] >= removes
    # Built positions the data cannot reach: nothing moves, nothing goes below zero.
    s = to_reef(game(2), 0, 1, "too-good-to-be-true")
    s.ghost_reserve = 0
    before = ghosts(s)
    s = sail_past(s, 0)
    s = do(s, 0, "decline")
    s = do(s, 1, "decline")
    assert ghosts(s) == before and s.ghost_reserve == 0
    s = game(2)
    s.regions["dodge-harbor"].pirates[GHOST] = 0
    s.regions["tarwick"].pirates[0] = 1
    s = to_reef(s, 0, 1, "scoundrels-on-the-move")
    s = sail_past(s, 0)
    s = do(s, 0, "done")
    assert s.regions["dodge-harbor"].pirates[GHOST] == 0 and s.graveyard.get(GHOST, 0) == 0
