"""Dead Reckoning — Battle Ship Details: the tower model of engine/dead_reckoning/rules/tower.py and
data/dead_reckoning/tower.toml. Seeded drops repeat, scripted landings come first, exploding shots
add one cube of the same colour and always end, no cube is lost or made up, a broken tower.toml is
refused naming the field, and the tables of docs/dead_reckoning-tower.md are what the code computes.
Inventory IDs (DR-…) are those of shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from engine.core.rng import Rng
from engine.dead_reckoning.rules.tower import (
    DATA_FILE,
    Board,
    Knock,
    Tally,
    Tower,
    TowerDataError,
    TowerDefs,
    active_wins,
    drop,
    expected_table,
    load_tower,
    per_cube,
    simulate,
    strength_distribution,
    take_back,
    tally,
    tower_defs,
    win_table,
)
from tests.engine.help_checks import copied, windows, words
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "dead_reckoning-tower.md"


@pytest.fixture(scope="module")
def d() -> TowerDefs:
    return load_tower()


def with_zones(d: TowerDefs, **percents: int) -> TowerDefs:
    """The shipped tower with some zones' percents changed (the caller keeps the sum at 100)."""
    raw = d.model_dump(exclude_defaults=True)
    for z in raw["zones"]:
        z["percent"] = percents.get(z["id"].replace("-", "_"), z["percent"])
    return TowerDefs.model_validate(raw)


# ---- the data file ----
def test_tower_toml_validates_and_says_it_is_our_design(d: TowerDefs) -> None:
    header = DATA_FILE.read_text(encoding="utf-8").splitlines()[:3]
    assert "Parley's own design following the rulebook" in " ".join(header)
    assert tower_defs() is tower_defs()
    assert sum(z.percent for z in d.zones) == 100


