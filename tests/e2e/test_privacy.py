"""Nothing private reaches a public message: a whole game on Discord, with every thread post
checked, as it is posted, against the hands and the face-down coins of that moment.

What a post may name. A thread post tells the public events of a batch of decisions (versions
a..b of the game) and shows the board when it is posted (version c, normally b). A card name in
it is a leak when that card is in a hand at c and did not go through the discard pile during
a..c (so it was neither played nor discarded in the open: it was drawn, stolen, or just held),
unless the line is a curse 4 ("X's hand: …", a hand shown to everyone). A coin name is a leak
when the coin is face down at c and was face down all through a-1..c. This is stricter than "in a
hand before and after the batch": a card drawn during the batch and named counts too.
"""
from __future__ import annotations

import io
import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image
from PIL.PngImagePlugin import PngInfo

from engine.pirate_chest.defs import defs
from engine.pirate_chest.rules.sinking import coin_name
from engine.pirate_chest.state import State
from store import GameRecord, OutboxRow
from tests.e2e.driver import hands_and_hidden, play_to_the_end
from tests.e2e.harness import Table, components, parley_bot, png_texts
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Attachment, Message

# A whole game to its end: the agreed turn limit (a house rule of the game) keeps it within the
# time an end-to-end test may take; some games end sooner, with the Chest brought home.
TURN_LIMIT = 25
# Public words that contain a card or coin name without naming one: space names ("Rum Rock",
# "Cutlass Key"), and the rule that the Chest needs "the Map and the Key".
NEUTRAL = sorted({sp.name for b in (defs().boards.standard, defs().boards.larger) for sp in b.spaces}
                 | {"it needs the Map and the Key"}, key=len, reverse=True)
HAND_SHOWN = re.compile(r"^.*'s hand: .*$", re.MULTILINE)   # curse 4: a hand shown to everyone


def word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")


CARD_WORDS = {c.name: word(c.name) for c in defs().cards.values()}
COIN_WORDS = {coin: word(coin_name(coin)) for coin in defs().boards.coins.names}


@dataclass(frozen=True)
class Secrets:
    held: frozenset[str]      # card names in hands
    discard: frozenset[str]   # card names in the discard pile
    hidden: frozenset[str]    # ids of face-down coins


def secrets(state: State | str | bytes | dict[str, Any]) -> Secrets:
    """The secrets of a state, or of a snapshot as the store gets it (JSON text or a dict)."""
    if isinstance(state, (str, bytes)):
        state = State.model_validate_json(state)
    elif isinstance(state, dict):
        state = State.model_validate(state)
    cards, coins = hands_and_hidden(state)
    return Secrets(frozenset(cards), frozenset(defs().cards[c].name for c in state.deck.discard), frozenset(coins))


@dataclass
class Posted:
    message: Message
    kind: str                 # the outbox item whose delivery posted it
    now: Secrets              # when it was posted (version c)
    during: list[Secrets]     # every version the post covers, a..c
    before: Secrets | None    # just before them (a - 1)

    def card_may_be_named(self, name: str) -> bool:
        """Not in a hand now, or played / discarded in the open since a."""
        return name not in self.now.held or any(name in s.discard for s in self.during)

    def coin_may_be_named(self, coin: str) -> bool:
        """Not face down now, or seen since a - 1 (e.g. it sank back from a ship that held it)."""
        seen = [self.before, *self.during] if self.before else self.during
        return coin not in self.now.hidden or any(coin not in s.hidden for s in seen)


def readable_texts(msg: Message) -> list[str]:
    """Everything anyone in the thread can read off a message."""
    texts = [msg.content, *(h.get("content") or "" for h in msg.history)]
    texts += [json.dumps(e, ensure_ascii=False) for e in msg.embeds]
    for c in components(msg):
        texts += [str(c.get(k, "")) for k in ("label", "placeholder")]
        texts += [f"{o.get('label', '')} {o.get('description', '')}" for o in c.get("options", [])]
    for a in msg.attachments:
        texts += [a.filename, a.description or ""]
        if a.data.startswith(b"\x89PNG"):
            texts += png_texts(a.data)
    return texts


def leaks(post: Posted) -> list[str]:
    text = HAND_SHOWN.sub("", "\n".join(readable_texts(post.message)))
    for phrase in NEUTRAL:
        text = text.replace(phrase, "")
    found = [f"card {n}" for n, w in CARD_WORDS.items() if not post.card_may_be_named(n) and w.search(text)]
    found += [f"coin {coin_name(c)}" for c, w in COIN_WORDS.items() if not post.coin_may_be_named(c) and w.search(text)]
    return found


