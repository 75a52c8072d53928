"""The game-table service shared by the Discord front end and the local terminal table."""
from table.service import ActResult, Notifier, NullNotifier, TableError, TableService

__all__ = ["ActResult", "Notifier", "NullNotifier", "TableError", "TableService"]
