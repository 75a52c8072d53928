"""Dead Reckoning's renderer: the ocean grid and Harbor, the decks and supply, the Achievements,
the battle and one Ship panel per player (board.py, ocean.py, panels.py, ships.py), the private
hand image (hand.py) and the words (text.py, words.py)."""
from render.dead_reckoning import board, hand, text
from render.registry import Renderer

RENDERER = Renderer(game="dead_reckoning", board=board.render_board, hand=hand.render_hand,
                    public_text=text.public_text, private_text=text.private_text)
