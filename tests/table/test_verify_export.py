"""Provably fair play on a real SQLite file: the export (table/export.py) during play and after the
end, and `python -m engine.verify` on it, including exports tampered with in every part it checks:
the decisions, the seed and the game's identity (number, game, title, options, seats, status),
which the commitment shown at the start covers. A game started before the commitment covered the
identity is still checked, seed only, and says so. Two games: Scoundrel Bay (sealed blind bids and
feeding) and Pirate Chest (sealed fight cards). Malformed files: tests/table/test_verify_fuzz.py."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from engine.core.fair import (
    GAME_SCHEME,
    SEED_SCHEME,
    choice_commitment,
    game_commitment,
    game_identity,
    seed_commitment,
)
from engine.verify import SEED_ONLY, main, verify
from store import Store
from table import TableService
from table.export import SEATS_AT_START, commitment_of, export_log

GAMES = ["scoundrel_bay", "pirate_chest"]
STEP_CAP = 20_000


async def all_bots(svc: TableService, game: str, seed: str | None = "fair") -> int:
    gid = await svc.create(game, 3, seed=seed)
    for _ in range(3):
        await svc.add_bot(gid, "random")
    await svc.start(gid)
    return gid


async def export_of(svc: TableService, gid: int) -> dict[str, Any]:
    record, state = await svc.load(gid)
    return export_log(record, await svc.store.log_rows(gid), state)


@pytest.fixture
async def svc(tmp_path: Path) -> Any:
    async with await Store.open(tmp_path / "t.db") as store:
        yield TableService(store)


@pytest.fixture(scope="module")
def finished() -> dict[str, dict[str, Any]]:
    """A whole all-bot game's export per game (module scope: each plays once)."""
    import asyncio
    import tempfile

    async def play(game: str) -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as d:
            async with await Store.open(Path(d) / "t.db") as store:
                svc = TableService(store)
                gid = await all_bots(svc, game)
                await svc.run_bots(gid, limit=STEP_CAP)
                assert (await store.load(gid)).status == "finished"
                return await export_of(svc, gid)
    return {game: asyncio.run(play(game)) for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_games_export_verifies(finished: dict[str, dict[str, Any]], game: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    export = finished[game]
    setup = export["setup"]
    assert export["complete"] and setup["seed"] == "fair" and setup["seed_salt"]
    seats = [{"seat": i, "name": f"Bot {i + 1} (random)", "bot": "random"} for i in range(3)]
    assert setup["seats"] == seats and setup["seed_scheme"] == GAME_SCHEME
    identity = game_identity(export["game_id"], game, {}, False, seats)
    assert game_commitment("fair", setup["seed_salt"], identity) == setup["seed_commitment"]
    assert seed_commitment("fair", setup["seed_salt"]) != setup["seed_commitment"]
    sealed = [a for a in export["actions"] if "commitment" in a]
    assert sealed, "the game has sealed choices, each with a commitment"
    assert all(choice_commitment(a["seat"], a["notation"], a["nonce"]) == a["commitment"] for a in sealed)
    report = verify(export)
    assert report.ok, report.lines
    assert any(f"{len(sealed)} sealed ones match" in line for line in report.lines)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    assert main([str(path)]) == 0
    assert "Verified: everything matches." in capsys.readouterr().out


FAILS_WITH = {"seed": "seed and the game's identity do not match the commitment", "sealed choice": "does not match its commitment",
              "missing commitment": "does not match its commitment", "nonce": "does not match its commitment",
              "action": "", "final hash": "final state's hash differs"}


def tampered(export: dict[str, Any], how: str) -> dict[str, Any]:
    bad = copy.deepcopy(export)
    actions = bad["actions"]
    sealed = next(a for a in actions if "commitment" in a)
    public = next(a for a in actions[len(actions) // 2:] if "commitment" not in a)
    if how == "seed":
        bad["setup"]["seed"] = "fair2"
    elif how == "sealed choice":   # another notation the same seat could have chosen, same commitment
        sealed["notation"] = other_choice(bad, actions.index(sealed))
    elif how == "missing commitment":
        del sealed["commitment"], sealed["nonce"]
    elif how == "nonce":
        sealed["nonce"] = "0" * 32
    elif how == "action":
        actions.remove(public)
    elif how == "final hash":
        bad["final_state_hash"] = "0" * 64
    return bad


def other_choice(export: dict[str, Any], index: int) -> str:
    """A legal notation other than the logged one at decision `index`, found by replaying."""
    from engine.core import Setup, act_text, legal_notations, setup_state
    setup = export["setup"]
    game = get_game(setup["game"])
    s = setup_state(game, Setup(game=game.id, players=setup["players"], seed=setup["seed"], options=setup["options"]))
    for a in export["actions"][:index]:
        s = act_text(game, s, a["seat"], a["notation"]).state
    entry = export["actions"][index]
    others = [n for n in legal_notations(game, s, entry["seat"]) if n != entry["notation"]]
    assert others, "the sealed decision had another option"
    return others[0]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("how", list(FAILS_WITH))
def test_a_tampered_export_fails(finished: dict[str, dict[str, Any]], game: str, how: str, tmp_path: Path) -> None:
    bad = tampered(finished[game], how)
    report = verify(bad)
    assert not report.ok, f"{how}: {report.lines}"
    assert any(line.startswith("✗") and FAILS_WITH[how] in line for line in report.lines), report.lines
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert main([str(path)]) == 1


OTHER_GAME = {"scoundrel_bay": "pirate_chest", "pirate_chest": "scoundrel_bay"}   # both take 3 players, no options
DEFAULT_OPTION = {"scoundrel_bay": {"milestones": False}, "pirate_chest": {"turn_limit": 0}}
NOT_COMMITTED = "do not match the commitment"
RENAMED = "seat 2: the name is not the one at the start"
CHANGED = {   # a change to what the export says of the game, and every ✗ line it gets
    "game id": (NOT_COMMITTED,), "options": (NOT_COMMITTED,), "seed fixed": (NOT_COMMITTED,),
    "seat at start": (NOT_COMMITTED, RENAMED), "seat now": (RENAMED,),
    "title": ("the title is not the one of",), "status": ("the export's status is 'cancelled'",),
    "game": (NOT_COMMITTED, "the title is not the one of", "does not replay"),
}


def changed(export: dict[str, Any], how: str) -> dict[str, Any]:
    bad = copy.deepcopy(export)
    setup = bad["setup"]
    if how == "game id":
        bad["game_id"] += 1
    elif how == "game":
        setup["game"] = OTHER_GAME[setup["game"]]
    elif how == "seat at start":
        setup["seats"][1]["name"] = "Mallory"
    elif how == "options":   # the default value spelled out: the replay is the same, the game is not
        setup["options"] = DEFAULT_OPTION[setup["game"]]
    elif how == "seed fixed":
        setup["seed_fixed_by_host"] = True
    elif how == "title":
        bad["title"] = "Treasure Island"
    elif how == "status":
        bad["status"] = "cancelled"
    elif how == "seat now":
        bad["seats"][1]["name"] = "Mallory"
    return bad


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("how", list(CHANGED))
def test_an_export_whose_game_identity_was_changed_fails(finished: dict[str, dict[str, Any]], game: str, how: str,
                                                         tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The commitment shown at the start covers the game's number, game, options, seats and
    whether the host fixed the seed; the title must be the game's, the status finished, and a seat
    that did not change hands keeps its name. Each change fails with its own lines and no other;
    all but a change of game leave the replay itself matching, so those lines are what catch it."""
    bad = changed(finished[game], how)
    report = verify(bad)
    failed = [line for line in report.lines if line.startswith("✗")]
    assert not report.ok and len(failed) == len(CHANGED[how]), report.lines
    assert all(any(why in line for line in failed) for why in CHANGED[how]), report.lines
    if how != "game":
        assert any("decisions replayed" in line for line in report.lines), report.lines
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(bad))
    assert main([str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "NOT verified."


def as_written_before_v2(export: dict[str, Any]) -> dict[str, Any]:
    """The export of the same game as the previous release wrote it: a seed-only commitment."""
    old = copy.deepcopy(export)
    setup = old["setup"]
    del setup["seats"]
    setup["seed_scheme"] = SEED_SCHEME
    setup["seed_commitment"] = seed_commitment(setup["seed"], setup["seed_salt"])
    old["version"] = 1
    for seat in old["seats"]:
        del seat["changed_hands"]
    return old


def test_an_export_with_a_seed_only_commitment_verifies_and_says_it_proves_less(
        finished: dict[str, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = as_written_before_v2(finished["pirate_chest"])
    report = verify(old)
    assert report.ok and report.seed_only and f"⚠ {SEED_ONLY}" in report.lines, report.lines
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "seed-only commitment" in out.splitlines()[-1] and "everything matches" not in out
    renamed = copy.deepcopy(old)   # what such a commitment cannot catch, and the report says so
    renamed["game_id"], renamed["seats"][0]["name"] = 99, "Mallory"
    assert verify(renamed).ok and f"⚠ {SEED_ONLY}" in verify(renamed).lines
    reseeded = copy.deepcopy(old)
    reseeded["setup"]["seed"] = "fair2"
    assert any("seed does not match its commitment" in line for line in verify(reseeded).lines)


async def test_the_commitment_keeps_the_seats_at_the_start_when_a_seat_changes_hands(svc: TableService) -> None:
    """The start post's commitment covers the seats as they were; a seat handed to a bot later is
    told apart (`changed_hands`) and the export still verifies, with a note on that seat."""
    from tests.table.test_service import Recorder
    svc.notifier = recorder = Recorder()
    gid = await svc.create("pirate_chest", 3, seed="hands")
    for _ in range(3):
        await svc.add_bot(gid, "greedy")
    await svc.start(gid)
    await svc.flush_outbox()
    posted = " ".join(e for item in recorder.items if item.kind == "board" for e in item.payload["events"])
    record = await svc.store.load(gid)
    start = [{"seat": i, "name": f"Bot {i + 1} (greedy)", "bot": "greedy"} for i in range(3)]
    assert record.settings[SEATS_AT_START] == start
    shown = game_commitment("hands", record.settings["seed_salt"], game_identity(gid, "pirate_chest", {}, False, start))
    assert f"`{shown}`" in posted
    await svc.run_bots(gid, limit=20)
    await svc.store.hand_to_bot(gid, 1, "random")
    await svc.run_bots(gid, limit=STEP_CAP)
    export = await export_of(svc, gid)
    assert export["status"] == "finished" and export["setup"]["seed_commitment"] == shown
    assert export["setup"]["seats"] == start and export["seats"][1]["changed_hands"]
    assert export["seats"][1]["name"] != start[1]["name"]
    report = verify(export)
    assert report.ok and not report.seed_only, report.lines
    assert "⚠ seat 2 changed hands during play: the commitment covers who sat there at the start" in report.lines


async def test_a_game_started_before_the_commitment_covered_its_identity_is_checked_seed_only(svc: TableService) -> None:
    """A game the previous release started has no seats at start in its settings: its commitment,
    shown then, was the seed's alone, and that is what its export and /game verify check."""
    gid = await svc.create("pirate_chest", 3, seed="old")
    for _ in range(3):
        await svc.add_bot(gid, "greedy")
    await svc.start(gid)
    await svc.store.update_settings(gid, {SEATS_AT_START: None})   # as the previous release started it
    await svc.run_bots(gid, limit=STEP_CAP)
    record = await svc.store.load(gid)
    assert commitment_of(record) == seed_commitment("old", record.settings["seed_salt"])
    export = await export_of(svc, gid)
    assert export["setup"]["seed_scheme"] == SEED_SCHEME and "seats" not in export["setup"]
    report = verify(export)
    assert report.ok and report.seed_only and f"⚠ {SEED_ONLY}" in report.lines


def test_a_file_that_is_no_export_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"hello": 1}')
    assert main([str(path)]) == 2
    path.write_text("not json")
    assert main([str(path)]) == 2


async def test_an_export_during_a_blind_bid_shows_no_bid_no_seed_and_does_not_verify(svc: TableService) -> None:
    gid = await all_bots(svc, "scoundrel_bay")
    game = get_game("scoundrel_bay")
    for _ in range(STEP_CAP):   # step until a bid is open and some of it is in
        record, s = await svc.load(gid)
        pending = game.pending(s)
        rows = await svc.store.log_rows(gid)
        if pending is not None and pending.kind == "simultaneous" and rows[-1].hidden:
            break
        await svc.run_bots(gid, limit=1)
    else:
        raise AssertionError("no sealed choice came up")
    export = await export_of(svc, gid)
    text = json.dumps(export)
    record = await svc.store.load(gid)
    assert not export["complete"] and export["setup"]["seed"] is None and export["setup"]["seed_salt"] is None
    assert export["final_state_hash"] is None and record.seed not in text
    assert export["setup"]["seed_commitment"] == commitment_of(record)
    hidden = [r for r in rows if r.hidden]
    assert hidden and all(r.commitment and r.nonce for r in hidden)
    for r in hidden:
        assert r.nonce and r.commitment and r.nonce not in text and r.commitment not in text
    shown = [a for a in export["actions"] if not a.get("sealed")]
    assert {a["seq"] for a in shown}.isdisjoint(r.seq for r in hidden)
    assert {a["seq"] for a in shown} == {r.seq for r in rows if r.hidden is False}
    assert export["actions"][-1] == {"seq": export["actions"][-1]["seq"], "sealed": True}
    assert not verify(export).ok


async def test_a_random_seed_gets_a_salt_and_the_start_post_shows_its_commitment(svc: TableService) -> None:
    from tests.table.test_service import Recorder
    svc.notifier = recorder = Recorder()
    gid = await all_bots(svc, "pirate_chest", seed=None)
    await svc.flush_outbox()
    record = await svc.store.load(gid)
    posted = " ".join(e for item in recorder.items if item.kind == "board" for e in item.payload["events"])
    seats = [{"seat": i, "name": f"Bot {i + 1} (random)", "bot": "random"} for i in range(3)]
    identity = game_identity(gid, "pirate_chest", {}, False, seats)
    assert game_commitment(record.seed, record.settings["seed_salt"], identity) in posted
    assert record.seed not in posted and record.settings["seed_salt"] not in posted
