"""Errors by cause. All are ValueErrors so a front end can catch them together."""


class InvalidActionError(ValueError):
    """The text could not be read as an action of this game."""


class IllegalActionError(ValueError):
    """The action is well formed but not allowed now; the message says why in plain words."""


class NotYourTurnError(ValueError):
    """The seat is not one the game is waiting on."""
