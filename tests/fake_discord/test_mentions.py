"""How the fake reads mentions, checked against the examples of Discord's docs:
developers/resources/message.mdx, "Allowed Mentions Object" (and its "Default Settings for
Allowed Mentions" and "Allowed Mentions Examples"), and "Edit Message" for edits."""

from __future__ import annotations

import pytest

from .mentions import INTERACTION, REGULAR, Pings, allowed_mentions_errors, parse, text_of
from .records import ApiError
from .validate import check_message

TEXT = "@here Hello <@&1234> and <@5678> 👋"


def test_a_regular_message_without_allowed_mentions_parses_everything() -> None:
    assert parse(TEXT, None, REGULAR) == Pings(everyone=True, roles=(1234,), users=(5678,))


def test_interactions_and_webhooks_parse_only_users_by_default() -> None:
    assert parse(TEXT, None, INTERACTION) == Pings(users=(5678,))


def test_an_empty_parse_suppresses_all_mentions() -> None:
    pings = parse(TEXT, {"parse": []}, REGULAR)
    assert pings == Pings() and not pings.anyone and pings.found == (5678,)


def test_parse_users_and_roles_with_an_empty_users_list_leaves_out_here() -> None:
    assert parse(TEXT, {"parse": ["users", "roles"], "users": []}, REGULAR) == Pings(roles=(1234,), users=(5678,))


def test_parse_everyone_with_listed_users() -> None:
    pings = parse("@everyone <@1234> <@5678> <@&789> 👋", {"parse": ["everyone"], "users": ["1234", "5678"]}, REGULAR)
    assert pings == Pings(everyone=True, users=(1234, 5678))


def test_listed_users_absent_from_the_content_are_not_pinged() -> None:
    assert parse("<@123> Time for some memes 🤠", {"users": ["123", "456"]}, REGULAR) == Pings(users=(123,))


def test_discord_py_allowed_mentions_users_alone_still_lets_everyone_and_roles_through() -> None:
    # discord.AllowedMentions(users=[Object(1)]).to_dict(): everyone and roles default to True.
    allowed = {"users": [1], "replied_user": True, "parse": ["everyone", "roles"]}
    assert parse("@everyone <@&7> <@1> <@2>", allowed, REGULAR) == Pings(everyone=True, roles=(7,), users=(1,))


def test_escaped_mentions_are_text() -> None:
    assert parse("@\u200beveryone @\u200bhere <@\u200b&7> <@\u200b1>", None, REGULAR) == Pings()


def test_parse_and_a_list_of_the_same_kind_are_refused() -> None:
    invalid = {"parse": ["users"], "users": ["1234", "5678"]}
    assert allowed_mentions_errors(invalid)
    assert allowed_mentions_errors({"parse": ["users", "roles"], "users": []}) == []
    with pytest.raises(ApiError) as raised:
        check_message({"content": "@everyone <@1234>", "allowed_mentions": invalid}, [])
    assert raised.value.status == 400 and raised.value.code == 50035


def test_a_components_v2_message_is_read_from_its_text_displays() -> None:
    payload = {"flags": 1 << 15, "content": "", "components": [
        {"type": 17, "components": [{"type": 10, "content": "@everyone"}, {"type": 10, "content": "<@9>"}]}]}
    assert parse(text_of(payload), None, REGULAR) == Pings(everyone=True, users=(9,))
