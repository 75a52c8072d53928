"""The End of the Stage through play: the first ship past a reef, the event, blind bids, the
2-player ghosts, cook and feed, and gaining crate contents while the stage is on
(engine/scoundrel_bay/flow.py, rules/end_of_stage.py, rules/crates.py)."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay import GAME
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.board import reefs_passed
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.state import State, Turn
from tests.engine.scoundrel_bay.scenario_helpers import do, game, options, top, waiting

BID_EVENTS = ("the-dockmaster", "the-mysterious-merchant", "the-scoundrels-spoils", "the-rat-kings-due", "walk-the-plank")


# ---- helpers shared by the other scenario files of this family --------------------------------

def turn_to(s: State, seat: int) -> State:
    """Make it `seat`'s turn, at the start of step 1 (a position built by hand)."""
    s.stack = [P.ActionPrompt(seats=[seat])]
    s.turn = Turn(seat=seat, phase="action")
    return s


def reef_after(reef: int) -> int:
    return next(r.after for r in defs().board.reefs if r.number == reef)


def sail_past(s: State, seat: int, reef: int, event: str | None = None, card: str | None = None) -> State:
    """`seat` sails 2 from just before `reef` across it (no monster where it stops, no sail
    reward) and stops at the card step. `event` goes on top of the event deck."""
    if event is not None:
        s.events.remove(event)
        s.events.append(event)
    turn_to(s, seat)
    p = s.players[seat]
    p.ship = reef_after(reef) - 1
    s.monsters.pop(reef_after(reef) + 1, None)
    card = card or p.hand[0]
    p.last_action = None
    s = do(s, seat, f"sail {card}")
    s = do(s, seat, "sail 2")
    return do(s, seat, "no reward")


def end_turn(s: State, seat: int) -> State:
    """The card step: scout if the seat can, else whatever is first."""
    opts = options(s, seat)
    pick = next((o for o in opts if o.startswith("scout")), opts[0])
    return do(s, seat, pick)


def bid_all(s: State, bids: dict[int, int]) -> State:
    for seat, n in bids.items():
        s = do(s, seat, f"bid {n}")
    return s


def feed_all(s: State, fed: dict[int, int] | None = None) -> State:
    """Everyone feeds (`fed` by seat; the most they can feed by default)."""
    for seat in list(waiting(s)):
        n = (fed or {}).get(seat)
        s = do(s, seat, f"feed {n}" if n is not None else _most(s, seat))
    return s


def _most(s: State, seat: int) -> str:
    feeds = [o for o in options(s, seat) if o.startswith("feed")]
    return feeds[-1]


def quiet_event(s: State) -> State:
    """Answer the event's prompts with the plainest choice (bid 0, first pick, decline, done)."""
    for _ in range(50):
        t = top(s)
        if t is None or isinstance(t, P.FeedPrompt | P.ActionPrompt | P.FinalCratesPrompt):
            return s
        seat = waiting(s)[0]
        opts = options(s, seat)
        pick = next((o for o in opts if o in ("bid 0", "decline", "done")), opts[0])
        s = do(s, seat, pick)
    raise AssertionError("the event did not finish")


def to_feeding(s: State, seat: int, event: str = "scoundrels-on-the-move") -> State:
    """`seat` ends stage 2 (reef 2 gives no reward, so nobody's food changes before cooking) and
    the event is answered plainly: the game waits on everyone's feeding."""
    s.reefs_passed = [1]
    s = quiet_event(end_turn(sail_past(s, seat, 2, event), seat))
    assert isinstance(top(s), P.FeedPrompt)
    return s


def whole_stage(s: State, seat: int, reef: int, event: str | None = None) -> State:
    s = end_turn(sail_past(s, seat, reef, event), seat)
    return feed_all(quiet_event(s))


# ---- reefs and the end of the stage --------------------------------------------------------

def test_sb_stage_03_10_taylor_first_past_reef_1_gains_1_reputation_before_the_turn_ends() -> None:
    s = game(3)
    s = sail_past(s, 0, 1)
    assert isinstance(top(s), P.CardPrompt)          # still the card step of the same turn
    assert s.reputation.space(0) == 1
    assert s.reputation.space(1) == 0 and s.reputation.space(2) == 0


