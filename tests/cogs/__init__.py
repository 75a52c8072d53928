"""Unit tests of the cogs' pure helpers."""
