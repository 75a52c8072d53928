"""The /rules help of Merchants & Marauders (data/merchants_marauders/help.toml) as the tests read
it: the topics in file order and small helpers to find a topic's text and one of its lines."""
from __future__ import annotations

from engine.merchants_marauders.defs import DATA_DIR
from tests.engine.help_checks import HelpFile

HELP = DATA_DIR / "help.toml"
HELP_FILE = HelpFile(HELP)
TOPICS, BY_ID, FILE_TEXT = HELP_FILE.topics, HELP_FILE.by_id, HELP_FILE.file_text
text, line_with = HELP_FILE.text, HELP_FILE.line_with
