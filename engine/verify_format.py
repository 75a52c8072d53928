"""The shape of a Parley export (table/export.py), checked strictly before anything is replayed.

`read_export` takes a file's bytes, `parse_export` an export already in memory (/game verify
builds one); both return an `Export` or raise `Malformed` with a one-line reason that quotes
nothing of the file but the place of the first problem. Whatever is not an export exactly as
Parley writes it is refused here: bytes that are not UTF-8, text that is not JSON (or nests
deeper than pydantic's JSON parser allows), a missing, unknown or mistyped field, a number out
of its range (a seat below 0 or past the players, a sequence number below 1), an option the game
does not have, seats not numbered 0..n-1. What is refused here exits 2 in engine.verify; what
passes is read, and then either verified or not (exit 0 or 1).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from pydantic_core import ErrorDetails

from engine.core import get_game
from engine.core.fair import GAME_SCHEME, SEED_SCHEME

FORMAT = "parley-export"
VERSION = 2   # 2: setup.seats (the seats at the start) and seats[].changed_hands; 1 is still read
MAX_BYTES = 64 * 1024 * 1024   # a 3,000-decision game's export is about 300 KB
MAX_DECISIONS = 200_000
MAX_SEATS = 16
MAX_ID = 2**63 - 1             # a store id (SQLite INTEGER, PostgreSQL BIGINT)
MAX_OPTIONS = 64
MAX_OPTION_ITEMS = 1000
MAX_SEED = 6000   # the longest text a slash-command option can carry (discord-api-docs,
                  # developers/interactions/application-commands.mdx, option max_length: at most 6000)
SHOWN = 60                     # characters of a key of the file quoted in a reason, at most


class Malformed(ValueError):
    """The file is not a Parley export; the message says why, in one line."""


def shown(text: str, limit: int | None = None) -> str:
    """`text` safe to print on one line of a terminal: control characters, lone surrogates and
    other unprintables as Python's escapes (\\x1b, \\u200b, \\U000e0001), and at most `limit`
    characters."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    return "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for c in text)


def _option_value(value: Any) -> Any:
    """An option's value as the games' Options models take them: a JSON scalar or a short list."""
    scalar = (bool, int, float, str, type(None))
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_ID:
        raise ValueError("a number too large for an option")
    if isinstance(value, list) and len(value) <= MAX_OPTION_ITEMS and all(isinstance(v, scalar) for v in value):
        return [_option_value(v) for v in value]
    if isinstance(value, scalar):
        if isinstance(value, str) and len(value) > MAX_SEED:
            raise ValueError("a text too long for an option")
        return value
    raise ValueError("not a value an option can have")


def _scheme(value: str) -> str:
    if value not in (SEED_SCHEME, GAME_SCHEME):
        raise ValueError(f"input should be '{SEED_SCHEME}' or '{GAME_SCHEME}'")
    return value


Id = Annotated[int, Field(ge=1, le=MAX_ID)]
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
Name = Annotated[str, StringConstraints(max_length=200)]
Notation = Annotated[str, StringConstraints(min_length=1, max_length=500)]
Policy = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Hex32 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{32}$")]
Hex64 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
OptionKey = Annotated[str, StringConstraints(min_length=1, max_length=64)]
OptionValue = Annotated[Any, AfterValidator(_option_value)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class SeatAtStart(_Strict):
    seat: Seat
    name: Name
    bot: Policy | None


class SeatNow(SeatAtStart):
    changed_hands: bool = False   # absent in version 1 exports: then it must match the start


class Decision(_Strict):
    seq: Id
    seat: Seat | None = None
    notation: Notation | None = None
    automatic: bool = False
    sealed: bool = False
    commitment: Hex64 | None = None
    nonce: Hex32 | None = None


class ExportSetup(_Strict):
    game: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    players: Annotated[int, Field(ge=1, le=MAX_SEATS)]
    options: Annotated[dict[OptionKey, OptionValue], Field(max_length=MAX_OPTIONS)]
    seed_fixed_by_host: bool
    seats: Annotated[list[SeatAtStart], Field(max_length=MAX_SEATS)] | None = None   # v2 only
    seed_scheme: Annotated[str, AfterValidator(_scheme)]
    seed_commitment: Hex64 | None
    seed: Annotated[str, StringConstraints(min_length=1, max_length=MAX_SEED)] | None
    seed_salt: Hex32 | None


class Export(_Strict):
    format: Literal["parley-export"]
    version: Annotated[int, Field(ge=1, le=VERSION)]
    game_id: Id
    title: Annotated[str, StringConstraints(max_length=200)]
    status: Literal["lobby", "active", "finished", "cancelled"]
    complete: bool
    setup: ExportSetup
    seats: Annotated[list[SeatNow], Field(max_length=MAX_SEATS)]
    actions: Annotated[list[Decision], Field(max_length=MAX_DECISIONS)]
    final_state_hash: Hex64 | None


def read_export(data: bytes) -> Export:
    """The export in a file's bytes, or Malformed."""
    if len(data) > MAX_BYTES:
        raise Malformed(f"it is larger than any export ({len(data):,} bytes; at most {MAX_BYTES:,})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Malformed(f"it is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})") from None
    try:
        export = Export.model_validate_json(text)
    except ValidationError as e:
        raise Malformed(_reason(e)) from None
    return _consistent(export)