def test_tow_04_the_board_has_every_zone_the_rulebook_names(d: TowerDefs) -> None:
    """DR-TOW-04, DR-TOW-05/11/16/19: exploding shot, plunder (coins, cargo, a choice), damage,
    1 and 2 Battle strength, and an empty zone (the issue's "nothing")."""
    kinds = {z.kind for z in d.zones}
    assert kinds == {"exploding", "strength", "damage", "plunder", "nothing"}
    assert {z.strength for z in d.zones if z.kind == "strength"} == {1, 2}
    plunder = [z for z in d.zones if z.kind == "plunder"]
    assert any(z.coins for z in plunder) and any(z.cargo for z in plunder) and any(z.either for z in plunder)


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = DATA_FILE.read_text(encoding="utf-8")
    assert old in text, f"the test's anchor {old!r} is not in tower.toml"
    path = tmp_path / "tower.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "message"), [
    ('id = "damage"\nkind = "damage"', 'id = "damage"\nkind = "hull"',
     r"tower.toml: \[\[zone\]\] 'damage' kind: Input should be 'exploding', 'strength', 'damage', 'plunder' or 'nothing', got 'hull'"),
    ('kind = "damage"\npercent = 10', 'kind = "damage"\npercent = 0',
     r"tower.toml: \[\[zone\]\] 'damage' percent: Input should be greater than or equal to 1, got 0"),
    ('kind = "damage"\npercent = 10', 'kind = "damage"\npercent = 11',
     r"tower.toml: zone percents must add up to 100 \(every cube rests in one zone\), got 101"),
    ('kind = "damage"\npercent = 10', 'kind = "damage"\nstrength = 1\npercent = 10',
     r"tower.toml: \[\[zone\]\] 'damage': a damage zone has no strength"),
    ('strength = 2\n', 'strength = 3\n',
     r"tower.toml: \[\[zone\]\] 'strength-2' strength: Input should be 1 or 2, got 3"),
    ('id = "strength-2"\nkind = "strength"\nstrength = 2', 'id = "strength-2"\nkind = "strength"\nstrength = 1',
     r"tower.toml: the board needs a 1-strength zone and a 2-strength zone"),
    ('id = "coin-2"\nkind = "plunder"\ncoins = 2', 'id = "coin-2"\nkind = "plunder"',
     r"tower.toml: \[\[zone\]\] 'coin-2': a plunder zone needs coins, cargo or either"),
    ('id = "coin-2"', 'id = "coin-1"', r"tower.toml: zone ids must differ: coin-1 listed twice"),
    ('id = "empty"\nkind = "nothing"', 'id = "empty"\nkind = "exploding"',
     r"tower.toml: the board needs exactly one exploding zone, got 2"),
    ('kind = "exploding"\npercent = 10', 'kind = "exploding"\npercent = 50',
     r"tower.toml: zone percents must add up to 100"),
    ('knock_percent = 20', 'knock_percent = 101',
     r"tower.toml: knock_percent: Input should be less than or equal to 100, got 101"),
    ('max_explosion_rounds = 8', 'max_explosion_rounds = 0',
     r"tower.toml: max_explosion_rounds: Input should be greater than or equal to 1, got 0"),
    ('max_explosion_rounds = 8', 'max_explosion_rounds = 8\nrounds = 3',
     r"tower.toml: rounds: Extra inputs are not permitted"),
    ('id = "cargo-1"', 'id = "Cargo 1"',
     r"tower.toml: \[\[zone\]\] 'Cargo 1' id: String should match pattern"),
    ('[[zone]]\nid = "exploding"', '[[zone]\nid = "exploding"', r"tower.toml: not valid TOML"),
])
def test_a_broken_tower_toml_is_refused_naming_the_field(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(TowerDataError, match=message):
        load_tower(broken(tmp_path, old, new))


ENDLESS = """max_explosion_rounds = 3
knock_percent = 0
zone = [
  { id = "exploding", kind = "exploding", percent = 50 },
  { id = "strength-1", kind = "strength", strength = 1, percent = 20 },
  { id = "strength-2", kind = "strength", strength = 2, percent = 10 },
  { id = "damage", kind = "damage", percent = 10 },
  { id = "coin-1", kind = "plunder", coins = 1, percent = 10 },
]
"""


def test_an_exploding_zone_of_half_or_more_is_refused_as_endless(tmp_path: Path) -> None:
    path = tmp_path / "tower.toml"
    path.write_text(ENDLESS, encoding="utf-8")
    with pytest.raises(TowerDataError, match="the exploding zone's percent must stay below 50, or chains grow without end"):
        load_tower(path)


def test_a_missing_tower_toml_is_named(tmp_path: Path) -> None:
    with pytest.raises(TowerDataError, match="tower.toml: missing"):
        load_tower(tmp_path / "tower.toml")


# ---- dropping ----
def test_bnp_06_a_seeded_drop_repeats_exactly(d: TowerDefs) -> None:
    """DR-BNP-06 / DR-BPVP-10: the same seed drops the same cubes into the same zones."""
    one = drop(Rng(seed="battle-7"), {"0": 6, "1": 3}, Tower(), defs=d)
    two = drop(Rng(seed="battle-7"), {"0": 6, "1": 3}, Tower(), defs=d)
    assert one == two
    others = {drop(Rng(seed=f"battle-{n}"), {"0": 6, "1": 3}, Tower(), defs=d).board.model_dump_json() for n in range(20)}
    assert len(others) > 10, "different seeds should give different boards"


def test_the_tower_draws_only_through_the_rng_and_leaves_scripted_dice_alone(d: TowerDefs) -> None:
    rng = Rng(seed="s", forced=[6, 1])
    drop(rng, {"0": 4}, Tower(), defs=d)
    assert rng.counter >= 4 and rng.forced == [6, 1]


def test_scripted_landings_come_first_then_the_rng(d: TowerDefs) -> None:
    tower = Tower(script=["strength-2", "damage"])
    rng = Rng(seed="s")
    r = drop(rng, {"0": 3}, tower, defs=d)
    assert [x.zone for x in r.landings[:2]] == ["strength-2", "damage"]
    assert r.tower.script == [] and tower.script == ["strength-2", "damage"], "the input tower is not changed"
    assert rng.counter == len(r.landings) - 2, "one draw per unscripted landing (the third cube and any explosion)"
    rest = drop(Rng(seed="s"), {"0": 3}, Tower(script=["strength-2", "damage", "coin-1", "cargo-1"]), defs=d)
    assert rest.tower.script == ["cargo-1"], "what a drop did not use stays for the next one"


def test_a_script_naming_no_zone_is_refused(d: TowerDefs) -> None:
    with pytest.raises(ValueError, match="tower.toml has no zone 'strength-3'"):
        drop(Rng(seed="s"), {"0": 1}, Tower(script=["strength-3"]), defs=d)


def test_tow_05_an_exploding_shot_comes_back_with_one_extra_cube_of_its_colour(d: TowerDefs) -> None:
    """DR-TOW-05: the exploding cube is dropped again with 1 extra cube of the same colour."""
    r = drop(Rng(seed="s"), {"0": 2, "1": 1}, Tower(script=["exploding", "coin-1", "strength-1", "strength-2", "damage"]), defs=d)
    assert r.board.cubes == {"0": {"coin-1": 1, "strength-2": 1, "damage": 1}, "1": {"strength-1": 1}}
    assert r.extras == {"0": 1} and r.rounds == 1
    assert [(x.owner, x.why) for x in r.landings[3:]] == [("0", "explosion"), ("0", "extra")]


def test_tow_06_exploding_shots_drop_together_and_repeat_until_none_are_left(d: TowerDefs) -> None:
    """DR-TOW-06: both sides' exploding cubes fall in one round; a new exploding cube makes another."""
    script = ["exploding", "exploding",                         # the first drop: one cube each
              "exploding", "empty", "coin-1", "coin-1",         # round 1: 0's two, then 1's two
              "strength-2", "strength-1"]                       # round 2: 0's exploding cube and its extra
    r = drop(Rng(seed="s"), {"0": 1, "1": 1}, Tower(script=script), defs=d)
    assert r.rounds == 2 and r.extras == {"0": 2, "1": 1}
    assert tally(r.board, d)["0"].strength == 3 and r.board.total("0") == 3 and r.board.total("1") == 2


def test_tow_07_extras_come_from_the_owners_supply_and_stop_when_it_is_empty(d: TowerDefs) -> None:
    """DR-TOW-07 (our reading): the extra cube is the owner's; with none left the cube falls alone."""
    r = drop(Rng(seed="s"), {"0": 2}, Tower(script=["exploding", "exploding", "coin-1", "coin-1", "damage"]),
             supply={"0": 1}, defs=d)
    assert r.extras == {"0": 1} and r.board.total("0") == 3


def test_an_endless_script_of_exploding_shots_still_ends_at_the_round_limit(d: TowerDefs) -> None:
    """The chain is bounded: after max_explosion_rounds the cubes left exploding count for nothing."""
    r = drop(Rng(seed="s"), {"0": 1}, Tower(script=["exploding"] * 1000), supply={"0": 20}, defs=d)
    assert r.rounds == d.max_explosion_rounds
    assert r.board.total("0") == 21 and r.extras == {"0": 20}
    assert tally(r.board, d)["0"] == Tally()


def test_random_chains_end_even_at_the_highest_legal_odds(d: TowerDefs) -> None:
    wild = with_zones(d, exploding=49, strength_1=7, empty=1, damage=1, cargo_2=1, coin_2=1)
    for n in range(30):
        r = drop(Rng(seed=f"wild-{n}"), {"0": 5, "1": 5}, Tower(), defs=wild)
        assert r.rounds <= wild.max_explosion_rounds


@pytest.mark.parametrize("seed", [f"conserve-{n}" for n in range(40)])
def test_no_cube_is_lost_or_made_up(d: TowerDefs, seed: str) -> None:
    """Every cube dropped, and every extra an exploding shot added, rests in exactly one zone;
    knocks move cubes, never add or remove them."""
    rng = Rng(seed=seed)
    first = drop(rng, {"0": 5, "black": 4}, Tower(), supply={"0": 25, "black": 16}, defs=d)
    later = drop(rng, {"0": 2}, Tower(), first.board, supply={"0": 25 - first.extras.get("0", 0)}, defs=d)
    for r, dropped, before in ((first, {"0": 5, "black": 4}, Board()), (later, {"0": 2}, first.board)):
        for owner in ("0", "black"):
            assert r.board.total(owner) == before.total(owner) + dropped.get(owner, 0) + r.extras.get(owner, 0)
        whys = [x.why for x in r.landings]
        assert whys.count("drop") == sum(dropped.values()) and whys.count("extra") == sum(r.extras.values())
        assert whys.count("knocked") == len(r.knocks)
    assert first.knocks == [], "the first drop falls onto an empty board: nothing to knock"


def test_a_knock_moves_one_resting_cube_and_can_set_off_an_explosion(d: TowerDefs) -> None:
    """DR-TOW-09: a cube an ability's drop sends into the exploding zone explodes before the next ability."""
    board = Board(cubes={"0": {"strength-2": 1}, "1": {"strength-1": 2}})
    r = drop(Rng(seed="s"), {"1": 1}, Tower(script=[Knock(owner="0", zone="strength-2", to="exploding"), "damage", "coin-1", "empty"]),
             board, defs=d)
    assert r.board.cubes == {"0": {"coin-1": 1, "empty": 1}, "1": {"strength-1": 2, "damage": 1}}
    assert r.extras == {"0": 1} and board.cubes["0"] == {"strength-2": 1}, "the board passed in is not changed"
    assert r.knocks == [("1", Knock(owner="0", zone="strength-2", to="exploding"))]


def test_random_knocks_happen_only_on_a_board_that_holds_cubes(d: TowerDefs) -> None:
    always = d.model_copy(update={"knock_percent": 100})
    first = drop(Rng(seed="k"), {"0": 4, "1": 4}, Tower(), defs=always)
    assert not first.knocks
    later = drop(Rng(seed="k"), {"0": 2}, Tower(), first.board, defs=always)
    assert len(later.knocks) == 2


def test_a_misplaced_scripted_knock_is_refused(d: TowerDefs) -> None:
    with pytest.raises(ValueError, match="not a landing"):
        drop(Rng(seed="s"), {"0": 1}, Tower(script=[Knock(owner="1", zone="damage", to="empty")]), defs=d)
    with pytest.raises(ValueError, match="1 has 0 cube"):
        drop(Rng(seed="s"), {"0": 1}, Tower(script=[Knock(owner="1", zone="damage", to="empty"), "empty"]),
             Board(cubes={"0": {"empty": 1}}), defs=d)


def test_tow_19_tally_reads_strength_damage_and_plunder(d: TowerDefs) -> None:
    """DR-TOW-11/16/19: plunder as shown, 1 damage per damage cube, 1 or 2 strength as printed."""
    board = Board(cubes={"0": {"strength-1": 2, "strength-2": 1, "damage": 2, "coin-2": 1, "cargo-1": 1,
                               "either-1": 1, "empty": 3, "exploding": 1}})
    assert tally(board, d)["0"] == Tally(strength=4, damage=2, coins=2, cargo=1, either=1)


def test_gun_05_taking_a_cube_back_removes_what_it_scored(d: TowerDefs) -> None:
    """DR-GUN-05, DR-TOW-21: only cubes still in strength zones count."""
    board = Board(cubes={"0": {"strength-2": 1, "strength-1": 1}})
    after = take_back(board, "0", "strength-2")
    assert tally(after, d)["0"].strength == 1 and tally(board, d)["0"].strength == 3
    with pytest.raises(ValueError, match="0 has 0 cube"):
        take_back(after, "0", "strength-2")


def test_the_tower_state_round_trips_through_json(d: TowerDefs) -> None:
    tower = Tower(script=["coin-1", Knock(owner="0", zone="coin-1", to="empty"), "damage"])
    assert Tower.model_validate_json(tower.model_dump_json()) == tower
    r = drop(Rng(seed="j"), {"0": 3, "1": 2}, Tower(), defs=d)
    assert type(r).model_validate_json(r.model_dump_json()) == r


# ---- the rulebook's walkthrough, scripted ----
def test_ex_04_to_15_the_walkthrough_scripted_reads_as_our_reading(d: TowerDefs) -> None:
    """DR-EX-04..15 with docs/dead_reckoning-tower.md's reading: 6 purple and 3 green cubes end 2 to 2;
    Green's 2-cube drop explodes twice (the second re-drop, DR-EX-07, is the one the text skips) to
    lead 5 to 2; Purple's 2-cube drop knocks a green 2 into plunder and lands a 1: 3 to 3 (the text's
    "3 to 2", DR-EX-09, forgets Purple's new cube); +1 from the ability makes Purple 4 to 3. Plunder
    5 coins, 2 cargo, 2 either for Purple, 1 coin and 1 either for Green; Green deals 1 damage."""
    rng = Rng(seed="walkthrough")
    tower = Tower(script=[
        "strength-2", "coin-2", "coin-2", "coin-1", "cargo-2", "either-1",    # the first drop: purple
        "strength-2", "damage", "empty",                                      # and green
        "exploding", "coin-1", "strength-1", "exploding", "strength-2", "empty",   # Green's ability
        Knock(owner="green", zone="strength-2", to="either-1"), "either-1", "strength-1"])  # Purple's
    first = drop(rng, {"purple": 6, "green": 3}, tower, defs=d)
    t = tally(first.board, d)
    assert (t["purple"].strength, t["green"].strength) == (2, 2)
    green = drop(rng, {"green": 2}, first.tower, first.board, defs=d)
    t = tally(green.board, d)
    assert (t["purple"].strength, t["green"].strength) == (2, 5) and green.extras == {"green": 2}
    purple = drop(rng, {"purple": 2}, green.tower, green.board, defs=d)
    t = tally(purple.board, d)
    assert (t["purple"].strength, t["green"].strength) == (3, 3)
    assert t["purple"].strength + 1 > t["green"].strength
    assert (t["purple"].coins, t["purple"].cargo, t["purple"].either) == (5, 2, 2)
    assert (t["green"].coins, t["green"].cargo, t["green"].either, t["green"].damage) == (1, 0, 1, 1)
    assert purple.board.total("purple") == 8 and purple.board.total("green") == 7
    assert rng.counter == 0 and purple.tower.script == [], "every landing was scripted, and the script is used up"


# ---- what the model gives: the document's tables ----
def test_the_documents_tables_are_what_the_code_computes(d: TowerDefs) -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert expected_table(10, d) in doc, "docs/dead_reckoning-tower.md: the expected-outcome table is stale"
    assert win_table(8, d) in doc, "docs/dead_reckoning-tower.md: the win-chance table is stale"
    for z in d.zones:
        assert re.search(rf"\| `{z.id}` \| {z.kind} \|[^\n]*\| {z.percent} % \|", doc), f"the zone table lacks {z.id} at {z.percent} %"


def test_the_exact_figures_follow_from_the_odds(d: TowerDefs) -> None:
    """Per cube with no round limit: landings (1 - pe) / (1 - 2 pe); the limit only trims the tail."""
    e = per_cube(d)
    unlimited = Fraction(9, 10) / Fraction(8, 10)
    assert abs(e["strength"] - unlimited * Fraction(22 + 20, 90)) < Fraction(1, 10**6)
    assert e["strength"] < unlimited * Fraction(42, 90)
    dist = strength_distribution(3, d)
    assert abs(sum(dist) - 1) < 1e-9
    assert abs(sum(s * p for s, p in enumerate(dist)) - 3 * float(e["strength"])) < 1e-6
    assert active_wins(4, 4, d) > 0.5, "ties go to the active player (DR-TOW-20)"
    assert active_wins(2, 6, d) < 0.25 < active_wins(6, 2, d)


def test_drop_itself_agrees_with_the_exact_figures(d: TowerDefs) -> None:
    """Monte Carlo of `drop` with a seeded Rng against `per_cube`: the code that plays battles is the
    model the document describes (4,000 drops of 5 cubes; the slack is 4 standard errors, measured)."""
    means = simulate({"0": 5}, 4000, "monte-carlo", d)["0"]
    e = per_cube(d)
    for m, slack in (("strength", 0.11), ("damage", 0.05), ("coins", 0.09), ("cargo", 0.08), ("either", 0.04), ("extras", 0.06)):
        assert abs(means[m] - 5 * float(e[m])) < slack, m


def test_no_rulebook_sentence_is_copied_into_the_tower_files() -> None:
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    for path in (DATA_FILE, DOC, REPO / "engine" / "dead_reckoning" / "rules" / "tower.py", Path(__file__)):
        runs = copied(path.read_text(encoding="utf-8"), rulebook)
        assert not runs, f"{path.name} repeats the rulebook: {runs[:3]}"
