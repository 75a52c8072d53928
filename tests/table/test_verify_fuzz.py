"""`python -m engine.verify` on files that are not exports: whatever it cannot read exits 2 with
one line ("cannot read FILE: why"), never 1 (read, but not verified) and never a traceback.

The files are a real export, of a short seeded Scoundrel Bay game that verifies untouched, bent
by hypothesis so that each one is malformed by construction: a required field dropped, a value
of a JSON type its field never takes, a number out of its range, a string no field accepts, an
unknown field or option, nesting up to 100,000 deep, a lone surrogate, a bad UTF-8 byte, cut
short, or random bytes. main() runs in-process with argv; the named cases also run once as a
real subprocess. Examples are few and derandomized (the suite stays fast and the same each run).
"""
from __future__ import annotations

import asyncio
import contextlib
import copy
import io
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import all_games
from engine.verify import main
from store import Store
from table import TableService
from table.export import export_log

ROOT = Path(__file__).resolve().parents[2]
GAME, PLAYERS, SEED = "scoundrel_bay", 2, "fuzz"
STEP_CAP = 5_000
FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
DEEP = 100_000
HOLE = "\x00hole\x00"   # a placeholder string, swapped in the JSON text for raw text (deep nesting)

Path_ = tuple[str | int, ...]


@pytest.fixture(scope="module")
def export() -> dict[str, Any]:
    async def play() -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as d:
            async with await Store.open(Path(d) / "t.db") as store:
                svc = TableService(store)
                gid = await svc.create(GAME, PLAYERS, seed=SEED)
                for _ in range(PLAYERS):
                    await svc.add_bot(gid, "random")
                await svc.start(gid)
                await svc.run_bots(gid, limit=STEP_CAP)
                record, state = await svc.load(gid)
                assert record.status == "finished"
                return export_log(record, await store.log_rows(gid), state)
    return asyncio.run(play())


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as d:
        yield Path(d)


def run(path: Path, data: bytes) -> tuple[int, str, str]:
    """main([path]) on a file holding `data`: its exit code, stdout and stderr."""
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(path)])
    return code, out.getvalue(), err.getvalue()


def assert_unreadable(code: int, out: str, err: str, name: str) -> None:
    assert code == 2, (code, out, err)
    assert out == "" and "Traceback" not in err, (out, err)
    assert err.startswith(f"cannot read {name}: ") and err.endswith("\n") and err.count("\n") == 1, err


def test_the_untouched_export_verifies(export: dict[str, Any], folder: Path) -> None:
    """The baseline: every file below is this one, bent; untouched, it verifies."""
    code, out, err = run(folder / "good.json", json.dumps(export).encode())
    assert code == 0 and out.splitlines()[-1] == "Verified: everything matches.", (out, err)


# ---- malformations, each one by construction -----------------------------------------------------
# Every field of an export and what JSON it takes (engine/verify_format.py), by its path with
# "*" for any list index: the kinds its values are, and whether null is one of them.
INT, STR, BOOL, LIST, DICT = "int", "str", "bool", "list", "dict"
FIELDS: dict[Path_, tuple[str, bool]] = {
    ("format",): (STR, False), ("version",): (INT, False), ("game_id",): (INT, False),
    ("title",): (STR, False), ("status",): (STR, False), ("complete",): (BOOL, False),
    ("setup",): (DICT, False), ("seats",): (LIST, False), ("actions",): (LIST, False),
    ("final_state_hash",): (STR, True),
    ("setup", "game"): (STR, False), ("setup", "players"): (INT, False), ("setup", "options"): (DICT, False),
    ("setup", "seed_fixed_by_host"): (BOOL, False), ("setup", "seats"): (LIST, False),
    ("setup", "seed_scheme"): (STR, False), ("setup", "seed_commitment"): (STR, True),
    ("setup", "seed"): (STR, True), ("setup", "seed_salt"): (STR, True),
    ("setup", "seats", "*"): (DICT, False), ("seats", "*"): (DICT, False), ("actions", "*"): (DICT, False),
    ("setup", "seats", "*", "seat"): (INT, False), ("setup", "seats", "*", "name"): (STR, False),
    ("setup", "seats", "*", "bot"): (STR, True),
    ("seats", "*", "seat"): (INT, False), ("seats", "*", "name"): (STR, False), ("seats", "*", "bot"): (STR, True),
    ("seats", "*", "changed_hands"): (BOOL, False),
    ("actions", "*", "seq"): (INT, False), ("actions", "*", "seat"): (INT, False),
    ("actions", "*", "notation"): (STR, False), ("actions", "*", "automatic"): (BOOL, False),
    ("actions", "*", "commitment"): (STR, True), ("actions", "*", "nonce"): (STR, True),
}
OPTIONAL = {("seats", "*", "changed_hands"), ("actions", "*", "automatic"),
            ("actions", "*", "commitment"), ("actions", "*", "nonce")}
