"""Renderers: pure functions from an engine View to PNG bytes (Pillow only, no I/O, no rules)."""
