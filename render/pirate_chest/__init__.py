"""Pirate Chest's renderer: the board ring (board.py) with its header, centre and legend
(panels.py), the private hand image (hand.py), and the words for messages (text.py)."""
from render.pirate_chest import board, hand, text
from render.registry import Renderer

RENDERER = Renderer(game="pirate_chest", board=board.render_board, hand=hand.render_hand,
                    public_text=text.public_text, private_text=text.private_text)
