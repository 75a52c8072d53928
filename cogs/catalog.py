"""What the registered games offer, as slash-command choices: the games themselves, each
game's table options (from its Options model), its bots (from its policies) and its rules
help topics. No game is named here: everything comes from the registry."""
from __future__ import annotations

import difflib
from typing import Any

from discord import app_commands
from pydantic import BaseModel

from cogs.common import Refusal
from cogs.fit import CHOICE, shorten
from engine.core import all_games, get_game
from engine.core.policy import policy_names

CHOICES = 25   # Discord's limit of choices in one autocomplete answer
TYPE_THE_REST = "Too long to fill in here: type the rest yourself, e.g. "


def find_game(text: str) -> Any:
    """A game by id or title (any case); a clear refusal listing the games otherwise."""
    games = all_games()
    wanted = text.strip().lower()
    for g in games:
        if wanted in (g.id, g.title.lower()):
            return g
    titles = [g.title for g in games]
    names = {g.title.lower(): g.title for g in games} | {g.id: g.title for g in games}
    close = difflib.get_close_matches(wanted, list(names), n=1, cutoff=0.5)
    hint = f" Did you mean **{names[close[0]]}**?" if close else ""
    raise Refusal(f"There is no game '{text}'.{hint} Games: {', '.join(titles)}.")


def game_choices(current: str) -> list[app_commands.Choice[str]]:
    wanted = current.lower().strip()
    return [app_commands.Choice(name=shorten(g.title, CHOICE), value=g.id) for g in all_games()
            if wanted in g.title.lower() or wanted in g.id][:CHOICES]


def option_examples(game_id: str) -> list[str]:
    """One example per table option: `name` for a switch, `name=default` otherwise."""
    options: type[BaseModel] = get_game(game_id).Options
    examples = []
    for name, field in options.model_fields.items():
        default = field.default
        if field.annotation is bool or isinstance(default, bool):
            examples.append(name)
        elif isinstance(default, (int, str)) and not isinstance(default, bool):
            examples.append(f"{name}={default}")
    return examples


def option_choices(game_id: str | None, current: str) -> list[app_commands.Choice[str]]:
    """Suggestions for `options:`: what has been typed so far, plus each option not yet there.
    A choice fills in at most 100 characters (its value): past that, one entry that keeps what
    was typed says which options are left to type, so no two suggestions read the same."""
    if not game_id:
        return []
    typed = current.strip()
    used = {w.partition("=")[0] for w in typed.replace(",", " ").split()}
    last_partial = "" if current.endswith(" ") or not typed else typed.split()[-1]
    head = typed if not last_partial else typed[: len(typed) - len(last_partial)].strip()
    found, too_long = [], []
    for example in option_examples(game_id):
        name = example.partition("=")[0]
        if name in used - {last_partial.partition("=")[0]} or not name.startswith(last_partial.partition("=")[0]):
            continue
        value = f"{head} {example}".strip()
        if len(value) <= CHOICE:
            found.append(app_commands.Choice(name=value, value=value))
        else:
            too_long.append(example)
    if too_long and 0 < len(typed) <= CHOICE:
        hint = app_commands.Choice(name=shorten(TYPE_THE_REST + " ".join(too_long), CHOICE), value=typed)
        return [*found[:CHOICES - 1], hint]
    return found[:CHOICES]


def bot_choices(game_id: str | None, current: str) -> list[app_commands.Choice[str]]:
    games = [get_game(game_id)] if game_id else all_games()
    names = sorted({n for g in games for n in policy_names(g)}, key=lambda n: (n != "greedy", n))
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n][:CHOICES]


def topic_choices(game_id: str | None, current: str) -> list[app_commands.Choice[str]]:
    if not game_id:
        return []
    wanted = current.lower()
    return [app_commands.Choice(name=shorten(t.title, CHOICE), value=k) for k, t in get_game(game_id).help_topics().items()
            if wanted in t.title.lower() or wanted in k][:CHOICES]