def test_sb_stage_04_first_past_reef_5_gains_1_reputation() -> None:
    s = game(3)
    s.reefs_passed = [1, 2, 3, 4]
    s = sail_past(s, 1, 5)
    assert s.reputation.space(1) == 1 and s.turn.reefs == [5]


@pytest.mark.parametrize("reef", [2, 3, 4])
def test_sb_stage_05_reefs_2_3_4_end_the_stage_but_give_nothing(reef: int) -> None:
    s = game(3)
    s.reefs_passed = list(range(1, reef))
    before = s.players[0].model_copy(deep=True)
    s = sail_past(s, 0, reef)
    p = s.players[0]
    assert s.reputation.space(0) == 0
    assert (p.doubloons, p.resources, p.tools) == (before.doubloons, before.resources, before.tools)
    s = end_turn(s, 0)
    assert s.stage is not None and s.stage.reef == reef


def test_sb_stage_02_a_later_ship_past_the_same_reef_triggers_nothing() -> None:
    s = game(3)
    s = whole_stage(s, 0, 1)
    assert s.stages_done == 1 and isinstance(top(s), P.ActionPrompt) and s.turn.seat == 1
    s = sail_past(s, 1, 1)
    assert s.reputation.space(1) == 0 and s.turn.reefs == []
    s = end_turn(s, 1)
    assert s.stage is None and s.turn.seat == 2 and isinstance(top(s), P.ActionPrompt)
    assert s.stages_done == 1


def test_sb_stage_06_the_stage_waits_for_the_card_step() -> None:
    s = game(3)
    events = list(s.events)
    s = sail_past(s, 0, 1)
    assert s.stage is None and s.events == events and isinstance(top(s), P.CardPrompt)
    hand = len(s.players[0].hand)
    s = end_turn(s, 0)
    assert len(s.players[0].hand) == hand + 1         # the card was added first
    assert s.stage is not None and s.stage.event == events[-1]


def test_sb_stage_07_event_01_the_event_is_resolved_before_anyone_cooks() -> None:
    s = game(3)
    s = end_turn(sail_past(s, 0, 1, "the-scoundrels-spoils"), 0)
    assert s.stage is not None and s.stage.event == "the-scoundrels-spoils"
    assert s.events_done == ["the-scoundrels-spoils"] and "the-scoundrels-spoils" not in s.events
    food = [p.resources["food"] for p in s.players]
    assert isinstance(top(s), P.BidPrompt)
    s = bid_all(s, {0: 0, 1: 0, 2: 0})
    assert [p.resources["food"] for p in s.players] == food       # nobody has cooked yet
    s = quiet_event(s)
    assert isinstance(top(s), P.FeedPrompt)
    assert [p.resources["food"] for p in s.players] == [f + p.tools["food_production"] for f, p in zip(food, s.players, strict=True)]


@pytest.mark.parametrize(("trigger", "next_seat"), [(1, 2), (2, 0)])
def test_sb_stage_08_play_goes_on_left_of_the_trigger(trigger: int, next_seat: int) -> None:
    s = game(3)
    s = whole_stage(s, trigger, 1)
    assert s.stage is None and s.turn.seat == next_seat
    assert isinstance(top(s), P.ActionPrompt) and waiting(s) == (next_seat,)


def test_sb_stage_09_no_move_on_our_route_crosses_two_reefs() -> None:
    """Reading: reefs lie 4 spaces apart and a ship sails at most 3, so the case never arises."""
    for space in defs().board.sea:
        for n in (1, 2, 3):
            assert len(reefs_passed(space.number, n)) <= 1
    assert len(reefs_passed(4, 3)) == 1 and reefs_passed(4, 3) == [1]


def test_sb_event_02_five_stages_show_five_of_the_eight_events() -> None:
    s = game(3)
    deck = list(s.events)
    seat = 0
    for reef in range(1, 6):
        s = whole_stage(s, s.turn.seat, reef)
        seat = s.turn.seat
        assert s.stages_done == reef and len(s.events_done) == reef
    assert s.events_done == list(reversed(deck))[:5] and len(s.events) == 3
    assert seat is not None


# ---- blind bids --------------------------------------------------------------------------

