"""Merchants & Marauders' renderer: the Caribbean map with its 17 zones laid out by their
bearings, the state of play, the fight, the final ranking and one ship card per captain
(board.py, sea.py, layout.py, panels.py, captains.py), the private image (hand.py) and the
words (text.py, words.py)."""
from render.merchants_marauders import board, hand, text
from render.registry import Renderer

RENDERER = Renderer(game="merchants_marauders", board=board.render_board, hand=hand.render_hand,
                    public_text=text.public_text, private_text=text.private_text)