def watch_posts(t: Table) -> list[Posted]:
    """Note the secrets of every version the store commits, and wrap the notifier so each
    public message is kept with the versions it covers."""
    versions: dict[int, dict[int, Secrets]] = defaultdict(dict)
    store = t.bot.store
    start_game, commit_action, commit_undo = store.start_game, store.commit_action, store.commit_undo

    async def started(game_id: int, expected: int, snapshot: Any, *args: Any, **kwargs: Any) -> int:
        version = await start_game(game_id, expected, snapshot, *args, **kwargs)
        versions[game_id][version] = secrets(snapshot)
        return version

    async def acted(game_id: int, expected: int, seat: int, notation: str, snapshot: Any, **kwargs: Any) -> int:
        version = await commit_action(game_id, expected, seat, notation, snapshot, **kwargs)
        versions[game_id][version] = secrets(snapshot)
        return version

    async def undone(game_id: int, expected: int, snapshot: Any, *args: Any, **kwargs: Any) -> int:
        version = await commit_undo(game_id, expected, snapshot, *args, **kwargs)
        versions[game_id][version] = secrets(snapshot)
        return version

    store.start_game = started  # type: ignore[method-assign, assignment]
    store.commit_action = acted  # type: ignore[method-assign, assignment]
    store.commit_undo = undone  # type: ignore[method-assign, assignment]

    posted: list[Posted] = []
    deliver = t.bot.notifier.deliver
    world = t.fake.world
    began: dict[int, int] = {}   # board message -> the first version it covers (it is edited on)

    async def watched(record: GameRecord, state: Any, item: OutboxRow) -> None:
        first = item.version
        if item.kind == "board":   # a merged board covers every unsent board row up to it
            unsent = await store.unsent_outbox(limit=10_000)
            first = min([r.version for r in unsent if r.game_id == record.id and r.kind == "board"
                         and r.id <= item.id], default=first)
        now = secrets(state)
        assert versions[record.id].get(record.version) == now
        newest = max(world.messages, default=0)
        edits = {i: len(m.history) for i, m in world.messages.items()}
        await deliver(record, state, item)
        fresh = [m for i, m in world.messages.items() if m.visibility == "public"
                 and (i > newest or len(m.history) > edits.get(i, 0))]
        for m in fresh:   # an edited post shows the hand-over's events since it was first posted
            began.setdefault(m.id, first)
            start = began[m.id]
            during = [s for v, s in versions[record.id].items() if start <= v <= record.version]
            posted.append(Posted(m, item.kind, now, during, versions[record.id].get(start - 1)))

    t.bot.notifier.deliver = watched  # type: ignore[method-assign]
    return posted


async def test_no_public_message_names_a_hand_card_or_a_hidden_coin(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        posted = watch_posts(t)
        game_id, thread = await t.open_table(options=f"turn_limit={TURN_LIMIT}")
        await play_to_the_end(t, game_id, seed=12)
        await t.settle()
        record = await t.bot.store.load(game_id)
        assert record.status == "finished"

        # every public message came from a delivery (and is checked below), but the lobby and
        # the announcements of the cogs (reminders, leaving, deadlines: no card in them)
        checked = {p.message.id for p in posted}
        lobby = record.settings["lobby_message_id"]
        assert [m.content[:80] for m in fake.public_messages() if m.id not in checked and m.id != lobby] == []
        assert not any(w.search(fake.world.messages[lobby].content) for w in CARD_WORDS.values())
        assert {p.kind for p in posted} >= {"board", "final"}
        assert len({p.message.id for p in posted if p.kind == "board"}) >= 5

        found = {p.message.id: leaks(p) for p in posted}
        assert not any(found.values()), {i: (f, fake.world.messages[i].content) for i, f in found.items() if f}
        # the check reads card names (cards played in the open are named), and it does see a
        # leak: naming a card that is in a hand, or a face-down coin
        assert any(w.search(p.message.content) for p in posted for w in CARD_WORDS.values())
        last = posted[-1].now
        if last.held:
            name = sorted(last.held)[0]
            fake_post = Message(0, thread, fake.bot_user_id, content=f"Someone holds {name}.")
            assert leaks(Posted(fake_post, "board", last, [last], last)) == [f"card {name}"]
            info = PngInfo()
            info.add_itxt("Description", f"hands: {name}")
            png = io.BytesIO()
            Image.new("RGB", (8, 8)).save(png, "PNG", pnginfo=info)
            fake_post = Message(0, thread, fake.bot_user_id, attachments=[Attachment(0, "board.png", png.getvalue())])
            assert leaks(Posted(fake_post, "board", last, [last], last)) == [f"card {name}"]
        if last.hidden:
            coin = sorted(last.hidden)[0]
            fake_post = Message(0, thread, fake.bot_user_id, content=f"{coin_name(coin)} lies at Skull Isle.")
            assert leaks(Posted(fake_post, "board", last, [last], last)) == [f"coin {coin_name(coin)}"]

        # privately, each human got their hand by DM; and every interaction was answered in time
        for user in fake.user_ids:
            assert any("**Your hand**" in m.content for m in fake.dm_messages(user)), user
        t.assert_clean()
