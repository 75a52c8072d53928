"""THE DECK — cards about hands and the deck: Rum, Rumors, Spy Glass, Crows Nest, Stowaway,
Betrayal, Treachery, Settle a Debt; and the deck list itself (PC-CARD-64, PC-CARD-65).

Seats: Captain Kidd (home Pirate Island, 12), Captain Hook (home The Seven Seas, 24), Yellowbeard
(home Pirate Island, 12). The draw pile is `deck.pile`, top card last.
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event, act_text, get_game
from engine.pirate_chest.defs import defs
from tests.engine.pirate_chest.scenario_helpers import discard, pile, players, run, scenario, ship


def events_of_last_action(ships: list[dict[str, Any]], actions: list[tuple[int, str]], **kw: Any) -> list[Event]:
    """Play all but the last action through a scenario, then the last one through the runner, to see
    who may read each event."""
    out = scenario(ships, actions[:-1], **kw)
    s = get_game("pirate_chest").State.model_validate(out["state"])
    seat, text = actions[-1]
    return act_text(get_game("pirate_chest"), s, seat, text).events


DECK = ["knives", "axes", "pikes", "harpoons", "cutlasses", "pistols", "muskets", "grenades", "darkness",
        "swivel-guns", "grapeshot", "rally-the-men"]   # top card last: Rally the Men


def test_rum_gives_up_the_move_for_two_cards() -> None:
    """PC-CARD-14: Rum uses the move (only 'end' is left) and draws the top two cards."""
    out = scenario([ship("kidd", hand=["rum"]), ship("hook")], [(0, "play rum")], deck=DECK)
    p = players(out)[0]
    assert p["hand"] == ["rally-the-men", "grapeshot"] and p["position"] == 12
    assert pile(out) == DECK[:-2] and discard(out) == ["rum"]
    assert out["legal"] == {"0": ["end"]}
    out = scenario([ship("kidd", hand=["rum"]), ship("hook")], [(0, "roll"), (0, "sail 1 cw")], dice=[1], deck=DECK)
    assert "play rum" not in out["legal"]["0"]   # no move left to give up


def test_rumors_shows_the_next_ten_cards_to_the_player_only() -> None:
    """PC-CARD-22: the top ten cards, top first, are shown privately to Kidd; the deck is unchanged."""
    table = [ship("kidd", hand=["rumors"]), ship("hook")]
    events = events_of_last_action(table, [(0, "play rumors")], deck=DECK)
    peek = [e for e in events if e.text.startswith("The next")]
    assert [(e.text, e.visible_to) for e in peek] == [(
        "The next 10 cards, top first: Rally the Men, Grapeshot, Swivel Guns, Darkness, Grenades, Muskets, "
        "Pistols, Cutlasses, Harpoons, Pikes.", frozenset({0}))]
    out = scenario(table, [(0, "play rumors")], deck=DECK)
    assert pile(out) == DECK and players(out)[0]["hand"] == []
    assert out["legal"]["0"][0] == "roll"


@pytest.mark.parametrize("card", ["spy-glass", "crows-nest"])
def test_spy_glass_and_crows_nest_look_at_a_hand_then_draw(card: str) -> None:
    """PC-CARD-23 Spy Glass, PC-CARD-24 Crows Nest: Kidd alone sees the chosen opponent's hand, then
    draws one card."""
    table = [ship("kidd", hand=[card]), ship("hook", hand=["flee", "axes"]), ship("yellowbeard", hand=["rum"])]
    out = scenario(table, [(0, f"play {card}")], deck=DECK)
    assert out["legal"] == {"0": ["target hook", "target yellowbeard"]}
    events = events_of_last_action(table, [(0, f"play {card}"), (0, "target hook")], deck=DECK)
    assert [e.visible_to for e in events if e.text == "Captain Hook's hand: Flee, Axes."] == [frozenset({0})]
    out = scenario(table, [(0, f"play {card}"), (0, "target hook")], deck=DECK)
    ps = players(out)
    assert ps[0]["hand"] == ["rally-the-men"] and ps[1]["hand"] == ["flee", "axes"]
    assert discard(out) == [card]


def test_stowaway_discards_itself_to_draw_two() -> None:
    """PC-CARD-33 [ambiguous]: our reading is that the Stowaway card is itself the discard; Kidd keeps
    his other cards, draws two and still has his move."""
    out = scenario([ship("kidd", hand=["stowaway", "knives"]), ship("hook")], [(0, "play stowaway")], deck=DECK)
    assert players(out)[0]["hand"] == ["knives", "rally-the-men", "grapeshot"]
    assert discard(out) == ["stowaway"]
    assert out["state"]["turn"]["moves_left"] == 1 and out["legal"]["0"][0] == "roll"


def test_betrayal_opponent_discards_two_random_cards() -> None:
    """PC-CARD-34: two of Hook's three cards go to the discard pile at random (which two is up to
    the seeded shuffle; that it is exactly two of his is not)."""
    table = [ship("kidd", hand=["betrayal"]), ship("hook", hand=["flee", "axes", "rum"])]
    out = scenario(table, [(0, "play betrayal")])
    hand, pile = players(out)[1]["hand"], discard(out)
    assert len(hand) == 1 and pile[0] == "betrayal" and len(pile) == 3
    assert sorted(hand + pile[1:]) == ["axes", "flee", "rum"]
    out = scenario([ship("kidd", hand=["betrayal"]), ship("hook", hand=["flee"])], [(0, "play betrayal")])
    assert players(out)[1]["hand"] == [] and discard(out) == ["betrayal", "flee"]
    out = scenario([ship("kidd", hand=["betrayal"]), ship("hook")])
    assert "play betrayal" not in out["legal"]["0"]   # nobody has a card to lose


def test_treachery_opponent_chooses_three_cards_to_discard() -> None:
    """PC-CARD-35 [ambiguous]: our reading is that the victim chooses; Hook is asked (a reaction) three
    times, then Kidd's turn goes on."""
    table = [ship("kidd", hand=["treachery"]), ship("hook", hand=["flee", "axes", "rum", "knives"])]
    out = scenario(table, [(0, "play treachery")])
    assert out["pending"] == {"kind": "reaction", "waiting_on": [1], "prompt": "discard cards"}
    assert out["legal"] == {"1": ["discard axes", "discard flee", "discard knives", "discard rum"]}
    out = scenario(table, [(0, "play treachery"), (1, "discard flee"), (1, "discard rum"), (1, "discard axes")])
    assert players(out)[1]["hand"] == ["knives"]
    assert discard(out) == ["treachery", "flee", "rum", "axes"]
    assert out["pending"]["kind"] == "turn" and out["legal"]["0"][0] == "roll"