JSON_OF_KIND: dict[str, st.SearchStrategy[Any]] = {
    INT: st.integers(-(2**70), 2**70), STR: st.text(max_size=20), BOOL: st.booleans(),
    LIST: st.lists(st.integers(), max_size=3), DICT: st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    "float": st.floats(allow_nan=False, allow_infinity=False),
}
OUT_OF_RANGE: dict[Path_, st.SearchStrategy[Any]] = {   # ints of the right type, outside what the field takes
    ("version",): st.sampled_from([0, 3, -1, 10**30]),
    ("game_id",): st.sampled_from([0, -1, 2**63, 10**30]),
    ("setup", "players"): st.integers(-5, 40).filter(lambda n: n != PLAYERS) | st.just(10**30),
    ("setup", "seats", "*", "seat"): st.sampled_from([-1, -(10**20), PLAYERS, 15, 16, 10**20]),
    ("seats", "*", "seat"): st.sampled_from([-1, PLAYERS, 16, 10**20]),
    ("actions", "*", "seat"): st.sampled_from([-1, -2, PLAYERS, PLAYERS + 1, 15, 16, 10**20]),
    ("actions", "*", "seq"): st.sampled_from([0, -1, -(10**20), 2**63]),
}
BAD_TEXT: dict[Path_, st.SearchStrategy[str]] = {   # strings the field never takes
    ("format",): st.text(max_size=20).filter(lambda t: t != "parley-export"),
    ("status",): st.text(max_size=20).filter(lambda t: t not in ("lobby", "active", "finished", "cancelled")),
    ("setup", "seed_scheme"): st.sampled_from(["", "parley-seed:v3", "PARLEY-SEED:V2", "sha256"]),
    ("setup", "game"): st.text(max_size=30).filter(lambda t: t not in {g.id for g in all_games()}),
    ("setup", "seed_salt"): st.sampled_from(["", "0" * 31, "0" * 33, "G" * 32, "A" * 32]),
    ("setup", "seed_commitment"): st.sampled_from(["", "0" * 63, "f" * 65, "x" * 64]),
    ("final_state_hash",): st.sampled_from(["", "0" * 63, "F" * 64]),
    ("actions", "*", "nonce"): st.sampled_from(["", "0" * 31, "z" * 32]),
    ("actions", "*", "notation"): st.sampled_from(["", "x" * 501]),
    ("title",): st.just("t" * 201), ("seats", "*", "name"): st.just("n" * 201),
    ("actions", "*", "commitment"): st.sampled_from(["", "0" * 65]),
}
BAD_OPTIONS = st.one_of(   # setup.options: an unknown option, or a value no option can have
    st.text(min_size=1, max_size=12).map(lambda k: {f"x_{k}": True}),
    st.sampled_from([{"milestones": [1, 2]}, {"milestones": {"a": 1}}, {"boards": "abc"}, {"boards": [[1]]},
                     {"captain_powers": None}, {"milestones": 10**30}, {"": 1}]),
)


