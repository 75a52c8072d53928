"""cogs/fit.py: every text fits Discord's limits and keeps its head."""
from __future__ import annotations

import random

from cogs.fit import CONTENT, fit, shorten, split


def test_a_text_that_fits_is_unchanged() -> None:
    text = "⏰ **Your move**\n" + "x" * 1900
    assert fit(text) == text


def test_a_long_text_keeps_its_head_and_its_end_and_says_how_many_lines_were_left_out() -> None:
    events = [f"Event {i}: Anne (Ivory) takes 2 rum." for i in range(200)]
    text = "\n".join(["<@1> — your move: choose a card", "⏳ Move due <t:1:R>", "", *events, "", "Hand: 3 cards"])
    out = fit(text)
    lines = out.split("\n")
    assert len(out) <= CONTENT
    assert lines[:2] == ["<@1> — your move: choose a card", "⏳ Move due <t:1:R>"]
    assert lines[-1] == "Hand: 3 cards" and "Event 199: Anne (Ivory) takes 2 rum." in lines
    shown = [line for line in lines if line.startswith("Event ")]
    folded = next(line for line in lines if "left out" in line)
    assert folded == f"… {200 - len(shown)} lines left out here …"
    assert shown == events[200 - len(shown):]   # the newest, in order


def test_a_head_paragraph_too_long_keeps_its_first_line() -> None:
    text = "<@1> — your move: sail\n" + "\n".join("y" * 50 for _ in range(100))
    out = fit(text)
    assert out.startswith("<@1> — your move: sail\n… ") and len(out) <= CONTENT


def test_one_long_line_keeps_its_start() -> None:
    assert fit("<@1> " + "z" * 3000) == "<@1> " + "z" * (CONTENT - 6) + "…"
    assert shorten("Take the Golden Compass", 10) == "Take the…"
    assert fit("a" * 150, 100) == "a" * 99 + "…"


def test_any_text_fits_and_starts_with_its_first_line_or_that_lines_start() -> None:
    rand = random.Random(4)
    for _ in range(300):
        lines = ["".join(rand.choice("ab ") for _ in range(rand.choice([0, 5, 80, 900, 2500])))
                 for _ in range(rand.randrange(1, 60))]
        text = "\n".join(lines)
        for limit in (100, 2000):
            out = fit(text, limit)
            assert len(out) <= limit
            head = lines[0]
            first = out.split("\n")[0]
            assert first == head or (first.endswith("…") and head.startswith(first[:-1].rstrip()))


def test_split_keeps_every_line_in_order() -> None:
    lines = [f"line {i} " + "w" * (i % 90) for i in range(500)]
    pages = split(lines, 1800)
    assert all(len(p) <= 1800 for p in pages) and len(pages) > 1
    assert "\n".join(pages).split("\n") == lines
    assert split(["q" * 2000], 1800) == ["q" * 1799 + "…"]
