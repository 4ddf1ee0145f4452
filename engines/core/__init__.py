"""The engine core shared by every game: protocol, chance, bots, logs, runner and replay."""

from printkit.engines.core.bots import Bot, RandomBot, bot_rng, dice_rng, make_bot
from printkit.engines.core.chance import AreaRoll, ChanceSpec, Choice, DiceRoll, Landing
from printkit.engines.core.errors import (
    EngineError,
    IllegalActionError,
    LogFormatError,
    ReplayError,
    UnknownBotError,
    UnknownGameError,
)
from printkit.engines.core.game import (
    CHANCE,
    TERMINAL,
    BotFactory,
    Decision,
    Game,
    GameInfo,
    Reason,
    State,
)
from printkit.engines.core.log import (
    GameLog,
    LogEntry,
    LogHeader,
    Player,
    ReasonText,
    parse_log,
    read_log,
    translate_reason,
)
from printkit.engines.core.runner import (
    PlayedGame,
    Replay,
    ReplayedStep,
    ReplayVisitor,
    play,
    replay,
)
from printkit.engines.core.schema import log_schema, validate_log_lines

__all__ = [
    "CHANCE",
    "ReasonText",
    "translate_reason",
    "TERMINAL",
    "AreaRoll",
    "Bot",
    "BotFactory",
    "ChanceSpec",
    "Choice",
    "Decision",
    "DiceRoll",
    "EngineError",
    "Game",
    "GameInfo",
    "GameLog",
    "IllegalActionError",
    "Landing",
    "LogEntry",
    "LogFormatError",
    "LogHeader",
    "PlayedGame",
    "Player",
    "RandomBot",
    "Reason",
    "Replay",
    "ReplayError",
    "ReplayVisitor",
    "ReplayedStep",
    "State",
    "UnknownBotError",
    "UnknownGameError",
    "bot_rng",
    "dice_rng",
    "log_schema",
    "make_bot",
    "parse_log",
    "play",
    "read_log",
    "replay",
    "validate_log_lines",
]
