"""The ranges of the numbers a game is set up with: the command line refuses arguments
outside them, and a replay refuses a log whose ``game_started`` holds one outside them.

Each is far beyond any real game; what they keep out is a number the engine cannot log
(the log's JSON numbers are 64-bit) or a game that cannot end in any reasonable time."""

from __future__ import annotations

from typing import Final

__all__ = [
    "MAX_DECISION_TIME_LIMIT",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MAX_SEED",
    "MAX_TURNS",
    "MIN_SEED",
]

MIN_SEED: Final = -(2**63)
"""The lowest seed a log can hold. The command line takes seeds from ``0``: a negative
seed draws the same game as its absolute value."""
MAX_SEED: Final = 2**64 - 1
"""The highest seed: the largest whole number the log's JSON encoder writes."""
MAX_TURNS: Final = 1_000_000
"""The highest turn limit (``--max-turns``, ``max_turns``)."""
MAX_PLAYERS: Final = 100
"""The most players a game may have, whatever its variant allows."""
MAX_NAME_LENGTH: Final = 100
"""The longest name a player may have (``names=``), in characters: every line that
mentions the player carries it."""
MAX_DECISION_TIME_LIMIT: Final = 86_400
"""The longest time limit per decision the command line takes (``--decision-time-limit``),
in seconds: a day."""
