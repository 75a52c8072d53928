"""The public replay behind /log, the timelapse and follower digests: public events only, in
order, grouped by hand-over; the timelapse's even sampling and its GIF; /log's pages."""
from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from cogs.history import paginate
from engine.core import Setup, act, get_game, setup_state
from engine.core.policy import get_policy
from table.public_replay import MAX_STEPS, public_lines, replay_public
from table.timelapse import _Sampler, public_views, timelapse

STEP_CAP = 400   # decisions of the test game at most


def bot_game(game_id: str, steps: int = STEP_CAP, seed: str = "pr") -> tuple[Setup, list[tuple[int, str]], list[Any]]:
    """A greedy bots' game: its setup, log and every transition's events."""
    game = get_game(game_id)
    setup = Setup(game=game_id, players=3, seed=seed)
    s = setup_state(game, setup)
    log, events = [], []
    bots = [get_policy(game_id, "greedy", f"{seed}{i}") for i in range(3)]
    for _ in range(steps):
        pending = game.pending(s)
        if pending is None:
            break
        seat = pending.waiting_on[0]
        t = act(game, s, seat, bots[seat].choose(game, s, seat))
        log.append((seat, t.notation))
        events.append(t.events)
        s = t.state
    return setup, log, events


def test_the_replay_keeps_exactly_the_public_events_in_order() -> None:
    setup, log, events = bot_game("scoundrel_bay")
    steps = replay_public(get_game("scoundrel_bay"), setup, log)
    assert [s.events for s in steps] == [tuple(e.text for e in evs if e.visible_to is None) for evs in events]
    private = {e.text for evs in events for e in evs if e.visible_to is not None}
    lines = list(public_lines(steps, lambda seat: f"Seat{seat}"))
    assert private and not private & set(lines)
    assert not any(n in lines for _, n in log)          # no notation is shown
    assert sum(1 for ln in lines if ln.startswith("**Seat")) == len({s.turn for s in steps if s.events})


def test_hand_overs_count_up_when_the_game_waits_on_someone_new() -> None:
    setup, log, _ = bot_game("pirate_chest", 120)
    steps = replay_public(get_game("pirate_chest"), setup, log)
    turns = [s.turn for s in steps]
    assert turns == sorted(turns) and turns[-1] >= 5


def test_a_log_too_long_is_refused() -> None:
    with pytest.raises(ValueError, match="more than"):
        replay_public(get_game("pirate_chest"), Setup(game="pirate_chest", players=3, seed="x"),
                      [(0, "roll")] * (MAX_STEPS + 1))


@pytest.mark.parametrize("n", [1, 5, 9, 10, 11, 100, 1000])
def test_the_sampler_keeps_at_most_its_cap_evenly_and_the_first(n: int) -> None:
    sampler = _Sampler(10)
    for i in range(n):
        sampler.offer(i)
    kept = sampler.kept
    assert kept[0] == 0 and len(kept) <= 10 and len(kept) >= min(n, 5)
    gaps = {b - a for a, b in zip(kept, kept[1:], strict=False)}
    assert len(gaps) <= 1   # evenly spread


def test_the_timelapse_is_an_animated_gif_of_public_views_under_budget() -> None:
    setup, log, _ = bot_game("pirate_chest", 200)
    views, _steps = public_views("pirate_chest", setup, log, max_frames=5)
    game = get_game("pirate_chest")
    assert len(views) <= 5 and views[0] == game.view(setup_state(game, setup), None)
    made = timelapse("pirate_chest", setup, log, {0: "a", 1: "b", 2: "c"}, max_frames=4, budget=3 * 1024 * 1024)
    with Image.open(io.BytesIO(made.gif)) as gif:
        frames = getattr(gif, "n_frames", 1)   # a GIF plug-in attribute, not on ImageFile's type
        assert gif.format == "GIF" and frames == made.frames > 1 and gif.width == 720
    assert len(made.gif) <= 3 * 1024 * 1024 and made.turns >= 5


def test_a_timelapse_over_budget_drops_frames_until_it_fits() -> None:
    setup, log, _ = bot_game("pirate_chest", 200)
    big = timelapse("pirate_chest", setup, log, {}, max_frames=12)
    small = timelapse("pirate_chest", setup, log, {}, max_frames=12, budget=len(big.gif) // 2)
    assert small.frames < big.frames and len(small.gif) <= len(big.gif) // 2


def test_pages_fit_discord_and_lose_no_line() -> None:
    lines = [f"line {i} " + "x" * (i % 90) for i in range(500)] + ["y" * 5000]
    pages = paginate(lines, 1800)
    assert all(len(p) <= 1800 for p in pages) and len(pages) > 10
    joined = "\n".join(pages).split("\n")
    assert joined[:500] == lines[:500] and joined[-1].startswith("y") and joined[-1].endswith("…")
    assert paginate([]) == []


@pytest.mark.parametrize(("n", "k"), [(1, 2), (2, 2), (24, 2), (24, 7), (24, 24), (24, 30)])
def test_frames_are_spread_evenly_with_the_first_and_last(n: int, k: int) -> None:
    from table.timelapse import _spread
    picked = _spread(n, k)
    assert picked[0] == 0 and picked[-1] == n - 1 and len(picked) == min(n, k)
