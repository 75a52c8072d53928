"""Pirate Chest rules, one module per rulebook section (see docs/rules-coverage/pirate_chest.md)."""
