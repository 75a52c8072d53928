"""A loopback Discord server (gateway + REST) for end-to-end tests of the real bot.

See server.py for the FakeDiscord API and harness.py for running a bot against it.
"""

from .harness import BotRun, running_bot
from .model import Attachment, Channel, Message, User
from .records import Fault, InteractionRecord, RecordedRequest, UploadedFile
from .server import FakeDiscord

__all__ = [
    "Attachment", "BotRun", "Channel", "FakeDiscord", "Fault", "InteractionRecord", "Message",
    "RecordedRequest", "UploadedFile", "User", "running_bot",
]
