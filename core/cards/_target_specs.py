"""Target specifications: what a spell or ability may target (CR 115), and the common ones."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final


class TargetKind(enum.Enum):
    """What a target specification admits."""

    ANY = "any"
    CREATURE = "creature"
    PLAYER = "player"
    SPELL = "spell"
    PERMANENT = "permanent"
    PLAYER_OR_PLANESWALKER = "player or planeswalker"
    TRIGGERED_ABILITY = "triggered ability"
    CARD_IN_GRAVEYARD = "card in a graveyard"


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target a spell or ability requires (CR 115.1).

    ``ANY`` is "any target": a creature, player, planeswalker or battle (CR 115.4).
    ``SPELL`` is a spell on the stack (CR 115.1, 701.6); ``PERMANENT`` a permanent with
    one of ``types`` and one of ``subtypes`` ("target Forest"); ``CARD_IN_GRAVEYARD`` a
    card in a graveyard with one of ``types`` ("target permanent card from your
    graveyard", with ``yours``: its controller's graveyard, 115.1, 400.1). ``types``, ``subtypes``
    and ``colors``, when given, require at least one of them ("target white and/or blue
    creature"); ``exclude_types`` forbids them ("noncreature"). ``CARD_IN_GRAVEYARD`` is a
    card in a graveyard with one of ``types`` ("target creature card from a graveyard"),
    in its controller's own graveyard if ``yours`` ("from your graveyard", 115.1).
    """

    kind: TargetKind
    text: str
    types: tuple[str, ...] = ()
    exclude_types: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    exclude_colors: tuple[str, ...] = ()
    """Colours it forbids ("nonblack")."""
    subtypes: tuple[str, ...] = ()
    another: bool = False
    """"Another target": not an object or player already chosen as a target of the same
    spell or ability (115.3)."""
    not_source: bool = False
    """"Another target [permanent]" in a permanent's ability: not that permanent itself."""
    opponent: bool = False
    """"Target opponent": a player other than the spell or ability's controller; for a
    permanent, "[a creature] an opponent controls"."""
    teammate: bool = False
    """"Target teammate": a player on the controller's team other than the controller
    (102.3); used by the deploy creatures option (804.2)."""
    yours: bool = False
    """"Target creature you control": a permanent its controller controls."""
    that_players: bool = False
    """"Target [permanent] that player controls" in a triggered ability: a permanent the
    player of the triggering event controls (603.2)."""
    attacking: bool = False
    """"Target attacking creature" (506.3); with ``blocking`` too, "target attacking or
    blocking creature"."""
    blocking: bool = False
    """"Target blocking creature" (506.3, 509.1g); with ``attacking`` too, "target
    attacking or blocking creature"."""
    tapped: bool = False
    """"Target tapped creature": a permanent that is tapped (110.5) when chosen and as the
    spell or ability resolves (608.2b)."""
    single_target: bool = False
    """"Target spell with a single target" (115.10)."""
    toughness_below_source_power: bool = False
    """"With toughness less than [this]'s power": compared with the power of the source of
    the ability as it is now, or as it last existed (113.7a)."""
    count: int = 1
    """How many targets this one instance of the word "target" takes ("three target
    creatures"): different ones (115.3). :data:`ANY_NUMBER` with ``minimum=0`` is "any
    number of targets"."""
    minimum: int | None = None
    """The fewest that may be chosen, if fewer than ``count``: 0 for "up to N target",
    1 for "one, two, or three targets" (601.2c, 115.6)."""

    @property
    def restricts_controller_or_combat(self) -> bool:
        """Whether "you control", "an opponent controls", "that player controls",
        "attacking", "blocking" or "tapped" narrows it."""
        return (
            self.yours
            or self.opponent
            or self.that_players
            or self.attacking
            or self.blocking
            or self.tapped
        )

    @property
    def fewest(self) -> int:
        """The fewest targets that must be chosen for it."""
        return self.count if self.minimum is None else self.minimum

    @property
    def in_zone(self) -> str:
        """The zone a chosen object must be in: ``"battlefield"``, ``"stack"`` or
        ``"graveyard"``."""
        if self.kind is TargetKind.CARD_IN_GRAVEYARD:
            return "graveyard"
        on_stack = self.kind in (TargetKind.SPELL, TargetKind.TRIGGERED_ABILITY)
        return "stack" if on_stack else "battlefield"

    def admits_player(self) -> bool:
        """Whether a player can be chosen."""
        return self.kind in (TargetKind.ANY, TargetKind.PLAYER, TargetKind.PLAYER_OR_PLANESWALKER)

    def admits_permanent(
        self,
        types: tuple[str, ...],
        subtypes: tuple[str, ...] = (),
        colors: tuple[str, ...] | None = None,
    ) -> bool:
        """Whether a permanent with these card types (and subtypes, and colours) can be
        chosen."""
        if self.colors and colors is not None and not any(c in colors for c in self.colors):
            return False
        if (
            self.exclude_colors
            and colors is not None
            and any(c in colors for c in self.exclude_colors)
        ):
            return False
        if self.exclude_types and any(t in types for t in self.exclude_types):
            return False
        if self.subtypes and not any(t in subtypes for t in self.subtypes):
            return False  # "target Knight", "target Forest"
        if self.kind is TargetKind.CREATURE:
            return "Creature" in types
        if self.kind is TargetKind.ANY:
            return "Creature" in types or "Planeswalker" in types or "Battle" in types
        if self.kind is TargetKind.PLAYER_OR_PLANESWALKER:
            return "Planeswalker" in types
        if self.kind is TargetKind.PERMANENT:
            return not self.types or any(t in types for t in self.types)
        return False

    def admits_card(self, types: tuple[str, ...]) -> bool:
        """Whether a card in a graveyard with these card types can be chosen."""
        if self.kind is not TargetKind.CARD_IN_GRAVEYARD:
            return False
        return not self.types or any(t in types for t in self.types)

    def admits_spell(self, types: tuple[str, ...], colors: tuple[str, ...]) -> bool:
        """Whether a spell with these card types and colours can be chosen."""
        if self.kind is not TargetKind.SPELL:
            return False
        if self.types and not any(t in types for t in self.types):
            return False
        if any(t in types for t in self.exclude_types):
            return False
        return not self.colors or any(c in colors for c in self.colors)


