"""Setup A-F and the starting Sailor deck: the grid of 12 boards (row 1 face up with its cards),
the four row boxes, each player's kit, deck and opening hand, the first player, the starting
cargo on the Docks and the 4th seat's opening level-up (DR-SETUP-01 to -30, DR-DECK-01, -02)."""
from __future__ import annotations

from engine.core.deck import Deck
from engine.core.rng import Rng
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.common import card_names
from engine.dead_reckoning.rules.island_control import Island
from engine.dead_reckoning.rules.merchants import deal_backs
from engine.dead_reckoning.state import Player, Ship, Space, State

COLUMNS = "abc"


def positions() -> list[str]:
    r = defs().rules.setup
    return [f"{COLUMNS[c]}{row}" for row in range(1, r.grid_rows + 1) for c in range(r.grid_columns)]


def new_game(n: int, seed: str, options: dict[str, bool]) -> State:
    d, rng = defs(), Rng(seed=seed)
    low, high = d.rules.players.table
    if not low <= n <= high:
        raise ValueError(f"Dead Reckoning plays with {low} to {high} players, not {n}.")
    islands = [b.id for b in d.ocean.islands()]
    rng.shuffle(islands)
    boards = islands[:d.rules.setup.islands[n]] + [b.id for b in d.ocean.seas() if b.in_game(n)]
    rng.shuffle(boards)
    grid = {pos: Space(board=b) for pos, b in zip(positions(), boards, strict=True)}
    rows: dict[int, list[str]] = {}
    for row in range(1, d.rules.setup.grid_rows + 1):
        rows[row] = [c.id for c in d.advancements.deck(row)]
        rng.shuffle(rows[row])
    kit = d.supply.player
    players = []
    for _ in range(n):
        deck = Deck(pile=card_names())
        deck.shuffle(rng)
        hand = deck.draw(rng, d.rules.setup.opening_hand)
        players.append(Player(hand=hand, levels={c: 1 for c in card_names()}, deck=deck, chest=kit.chest_coins,
                              cubes=kit.cubes, ship=Ship(sails=d.rules.setup.sail_start)))
    first = rng.choice(list(range(n)))
    order = [(first + i) % n for i in range(n)]
    for place, seat in enumerate(order):
        players[seat].dock = d.rules.setup.starting_cargo[place]
    if n >= d.rules.setup.level_up_seat:
        players[order[d.rules.setup.level_up_seat - 1]].level_open = True
    s = State(rng=rng, players=players, order=order, grid=grid, rows=rows, options=options,
              merchant_backs=deal_backs(rng, sorted(rows)),
              upgrade_supply={t.id: t.copies for t in d.upgrades.tiles.values()},
              building_supply={k: b.count for k, b in d.buildings.buildings.items()})
    for pos in positions()[:d.rules.setup.revealed]:
        reveal(s, pos)
    if options.get("bonus_tokens"):
        tokens = list(d.achievements.tokens)
        rng.shuffle(tokens)
        for seat, p in enumerate(players):
            k = d.achievements.bonus_dealt
            p.tokens_dealt = tokens[seat * k:(seat + 1) * k]
    s.turn.seat = order[0]
    return s


def reveal(s: State, pos: str) -> None:
    """Turn a board face up and put its row's top card on its card space (DR-MOVE-08, -09)."""
    space = s.grid[pos]
    space.face_up = True
    if defs().ocean.boards[space.board].kind == "island":
        s.islands[pos] = Island.empty(space.board)
    refill_space(s, pos)


def refill_space(s: State, pos: str) -> None:
    """The box's top card onto an empty space. Buried cards lie under the box and are out for the
    rest of the game (DR-BUY-14): a box down to them is empty. Only a raided Merchant is ever
    buried, so a card whose back was shown and is in a box is a buried one."""
    space = s.grid[pos]
    box = s.rows[int(pos[1:])]
    if space.face_up and space.card is None and box and box[-1] not in s.backs_seen:
        space.card = box.pop()
