"""Provably fair play on a real SQLite file: the export (table/export.py) during play and after the
end, and `python -m engine.verify` on it, including exports tampered with in every part it checks.
Two games: Scoundrel Bay (sealed blind bids and feeding) and Pirate Chest (sealed fight cards)."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from engine.core.fair import choice_commitment, seed_commitment
from engine.verify import main, verify
from store import Store
from table import TableService
from table.export import export_log

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
    assert seed_commitment(setup["seed"], setup["seed_salt"]) == setup["seed_commitment"]
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


FAILS_WITH = {"seed": "seed does not match its commitment", "sealed choice": "does not match its commitment",
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
    assert export["setup"]["seed_commitment"] == seed_commitment(record.seed, record.settings["seed_salt"])
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
    assert seed_commitment(record.seed, record.settings["seed_salt"]) in posted
    assert record.seed not in posted and record.settings["seed_salt"] not in posted