def test_treachery_takes_only_what_the_victim_holds() -> None:
    """PC-CARD-35: with two cards Hook discards both and the prompt closes."""
    out = scenario([ship("kidd", hand=["treachery"]), ship("hook", hand=["flee", "axes"])],
                   [(0, "play treachery"), (1, "discard axes"), (1, "discard flee")])
    assert players(out)[1]["hand"] == [] and out["pending"]["waiting_on"] == [0]


def test_settle_a_debt_takes_a_random_card_from_an_adjacent_opponent() -> None:
    """PC-CARD-41 [ambiguous]: our reading is that Settle a Debt is itself the discard; Kidd takes
    Hook's only card (next to him). Yellowbeard, far away, cannot be targeted."""
    table = [ship("kidd", at=13, hand=["settle-a-debt"]), ship("hook", at=12, hand=["darkness"]),
             ship("yellowbeard", at=20, hand=["rum"])]
    out = scenario(table, [(0, "play settle-a-debt")])
    ps = players(out)
    assert ps[0]["hand"] == ["darkness"] and ps[1]["hand"] == [] and ps[2]["hand"] == ["rum"]
    assert discard(out) == ["settle-a-debt"]
    out = scenario([ship("kidd", at=13, hand=["settle-a-debt"]), ship("hook", at=15, hand=["darkness"])])
    assert "play settle-a-debt" not in out["legal"]["0"]


# ---- The deck list ----------------------------------------------------------------------------

BOARDING = {"knives": 2, "axes": 3, "pikes": 3, "harpoons": 3, "cutlasses": 3, "pistols": 4, "muskets": 4,
            "grenades": 4, "darkness": 5}
DUAL = {"swivel-guns": 1, "grapeshot": 2, "rally-the-men": 3, "surprise": 4}
BROADSIDES = {"cannonballs": 2, "run-out-the-guns": 3, "chain-shot": 3, "bar-shot": 3, "hot-shot": 3,
              "triple-cannons": 4, "rake-the-stern": 4, "blown-away": 5}


def test_the_deck_holds_sixty_three_different_cards() -> None:
    """PC-CARD-64 [data: copies per card]: one copy of each of the 63 cards (42 others, 21 fight cards:
    9 boarding, 4 dual, 8 broadsides); a fresh game deals them all between hands and deck."""
    cards = defs().cards
    assert len(cards) == 63
    fight = {c.id: (c.bonus, tuple(sorted(c.types))) for c in cards.values() if c.effect == "fight"}
    assert fight == {**{k: (v, ("boarding",)) for k, v in BOARDING.items()},
                     **{k: (v, ("boarding", "broadsides")) for k, v in DUAL.items()},
                     **{k: (v, ("broadsides",)) for k, v in BROADSIDES.items()}}
    out = run(captains=["kidd", "hook", "yellowbeard"], seed="deck")
    dealt = pile(out) + [c for p in players(out) for c in p["hand"]]
    assert sorted(dealt) == sorted(cards)


def test_wind_and_storm_cards_are_the_labelled_ones() -> None:
    """PC-CARD-65: Wind = Trade Winds, Doldrums, Westerlies, Catch the Wind; Storm = Typhoon, Hurricane.
    (What the labels do is checked with Doldrums, Typhoon and Hurricane against Nemo and Davy Jones.)"""
    tags = {c.id: set(c.tags) for c in defs().cards.values() if c.tags}
    assert tags == {"trade-winds": {"wind"}, "doldrums": {"wind"}, "westerlies": {"wind"},
                    "catch-the-wind": {"wind"}, "typhoon": {"storm"}, "hurricane": {"storm"}}
