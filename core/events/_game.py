"""Records of the game as a whole: starting and ending it, turns and steps, what players
answer, state-based actions, players losing and leaving."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._record import OMITTED, EventRecord, Omitted

__all__ = [
    "CleanupPerformed",
    "DecisionMade",
    "DecisionRejected",
    "EffectsEnded",
    "ExtraTurnAdded",
    "GameEnded",
    "GameInterrupted",
    "GameStarted",
    "LossPrevented",
    "MulliganTaken",
    "PlayerConceded",
    "PlayerCountersAdded",
    "PlayerLeft",
    "PlayerLost",
    "PlayerRaised",
    "PreferencesChanged",
    "RuleAbilityAdded",
    "SkipCreated",
    "Skipped",
    "StartingPlayerChosen",
    "StateBasedActionsPerformed",
    "StepBegan",
    "TurnBegan",
    "TurnMarkerChanged",
]


class GameStarted(EventRecord, event="game_started"):
    """The first line of every log: what the game is and everything needed to play it again
    (rule 103). ``options`` holds the variant's options by name, every one with its value
    (800.2); ``teams`` the seats of each team's players (a team of one per player in a game
    between individuals, 102.3); ``players`` holds each seat's ``name`` and ``kind``;
    ``decks`` the card names of each deck in decklist order; ``plugins`` ``[name, version]``
    pairs in registration order; ``neutral_plugins`` the names of those that cannot change
    the game (bots, observers), which a replay ignores; ``distributions`` the distribution
    of each plugin loaded from an entry point, only when there is one; ``disabled_plugins``
    only in a game some plugins were turned off in; ``max_turns`` the turn limit or
    ``None``; ``shared_by_teams`` only in a game whose teams share something: ``totals``
    (one life total and poison count per team, 810.4, 810.10) and/or ``turns`` (shared
    team turns, 805); ``seating`` only in a game whose players were seated at random
    (806.3, 807.3) other than in the order given: for each seat, the position of its
    player among those given. Every other per-seat field is in seat order. ``seed`` decides
    every shuffle and is hidden from every view until the game ends, with ``seed_nonce``;
    the views show ``seed_commitment``, the hash of both (``docs/event-log.md``, "The
    seed"), and ``game_ended`` reveals them."""

    seed: int
    seed_nonce: str
    seed_commitment: str
    engine: str
    cr_edition: str
    variant: str
    options: Mapping[str, int | str | bool | None]
    teams: Sequence[Sequence[int]]
    players: Sequence[Mapping[str, str]]
    decks: Sequence[Sequence[str]]
    deck_names: Sequence[str | None]
    open_decklists: bool
    deck_rules: str
    plugins: Sequence[Sequence[str]]
    neutral_plugins: Sequence[str]
    distributions: Mapping[str, str] | Omitted = OMITTED
    disabled_plugins: Sequence[str] | Omitted = OMITTED
    max_turns: int | None
    shared_by_teams: Sequence[str] | Omitted = OMITTED
    seating: Sequence[int] | Omitted = OMITTED


class StartingPlayerChosen(EventRecord, event="starting_player_chosen"):
    """The variant chose who takes the first turn, ``player`` (rule 103.1)."""


class MulliganTaken(EventRecord, event="mulligan_taken"):
    """A player took a (London) mulligan; ``mulligans`` counts theirs so far (rule 103.5)."""

    mulligans: int


class TurnBegan(EventRecord, event="turn_began", state_check=False):
    """A new turn began; ``player`` is the active player (rule 500.1)."""


class TurnMarkerChanged(EventRecord, event="turn_marker_changed", state_check=False):
    """A turn marker (807.4) was placed, passed, kept for an extra turn, designated for
    removal or removed (``change``: ``placed``, ``passed``, ``kept``, ``designated``,
    ``removed``); ``marker`` is its number and ``player`` who holds it now (rules
    807.4b-i)."""

    marker: int
    change: str


class StepBegan(EventRecord, event="step_began", state_check=False):
    """A step or main phase began; its ``rule`` is the step's rule (rule 502 untap, ...,
    514 cleanup) and ``player`` the active player."""


class DecisionMade(EventRecord, event="decision_made", state_check=False):
    """A player answered a decision with a legal choice; the ``rule`` is the one that asks
    it (rule 117.3 for priority, 103.5 for a mulligan, ...). ``kind`` is a
    ``DecisionKind`` value, ``choice`` the chosen options' indices in the order chosen,
    ``options`` how many there were, ``chosen`` the choices as text, ``latency_ms`` the
    wall-clock time taken (ignored by replays)."""

    kind: str
    choice: Sequence[int]
    options: int
    chosen: Sequence[str]
    latency_ms: float


class DecisionRejected(EventRecord, event="decision_rejected", state_check=False):
    """A player's answer was not legal and the game did not change; no rule. ``answer``
    is the refused indices (a short list of plain integers), or a bounded description,
    ``"<TypeName>"`` or ``"<a Choice whose ...>"``, of an answer that had none; ``error``
    why it was refused."""

    kind: str
    answer: Sequence[int] | str
    error: str


class PreferencesChanged(EventRecord, event="preferences_changed", state_check=False):
    """A player changed what they ask the engine to do for them (their stops, whether
    the engine pays their mana costs): taken up as they answered a decision, and in force
    from the next one. No rule. ``preferences`` is as ``game_started`` records them."""

    preferences: Mapping[str, Any]


class PlayerRaised(EventRecord, event="player_raised"):
    """A player's ``decide`` raised an exception instead of answering; they concede. No
    rule. Seen by that player alone. ``error`` is the exception's ``repr`` (at most 200
    characters), ``traceback`` the end of the formatted traceback (ignored by replays)."""

    kind: str
    error: str
    traceback: str


class PlayerConceded(EventRecord, event="player_conceded"):
    """A player conceded (rule 104.3a): ``conceded``, ``timeout``, ``player raised an
    exception`` or ``too many illegal choices``."""

    reason: str


class CleanupPerformed(EventRecord, event="cleanup_performed"):
    """In the cleanup step, damage was removed and "until end of turn" effects ended
    (rule 514.2); ``effects_ended`` counts them."""

    effects_ended: int


class EffectsEnded(EventRecord, event="effects_ended"):
    """As a turn began, "until your next turn" effects ended (rule 611.2a); ``effects``
    counts them."""

    effects: int


class ExtraTurnAdded(EventRecord, event="extra_turn_added"):
    """An effect of ``source`` gave ``player`` an extra turn after this one (rule 500.7)."""

    source: int


class SkipCreated(EventRecord, event="skip_created"):
    """An effect of ``source`` made ``player`` skip their next ``skips`` (a turn, a phase
    or a step; rule 614.10)."""

    source: int
    skips: str


class Skipped(EventRecord, event="skipped"):
    """A skip effect was used up: the active player's ``skips`` is skipped (rule 614.10)."""

    skips: str


class RuleAbilityAdded(EventRecord, event="rule_ability_added"):
    """A plugin's rule gave ``player`` a triggered ability, held by ``object`` in the
    command zone, as the game was set up (rule 603.1)."""

    object: int
    text: str


class StateBasedActionsPerformed(EventRecord, event="state_based_actions_performed"):
    """State-based actions were performed, all at once (rule 704.3): ``losses``
    ``[player, rule]``, ``objects`` ``[object, rule]`` put into graveyards, ``tokens``
    ceasing to exist, ``counters`` annihilating, ``unattached`` ``[object, rule]``."""

    losses: Sequence[Sequence[int | str]]
    objects: Sequence[Sequence[int | str]]
    tokens: Sequence[int]
    counters: Sequence[int]
    unattached: Sequence[Sequence[int | str]]


class PlayerCountersAdded(EventRecord, event="player_counters_added"):
    """``player`` got ``count`` counters of ``kind`` (rule 122.1; poison counters, 122.1f),
    and has ``total`` of them now."""

    kind: str
    count: int
    total: int


class LossPrevented(EventRecord, event="loss_prevented"):
    """A player would have lost the game for ``reason`` but can't lose it (rule 104.3),
    such as the controller of Platinum Angel."""

    reason: str


class PlayerLost(EventRecord, event="player_lost"):
    """A player lost the game, for ``reason``; the ``rule`` says why (rules 704.5a-c for a
    state-based action, 104.3a for a concession)."""

    reason: str


class GameDrawn(EventRecord, event="game_drawn"):
    """With a limited range of influence, the game is a draw for one player, for
    ``reason``, and they leave it while the others play on (rule 801.16 for a loop of
    mandatory actions, 801.15 for an effect); ``player_left`` follows."""

    reason: str


class PlayerLeft(EventRecord, event="player_left"):
    """In a multiplayer game that goes on, a player who lost left it with the ``objects``
    they own in public zones and ``hidden_cards``, how many cards of each hidden zone
    (their ids would tell the other players which cards those were); their
    ``abilities`` on the stack ceased to exist (rule 800.4a)."""

    objects: Sequence[int]
    hidden_cards: Mapping[str, int]
    abilities: Sequence[int]


class GameInterrupted(EventRecord, event="game_interrupted"):
    """The process playing the game was interrupted (``reason``: ``KeyboardInterrupt``, a
    Ctrl-C) before the game ended; the last line of such a log, in place of
    ``game_ended``. No rule: the game did not end, it stopped being played. A replay
    compares the events before it and reports the log as incomplete."""

    reason: str
    plugin_time_ms: Mapping[str, Mapping[str, float]] | Omitted = OMITTED
    """As in ``game_ended``: the real time the third-party plugins' hooks took so far."""


class GameEnded(EventRecord, event="game_ended"):
    """The game is over; always the last line (rule 104.2a for a win, 104.4 for a draw).
    ``winners`` is empty for a draw; ``turns`` counts the turns played; ``seed`` and
    ``seed_nonce`` reveal what ``game_started`` committed to. A game a plugin
    failed in ends with no rule and the reason ``plugin_failed``, naming the ``plugin``.
    The log adds the log's ``digest`` as the line's last field (``docs/event-log.md``,
    "Integrity digest")."""

    winners: Sequence[int]
    reason: str
    turns: int
    seed: int
    """The game's seed, revealed now that it ended: it matches ``game_started``'s
    ``seed_commitment`` with ``seed_nonce``."""
    seed_nonce: str
    """The nonce of ``game_started``'s commitment to the seed, revealed with it."""
    plugin: str | Omitted = OMITTED
    """With the reason ``plugin_failed``: the plugin that failed, which ended the game."""
    message: str | Omitted = OMITTED
    """With the reason ``plugin_failed``: what went wrong, one line without file paths."""
    plugin_time_ms: Mapping[str, Mapping[str, float]] | Omitted = OMITTED
    """When a third-party plugin's hook of the game was called: the real time its hooks
    took, in milliseconds, by plugin and hook (``manaweave.lowlevel.PluginTime``). It
    differs from run to run, and a replay ignores it (``WALL_CLOCK_FIELDS``)."""
