"""Texts that fit Discord's limits, their head always kept.

Every text Parley sends goes through `fit` (one message) or `split` (pages): the start of a text
says what it is about (the ping, "your move", the game's name), so it is never the part cut. What
does not fit is folded: lines from the middle give way to one line saying how many were left out,
and a single line too long ends in "…". Limits (developers/resources/message.mdx "Create
Message": content up to 2000 characters; developers/interactions/application-commands.mdx
"Application Command Option Choice Structure": a choice's name and string value up to 100;
developers/components/reference.mdx: a button label up to 80, a select option's label and
description up to 100; developers/resources/channel.mdx: a thread name up to 100).
"""
from __future__ import annotations

CONTENT = 2000    # a message's content
CHOICE = 100      # an autocomplete choice's name or string value
LABEL = 80        # a button's label
OPTION = 100      # a select option's label or description
THREAD_NAME = 100
ELLIPSIS = "…"


def shorten(line: str, limit: int) -> str:
    """One line within `limit` characters: its start kept, its end replaced by '…'."""
    return line if len(line) <= limit else line[:limit - 1].rstrip() + ELLIPSIS


def left_out(n: int) -> str:
    return f"… {n} {'line' if n == 1 else 'lines'} left out here …"


def fit(text: str, limit: int = CONTENT) -> str:
    """`text` within `limit` characters. Its head (the first paragraph, or the first line when
    that paragraph takes more than half the room) is kept; then as many of the last lines as
    fit, the newest part of a post; the lines between are folded into one line saying how many
    were left out."""
    if len(text) <= limit:
        return text
    if "\n" not in text:
        return shorten(text, limit)
    lines = text.split("\n")
    blank = next((i for i, line in enumerate(lines) if i and not line), len(lines))   # the first paragraph's end
    head = lines[:blank] if len("\n".join(lines[:blank])) <= limit // 2 else [shorten(lines[0], limit // 2)]
    rest = lines[len(head):]
    room = limit - len("\n".join(head)) - 1 - len(left_out(len(rest))) - 1
    tail: list[str] = []
    for line in reversed(rest):
        if len(line) + 1 > room:
            if not tail and room > 1:   # a last line too long by itself: its start, shortened
                tail.append(shorten(line, room - 1))
            break
        tail.insert(0, line)
        room -= len(line) + 1
    while tail and not tail[0]:
        tail.pop(0)
    folded = sum(1 for line in rest[:len(rest) - len(tail)] if line.strip())
    kept = "\n".join([*head, left_out(folded), *tail] if folded else [*head, *tail])
    return kept if len(kept) <= limit else shorten(lines[0], limit)   # a limit too small for a fold


def split(lines: list[str], limit: int) -> list[str]:
    """Lines packed in order into pages of at most `limit` characters; nothing is dropped, and
    only a line longer than a whole page is shortened (its start kept)."""
    pages: list[str] = []
    current: list[str] = []
    size = 0
    for line in lines:
        line = shorten(line, limit)
        if current and size + len(line) + 1 > limit:
            pages.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current:
        pages.append("\n".join(current))
    return pages