@pytest.mark.parametrize("event", sorted(defs().events.events))
def test_sb_bid_01_the_five_bid_events_open_a_bid_for_everyone(event: str) -> None:
    s = end_turn(sail_past(game(3), 0, 1, event), 0)
    if event in BID_EVENTS:
        assert isinstance(top(s), P.BidPrompt) and waiting(s) == (0, 1, 2)
    else:
        assert not isinstance(top(s), P.BidPrompt) and s.stage is not None and s.stage.bids is None
    assert sum(e.kind.startswith("bid") for e in defs().events.events.values()) == 5


def test_sb_bid_02_04_bids_are_sealed_and_revealed_together() -> None:
    s = end_turn(sail_past(game(3), 0, 1, "the-scoundrels-spoils"), 0)
    money = [p.doubloons for p in s.players]
    assert options(s, 1) == [f"bid {n}" for n in range(money[1] + 1)]     # 0 up to what you own
    s = bid_all(s, {0: 5, 1: 3})
    assert [p.doubloons for p in s.players] == money and s.pot == 0       # nothing paid yet
    assert waiting(s) == (2,)
    other = GAME.view(s, 2)
    assert other.stage is not None and other.stage.bids is not None
    assert other.stage.bids.locked == [0, 1] and other.stage.bids.mine is None
    assert other.stage.bids.revealed is None                               # nobody's bid is shown
    own = GAME.view(s, 0).stage
    assert own is not None and own.bids is not None and own.bids.mine == 5  # only your own
    s = bid_all(s, {2: 1})
    assert s.pot == 5 and [p.doubloons for p in s.players] == [money[0] - 5, money[1] - 3, money[2]]


def test_sb_bid_06_18_the_lowest_bidder_keeps_exactly_the_bid() -> None:
    """The rulebook's example says David takes back 7 after bidding 6: the rule wins, he keeps his 6."""
    s = game(3)
    for p in s.players:
        p.doubloons = 10
    s = end_turn(sail_past(s, 0, 1, "the-scoundrels-spoils"), 0)
    s = bid_all(s, {0: 9, 1: 7, 2: 6})
    assert [p.doubloons for p in s.players] == [1, 3, 10] and s.pot == 9


def test_sb_bid_11_evt_10_11_rat_kings_due_hits_the_lowest_bidder_only() -> None:
    s = game(3)
    for p in s.players:
        p.resources = {"ring": 0, "map": 1, "rum": 1, "food": 0}
    s = end_turn(sail_past(s, 0, 1, "the-rat-kings-due"), 0)
    s = bid_all(s, {0: 2, 1: 1, 2: 0})
    assert isinstance(top(s), P.PayResourcePrompt) and waiting(s) == (2,)
    assert options(s, 2) == ["give map", "give rum"]
    s = do(s, 2, "give map")
    damage = s.players[2].ship_damage
    s = do(s, 2, "give rum")                          # nothing left for the 3rd: 1 ship damage
    assert s.players[2].ship_damage == damage + 1
    assert s.players[2].resources == {"ring": 0, "map": 0, "rum": 0, "food": 0} or isinstance(top(s), P.FeedPrompt)
    for seat in (0, 1):
        assert (s.players[seat].resources["map"], s.players[seat].resources["rum"]) == (1, 1)
        assert s.players[seat].ship_damage == defs().player_boards.boards[s.players[seat].board].start["ship_damage"]
    assert isinstance(top(s), P.FeedPrompt)


def test_sb_bid_13_two_players_ghosts_do_not_bid() -> None:
    s = end_turn(sail_past(game(2), 0, 1, "the-mysterious-merchant"), 0)
    assert isinstance(top(s), P.BidPrompt) and waiting(s) == (0, 1)
    s = bid_all(s, {0: 1, 1: 0})
    assert isinstance(top(s), P.PickPrompt) and waiting(s) == (0,)
    s = do(s, 0, "pick 1")
    assert isinstance(top(s), P.FeedPrompt) and s.pot == 1


# ---- cook and feed -----------------------------------------------------------------------

