"""The engine core shared by every game: protocol, chance, bots, logs, the game loop, runner
and replay."""

from printkit.engines.core.bots import Bot, RandomBot, bot_rng, dice_rng, make_bot
from printkit.engines.core.chance import AreaRoll, ChanceSpec, Choice, DiceRoll, Landing
from printkit.engines.core.errors import (
    EngineError,
    IllegalActionError,
    LogFormatError,
    NoRoomError,
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
    ReactionWindow,
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
from printkit.engines.core.loop import Ended, play_game, run_loop, seat_bots
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
    "Ended",
    "Game",
    "GameInfo",
    "GameLog",
    "IllegalActionError",
    "Landing",
    "LogEntry",
    "LogFormatError",
    "LogHeader",
    "NoRoomError",
    "PlayedGame",
    "Player",
    "RandomBot",
    "ReactionWindow",
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
    "play_game",
    "read_log",
    "replay",
    "run_loop",
    "seat_bots",
    "validate_log_lines",
]