def parse_export(export: Any) -> Export:
    """The export in an object as json.loads gives it (or as table/export.py builds it), or Malformed."""
    try:
        parsed = Export.model_validate(export)
    except ValidationError as e:
        raise Malformed(_reason(e)) from None
    return _consistent(parsed)


def _reason(e: ValidationError) -> str:
    errors = e.errors(include_url=False, include_input=False)
    first = errors[0]
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    if first["type"] == "json_invalid":
        detail = str(first.get("ctx", {}).get("error", "")) or first["msg"]
        return f"it is not JSON ({shown(detail, 200)})"
    if not first["loc"] and first["type"] in ("model_type", "dict_type"):
        return "it is not an export (a JSON object with \"format\": \"parley-export\")"
    return f"{_where(first)}: {_message(first)}{more}"


def _where(error: ErrorDetails) -> str:
    out = ""
    for part in error["loc"]:
        out += f"[{part}]" if isinstance(part, int) else (f".{shown(part, SHOWN)}" if out else shown(part, SHOWN))
    return out or "the file"


def _message(error: ErrorDetails) -> str:
    if error["type"] == "missing":
        return "missing"
    if error["type"] == "extra_forbidden":
        return "not a field of an export"
    if error["type"] == "value_error":
        return str(error.get("ctx", {}).get("error", error["msg"]))
    msg = error["msg"]
    return msg[:1].lower() + msg[1:]


def _consistent(export: Export) -> Export:
    """What one field says about another: the game is registered and takes this many players
    with these options, the seats are numbered 0..n-1, every decision's seat is one of them,
    the log's sequence numbers go up, and only a v2 commitment comes with the seats at start."""
    setup = export.setup
    try:
        game = get_game(setup.game)
    except KeyError:
        raise Malformed(f"setup.game: '{shown(setup.game, SHOWN)}' is no game this Parley knows") from None
    if not game.min_players <= setup.players <= game.max_players:
        raise Malformed(f"setup.players: {game.title} takes {game.min_players} to {game.max_players} players, "
                        f"not {setup.players}")
    try:
        game.Options.model_validate(setup.options)
    except ValidationError as e:
        first = e.errors(include_url=False, include_input=False)[0]
        name = ".".join(shown(str(p), SHOWN) for p in first["loc"])
        what = "no option of this game" if first["type"] == "extra_forbidden" else _message(first)
        raise Malformed(f"setup.options.{name}: {what}") from None
    _numbered("seats", [s.seat for s in export.seats], setup.players)
    if setup.seed_scheme == GAME_SCHEME:
        if setup.seats is None:
            raise Malformed(f"setup.seats: missing (a {GAME_SCHEME} commitment covers the seats at the start)")
        _numbered("setup.seats", [s.seat for s in setup.seats], setup.players)
    elif setup.seats is not None:
        raise Malformed(f"setup.seats: only a {GAME_SCHEME} commitment covers the seats, not {SEED_SCHEME}")
    last = 0
    for i, d in enumerate(export.actions):
        if d.seq <= last:
            raise Malformed(f"actions[{i}].seq: {d.seq} does not follow {last}")
        last = d.seq
        if d.sealed:
            if d.seat is not None or d.notation is not None or d.commitment or d.nonce:
                raise Malformed(f"actions[{i}]: a sealed entry has no seat, notation, commitment or nonce")
            continue
        if d.seat is None or d.notation is None:
            raise Malformed(f"actions[{i}].{'seat' if d.seat is None else 'notation'}: missing")
        if d.seat >= setup.players:
            raise Malformed(f"actions[{i}].seat: seat {d.seat} is past the game's {setup.players} seats "
                            "(seats are counted from 0)")
    return export


def _numbered(where: str, seats: list[int], players: int) -> None:
    if seats != list(range(players)):
        raise Malformed(f"{where}: the seats are not numbered 0 to {players - 1}, one each")
