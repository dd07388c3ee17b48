"""The exceptions manaweave raises.

Errors about bad input (a choice, a decklist, a card name) are ``ValueError``
subclasses, so callers that already catch ``ValueError`` keep working. A rule
the engine does not implement yet raises :class:`RuleNotImplementedError`,
which names the Comprehensive Rules number.
"""

from __future__ import annotations

__all__ = [
    "CardDefinitionError",
    "DeckRulesError",
    "DecklistError",
    "IllegalActionError",
    "IllegalChoiceError",
    "ManaweaveError",
    "ReplayMismatchError",
    "RuleNotImplementedError",
    "UnknownCardError",
]


class ManaweaveError(Exception):
    """Base class of every error manaweave raises on purpose."""


class IllegalChoiceError(ManaweaveError, ValueError):
    """A player's answer to a :class:`~manaweave.Decision` is not one it allows.

    The game is left exactly as it was before the decision was asked.
    """


class IllegalActionError(ManaweaveError, ValueError):
    """A scripted or programmatic action cannot be taken in the current state."""


class UnknownCardError(ManaweaveError, ValueError):
    """A card name that no registered card set defines."""

    def __init__(self, name: str, suggestions: tuple[str, ...] = ()) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = (
            f" (did you mean {' or '.join(repr(s) for s in suggestions)}?)" if suggestions else ""
        )
        super().__init__(f"unknown card {name!r}{hint}")


class CardDefinitionError(ManaweaveError, ValueError):
    """A card definition the card language can give no meaning, found as the card is
    defined: an effect names "that creature" in a triggered ability whose event has no
    other creature, for example. The message names the card and what is wrong."""


class DecklistError(ManaweaveError, ValueError):
    """A decklist that cannot be read; ``line`` is 1-based, or ``None`` for the whole list."""

    def __init__(self, message: str, *, line: int | None = None, source: str | None = None) -> None:
        self.line = line
        self.source = source
        if source is not None and line is not None:
            where = f"{source}:{line}: "
        elif source is not None:
            where = f"{source}: "
        elif line is not None:
            where = f"line {line}: "
        else:
            where = ""
        super().__init__(f"{where}{message}")


class DeckRulesError(DecklistError):
    """A deck the game's deck construction rules do not allow (CR 100.2, 100.4);
    ``problems`` lists each broken limit."""

    def __init__(self, message: str, *, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


class RuleNotImplementedError(ManaweaveError, NotImplementedError):
    """The game reached a rule manaweave does not implement yet.

    ``rule`` is the Comprehensive Rules number (2026-01-16 edition).
    """

    def __init__(self, rule: str, what: str) -> None:
        self.rule = rule
        self.what = what
        super().__init__(f"CR {rule} is not implemented yet: {what}")


class ReplayMismatchError(ManaweaveError):
    """A replayed game's event stream differs from the recorded one."""

    def __init__(self, seq: int, expected: object, actual: object) -> None:
        self.seq = seq
        self.expected = expected
        self.actual = actual
        super().__init__(f"event {seq} differs: recorded {expected!r}, replayed {actual!r}")
