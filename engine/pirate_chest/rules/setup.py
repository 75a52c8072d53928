"""SETUP: captains chosen in turn, ships at their home ports, coins hidden on the islands,
two cards each, and a roll to see who goes first."""
from __future__ import annotations

from engine.core.deck import Deck
from engine.core.pieces import Piece
from engine.pirate_chest.defs import defs
from engine.pirate_chest.prompts import CaptainPrompt, HomePrompt
from engine.pirate_chest.rules.board import islands, ports, space_name
from engine.pirate_chest.rules.common import Events, card_names, name, say, seat_of, tell
from engine.pirate_chest.rules.dice import best_roll
from engine.pirate_chest.rules.sinking import coin_name
from engine.pirate_chest.rules.turn import begin_turn
from engine.pirate_chest.state import State

STARTING_HAND = 2
BARBARY_FROM_SEAT = 4   # the fifth and sixth players may take the Barbary Coast as home port


def assign_captain(s: State, seat: int, captain_id: str) -> None:
    c = defs().captains[captain_id]
    home = next(d.number for d in defs().boards.larger.spaces if d.slug == c.home)
    s.players[seat].captain = captain_id
    s.players[seat].home = home
    s.players[seat].position = home


def draft_next(s: State) -> None:
    """Ask the first seat without a captain to choose one (the flow asks until all have one)."""
    seat = next((i for i, p in enumerate(s.players) if not p.captain), None)
    if seat is not None:
        s.stack.append(CaptainPrompt(seats=[seat]))


def choose_captain(s: State, seat: int, captain_id: str, ev: Events) -> None:
    s.stack.pop()
    assign_captain(s, seat, captain_id)
    say(ev, f"Seat {seat + 1} takes {name(s, seat)}.")
    barbary = [p for p in ports(s) if p not in _base_ports()]
    if barbary and seat >= BARBARY_FROM_SEAT:
        s.stack.append(HomePrompt(seats=[seat], ports=[s.players[seat].home] + barbary))


def choose_home(s: State, seat: int, port: int, ev: Events) -> None:
    s.stack.pop()
    s.players[seat].home = s.players[seat].position = port
    say(ev, f"{name(s, seat)} makes {space_name(s, port)} home.")


def _base_ports() -> list[int]:
    return [d.number for d in defs().boards.standard.spaces if d.kind == "port"]


def draft_done(s: State) -> bool:
    return all(p.captain for p in s.players)


def begin_play(s: State, ev: Events) -> None:
    _place_coins(s, ev)
    s.deck = Deck(pile=list(defs().cards))
    s.deck.shuffle(s.rng)
    for seat, p in enumerate(s.players):
        p.hand = s.deck.draw(s.rng, STARTING_HAND)
        tell(ev, {seat}, f"Your starting hand: {card_names(p.hand)}.")
    first = _roll_for_first(s, ev)
    s.rotation = first
    begin_turn(s, first, ev)


def _place_coins(s: State, ev: Events) -> None:
    """One hidden coin per island; Yellowbeard starts with the Map (so an island stays empty);
    a fifth coin (Voodoo Doll on the small board) joins a random island."""
    coins = list(defs().boards.coins.base) + (list(defs().boards.coins.variant) if s.voodoo_doll else [])
    yellowbeard = seat_of(s, "yellowbeard")
    if yellowbeard is not None:
        coins.remove("map")
        s.players[yellowbeard].coins.append("map")
        say(ev, f"{name(s, yellowbeard)} starts with the {coin_name('map')}.")
    s.rng.shuffle(coins)
    places = islands(s)
    s.rng.shuffle(places)
    for i, coin in enumerate(coins):
        island = places[i] if i < len(places) else s.rng.choice(places)
        s.islands.setdefault(island, []).append(Piece(id=coin))
    say(ev, f"{len(coins)} hidden coins are placed on the islands.")


def _roll_for_first(s: State, ev: Events) -> int:
    """Everyone rolls; the highest goes first, ties roll again. Play then goes up the seats."""
    contenders = list(range(len(s.players)))
    while len(contenders) > 1:
        rolls = {seat: best_roll(s, seat, ev, "first player") for seat in contenders}
        top = max(rolls.values())
        contenders = [seat for seat, r in rolls.items() if r == top]
    say(ev, f"{name(s, contenders[0])} goes first.")
    return contenders[0]
