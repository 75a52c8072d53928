"""Scoundrel Bay's renderer: the main board, reputation track, pirate display and player boards
(board.py, sea.py, players.py), the private hand image (hand.py) and the words (text.py)."""
from render.registry import Renderer
from render.scoundrel_bay import board, hand, text

RENDERER = Renderer(game="scoundrel_bay", board=board.render_board, hand=hand.render_hand,
                    public_text=text.public_text, private_text=text.private_text)