def test_sb_feed_01_every_player_cooks_and_feeds_every_stage() -> None:
    s = game(3)
    for reef, event in ((1, "too-good-to-be-true"), (2, "the-dockmaster")):
        crews = [p.crew_space.model_copy() for p in s.players]
        s = end_turn(sail_past(s, s.turn.seat, reef, event), s.turn.seat)
        food = [p.resources["food"] for p in s.players]
        s = quiet_event(s)
        assert isinstance(top(s), P.FeedPrompt) and waiting(s) == (0, 1, 2)
        assert [p.resources["food"] for p in s.players] == [f + p.tools["food_production"] for f, p in zip(food, s.players, strict=True)]
        s = feed_all(s, {0: 0, 1: 0, 2: 0})
        for before, p in zip(crews, s.players, strict=True):     # nobody is skipped: every crew moved
            assert p.crew_space != before
    assert s.stages_done == 2 and all(s.graveyard.get(seat) for seat in (0, 1, 2))


def test_sb_feed_13_pirates_on_the_main_board_eat_nothing() -> None:
    s = game(3)
    p = s.players[0]
    p.crew_space = Crew(captain="active", active=1)
    p.resources["food"], p.resources["ring"] = 0, 0
    p.tools["food_production"] = 3
    s.regions["tarwick"].pirates[0] = 4
    s = to_feeding(s, 0)
    assert options(s, 0) == ["feed 0", "feed 1", "feed 2"]        # captain and the one pirate aboard
    s = feed_all(s, {0: 2, 1: 0, 2: 0})
    assert s.players[0].crew_space == Crew(captain="active", active=1)
    assert s.regions["tarwick"].pirates[0] == 4 and s.players[0].resources["food"] == 0


def test_sb_feed_16_17_18_the_example_lisa_cooks_3_feeds_her_captain_and_one_pirate() -> None:
    """Lisa, with no food and no ring, cooks 3: her captain (2) and one active pirate (1) eat,
    her sick pirate goes to the graveyard, her other active pirate falls sick, and the 3 food go
    back to the supply."""
    lisa = 0
    s = game(3)
    p = s.players[lisa]
    p.crew_space = Crew(captain="active", active=2, sick=1)
    p.resources["food"], p.resources["ring"], p.tools["food_production"] = 0, 0, 3
    dead = s.graveyard.get(lisa, 0)
    s = to_feeding(s, lisa)
    assert s.players[lisa].resources["food"] == 3
    assert options(s, lisa) == ["feed 0", "feed 1", "feed 2"]     # captain 2 + one pirate 1 = 3 food
    s = feed_all(s, {lisa: 2, 1: 0, 2: 0})
    p = s.players[lisa]
    assert p.crew_space == Crew(captain="active", active=1, sick=1)
    assert s.graveyard.get(lisa, 0) == dead + 1 and p.resources["food"] == 0


def test_sb_feed_15_fed_sick_recover_while_unfed_active_fall_sick() -> None:
    s = game(3)
    p = s.players[0]
    p.crew_space = Crew(captain="away", active=2, sick=1)
    p.captain_at = "tarwick"
    p.resources["food"], p.resources["ring"], p.tools["food_production"] = 0, 0, 3
    s = to_feeding(s, 0)
    s = feed_all(s, {0: 3, 1: 0, 2: 0})
    assert s.players[0].crew_space == Crew(captain="away", active=3, sick=0)
    s2 = game(3)
    q = s2.players[0]
    q.crew_space = Crew(captain="sick", active=2, sick=1)
    q.resources["food"], q.resources["ring"], q.tools["food_production"] = 0, 0, 4
    s2 = to_feeding(s2, 0)
    s2 = feed_all(s2, {0: 3, 1: 0, 2: 0})        # 2 active (2), sick captain (2); the sick pirate dies
    assert s2.players[0].crew_space == Crew(captain="active", active=2, sick=0)
    assert s2.graveyard.get(0) == 1


