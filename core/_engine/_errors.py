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
    "GameCopyError",
    "GameLogError",
    "IllegalActionError",
    "IllegalChoiceError",
    "ManaweaveError",
    "ReplayMismatchError",
    "ReplayPluginError",
    "RuleNotImplementedError",
    "UnknownCardError",
]


class ManaweaveError(Exception):
    """Base class of every error manaweave raises on purpose."""


class IllegalChoiceError(ManaweaveError, ValueError):
    """A player's answer to a :class:`~manaweave.Decision` is not one it allows.

    The game is left exactly as it was before the decision was asked.
    """

    logged_answer: list[int] | str | None = None
    """How the refused answer is logged, set by the check that refused it: its option
    indices, or a bounded description of an answer that had none."""


class IllegalActionError(ManaweaveError, ValueError):
    """A scripted or programmatic action cannot be taken in the current state."""


class GameCopyError(ManaweaveError, ValueError):
    """A game that can't be copied now: no player is deciding at priority or first
    declaring attackers or blockers in a step, or the game takes several turns at once
    (807.4)."""


class UnknownCardError(ManaweaveError, ValueError):
    """A card name that no registered card set defines.

    ``message`` says why when it is known (a real card manaweave does not play yet); by
    default the message is the name with ``suggestions``."""

    def __init__(
        self, name: str, suggestions: tuple[str, ...] = (), *, message: str | None = None
    ) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = (
            f" (did you mean {' or '.join(repr(s) for s in suggestions)}?)" if suggestions else ""
        )
        super().__init__(message or f"unknown card {name!r}{hint}")


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
    """A replayed game's event stream differs from the recorded one.

    ``seq`` is the first event that differs; ``expected`` and ``actual`` are that event as
    recorded and as replayed (without the fields a replay ignores), ``None`` where one
    stream has already ended. The message names the event and the fields that differ:
    ``event 41 land_played: field 'card': recorded 'Forest', replayed 'Mountain'``."""

    def __init__(self, seq: int, expected: object, actual: object) -> None:
        self.seq = seq
        self.expected = expected
        self.actual = actual
        shown = expected if isinstance(expected, dict) else actual
        name = shown.get("event", "?") if isinstance(shown, dict) else "?"
        super().__init__(f"event {seq} {name}: {'; '.join(self.differences)}")

    @property
    def differences(self) -> tuple[str, ...]:
        """What differs, one phrase per field (``field 'card': recorded 'Forest',
        replayed 'Mountain'``), or which stream ended first."""
        expected, actual = self.expected, self.actual
        if not isinstance(expected, dict):
            return ("the log ends before this event, the replay goes on",)
        if not isinstance(actual, dict):
            return ("the replay ended before this event, the log goes on",)
        found = []
        for key in [*expected, *(k for k in actual if k not in expected)]:
            if key not in actual:
                recorded = _short(expected[key])
                found.append(f"field {_short(key)} missing from the replay (recorded {recorded})")
            elif key not in expected:
                found.append(
                    f"field {_short(key)} only in the replay (replayed {_short(actual[key])})"
                )
            elif expected[key] != actual[key]:
                found.append(
                    f"field {_short(key)}: recorded {_short(expected[key])}, "
                    f"replayed {_short(actual[key])}"
                )
        return tuple(found) or ("the events differ",)


def with_article(noun: str) -> str:
    """``noun`` with its indefinite article, for messages that name a type or a kind:
    "an answer", "an int", "an x_value", "a join". The names are said as spelt, so the
    sound they begin with is their first letter's, a letter said alone before ``_`` or
    ``-`` (x_value: "ex") included."""
    first = noun[:1].lower()
    spelt_letter = noun[1:2] in ("_", "-") and first in "fhlmnrsx"
    return f"an {noun}" if first in "aeiou" or spelt_letter else f"a {noun}"


def _short(value: object, limit: int = 80) -> str:
    """A value's repr, cut to ``limit`` characters so a message stays one readable line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class GameLogError(ManaweaveError, ValueError):
    """A file that cannot be used as a game's event log: unreadable, empty, not JSON
    lines, not a manaweave log, or without the ``game_started`` line a replay starts
    from. The message names the file and, for a bad line, its number."""


class ReplayPluginError(ManaweaveError, ValueError):
    """A log cannot be replayed with the installed plugins: a plugin that can change the
    game (not a bot or an observer) is missing, has another version, or was not there
    when the game was played. ``problems`` names each such plugin."""

    def __init__(self, problems: tuple[str, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class KeywordActionUnavailableError(ManaweaveError, LookupError):
    """A game was to perform a keyword action (CR 701) that none of its plugins defines,
    in the form it needs: the plugin that defines it is turned off. ``action`` is its name,
    ``needed_by`` the rule or card that performs it, ``plugin`` the turned-off plugin when
    known. A card that performs one is refused before its game starts; this is what the
    engine's own rules that perform one (704.5g's destruction, 514.1's discarding) meet."""

    def __init__(
        self, action: str, needed_by: str, plugin: str | None = None, *, form: str = ""
    ) -> None:
        self.action = action
        self.needed_by = needed_by
        self.plugin = plugin
        if form:
            why = f"its plugin defines no {form}"
        elif plugin is not None:
            why = f"its plugin {plugin} is turned off"
        else:
            why = "no plugin of this game defines it"
        super().__init__(f"{needed_by} needs the keyword action {action}, and {why}")


class PluginError(ManaweaveError):
    """A plugin failed: it could not be loaded, a hook returned what its contract does not
    allow, or a hook raised while a game was played. ``plugin`` is the plugin's registered
    name, ``hook`` the hook (or contributed object's method) that failed, ``distribution``
    the distribution it came from when known; the original exception is ``__cause__``.

    A game a plugin fails in ends with ``game_ended`` of reason ``plugin_failed`` naming
    the plugin, and the error is raised once the log is closed."""

    def __init__(
        self, plugin: str, hook: str, message: str, *, distribution: str | None = None
    ) -> None:
        self.plugin = plugin
        self.hook = hook
        self.distribution = distribution
        self.detail = message
        """What went wrong, one line, without file paths (as the log records it)."""
        source = f" (distribution {distribution})" if distribution else ""
        where = f" in {hook}" if hook else ""
        super().__init__(f"the plugin {plugin!r}{source} failed{where}: {message}")


class PluginContractError(PluginError, TypeError):
    """A plugin's hook returned something its contract does not allow: an ``int`` where a
    list of card sets is expected, a list holding something that is not a variant. Raised
    where the hook's result is first used, naming the plugin and the hook."""


class UnloggableValueError(ManaweaveError, ValueError):
    """A value an event log line cannot hold so that it reads back the same: an object, a
    set, an integer beyond 64 bits, a NaN or infinite float, a non-string key. Raised when
    the event is logged, naming the event and the field, before anything is written."""
