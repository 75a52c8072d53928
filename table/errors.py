"""The table's refusal: a ValueError whose message says what to do instead (answered kindly)."""
from __future__ import annotations


class TableError(ValueError):
    """A friendly refusal: the message says what to do instead."""