def concrete(export: dict[str, Any], pattern: Path_) -> list[Path_]:
    """Every path in `export` that `pattern` ("*" for any index) names."""
    paths: list[Path_] = [()]
    for part in pattern:
        nxt: list[Path_] = []
        for p in paths:
            node = at(export, p)
            if part == "*" and isinstance(node, list):
                nxt += [(*p, i) for i in range(len(node))]
            elif isinstance(node, dict) and part in node:
                nxt.append((*p, part))
        paths = nxt
    return paths


def at(export: Any, path: Path_) -> Any:
    for part in path:
        export = export[part]
    return export


def put(export: dict[str, Any], path: Path_, value: Any) -> dict[str, Any]:
    bad = copy.deepcopy(export)
    at(bad, path[:-1])[path[-1]] = value
    return bad


@st.composite
def a_path(draw: st.DrawFn, export: dict[str, Any], patterns: list[Path_]) -> tuple[Path_, Path_]:
    """(the pattern, one concrete path of it in `export`)."""
    pattern = draw(st.sampled_from([p for p in patterns if concrete(export, p)]))
    return pattern, draw(st.sampled_from(concrete(export, pattern)))


@st.composite
def malformed(draw: st.DrawFn, export: dict[str, Any]) -> tuple[str, bytes]:
    """(what was done, the file's bytes): one malformation of the real export."""
    how = draw(st.sampled_from(["drop", "retype", "range", "text", "extra", "option", "deep", "surrogate",
                                "byte", "cut", "bytes", "root"]))
    good = json.dumps(export).encode()
    if how == "drop":
        pattern, path = draw(a_path(export, [p for p in FIELDS if p not in OPTIONAL and p[-1] != "*"]))
        bad = copy.deepcopy(export)
        del at(bad, path[:-1])[path[-1]]
    elif how == "retype":
        pattern, path = draw(a_path(export, list(FIELDS)))
        kind, nullable = FIELDS[pattern]
        others = [k for k in JSON_OF_KIND if k != kind]
        value = draw(st.one_of(*(JSON_OF_KIND[k] for k in others), *([] if nullable else [st.none()])))
        bad = put(export, path, value)
    elif how == "range":
        pattern, path = draw(a_path(export, list(OUT_OF_RANGE)))
        bad = put(export, path, draw(OUT_OF_RANGE[pattern]))
    elif how == "text":
        pattern, path = draw(a_path(export, list(BAD_TEXT)))
        bad = put(export, path, draw(BAD_TEXT[pattern]))
    elif how == "extra":   # a field no export has, on an object of it
        pattern, path = draw(a_path(export, [(), ("setup",), ("seats", "*"), ("actions", "*"), ("setup", "seats", "*")]))
        key = "x_" + draw(st.text(max_size=10))
        bad = copy.deepcopy(export)
        at(bad, path)[key] = draw(JSON_OF_KIND[INT] | JSON_OF_KIND[STR])
    elif how == "option":
        pattern, path = (), ("setup", "options")
        bad = put(export, path, draw(BAD_OPTIONS))
    elif how == "deep":   # a list or object nested up to 100,000 deep, anywhere
        pattern, path = draw(a_path(export, list(FIELDS)))
        depth = draw(st.sampled_from([1, 50, 199, 200, 201, 1_000, 5_000, DEEP]))
        opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
        text = json.dumps(put(export, path, HOLE)).replace(json.dumps(HOLE), opener * depth + "1" + closer * depth)
        return f"deep {depth} at {path}", text.encode()
    elif how == "surrogate":   # JSON may spell a lone surrogate; no text holds one
        pattern, path = draw(a_path(export, [p for p, (kind, _) in FIELDS.items() if kind == STR]))
        lone = draw(st.characters(categories=["Cs"]))
        bad = put(export, path, draw(st.text(max_size=5)) + lone)
    elif how == "byte":   # a byte that UTF-8 never has there, anywhere in the file
        where = draw(st.integers(0, len(good)))
        byte = draw(st.sampled_from([b"\xff", b"\xfe", b"\xc3", b"\x80", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"]))
        return f"byte {byte!r} at {where}", good[:where] + byte + good[where:]
    elif how == "cut":
        where = draw(st.integers(0, len(good) - 1))
        return f"cut at {where}", good[:where]
    elif how == "bytes":
        return "random bytes", draw(st.binary(max_size=300))
    else:   # a root that is no object
        root = draw(st.sampled_from(["[]", "[1]", "null", "1", '"parley-export"', "true", ""]))
        return f"root {root}", root.encode()
    return f"{how} {path}", json.dumps(bad).encode()


def test_malformed_exports_exit_2_with_one_line_and_no_traceback(export: dict[str, Any], folder: Path) -> None:
    seen: set[str] = set()

    @FUZZ
    @given(case=malformed(export))
    def check(case: tuple[str, bytes]) -> None:
        what, data = case
        seen.add(what.split()[0])
        path = folder / "bad.json"
        code, out, err = run(path, data)
        assert_unreadable(code, out, err, str(path))

    check()
    assert len(seen) >= 10, seen   # the example budget reached (nearly) every kind of malformation


@st.composite
def changed(draw: st.DrawFn, export: dict[str, Any]) -> tuple[str, bytes]:
    """(what was done, the file's bytes): the real export with one value changed to another its
    field takes, so the file is read (and then verified or not)."""
    n = len(export["actions"])
    choices: dict[str, tuple[Path_, st.SearchStrategy[Any]]] = {
        "notation": (("actions", draw(st.integers(0, n - 1)), "notation"), st.text(min_size=1, max_size=40)),
        "seat": (("actions", draw(st.integers(0, n - 1)), "seat"), st.integers(0, PLAYERS - 1)),
        "automatic": (("actions", draw(st.integers(0, n - 1)), "automatic"), st.booleans()),
        "name": (("seats", draw(st.integers(0, PLAYERS - 1)), "name"), st.text(max_size=30)),
        "seed": (("setup", "seed"), st.text(min_size=1, max_size=30)),
        "title": (("title",), st.text(max_size=30)),
        "status": (("status",), st.sampled_from(["lobby", "active", "finished", "cancelled"])),
        "game id": (("game_id",), st.integers(1, 2**63 - 1)),
        "options": (("setup", "options"), st.fixed_dictionaries({}, optional={"milestones": st.booleans(),
                                                                              "captain_powers": st.booleans()})),
        "hash": (("final_state_hash",), st.text("0123456789abcdef", min_size=64, max_size=64)),
        "complete": (("complete",), st.booleans()),
    }
    what = draw(st.sampled_from(sorted(choices)))
    path, values = choices[what]
    return what, json.dumps(put(export, path, draw(values))).encode()


def test_a_changed_but_readable_export_is_read_and_answered_without_a_traceback(export: dict[str, Any],
                                                                                 folder: Path) -> None:
    """The other side of the line: a value changed to one its field takes is read (exit 0 or 1,
    a report on stdout, nothing on stderr); never a traceback, never "cannot read"."""
    @settings(FUZZ, max_examples=30)
    @given(case=changed(export))
    def check(case: tuple[str, bytes]) -> None:
        code, out, err = run(folder / "changed.json", case[1])
        assert code in (0, 1) and err == "", (case[0], code, out, err)
        assert out.splitlines()[-1] in ("Verified: everything matches.", "NOT verified."), out

    check()


# ---- the cases reported in issue 23, by name, in-process and as a real subprocess -------------------
def named_cases(export: dict[str, Any]) -> dict[str, tuple[bytes, str]]:
    """name: (the file's bytes, what its reason says)."""
    def bent(path: Path_, value: Any) -> bytes:
        return json.dumps(put(export, path, value)).encode()
    deep = json.dumps(put(export, ("actions",), HOLE)).replace(json.dumps(HOLE), "[" * DEEP + "]" * DEEP)
    good = json.dumps(export).encode()
    missing = copy.deepcopy(export)
    del missing["setup"]["seed_salt"]
    return {
        "non-UTF-8 bytes": (b"\xff" + good, "not UTF-8 text (byte 0xff at offset 0)"),
        "not JSON": (b"parley", "it is not JSON"),
        "a 100,000-deep array": (deep.encode(), "it is not JSON (recursion limit exceeded"),
        'actions: "abc"': (bent(("actions",), "abc"), "actions: input should be a valid array"),
        "setup: [1]": (bent(("setup",), [1]), "setup: input should be an object"),
        "an unknown option": (bent(("setup", "options"), {"milestonez": True}), "setup.options.milestonez: no option of this game"),
        "a missing field": (json.dumps(missing).encode(), "setup.seed_salt: missing"),
        "a mistyped field": (bent(("game_id",), "1"), "game_id: input should be a valid integer"),
        "seat: -1": (bent(("actions", 3, "seat"), -1), "actions[3].seat: input should be greater than or equal to 0"),
        "an out-of-range seat": (bent(("actions", 3, "seat"), PLAYERS), f"actions[3].seat: seat {PLAYERS} is past the game's"),
        "a seat of a string": (bent(("seats", 1, "seat"), "1"), "seats[1].seat: input should be a valid integer"),
    }


def test_the_reported_malformed_exports_say_why(export: dict[str, Any], folder: Path) -> None:
    for name, (data, why) in named_cases(export).items():
        path = folder / "named.json"
        code, out, err = run(path, data)
        assert_unreadable(code, out, err, str(path))
        assert why in err, (name, err)
        assert "seat 0" not in err and "seat 1:" not in err, (name, err)   # seat -1 is not shown as another seat


def test_as_a_real_process_a_malformed_export_exits_2_without_a_traceback(export: dict[str, Any], folder: Path) -> None:
    cases = named_cases(export)
    chosen = ["a 100,000-deep array", "non-UTF-8 bytes", "seat: -1", 'actions: "abc"']
    paths = []
    for i, name in enumerate(chosen):
        paths.append(path := folder / f"sub{i}.json")
        path.write_bytes(cases[name][0])
    procs = [subprocess.Popen([sys.executable, "-m", "engine.verify", str(p)], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for p in paths]
    for name, path, proc in zip(chosen, paths, procs, strict=True):
        out, err = proc.communicate(timeout=120)
        assert_unreadable(proc.returncode, out, err, str(path))
        assert cases[name][1] in err, (name, err)
    missing = folder / "no-such-file.json"
    done = subprocess.run([sys.executable, "-m", "engine.verify", str(missing)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert_unreadable(done.returncode, done.stdout, done.stderr, str(missing))


def test_text_from_a_readable_file_reaches_the_terminal_escaped(export: dict[str, Any], folder: Path) -> None:
    """A file that is an export but was changed (read, then not verified: exit 1) prints nothing
    of it raw: the header names the registered game, and a notation quoted in a ✗ line has its
    control characters escaped, so a terminal escape sequence in the file does nothing."""
    bad = copy.deepcopy(export)
    bad["title"] = "\x1b]0;owned\x07Treasure"
    bad["actions"][0]["notation"] = "\x1b[2J" + bad["actions"][0]["notation"]
    code, out, err = run(folder / "escapes.json", json.dumps(bad).encode())
    assert code == 1 and err == "", (out, err)
    assert "\x1b" not in out and "\x07" not in out
    assert out.splitlines()[0] == "Fortunes of Scoundrel Bay #1"
    assert "\\x1b[2J" in out and "does not replay" in out and out.splitlines()[-1] == "NOT verified."
