"""A) RECRUIT (engine/scoundrel_bay/rules/recruit.py): the card goes to the crew column of its flag,
citizens come aboard for its pirate symbols, and each tool symbol moves a track marker up."""
from __future__ import annotations

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.cards import crew_flags
from engine.scoundrel_bay.state import State

from .scenario_helpers import cards_of, do, game, hand, options

D = defs()
ABEL = "blue-01"                     # blue, 2 pirates, a gun and a shield (the rulebook's example card)


def max_landing(s: State, seat: int, rid: str) -> int:
    return max((int(o.split()[2]) for o in options(s, seat) if o.startswith(f"land {rid} ") and "+captain" not in o), default=0)


def test_sb_recruit_05_example_lisa_recruits_blue_two_pirates_a_shield_and_a_gun() -> None:
    card = D.cards.cards[ABEL]
    assert (card.flag, card.pirates, sorted(card.tools)) == ("blue", 2, ["gun", "shield"])
    s = game(3)
    hand(s, 0, ABEL, "start-1")
    lisa = s.players[0]
    before = dict(lisa.tools)
    s = do(s, 0, f"recruit {ABEL}")
    lisa = s.players[0]
    assert lisa.crew == {"blue": [ABEL]}
    assert lisa.crew_space.active == 4 + 2 and lisa.citizens == 23 - 2
    assert lisa.tools == {**before, "gun": before["gun"] + 1, "shield": before["shield"] + 1}
    assert ABEL not in lisa.hand and ABEL not in lisa.played


def test_sb_recruit_01_psetup_15_cards_stack_in_the_column_of_their_flag_oldest_first() -> None:
    s = game(2)
    blue2, red = cards_of("blue")[1], cards_of("red")[0]
    for seat in (0, 1):
        s.players[seat].unlocks = 3                             # recruit three times running
    for card in (ABEL, red, blue2):
        hand(s, 0, card)
        s = do(s, 0, f"recruit {card}")
        s = do(s, 0, "buy 1")
        s = do(s, 1, f"recruit {s.players[1].hand[0]}")
        s = do(s, 1, "buy 1")
    assert s.players[0].crew == {"blue": [ABEL, blue2], "red": [red]}
    assert s.players[0].played == []


def test_sb_recruit_02_03_citizens_come_aboard_but_never_more_than_are_left() -> None:
    card = next(c for c in D.cards.cards.values() if c.pirates == 3)
    for citizens, moved in ((3, 3), (4, 3), (2, 2), (0, 0)):
        s = game(3)
        hand(s, 0, card.id)
        s.players[0].citizens = citizens
        s = do(s, 0, f"recruit {card.id}")
        assert s.players[0].crew_space.active == 4 + moved
        assert s.players[0].citizens == citizens - moved


def test_sb_recruit_04_each_tool_symbol_is_one_step_even_twice_the_same_tool() -> None:
    double = next(c for c in D.cards.cards.values() if c.tools.count("sword") == 2)
    food = next(c for c in D.cards.cards.values() if "food_production" in c.tools)
    none = next(c for c in D.cards.cards.values() if not c.tools)
    for card in (double, food, none):
        s = game(3)
        hand(s, 0, card.id)
        before = dict(s.players[0].tools)
        s = do(s, 0, f"recruit {card.id}")
        gained = {t: s.players[0].tools[t] - before[t] for t in before}
        assert gained == {t: sum(1 for x in card.tools if x == t) for t in before}


def test_sb_recruit_06_crew_cards_stay_and_add_a_flag_to_invasions_of_their_colour() -> None:
    s = game(2)
    printed = D.player_boards.boards[1].flags["blue"]
    assert crew_flags(s, 0, "blue") == printed
    hand(s, 0, ABEL, cards_of("blue")[1])
    s = do(s, 0, f"recruit {ABEL}")
    assert crew_flags(s, 0, "blue") == printed + 1 and crew_flags(s, 0, "red") == D.player_boards.boards[1].flags["red"]
    s = do(s, 0, "buy 1")
    s = do(s, 1, f"recruit {s.players[1].hand[0]}")
    s = do(s, 1, "buy 1")
    s.players[0].ship = 2                                       # by Tarwick, a blue village
    s = do(s, 0, f"invade {cards_of('blue')[1]}")
    assert max_landing(s, 0, "tarwick") == printed + 1
    assert s.players[0].crew == {"blue": [ABEL]}                  # still there, turns later


def test_sb_recruit_07_what_is_on_the_board_is_aboard_the_ship_and_lands_from_it() -> None:
    s = game(2)
    hand(s, 0, ABEL, cards_of("blue")[1])
    s = do(s, 0, f"recruit {ABEL}")                               # 6 pirates aboard
    s = do(s, 0, "buy 1")
    s = do(s, 1, f"recruit {s.players[1].hand[0]}")
    s = do(s, 1, "buy 1")
    s.players[0].ship = 2
    s = do(s, 0, f"invade {cards_of('blue')[1]}")
    assert not any(o.startswith("land gullsand-beach") for o in options(s, 0))   # not by the ship
    s = do(s, 0, "land tarwick 3")
    assert s.players[0].crew_space.active == 6 - 3 and s.regions["tarwick"].pirates[0] == 3


def test_sb_recruit_08_flags_lean_to_a_strategy_but_each_flies_over_several_region_kinds() -> None:
    assert D.cards.leanings == {"blue": "all-round", "black": "hideouts", "yellow": "beaches", "red": "villages"}
    kinds: dict[str, set[str]] = {}
    for r in D.board.regions.values():
        kinds.setdefault(r.flag, set()).add(r.kind)
    assert set(kinds) == {"blue", "black", "yellow", "red"}
    assert all(len(k) > 1 for k in kinds.values())
