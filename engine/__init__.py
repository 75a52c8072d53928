"""Parley's rules engine: pure game logic, no I/O (see DESIGN.md, "Engine contract")."""
