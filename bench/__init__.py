"""Benchmarks, run with `make bench` (`python -m bench`).

Each result is a ratio against a floor measured in the same run, so numbers compare across machines.
"""