ANY_NUMBER: Final = 64
"""The ``count`` of a :class:`TargetSpec` for "any number of targets". No game offers
this many different legal targets for one spell; choosing among more raises
:class:`~manaweave.RuleNotImplementedError` rather than leaving some out."""


def target_slots(specs: Iterable[TargetSpec]) -> tuple[TargetSpec, ...]:
    """One entry per target a spell or ability may have: a spec taking N targets appears
    N times. Effects name targets by their index here."""
    return tuple(spec for spec in specs for _ in range(spec.count))


ANY_TARGET = TargetSpec(TargetKind.ANY, "any target")
"""A creature, player, planeswalker or battle (CR 115.4)."""
TARGET_CREATURE = TargetSpec(TargetKind.CREATURE, "target creature")
"""A creature on the battlefield."""
TARGET_TAPPED_CREATURE = TargetSpec(TargetKind.CREATURE, "target tapped creature", tapped=True)
"""A tapped creature on the battlefield (110.5)."""
TARGET_CREATURE_CARD_IN_YOUR_GRAVEYARD = TargetSpec(
    TargetKind.CARD_IN_GRAVEYARD,
    "target creature card from your graveyard",
    types=("Creature",),
    yours=True,
)
"""A creature card in the controller's own graveyard."""
TARGET_CREATURE_CARD_IN_A_GRAVEYARD = TargetSpec(
    TargetKind.CARD_IN_GRAVEYARD, "target creature card from a graveyard", types=("Creature",)
)
"""A creature card in any graveyard."""
TARGET_PLAYER = TargetSpec(TargetKind.PLAYER, "target player")
"""A player in the game."""
TARGET_OPPONENT = TargetSpec(TargetKind.PLAYER, "target opponent", opponent=True)
"""An opponent of the controller (CR 102.3)."""
TARGET_TEAMMATE = TargetSpec(TargetKind.PLAYER, "target teammate", teammate=True)
"""A teammate of the controller still in the game (CR 102.3)."""
TARGET_SPELL = TargetSpec(TargetKind.SPELL, "target spell")
"""A spell on the stack."""
TARGET_INSTANT_OR_SORCERY_SPELL = TargetSpec(
    TargetKind.SPELL, "target instant or sorcery spell", types=("Instant", "Sorcery")
)
"""An instant or sorcery spell on the stack."""
TARGET_PLAYER_OR_PLANESWALKER = TargetSpec(
    TargetKind.PLAYER_OR_PLANESWALKER, "target player or planeswalker"
)
"""A player or a planeswalker on the battlefield."""
