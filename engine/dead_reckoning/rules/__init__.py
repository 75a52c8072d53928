"""Dead Reckoning's rules, one module per rulebook section. So far: tower.py (Battle Ship
Details: where dropped cubes come to rest, exploding shots, reading the Battle board)."""
