"""Hidden information, as properties over random reachable states.

Hypothesis picks a seed, a player count, a variant and a step; seeded bots play to that step.
At the state reached, the scrambler of tests/engine/pirate_chest/conformance.py changes only
what a viewer may not see (other seats' hands, deck order, face-down coin identities, other
seats' sealed fight cards), and then:
- the public view and every seat's own view are unchanged (so no seat's private data shows to
  the public or to another seat);
- the public board image (render_board of the public view) and a seat's hand image
  (render_hand) are byte-identical;
- the public events of the next decision are unchanged — unless that decision itself reveals
  something publicly, which shows as a different public view afterwards (a face-down coin
  turned over); those are counted, not compared. Curse 4 shows the victim's hand to everybody
  in an event only (rule PC-CURSE-04): that line is left out and the rest compared.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.core import Setup, act, get_game, setup_state
from engine.pirate_chest.policy import greedy
from render.pirate_chest.board import render_board
from render.pirate_chest.hand import render_hand
from tests.engine.pirate_chest.conformance import scramble_pirate_chest
from tests.faults.common import report, size

GAME = get_game("pirate_chest")
VARIANTS = [{}, {"voodoo_doll": True}, {"larger_board": True}, {"larger_board": True, "voodoo_doll": True},
            {"turn_limit": 4}, {"turn_limit": 8, "voodoo_doll": True}]   # short games reach their end states
MAX_STEP = 400
SETTINGS = settings(max_examples=size(40, 400), deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
IMAGE_SETTINGS = settings(max_examples=size(10, 100), deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])

reachable = st.fixed_dictionaries({
    "seed": st.integers(0, 10**6), "players": st.integers(2, 6), "variant": st.sampled_from(range(len(VARIANTS))),
    "step": st.integers(0, MAX_STEP), "randomness": st.sampled_from([0.0, 0.1, 0.5]),
})


def reach(p: dict[str, Any]) -> tuple[Any, random.Random]:
    """Play seeded bots (greedy, with some random choices) for `step` decisions or to the end."""
    rand = random.Random(p["seed"])
    s = setup_state(GAME, Setup(game=GAME.id, players=p["players"], seed=f"hidden-{p['seed']}",
                                options=VARIANTS[p["variant"]]))
    bots = [greedy(p["seed"] * 10 + i) for i in range(p["players"])]
    for _ in range(p["step"]):
        pending = GAME.pending(s)
        if pending is None:
            break
        seat = rand.choice(pending.waiting_on)
        legal = GAME.legal_actions(s, seat)
        a = rand.choice(legal) if rand.random() < p["randomness"] else bots[seat].choose(GAME, s, seat, legal)
        s = act(GAME, s, seat, a).state
    return s, rand


def public_events(t: Any) -> list[str]:
    return [e.text for e in t.events if e.visible_to is None]


# Reveals the rules make in an event only (no trace in the view afterwards): curse 4 shows the
# victim's hand to everybody (PC-CURSE-04). Those lines are left out of the comparison.
CURSE_4 = re.compile(r"^Curse 4: ")
HAND_SHOWN = re.compile(r"'s hand: ")


def test_no_view_or_event_depends_on_hidden_data() -> None:
    stats: Counter[str] = Counter()

    @SETTINGS
    @given(p=reachable, pick=st.integers(0, 10**6))
    @example(p={"seed": 1127, "players": 5, "variant": 1, "step": 80, "randomness": 0.0}, pick=1)   # a curse 4
    def check(p: dict[str, Any], pick: int) -> None:
        s, rand = reach(p)
        stats["states"] += 1
        stats["finished"] += GAME.pending(s) is None
        for viewer in [None, *range(len(s.players))]:
            for _ in range(2):
                scrambled = scramble_pirate_chest(s, viewer, rand)
                assert GAME.view(scrambled, viewer) == GAME.view(s, viewer), f"the view of {viewer} leaks"
                stats["views compared"] += 1
                stats["scrambles that changed hidden data"] += scrambled.model_dump() != s.model_dump()
        pending = GAME.pending(s)
        if pending is None:
            return
        seat = pending.waiting_on[pick % len(pending.waiting_on)]
        legal = GAME.legal_actions(s, seat)
        a = legal[pick % len(legal)]
        for _ in range(2):
            scrambled = scramble_pirate_chest(s, seat, rand)
            if a not in GAME.legal_actions(scrambled, seat):
                stats["decisions not legal after scrambling"] += 1
                continue
            mine, theirs = act(GAME, s, seat, a), act(GAME, scrambled, seat, a)
            if GAME.view(mine.state, None) != GAME.view(theirs.state, None):
                stats["decisions that reveal something publicly"] += 1
                continue
            seen, other = public_events(mine), public_events(theirs)
            if any(CURSE_4.match(e) for e in seen):
                seen, other = [e for e in seen if not HAND_SHOWN.search(e)], [e for e in other if not HAND_SHOWN.search(e)]
                stats["hands shown by curse 4 (rule PC-CURSE-04)"] += 1
            assert seen == other, f"'{GAME.notate(s, a)}' tells the public about hidden data"
            stats["public events compared"] += 1

    check()
    report("hidden information (views, events)", f"{stats['states']} random reachable states "
           f"({stats['finished']} finished), {stats['views compared']} scrambled views, "
           f"{stats['public events compared']} decisions' public events", 0,
           leaks=0, scrambles_that_changed_hidden_data=stats["scrambles that changed hidden data"],
           decisions_that_reveal_publicly=stats["decisions that reveal something publicly"],
           hands_shown_by_curse_4=stats["hands shown by curse 4 (rule PC-CURSE-04)"],
           not_legal_after_scrambling=stats["decisions not legal after scrambling"])


def test_no_image_depends_on_hidden_data() -> None:
    stats: Counter[str] = Counter()

    @IMAGE_SETTINGS
    @given(p=reachable, who=st.integers(0, 5))
    def check(p: dict[str, Any], who: int) -> None:
        s, rand = reach(p)
        stats["states"] += 1
        board = render_board(GAME.view(s, None))
        public = scramble_pirate_chest(s, None, rand)
        stats["scrambles that changed hidden data"] += public.model_dump() != s.model_dump()
        assert render_board(GAME.view(public, None)) == board, "the board image leaks"
        seat = who % len(s.players)
        hand = render_hand(GAME.view(s, seat))
        assert render_hand(GAME.view(scramble_pirate_chest(s, seat, rand), seat)) == hand, \
            f"seat {seat}'s hand image shows another seat's data"
        stats["images compared"] += 2

    check()
    report("hidden information (images)", f"{stats['states']} random reachable states, "
           f"{stats['images compared']} PNGs byte-compared (public board, one seat's hand)", 0, leaks=0,
           public_scrambles_that_changed_hidden_data=stats["scrambles that changed hidden data"])
