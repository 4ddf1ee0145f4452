"""The exceptions every engine raises, so callers can tell a bad log from a bad move.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error an engine raises on purpose."""


class IllegalActionError(EngineError, ValueError):
    """An action (or chance outcome) that the rules do not allow in this state.

    ``rule`` names the rule that forbids it, in words a player understands.
    """

    def __init__(self, rule: str) -> None:
        super().__init__(rule)
        self.rule = rule


class LogFormatError(EngineError, ValueError):
    """A game log line that is not valid JSON or lacks a required field."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class ReplayError(EngineError, ValueError):
    """A log that parses but does not replay: an illegal line or a wrong recorded result."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class NoRoomError(EngineError, ValueError):
    """Dice rolled onto an area that has no room left for them, however often they are
    thrown again: the rules (a user's copy, say) ask for more dice than the area holds."""


class DataError(EngineError, ValueError):
    """A game's data file (its rules, a roster, a map, a designer's edited copy) breaks a
    rule; the message names the file, the place and the rule."""


class UnknownGameError(EngineError, KeyError):
    """A game name that no engine is registered under."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want a sentence
        return str(self.args[0])


class UnknownBotError(EngineError, KeyError):
    """A bot name that the game does not offer."""

    def __str__(self) -> str:
        return str(self.args[0])