def test_sb_feed_14_grave_02_a_starved_captain_is_2_in_the_graveyard_and_loses_its_power() -> None:
    s = game(3, captain_powers=True)
    s = draft(s, {0: "beastbane"})
    p = s.players[0]
    p.crew_space = Crew(captain="sick", active=0, sick=1)
    p.resources["food"], p.resources["ring"], p.tools["food_production"] = 0, 0, 0
    s = to_feeding(s, 0)
    assert options(s, 0) == ["feed 0"]
    s = feed_all(s, {0: 0, 1: 0, 2: 0})
    assert s.players[0].captain_dead and s.graveyard[0] == 1 + 2
    assert s.players[0].crew_space.captain == "away"
    # at final scoring the 3 dead (captain counting 2) move the disc down 3 + 1 for the most
    s.reputation.advance(0, 5)
    s.players[0].crew_space = Crew(captain="away", active=0, sick=0)
    s.end_turns = 0
    from engine.scoundrel_bay.flow import settle
    s.stack = []
    s.turn.phase = "next_turn"
    settle(s, [])
    assert s.final is not None and s.reputation.space(0) == 1
    # the dead captain's power is gone: no Beastbane at the next monster
    from engine.scoundrel_bay.rules.captains import ability
    assert not ability(s, 0, "sword-slays-monster")


def draft(s: State, tiles: dict[int, str]) -> State:
    """Captain powers: give the seats these tiles (the draft skipped), others the rest in order."""
    rest = sorted(t for t in defs().captains.captains if t not in tiles.values())
    for seat, p in enumerate(s.players):
        p.captain_tile = tiles.get(seat) or rest.pop(0)
    s.stack = [x for x in s.stack if not isinstance(x, P.CaptainPrompt)]
    if not s.stack:
        turn_to(s, s.order[0])
    return s


# ---- gain crate contents -----------------------------------------------------------------

def crate_with(*gains: str) -> str:
    """An undelivered-crate id whose contents are exactly these gains (in any order)."""
    for cid, c in sorted(defs().crates.crates.items()):
        if sorted(r.gain for r in c.contents) == sorted(gains) and all(r.n == 1 for r in c.contents):
            return cid
    raise LookupError(gains)


def test_sb_crate_05_david_opens_a_crate_for_rum_and_shield_and_no_doubloons() -> None:
    s = game(3)
    crate = crate_with("rum", "shield")
    assert defs().crates.crates[crate].doubloons > 0
    p = s.players[0]
    p.undelivered = [crate]
    before = (p.resources["rum"], p.tools["shield"], p.doubloons)
    assert f"open {crate}" in options(s, 0)
    s = do(s, 0, f"open {crate}")
    p = s.players[0]
    assert (p.resources["rum"], p.tools["shield"], p.doubloons) == (before[0] + 1, before[1] + 1, before[2])
    assert p.undelivered == [] and p.delivered == [] and s.crate_discard[-1] == crate
    assert isinstance(top(s), P.ActionPrompt) and waiting(s) == (0,)   # the turn is unchanged


def test_sb_crate_01_02_a_crate_opened_while_feeding_feeds_more() -> None:
    s = game(3)
    crate = next(cid for cid, c in sorted(defs().crates.crates.items())
                 if any(r.gain == "food" for r in c.contents))
    food = sum(r.n for r in defs().crates.crates[crate].contents if r.gain == "food")
    p = s.players[1]                                   # not the player whose turn it was
    p.undelivered = [crate]
    p.crew_space = Crew(captain="active", active=5)
    p.resources["food"], p.resources["ring"], p.tools["food_production"] = 0, 0, 1
    s = to_feeding(s, 0)
    assert isinstance(top(s), P.FeedPrompt)
    fed_before = len([o for o in options(s, 1) if o.startswith("feed")])
    assert f"open {crate}" in options(s, 1)
    s = do(s, 1, f"open {crate}")
    assert s.players[1].resources["food"] == 1 + food
    assert len([o for o in options(s, 1) if o.startswith("feed")]) > fed_before
    assert s.players[1].delivered == [] and crate in s.crate_discard


def test_sb_crate_03_04_opening_never_pays_doubloons_nor_counts_as_delivered() -> None:
    s = game(3)
    for cid, c in sorted(defs().crates.crates.items()):
        s.players[0].undelivered = [cid]
        money = s.players[0].doubloons
        s = do(s, 0, f"open {cid}")
        gained_doubloons = sum(r.n for r in c.contents if r.gain == "doubloons")
        assert s.players[0].doubloons == money + gained_doubloons
        assert s.players[0].delivered == []
    assert len(s.crate_discard) == len(defs().crates.crates)
