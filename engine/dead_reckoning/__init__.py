"""Dead Reckoning (John D Clair, AEG): card-crafting, exploration, islands and the battle tower.

Work in progress. So far this package holds the component data models (`defs.py`, for
data/dead_reckoning/*.toml). The game is not registered: it is registered only once it can be
played from setup to final scoring."""
