"""Every input a game is made with, checked before anything is written: the options (their
ranges from the game's Options model), the seed, the move deadline and what happens at it, and
how long a player may be away. Each refusal is an InputError whose message says what is allowed;
both front ends (cogs/lobby.py, cogs/settings.py and the local table, through TableService.create)
call these, so the rules are the same everywhere."""
from __future__ import annotations

import difflib
import re
from typing import Any, Literal, get_args, get_origin

from annotated_types import Ge, Le, MaxLen
from pydantic import BaseModel, ValidationError

from engine.core.game import Game
from table.errors import TableError
from table.pace import DEADLINE_CHOICES, DEADLINE_POLICIES, DeadlinePolicy

MESSAGE_LIMIT = 2000          # Discord's cap on a message's content
SEED_LENGTH = 64              # characters; the same bound on SQLite and PostgreSQL
NUMBER_DIGITS = 9             # an option's number has at most this many digits (Python refuses 4,300+)
DEADLINE_HOURS = (1.0, 28 * 24.0)   # a move deadline: from one hour to four weeks
AWAY_DAYS = 365               # /settings away: up to a year
_SPAN = re.compile(r"^(\d{1,6})\s*(hours?|h|days?|d|weeks?|w)$")
_UNIT_HOURS = {"h": 1, "d": 24, "w": 168}


class InputError(TableError):
    """A refused input: nothing was written, and the message says what is allowed."""


def check_seed(seed: str | None) -> None:
    """A seed is 1 to SEED_LENGTH printable characters (no NUL, control or lone surrogate):
    what SQLite and PostgreSQL both store and give back unchanged."""
    if seed is None:
        return
    if not 1 <= len(seed) <= SEED_LENGTH or not seed.isprintable():
        raise InputError(f"A seed is 1 to {SEED_LENGTH} letters, digits, spaces or punctuation marks, "
                         "e.g. `friday-night`. Leave it out for a fresh random one.")


def parse_deadline(text: str | None) -> float | None:
    """'none', one of the listed choices, or 'N hours' / 'N days' / 'N weeks' within DEADLINE_HOURS."""
    low, high = DEADLINE_HOURS
    words = " ".join((text or "none").strip().lower().split())
    if words in DEADLINE_CHOICES:
        return DEADLINE_CHOICES[words]
    span = _SPAN.match(words)
    hours = int(span.group(1)) * _UNIT_HOURS[span.group(2)[0]] if span else None
    if hours is None or not low <= hours <= high:
        raise InputError(f"A move deadline is from {low:g} hour to {high / 168:g} weeks, like `24 hours` or "
                         "`3 days`, or `none` for no deadline.")
    return float(hours)


def check_policy(value: str | None) -> DeadlinePolicy:
    """What happens at a deadline: one of DEADLINE_POLICIES."""
    for policy in DEADLINE_POLICIES:
        if value == policy:
            return policy
    listing = "; ".join(f"`{k}`: {v}" for k, v in DEADLINE_POLICIES.items())
    raise InputError(f"What happens at a deadline is one of: {listing}.")


def away_hours(count: str, unit: str) -> float:
    """'N days' or 'N hours' of /settings away, up to AWAY_DAYS."""
    hours = int(count) * (24 if unit.startswith("day") else 1) if len(count) <= 6 else None
    if hours is None or not 0 < hours <= AWAY_DAYS * 24:
        raise InputError(f"You can be away for up to a year ({AWAY_DAYS} days), e.g. `3 days` or `until` a date.")
    return float(hours)


def check_away_until(until: float, now: float) -> float:
    if until <= now:
        raise InputError("That date has passed already.")
    if until - now > (AWAY_DAYS + 1) * 86400:
        raise InputError(f"You can be away for up to a year ({AWAY_DAYS} days); choose a nearer date.")
    return until


def number(raw: str) -> int:
    """A whole number typed in the options, at most NUMBER_DIGITS digits."""
    if len(raw.lstrip("-")) > NUMBER_DIGITS:
        raise InputError(f"`{raw[:12]}…` is far too large a number for any option.")
    return int(raw)


def check_options(game: Game[Any, Any, Any], options: dict[str, Any]) -> None:
    try:
        game.Options.model_validate(options)
    except ValidationError as e:
        raise InputError(options_error(game, e)) from None


def options_error(game: Game[Any, Any, Any], e: ValidationError) -> str:
    """A refused option in words, with the game's options listed and a "did you mean"."""
    known = list(game.Options.model_fields)
    listing = ", ".join(f"`{k}`" for k in known) or "none"
    err = e.errors()[0]
    name = str(err["loc"][0]) if err["loc"] else ""
    if err["type"] == "extra_forbidden":
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" Did you mean `{close[0]}`?" if close else ""
        return f"{game.title} has no option `{name}`.{hint} Its options: {listing}."
    inside = f" ({err['msg'].lower()}, item {int(err['loc'][1]) + 1})" if len(err["loc"]) > 1 and \
        isinstance(err["loc"][1], int) else ""
    return f"`{name}` takes {expected(game.Options, name)}{inside}. {game.title}'s options: {listing}."


def expected(model: type[BaseModel], name: str) -> str:
    """What an option takes, in words, from its type and bounds in the Options model."""
    field = model.model_fields.get(name)
    if field is None:
        return "a different value"
    kind = _kind(field.annotation)
    bounds = {type(m): m for m in field.metadata}
    if Ge in bounds and Le in bounds:
        kind += f" from {bounds[Ge].ge} to {bounds[Le].le}"
    if MaxLen in bounds:
        kind += f" of at most {bounds[MaxLen].max_length}"
    return kind


def _kind(annotation: Any) -> str:
    args = [a for a in get_args(annotation) if a is not type(None)]
    origin = get_origin(annotation)
    if annotation is bool or args == [bool]:
        return "on or off (`true` or `false`)"
    if annotation is int or args == [int]:
        return "a whole number"
    if origin is Literal:
        return "one of " + ", ".join(f"`{a}`" for a in args)
    if origin is list or any(get_origin(a) is list for a in args):
        return "a list"
    return "a word"


def check_fits(text: str, what: str) -> None:
    if len(text) > MESSAGE_LIMIT:
        raise InputError(f"{what} would be longer than a Discord message can be ({MESSAGE_LIMIT} characters): "
                         "choose shorter options.")


__all__ = ["AWAY_DAYS", "DEADLINE_HOURS", "MESSAGE_LIMIT", "SEED_LENGTH", "InputError", "away_hours",
           "check_away_until", "check_fits", "check_options", "check_policy", "check_seed", "expected", "number",
           "options_error", "parse_deadline"]
