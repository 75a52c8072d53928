"""The game-table service shared by the Discord front end and the local terminal table."""
from table.seen import Seen, seen_by
from table.service import ActResult, Notifier, NullNotifier, TableError, TableService

__all__ = ["ActResult", "Seen", "seen_by", "Notifier", "NullNotifier", "TableError", "TableService"]
