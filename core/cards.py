"""The card definition language.

A card is data: its printed characteristics and a tuple of abilities built from
reusable pieces (effects, costs, target specifications, static abilities). Card
sets are plugins that return :class:`CardSet` objects from the ``mw_card_sets``
hook; the engine looks cards up by name in the :class:`CardPool` built from them.

Example::

    LIGHTNING_BOLT = card(
        "Lightning Bolt", "{R}", "Instant",
        "Lightning Bolt deals 3 damage to any target.",
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(3),)),
    )
"""

from __future__ import annotations

import difflib
import enum
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, Final, Literal

from ._errors import RuleNotImplementedError, UnknownCardError
from ._layers import (
    Characteristics,
    ContinuousEffect,
    Duration,
    Layer,
    add_colors,
    add_types,
    change_text,
    gain_ability,
    lose_ability,
    lose_all_abilities,
    modify_pt,
    set_basic_land_type,
    set_colors,
    set_controller,
    set_creature_type,
    set_pt,
    set_pt_to_mana_value,
    switch_pt,
)
from ._mana import COLORS, ManaCost
from ._zones import Zone

if TYPE_CHECKING:
    from ._game import Game
    from ._objects import GameObject, StackItem, TargetRef
    from ._replacement import ReplacementEffect

__all__ = [
    "ANY_NUMBER",
    "ANY_TARGET",
    "COLOR_WORDS",
    "ENCHANTED",
    "FACE_DOWN",
    "NO_COST_CHANGE",
    "SELF",
    "SKIPPABLE",
    "TARGET_CREATURE",
    "TARGET_CREATURE_CARD_IN_A_GRAVEYARD",
    "TARGET_CREATURE_CARD_IN_YOUR_GRAVEYARD",
    "TARGET_INSTANT_OR_SORCERY_SPELL",
    "TARGET_OPPONENT",
    "TARGET_PLAYER",
    "TARGET_PLAYER_OR_PLANESWALKER",
    "TARGET_SPELL",
    "TARGET_TAPPED_CREATURE",
    "THAT_CREATURE",
    "THAT_MUCH",
    "THAT_PLAYER",
    "YOU",
    "Ability",
    "AbilityCostChange",
    "ActivateAbility",
    "ActivatedAbilitiesCost",
    "ActivatedAbility",
    "ActivationRestriction",
    "AddMana",
    "AllAbleBlockIt",
    "AllBecome",
    "AllPermanentsAre",
    "AlternativeCasting",
    "AlternativeCost",
    "Amount",
    "AsEntersChooseBasicLandType",
    "AsEntersChooseCardName",
    "AsEntersChooseColor",
    "AsEntersExileFromGraveyard",
    "AsTurnedFaceUp",
    "AtBeginningOf",
    "AttachSelf",
    "AttackCost",
    "AttackRequirement",
    "AttackRestriction",
    "AttacksEachCombat",
    "AttacksWithoutTapping",
    "AttacksYouThisTurnIfAble",
    "AuraTarget",
    "Becomes",
    "BlockCost",
    "BlockRequirement",
    "BlockRestriction",
    "BlocksAdditionalCreatures",
    "BlocksAnyNumber",
    "CantAttackOrBlockAlone",
    "CantAttackUnlessDefenderControls",
    "CantBeBlocked",
    "CantBeBlockedExceptBy",
    "CantBeCountered",
    "CantBeDestroyed",
    "CantBlockThisTurn",
    "CantHaveMoreThan",
    "CantLoseGame",
    "CardDefinition",
    "CardPool",
    "CardSet",
    "CastSpell",
    "CastingOption",
    "ChangeTargets",
    "ChangeText",
    "ChangesLethalDamage",
    "ChooseNewTargets",
    "ChosenNameCantActivate",
    "CombatCost",
    "CombatDamageStep",
    "Condition",
    "ControlEnchanted",
    "CopyTargetAbility",
    "CopyTargetSpell",
    "Cost",
    "CostChange",
    "CostsMorePerTargetBeyondFirst",
    "CountPermanents",
    "CounterSpell",
    "CreateDelayedTrigger",
    "CreateEmblem",
    "CreateTokens",
    "CreaturesAreColor",
    "CreaturesGet",
    "CreaturesLoseAbilitiesAndAre",
    "CreaturesYouControlAre",
    "DamageEachCreature",
    "DamageEachCreatureAndEachPlayer",
    "DamageEachCreatureOf",
    "DamageIsModified",
    "DamageResult",
    "DamageToYouDealtToEnchanted",
    "DealDamage",
    "DealDamageDividedEvenly",
    "DealDividedDamage",
    "Destroy",
    "DestroyAll",
    "DestroyAtNextEndStep",
    "DestroyObject",
    "DestroyOneAtRandom",
    "Discard",
    "DiscardAtRandom",
    "DiscardCards",
    "DoesntUntap",
    "DoesntUntapDuringNextUntapStep",
    "DrawCards",
    "EachCreatureGetsPerSharedType",
    "EachLandIsAlso",
    "EachOpponentSacrifices",
    "EachOtherPlayerCopiesThatSpell",
    "EachPlayerDiscardsAtRandom",
    "EachPlayerDraws",
    "EachPlayerLosesLife",
    "EachPlayerShufflesPermanentsAndRevealsThatMany",
    "Effect",
    "EnchantedCantAttackOrBlock",
    "EnchantedGets",
    "EnchantedGetsForEach",
    "EnchantedHas",
    "EnchantedIs",
    "EnchantedLandIsChosenType",
    "EntersAsCopy",
    "EntersTappedUnless",
    "EntersWithCounters",
    "EquippedGets",
    "EquippedHas",
    "ExcessCombatDamage",
    "Exile",
    "ExileGraveyardAndNamesakes",
    "ExileLinked",
    "ExileUntilNextEndStep",
    "ExtraTurn",
    "FlashPermission",
    "GainControl",
    "GainLife",
    "GainsUntilEndOfTurn",
    "GetsAsLongAs",
    "GetsForEachOtherCreatureNamed",
    "GraveyardExileInstead",
    "HalfLibrary",
    "HoldTapped",
    "IfActivatedThisTurnAtLeast",
    "IsAttacking",
    "IsColors",
    "IsEveryCreatureType",
    "ItsControllerRevealsUntilCreature",
    "LifeAtLeast",
    "LifeGainReplaced",
    "LookAtTopInAnyOrder",
    "LoreCountersReach",
    "LoseLessLife",
    "LoseLife",
    "LoyaltyAbility",
    "ManaAbility",
    "ManaForEachPermanent",
    "Manifest",
    "MayPutFromHandOntoBattlefield",
    "MayRevealInsteadOfDrawing",
    "MaySacrificeThen",
    "Mill",
    "Mode",
    "MoreCountersOnYourCreatures",
    "MoreTokensForYou",
    "MoveTargetCard",
    "NoMaximumHandSize",
    "NonbasicLandsAre",
    "OpponentsCantCastSpellsThisTurn",
    "OpponentsPlayWithHandsRevealed",
    "OtherEnchantmentsAreCreatures",
    "OwnTrigger",
    "PayLife",
    "PlayWithTopOfLibraryRevealed",
    "PowerToughnessEqualToCount",
    "PowerToughnessEqualToLife",
    "PreventDamageRemovingCounters",
    "PreventDamageThisTurn",
    "PreventDamageToEquipped",
    "PreventNextDamage",
    "PreventNextDamageSharingColor",
    "PreventNextFromChosenSource",
    "PreventSomeDamageToYou",
    "PreventSomeDamageToYourCreatures",
    "PumpAll",
    "PumpEitherWay",
    "PumpTarget",
    "PutCounters",
    "PutCountersOnEachCreatureYouControl",
    "PutOnTopOfOwnersLibrary",
    "PutTargetCardOntoBattlefield",
    "Recipient",
    "RedirectDamageToSelf",
    "RedirectNextDamageFromChosenSource",
    "Regenerate",
    "RegeneratesItself",
    "RemoveCountersFromThis",
    "ReplaceLibraryWithExiledCards",
    "ReplacementAbility",
    "Resolution",
    "ReturnAllCardsOfTypesFromGraveyards",
    "ReturnAllCreatureCardsFromGraveyards",
    "ReturnCardInsteadOfDrawing",
    "ReturnFromExile",
    "ReturnLinkedExiled",
    "ReturnSelfFromGraveyardToHand",
    "ReturnToOwnersHand",
    "RevealFirstDrawEachTurn",
    "RevealHandChooseDiscard",
    "RevealTopMayPlayFree",
    "RevealTopPutTypeIntoHand",
    "RevealTopPutTypeOntoBattlefield",
    "Sacrifice",
    "SacrificeAnotherElseTapAndLoseLife",
    "SacrificeSelf",
    "SacrificeThis",
    "SacrificedPower",
    "SearchLibraryOntoBattlefield",
    "SearchLibraryToHand",
    "SearchLibraryToTop",
    "SearchTheirLibraryUnlessTheyNameIt",
    "ShuffleInsteadOfDying",
    "ShuffleIntoLibraryFromAnywhere",
    "SkipNext",
    "SourceUntapped",
    "SpellAbility",
    "SpellAddition",
    "SpellCondition",
    "SpellsAsThoughFlash",
    "SpellsCost",
    "StateTrigger",
    "StaticAbility",
    "StaticCondition",
    "SummoningSicknessExemption",
    "SwitchTarget",
    "TapAllCreaturesOf",
    "TapEnchanted",
    "TapTargets",
    "TappedCreaturesTradeDamageWithTarget",
    "TargetKind",
    "TargetSpec",
    "Targeting",
    "TextChange",
    "ThatCreatureAttacksIfAble",
    "ThatMuch",
    "TheyDrawInsteadOfTarget",
    "ThisAndOthersGetAsLongAs",
    "ThoseCreaturesCantBlock",
    "TopOfYourLibraryIs",
    "Trigger",
    "TriggerEvent",
    "TriggerKind",
    "TriggeredAbility",
    "TurnsFaceUp",
    "UntapTarget",
    "WhenBecomesTarget",
    "WhenDies",
    "WhenEnchantedBecomesTarget",
    "WhenEnters",
    "WhenLeaves",
    "WhenObjectLeaves",
    "WhenThatLeaves",
    "WhenTurnedFaceUp",
    "WhenYouControlNoOther",
    "WhenYouDo",
    "WheneverAttacks",
    "WheneverBecomesBlocked",
    "WheneverBecomesBlockedByACreature",
    "WheneverBlocks",
    "WheneverBlocksACreature",
    "WheneverBlocksOrBecomesBlocked",
    "WheneverBlocksOrBecomesBlockedByACreature",
    "WheneverCast",
    "WheneverCounterRemoved",
    "WheneverDealsCombatDamageToPlayer",
    "WheneverDealsDamageToOpponent",
    "WheneverDiscards",
    "WheneverDraws",
    "WheneverOpponentsCreatureBecomesTapped",
    "WheneverPutIntoGraveyardFromBattlefield",
    "WheneverRevealedThisWay",
    "WheneverTapsForMana",
    "WheneverYouGainLife",
    "WheneverYouLoseLife",
    "WinGame",
    "WithoutPayingManaCost",
    "X",
    "XAtLeast",
    "XValue",
    "YouControlA",
    "YourPermanentsHave",
    "abilities_granted_by",
    "card",
    "chapter",
    "check_grantable",
    "divided_total",
    "intrinsic_abilities",
    "target_slots",
    "token",
]

BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""The intrinsic mana ability of each basic land type (CR 305.6)."""


# --- targets -------------------------------------------------------------------------------


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


# --- resolution and effects ----------------------------------------------------------------


@dataclass(slots=True)
class Resolution:
    """What an effect sees while its spell or ability resolves (CR 608.2).

    ``targets`` holds one entry per target: an object id, ``("player", n)``, or
    ``None`` where that target has become illegal (608.2b: it is not affected).
    """

    game: Game
    item: StackItem
    controller: int
    targets: tuple[int | tuple[str, int] | None, ...]
    event: TriggerEvent | None = None
    """For a triggered ability, the event that triggered it ("that player", 603.2)."""
    last_known: dict[int, GameObject] = field(default_factory=dict)
    """Targets as they last existed before an earlier instruction of this resolution
    moved them ("Destroy target creature. Its controller ..."), by their old id: the
    later instructions use that last known information (608.2h)."""

    def recipient(self, target: Recipient) -> TargetRef | None:
        """The object id or ``("player", n)`` an effect's ``target`` (a target index,
        ``YOU``, ``SELF``, ``THAT_PLAYER``, ``THAT_CREATURE`` or ``ENCHANTED``) means now,
        or ``None`` if there is none (an illegal target, a source that left)."""
        return _recipient(self, target)

    def amount(self, amount: int | Amount) -> int:
        """A number an effect was given, worked out now if it is an :class:`Amount`."""
        return _amount(amount, self)


class Effect:
    """One instruction of a spell or ability's effect (CR 609)."""

    text: ClassVar[str] = ""

    async def resolve(self, resolution: Resolution) -> None:
        """Carry out this instruction."""
        raise NotImplementedError


YOU: Final = "you"
"""Where an effect takes a target index: the controller of the spell or ability."""
THAT_PLAYER: Final = "that player"
"""Where an effect takes a target index: the player of the event that triggered it."""
SELF: Final = "self"
"""Where an effect takes a target index: the ability's source, if it is still the same
object on the battlefield (400.7)."""
THAT_CREATURE: Final = "that creature"
"""Where an effect takes a target index: the other creature of the block that triggered
it (the creature blocked, or the one blocking, 509.3b, 509.3d), if it is still the same
object on the battlefield (400.7)."""
ENCHANTED: Final = "enchanted"
"""Where an effect takes a target index: the permanent the ability's source (an Aura) is
attached to now ("enchanted creature", 303.4b), if the source is on the battlefield."""

Recipient = int | Literal["you", "that player", "self", "that creature", "enchanted"]
"""Whom an effect applies to: a target index, ``YOU``, ``THAT_PLAYER``, ``SELF``,
``THAT_CREATURE`` or ``ENCHANTED``."""


def _recipient(resolution: Resolution, target: Recipient) -> int | tuple[str, int] | None:
    """The object or player an effect applies to, or ``None`` if there is none now."""
    if target == YOU:
        return ("player", resolution.controller)
    if target == THAT_PLAYER:
        event = resolution.event
        if event is None or event.player is None:
            return None
        return ("player", event.player)
    if target == SELF:
        source = resolution.item.source
        obj = resolution.game.objects.get(source)
        return source if obj is not None and obj.zone.value == "battlefield" else None
    if target == THAT_CREATURE:
        other = resolution.event.other if resolution.event is not None else None
        obj = resolution.game.objects.get(other.id) if other is not None else None
        return obj.id if obj is not None and obj.zone.value == "battlefield" else None
    if target == ENCHANTED:
        aura = resolution.game.objects.get(resolution.item.source)
        if aura is None or aura.zone.value != "battlefield" or aura.attached_to is None:
            return None
        return aura.attached_to
    return resolution.targets[int(target)]


@dataclass(frozen=True, slots=True)
class DealDamage(Effect):
    """Deal N damage to the target at index ``target``, or another :data:`Recipient` (120)."""

    amount: int | Amount
    target: Recipient = 0
    unpreventable_if: SpellCondition | None = None
    """"The damage can't be prevented" (with a condition), CR 615.12."""

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if recipient is not None:
            amount = _amount(self.amount, resolution)
            condition = self.unpreventable_if
            preventable = condition is None or not condition.holds(resolution.item)
            await resolution.game.deal_damage(
                resolution.item.source_snapshot, recipient, amount, preventable=preventable
            )


@dataclass(frozen=True, slots=True)
class DealDividedDamage(Effect):
    """Deal ``total`` damage divided as its controller chose among its targets as it was
    cast (601.2d); damage divided to a target that has become illegal is not dealt
    (608.2b)."""

    total: int

    async def resolve(self, resolution: Resolution) -> None:
        division = resolution.item.division
        source = resolution.item.source_snapshot
        await resolution.game.deal_damage_simultaneously(
            [
                (source, target, amount)
                for target, amount in zip(resolution.targets, division, strict=False)
                if target is not None and amount > 0
            ]
        )


@dataclass(frozen=True, slots=True)
class DealDamageDividedEvenly(Effect):
    """Deal N damage "divided evenly, rounded down, among any number of targets": the
    division is made as it resolves, among the targets still legal then (608.2b)."""

    amount: int | Amount

    async def resolve(self, resolution: Resolution) -> None:
        legal = [t for t in resolution.targets if t is not None]
        if not legal:
            return
        each = _amount(self.amount, resolution) // len(legal)
        if each <= 0:
            return
        source = resolution.item.source_snapshot
        await resolution.game.deal_damage_simultaneously([(source, t, each) for t in legal])


@dataclass(frozen=True, slots=True)
class TapTargets(Effect):
    """Tap each of the targets at these indices (701.26a)."""

    targets: tuple[int, ...]

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for index in self.targets:
            target = resolution.targets[index]
            if isinstance(target, int) and not game.objects[target].tapped:
                await game.tap(game.objects[target], rule="701.26a")


@dataclass(frozen=True, slots=True)
class UntapTarget(Effect):
    """ "Untap [target permanent / that creature]" (701.26b): the target at index
    ``target``, or another :data:`Recipient`."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            permanent = resolution.game.objects[chosen]
            if permanent.tapped:
                await resolution.game.untap(permanent, rule="701.26b")


@dataclass(frozen=True, slots=True)
class TappedCreaturesTradeDamageWithTarget(Effect):
    """ "Tap all untapped [subtype] creatures you control. Each [one] tapped this way deals
    damage equal to its power to target creature. That creature deals damage equal to its
    power divided as its controller chooses among any number of those [creatures]"
    (CR 701.26a, 120.3, 608.2d): the target at index ``target``, in the order written."""

    subtype: str
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import DamageSplits, DecisionKind

        chosen = _recipient(resolution, self.target)
        if not isinstance(chosen, int):
            return
        game = resolution.game
        tapped: list[GameObject] = []
        for creature in game.creatures(resolution.controller):
            if creature.tapped or self.subtype not in game.characteristics(creature).subtypes:
                continue
            if await game.tap(creature, rule="701.26a"):
                tapped.append(creature)
        for creature in tapped:
            if creature.zone is Zone.BATTLEFIELD:
                power = game.characteristics(creature).power or 0
                await game.deal_damage(creature, chosen, power)
        target = game.objects.get(chosen)
        recipients = tuple(c.id for c in tapped if c.zone is Zone.BATTLEFIELD)
        if target is None or target.zone is not Zone.BATTLEFIELD or not recipients:
            return
        power = game.characteristics(target).power or 0
        if power <= 0:
            return
        if len(recipients) == 1:
            await game.deal_damage(target, recipients[0], power)
            return
        splits = DamageSplits(power, recipients)
        decision = game.decision(
            DecisionKind.DIVISION,
            target.controller,
            splits,
            f"divide {power} damage from {target.name} among the tapped {self.subtype}s",
            rule="608.2d",
        )
        choice = await game.ask(decision)
        split = splits[choice.indices[0]]
        await game.deal_damage_simultaneously(
            [(target, r, a) for r, a in zip(split.recipients, split.amounts, strict=True)]
        )


@dataclass(frozen=True, slots=True)
class CantBlockThisTurn(Effect):
    """ "[Up to three] target creatures can't block this turn" (CR 509.1b, 611.2a): a
    restriction on the targets still legal as it resolves (608.2b), locked in (611.2c),
    until end of turn (514.2). It is not an ability of those creatures."""

    async def resolve(self, resolution: Resolution) -> None:
        chosen = [t for t in resolution.targets if isinstance(t, int)]
        if not chosen:
            return
        game = resolution.game
        names = ", ".join(game.objects[c].name for c in chosen)
        restriction = ThoseCreaturesCantBlock(frozenset(chosen), f"{names} can't block this turn")
        game.add_combat_rule_effect(resolution.item.source_snapshot, restriction, chosen)


@dataclass(frozen=True, slots=True)
class TapAllCreaturesOf(Effect):
    """ "Tap all creatures target player controls" (701.26a); with ``hold``, "Those
    creatures don't untap during that player's next untap step" (502.3)."""

    target: int = 0
    hold: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        recipient = resolution.targets[self.target]
        if not isinstance(recipient, tuple):
            return
        for creature in game.creatures(recipient[1]):
            if not creature.tapped:
                await game.tap(creature, rule="701.26a")
            if self.hold:
                creature.untap_skips += 1


@dataclass(frozen=True, slots=True)
class HoldTapped(Effect):
    """ "Those creatures don't untap during their controller's next untap step" (502.3),
    for the targets at these indices."""

    targets: tuple[int, ...]

    async def resolve(self, resolution: Resolution) -> None:
        for index in self.targets:
            target = resolution.targets[index]
            if isinstance(target, int):
                resolution.game.objects[target].untap_skips += 1


@dataclass(frozen=True, slots=True)
class DoesntUntapDuringNextUntapStep(Effect):
    """ "[That creature] doesn't untap during its controller's next untap step" (502.3),
    for one :data:`Recipient`, such as :data:`THAT_CREATURE` of a block trigger."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            resolution.game.objects[chosen].untap_skips += 1


@dataclass(frozen=True, slots=True)
class TapEnchanted(Effect):
    """ "Tap enchanted creature": the permanent this ability's source is attached to."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        source = game.objects.get(resolution.item.source)
        if source is None or source.attached_to is None:
            return
        enchanted = game.objects.get(source.attached_to)
        if enchanted is not None and enchanted.zone is Zone.BATTLEFIELD and not enchanted.tapped:
            await game.tap(enchanted, rule="701.26a")


@dataclass(frozen=True, slots=True)
class LoseLife(Effect):
    """The player at index ``target``, or another :data:`Recipient`, loses N life (119.3)."""

    amount: int | Amount
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if isinstance(recipient, tuple):
            await resolution.game.lose_life(recipient[1], _amount(self.amount, resolution))


@dataclass(frozen=True, slots=True)
class EachPlayerLosesLife(Effect):
    """Each player loses N life (CR 119.3), in APNAP order (101.4): the state-based actions
    that follow see all of the losses at once (704.3)."""

    amount: int

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for player in game.turn_order_from(game.active_player):
            await game.lose_life(player, self.amount)


@dataclass(frozen=True, slots=True)
class DrawCards(Effect):
    """A player draws N cards: ``YOU`` (the controller), ``THAT_PLAYER``, or the target
    player at an index (CR 121)."""

    count: int | Amount
    player: Recipient = "you"

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            await resolution.game.draw(recipient[1], _amount(self.count, resolution))


@dataclass(frozen=True, slots=True)
class EachPlayerDraws(Effect):
    """Each player draws N cards, in APNAP order (CR 101.4, 121)."""

    count: int

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for player in game.turn_order_from(game.active_player):
            await game.draw(player, self.count)


@dataclass(frozen=True, slots=True)
class Mill(Effect):
    """A player mills N cards: puts them from the top of their library into their
    graveyard, as many as there are (CR 701.17a-b)."""

    count: int | Amount
    player: Recipient = "you"

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            await resolution.game.mill(recipient[1], _amount(self.count, resolution))


@dataclass(frozen=True, slots=True)
class ReturnToOwnersHand(Effect):
    """ "Return [target permanent] to its owner's hand" (CR 400.3, 400.7): the permanent
    at target index ``target``, or ``SELF``, if it is still on the battlefield."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            permanent = game.objects.get(chosen)
            if permanent is not None and permanent.zone is Zone.BATTLEFIELD:
                await game.move(permanent, Zone.HAND, rule="400.3")


@dataclass(frozen=True, slots=True)
class DamageEachCreatureOf(Effect):
    """Deal N damage to each creature controlled by the target player at index
    ``target``, or by the controller of the target planeswalker there ("each creature
    that player or that planeswalker's controller controls")."""

    amount: int
    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        recipient = resolution.targets[self.target]
        if recipient is None:
            return
        source = resolution.item.source_snapshot
        await game.deal_damage_simultaneously(
            [(source, c.id, self.amount) for c in game.creatures(game.player_of(recipient))]
        )


@dataclass(frozen=True, slots=True)
class GainLife(Effect):
    """``YOU`` (the controller) or ``THAT_PLAYER`` gains N life (CR 119.3)."""

    amount: int | Amount
    player: Literal["you", "that player"] = "you"

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        amount = _amount(self.amount, resolution)
        if isinstance(recipient, tuple) and amount > 0:
            await resolution.game.gain_life(recipient[1], amount)


def _lock_on(
    resolution: Resolution,
    target: Recipient,
    layer: Layer,
    modify: Callable[[Characteristics], None],
    description: str,
    duration: Duration,
) -> None:
    """Start a resolving spell's or ability's continuous effect on one object, locked in
    as it begins (CR 611.2c)."""
    chosen = _recipient(resolution, target)
    if isinstance(chosen, int):
        game = resolution.game
        game.add_continuous_effect(
            ContinuousEffect(
                layer=layer,
                timestamp=game.next_timestamp(),
                source=resolution.item.id,
                affected=frozenset((chosen,)),
                modify=modify,
                duration=duration,
                description=description,
                controller=resolution.controller,
            )
        )


@dataclass(frozen=True, slots=True)
class PumpTarget(Effect):
    """A creature gets +P/+T (or -P/-T) until end of turn, or ``until_your_next_turn``
    (CR 611.2, 613.4c): the target at index ``target``, or ``SELF``."""

    power: int
    toughness: int
    target: Recipient = 0
    until_your_next_turn: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        _lock_on(
            resolution,
            self.target,
            Layer.PT_MODIFYING,
            modify_pt(self.power, self.toughness),
            f"{self.power:+d}/{self.toughness:+d} until "
            + ("your next turn" if self.until_your_next_turn else "end of turn"),
            Duration.UNTIL_YOUR_NEXT_TURN if self.until_your_next_turn else Duration.END_OF_TURN,
        )


class Amount:
    """A number an effect works out as it resolves ("for each Forest you control")."""

    def value(self, resolution: Resolution) -> int:
        """The number now."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class CountPermanents(Amount):
    """The number of permanents ``controller`` ("you" or "any") controls that have all the
    given card type and subtype."""

    card_type: str | None = None
    subtype: str | None = None
    controller: Literal["you", "any"] = "you"

    def value(self, resolution: Resolution) -> int:
        game = resolution.game
        count = 0
        for permanent in game.battlefield:
            if self.controller == "you" and permanent.controller != resolution.controller:
                continue
            chars = game.characteristics(permanent)
            if self.card_type is not None and self.card_type not in chars.types:
                continue
            if self.subtype is not None and self.subtype not in chars.subtypes:
                continue
            count += 1
        return count


@dataclass(frozen=True, slots=True)
class XValue(Amount):
    """The value of X chosen as the spell was cast (CR 107.3a)."""

    def value(self, resolution: Resolution) -> int:
        return resolution.item.x


X: Final = XValue()
"""The value of X, for effects that take an amount."""


@dataclass(frozen=True, slots=True)
class HalfLibrary(Amount):
    """ "Half their library, rounded down" (CR 107.1a): of the player at target index
    ``player``, or ``YOU``, counted as the effect resolves."""

    player: Recipient = 0

    def value(self, resolution: Resolution) -> int:
        recipient = _recipient(resolution, self.player)
        if not isinstance(recipient, tuple):
            return 0
        return len(resolution.game.players[recipient[1]].library) // 2


@dataclass(frozen=True, slots=True)
class SacrificedPower(Amount):
    """The total power of the permanents sacrificed to pay for the spell or ability, as
    they last existed on the battlefield ("the sacrificed creature's power", 608.2h)."""

    def value(self, resolution: Resolution) -> int:
        return sum(max(0, chars.power or 0) for chars in resolution.item.sacrificed)


@dataclass(frozen=True, slots=True)
class ThatMuch(Amount):
    """ "That much": the amount of the event that triggered the ability (life gained,
    damage dealt, 603.2), 0 for anything else."""

    def value(self, resolution: Resolution) -> int:
        event = resolution.event
        return 0 if event is None else event.amount


THAT_MUCH: Final = ThatMuch()
"""The amount of the triggering event, for effects that take an amount."""


def _amount(amount: int | Amount, resolution: Resolution) -> int:
    return amount if isinstance(amount, int) else amount.value(resolution)


def token(
    subtypes: str,
    colors: str,
    types: str = "Creature",
    *,
    pt: tuple[int, int] | None = None,
    name: str | None = None,
    abilities: tuple[Ability, ...] = (),
    text: str = "",
) -> CardDefinition:
    """The characteristics of a token (CR 111.3-111.4): ``token("Insect", "G", pt=(1, 1))``
    is a 1/1 green Insect creature token named "Insect Token". A token that "has
    [ability]" gets ``abilities``, and their wording as its ``text`` (111.4)."""
    subtype_list = tuple(subtypes.split())
    return CardDefinition(
        name=name or f"{subtypes} Token",
        mana_cost=None,
        types=tuple(types.split()),
        subtypes=subtype_list,
        text=text,
        power=pt[0] if pt else None,
        toughness=pt[1] if pt else None,
        abilities=abilities,
        colors=tuple(c for c in COLORS if c in colors),
    )


@dataclass(frozen=True, slots=True)
class CreateTokens(Effect):
    """The controller creates ``count`` tokens with ``token``'s characteristics (111.1),
    ``tapped``, and, if ``attacking`` ("that's tapped and attacking") or ``blocking``,
    put onto the battlefield attacking or blocking (508.4, 509.4)."""

    token: CardDefinition
    count: int | Amount = 1
    tapped: bool = False
    attacking: bool = False
    blocking: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        tokens = await game.create_tokens(
            self.token, resolution.controller, _amount(self.count, resolution), tapped=self.tapped
        )
        await _into_combat(game, tokens, attacking=self.attacking, blocking=self.blocking)


async def _into_combat(
    game: Game, permanents: Sequence[GameObject], *, attacking: bool, blocking: bool
) -> None:
    """Permanents just put onto the battlefield attacking or blocking become attacking
    or blocking creatures where they can (508.4, 509.4, 506.3)."""
    if not (attacking or blocking):
        return
    from ._combat import put_into_combat_attacking, put_into_combat_blocking

    for permanent in permanents:
        if attacking:
            await put_into_combat_attacking(game, permanent)
        else:
            await put_into_combat_blocking(game, permanent)


@dataclass(frozen=True, slots=True)
class PutCounters(Effect):
    """Put ``count`` counters of ``kind`` ("+1/+1", "-1/-1", ...) on a permanent: the target
    at index ``target``, or ``SELF`` (CR 122.1, 122.6)."""

    kind: str
    count: int | Amount = 1
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            await game.put_counters(
                game.objects[chosen], self.kind, _amount(self.count, resolution), rule="122.6"
            )


@dataclass(frozen=True, slots=True)
class PutCountersOnEachCreatureYouControl(Effect):
    """ "Put a [kind] counter on each creature you control", all at once (CR 122.6), and
    with ``then_gains``, "Those creatures gain [ability] until end of turn": the creatures
    the counters were put on, as the effect began (611.2c)."""

    kind: str
    count: int = 1
    then_gains: Ability | None = None

    def __post_init__(self) -> None:
        if self.then_gains is not None:
            check_grantable(self.then_gains)

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        creatures = game.creatures(resolution.controller)
        async with game.simultaneously():
            for creature in creatures:
                await game.put_counters(creature, self.kind, self.count, rule="122.6")
        ability = self.then_gains
        if ability is None or not creatures:
            return
        game.add_continuous_effect(
            ContinuousEffect(
                layer=Layer.ABILITY,
                timestamp=game.next_timestamp(),
                source=resolution.item.id,
                affected=frozenset(c.id for c in creatures),
                modify=gain_ability(ability),
                duration=Duration.END_OF_TURN,
                description=f'gains "{getattr(ability, "text", "")}"',
                granted=(ability,),
            )
        )


@dataclass(frozen=True, slots=True)
class DiscardAtRandom(Effect):
    """The player at index ``target`` discards N cards at random (CR 701.9b)."""

    count: int | Amount
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if isinstance(recipient, tuple):
            game = resolution.game
            hand = game.players[recipient[1]].hand
            count = min(_amount(self.count, resolution), len(hand))
            for card_obj in game.rng.sample(list(hand), count):
                await game.discard(card_obj, rule="701.9b")


@dataclass(frozen=True, slots=True)
class EachPlayerDiscardsAtRandom(Effect):
    """ "Each player discards N cards at random" (CR 701.9b), in APNAP order (101.4)."""

    count: int | Amount

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        count = _amount(self.count, resolution)
        for player in game.turn_order_from(game.active_player):
            hand = game.players[player].hand
            for card_obj in game.rng.sample(list(hand), min(count, len(hand))):
                await game.discard(card_obj, rule="701.9b")


@dataclass(frozen=True, slots=True)
class EachOpponentSacrifices(Effect):
    """ "Each opponent sacrifices a [type]" (CR 701.21a): each opponent of the controller
    chooses one permanent of theirs with one of ``types``, in APNAP order, knowing the
    choices made before (101.4); then all of them are sacrificed at the same time."""

    types: tuple[str, ...]
    what: str
    """What is sacrificed, as the text says it: "a land"."""

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind

        game = resolution.game
        chosen: list[GameObject] = []
        for player in game.turn_order_from(game.active_player):
            if player not in game.opponents(resolution.controller):
                continue
            candidates = [
                p
                for p in game.battlefield
                if p.controller == player
                and any(t in game.characteristics(p).types for t in self.types)
            ]
            if len(candidates) <= 1:
                chosen.extend(candidates)
                continue
            options = [
                CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in candidates
            ]
            decision = game.decision(
                DecisionKind.SACRIFICE,
                player,
                options,
                f"sacrifice {self.what} for {resolution.item.name}",
                min=1,
                max=1,
                rule="701.21a",
            )
            choice = await game.ask(decision)
            chosen.extend(game.objects[options[i].object] for i in choice.indices)
        async with game.simultaneously():
            for permanent in chosen:
                await game.move(permanent, Zone.GRAVEYARD, rule="701.21a", event="sacrificed")


@dataclass(frozen=True, slots=True)
class Discard(Effect):
    """The player at index ``target`` discards N cards of their choice (CR 701.9a-b)."""

    count: int = 1
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if isinstance(recipient, tuple):
            await resolution.game.discard_chosen(
                recipient[1], self.count, prompt=f"discard {self.count} card(s)", rule="701.9b"
            )


@dataclass(frozen=True, slots=True)
class RevealHandChooseDiscard(Effect):
    """ "Target [player] reveals their hand. You choose a [non-type] card from it. That
    player discards that card" (CR 701.20a, 701.9b): the controller of the spell or ability
    chooses among the revealed cards that have none of ``exclude_types``; with none such,
    nothing is discarded."""

    exclude_types: tuple[str, ...] = ()
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind

        recipient = _recipient(resolution, self.target)
        if not isinstance(recipient, tuple):
            return
        game, player = resolution.game, recipient[1]
        hand = game.players[player].hand
        game.emit("cards_revealed", rule="701.20a", player=player, cards=[c.name for c in hand])
        allowed = [c for c in hand if not any(t in c.card.types for t in self.exclude_types)]
        if not allowed:
            return
        options = [CardOption(c.id, c.name) for c in allowed]
        decision = game.decision(
            DecisionKind.DISCARD,
            resolution.controller,
            options,
            f"choose a card for player {player} to discard",
            rule="701.9b",
        )
        choice = await game.ask(decision)
        await game.discard(game.objects[options[choice.indices[0]].object], rule="701.9b")


@dataclass(frozen=True, slots=True)
class SearchLibraryToTop(Effect):
    """The text "Search your library for a card, then shuffle and put that card on top"
    (CR 701.23a, 701.24a): the card never leaves the library."""

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind

        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        found: GameObject | None = None
        if library:
            # Any card: with no stated quality, one must be found (701.23b).
            cards = sorted(library, key=lambda c: (c.name, c.id))
            options = [CardOption(c.id, c.name) for c in cards]
            decision = game.decision(
                DecisionKind.SEARCH, player, options, "search your library for a card"
            )
            choice = await game.ask(decision)
            found = cards[choice.indices[0]]
            game.emit(
                "library_searched",
                rule="701.23a",
                player=player,
                visibility=[player],
                object=found.id,
                card=found.name,
            )
            library.remove(found)
        game.shuffle(player)
        if found is not None:
            library.append(found)  # the last card of the list is the top one
            game.library_changed(player)


@dataclass(frozen=True, slots=True)
class LookAtTopInAnyOrder(Effect):
    """ "Look at the top N cards of your library, then put them back in any order"
    (CR 401.4), and with ``may_shuffle`` "You may shuffle" (701.24a): the cards are seen
    by their owner only, so the order chosen is logged for them alone."""

    count: int
    may_shuffle: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind, Named

        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        looked = list(reversed(library[-self.count :])) if self.count > 0 else []
        if len(looked) > 1:
            options = [CardOption(c.id, c.name) for c in looked]
            decision = game.decision(
                DecisionKind.TOP,
                player,
                options,
                f"put the top {len(looked)} cards of your library back, the first named on top",
                min=len(looked),
                max=len(looked),
                ordered=True,
            )
            choice = await game.ask(decision)
            ordered = [looked[i] for i in choice.indices]
            del library[-len(looked) :]
            library.extend(reversed(ordered))  # the last card of the list is the top one
            game.library_changed(player, reordered=True)
        if self.may_shuffle:
            answers = [Named("yes"), Named("no")]
            decision = game.decision(
                DecisionKind.MAY, player, answers, "you may shuffle your library", rule="701.24a"
            )
            choice = await game.ask(decision)
            if answers[choice.indices[0]].word == "yes":
                game.shuffle(player)


@dataclass(frozen=True, slots=True)
class SearchTheirLibraryUnlessTheyNameIt(Effect):
    """ "Search that player's library for a card, then that player chooses a card name.
    If you searched for a creature card that doesn't have that name, you may put it onto
    the battlefield under your control. Then that player shuffles" (CR 701.23a, 701.24a).
    With no stated quality, a card must be found if there is one (701.23b); only the
    searcher sees it. The names offered are those of every card the engine knows: naming
    any other card would work like naming one of those that the found card doesn't have."""

    player: Recipient = "that player"

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind, Named

        recipient = _recipient(resolution, self.player)
        if not isinstance(recipient, tuple):
            return
        game, searcher, owner = resolution.game, resolution.controller, recipient[1]
        library = game.players[owner].library
        found: GameObject | None = None
        if library:
            cards = sorted(library, key=lambda c: (c.name, c.id))
            options = [CardOption(c.id, c.name) for c in cards]
            decision = game.decision(
                DecisionKind.SEARCH,
                searcher,
                options,
                f"search {game.players[owner].name}'s library for a card",
            )
            choice = await game.ask(decision)
            found = cards[choice.indices[0]]
            game.emit(
                "library_searched",
                rule="701.23a",
                player=searcher,
                visibility=[searcher],
                object=found.id,
                card=found.name,
            )
        names = sorted(game.host.cards)
        named_options = [Named(n) for n in names]
        decision = game.decision(
            DecisionKind.CHOICE, owner, named_options, "choose a card name", rule="608.2d"
        )
        named = names[(await game.ask(decision)).indices[0]]
        if found is not None and "Creature" in found.card.types and found.name != named:
            answers = [Named("yes"), Named("no")]
            decision = game.decision(
                DecisionKind.MAY,
                searcher,
                answers,
                f"you may put {found.name} onto the battlefield under your control",
                rule="608.2d",
            )
            if answers[(await game.ask(decision)).indices[0]].word == "yes":
                await game.move(
                    found,
                    Zone.BATTLEFIELD,
                    rule="701.23a",
                    controller=searcher,
                    event="permanent_entered",
                )
        game.shuffle(owner)


@dataclass(frozen=True, slots=True)
class RevealTopMayPlayFree(Effect):
    """ "Reveal the top card of your library. You may play that card without paying its
    mana cost. If you don't, exile it" (CR 701.20a, 118.9, 608.2g): a spell is cast
    during the resolution, ignoring timing, and put on the stack above what is
    resolving; a land is played only during its controller's turn with a land play left
    (305.2a-b, 305.3), and counts as their land play."""

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import DecisionKind, Named
        from ._priority import cast_spell

        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        if not library:
            return
        top = library[-1]
        game.emit("cards_revealed", rule="701.20a", player=player, cards=[top.name])
        card = top.card
        # A land can't be played outside its controller's turn or beyond their land plays
        # (305.2b, 305.3); every other card may be cast (608.2g).
        playable = not card.is_land or (
            player == game.active_player and game.players[player].lands_played < 1
        )
        if playable:
            answers = [Named("yes"), Named("no")]
            decision = game.decision(
                DecisionKind.MAY,
                player,
                answers,
                f"you may play {top.name} without paying its mana cost",
                rule="608.2g",
            )
            if answers[(await game.ask(decision)).indices[0]].word == "yes":
                if card.is_land:
                    game.players[player].lands_played += 1
                    await game.move(
                        top,
                        Zone.BATTLEFIELD,
                        rule="305.2a",
                        controller=player,
                        event="land_played",
                    )
                else:
                    await cast_spell(game, player, top, WithoutPayingManaCost())
        if top.id in game.objects and top.zone is Zone.LIBRARY:
            # Not played (declined, or it couldn't be cast): exiled.
            await game.move(top, Zone.EXILE, rule="406.2")


@dataclass(frozen=True, slots=True)
class SearchLibraryOntoBattlefield(Effect):
    """ "Search your library for a [basic] [type] card, put it onto the battlefield
    [tapped], then shuffle" (CR 701.23a): a card with a stated quality need not be found
    (701.23b)."""

    card_type: str = "Creature"
    basic: bool = False
    """Only a card with the supertype basic (205.4a): "a basic land card"."""
    tapped: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind, Named

        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        cards = sorted(
            (
                c
                for c in library
                if self.card_type in c.card.types
                and (not self.basic or "Basic" in c.card.supertypes)
            ),
            key=lambda c: (c.name, c.id),
        )
        options: list[CardOption | Named] = [CardOption(c.id, c.name) for c in cards]
        options.append(Named("find nothing"))
        quality = ("basic " if self.basic else "") + self.card_type.lower()
        decision = game.decision(
            DecisionKind.SEARCH,
            player,
            options,
            f"search your library for a {quality} card",
        )
        choice = await game.ask(decision)
        picked = options[choice.indices[0]]
        if isinstance(picked, CardOption):
            found = game.objects[picked.object]
            game.emit(
                "library_searched",
                rule="701.23a",
                player=player,
                visibility=[player],
                object=found.id,
                card=found.name,
            )
            await game.move(
                found,
                Zone.BATTLEFIELD,
                rule="701.23a",
                controller=player,
                tapped=self.tapped,
                event="permanent_entered",
            )
        game.shuffle(player)


@dataclass(frozen=True, slots=True)
class SearchLibraryToHand(Effect):
    """ "Search your library for a [subtype] card, reveal it, put it into your hand, then
    shuffle" (CR 701.23a, 701.20a), or for a ``basic`` card of ``card_type`` ("a basic
    land card", 205.4a): a card with a stated quality need not be found (701.23b). With
    none of ``subtype``, ``card_type`` and ``basic`` it is "search your library for a
    card, put that card into your hand, then shuffle": one must be found if there is one
    (701.23d), and it is not revealed (701.23e)."""

    subtype: str | None = None
    card_type: str = ""
    basic: bool = False

    @property
    def _any_card(self) -> bool:
        """Whether it is "search your library for a card", with no stated quality."""
        return self.subtype is None and not self.card_type and not self.basic

    def _wanted(self, card: CardDefinition) -> bool:
        return (
            (self.subtype is None or self.subtype in card.subtypes)
            and (not self.card_type or self.card_type in card.types)
            and (not self.basic or "Basic" in card.supertypes)
        )

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind, Named

        game, player = resolution.game, resolution.controller
        cards = sorted(
            (c for c in game.players[player].library if self._wanted(c.card)),
            key=lambda c: (c.name, c.id),
        )
        options: list[CardOption | Named] = [CardOption(c.id, c.name) for c in cards]
        if not self._any_card or not cards:
            options.append(Named("find nothing"))
        quality = " ".join(
            w
            for w in ("basic" if self.basic else "", self.subtype or "", self.card_type.lower())
            if w
        )
        described = f"a {quality} card" if quality else "a card"
        decision = game.decision(
            DecisionKind.SEARCH, player, options, f"search your library for {described}"
        )
        choice = await game.ask(decision)
        picked = options[choice.indices[0]]
        if isinstance(picked, CardOption):
            found = game.objects[picked.object]
            if self._any_card:
                game.emit(
                    "library_searched",
                    rule="701.23a",
                    player=player,
                    visibility=[player],
                    object=found.id,
                    card=found.name,
                )
            else:
                game.emit("cards_revealed", rule="701.20a", player=player, cards=[found.name])
            await game.move(found, Zone.HAND, rule="701.23a")
        game.shuffle(player)


@dataclass(frozen=True, slots=True)
class PumpEitherWay(Effect):
    """ "Target creature gets +X/+X or -X/-X until end of turn" (CR 608.2d): the controller
    chooses the sign as it resolves."""

    amount: int | Amount
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import DecisionKind, Named

        x = _amount(self.amount, resolution)
        options = [Named(f"+{x}/+{x}"), Named(f"-{x}/-{x}")]
        decision = resolution.game.decision(
            DecisionKind.CHOICE, resolution.controller, options, "+X/+X or -X/-X"
        )
        choice = await resolution.game.ask(decision)
        sign = 1 if choice.indices[0] == 0 else -1
        _lock_on(
            resolution,
            self.target,
            Layer.PT_MODIFYING,
            modify_pt(sign * x, sign * x),
            f"{sign * x:+d}/{sign * x:+d} until end of turn",
            Duration.END_OF_TURN,
        )


@dataclass(frozen=True, slots=True)
class RevealTopPutTypeIntoHand(Effect):
    """ "Reveal the top N cards of your library. Put all [type] cards revealed this way into
    your hand and the rest on the bottom of your library in any order" (CR 701.20a)."""

    count: int = 5
    card_type: str = "Creature"

    async def resolve(self, resolution: Resolution) -> None:

        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        revealed = list(reversed(library[-self.count :]))
        game.emit("cards_revealed", rule="701.20a", player=player, cards=[c.name for c in revealed])
        for card in revealed:
            if self.card_type in card.card.types:
                await game.move(card, Zone.HAND, rule="701.20a")
        await game.put_on_bottom(
            player, [c for c in revealed if self.card_type not in c.card.types]
        )


@dataclass(frozen=True, slots=True)
class RevealTopPutTypeOntoBattlefield(Effect):
    """ "Reveal the top card of your library. If it's a [type] card, put it onto the
    battlefield. Otherwise, you may put that card on the bottom of your library"
    (CR 701.20a, 608.2c): a card of another type stays on top unless its owner chooses."""

    card_type: str = "Creature"

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import DecisionKind, Named

        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        if not library:
            return
        top = library[-1]  # the last card of the list is the top one
        game.emit("cards_revealed", rule="701.20a", player=player, cards=[top.name])
        if self.card_type in top.card.types:
            await game.move(
                top, Zone.BATTLEFIELD, rule="701.20a", controller=player, event="permanent_entered"
            )
            return
        options = [Named("yes"), Named("no")]
        decision = game.decision(
            DecisionKind.MAY,
            player,
            options,
            f"you may put {top.name} on the bottom of your library",
            rule="608.2c",
        )
        choice = await game.ask(decision)
        if options[choice.indices[0]].word == "yes":
            await game.put_on_bottom(player, [top])


@dataclass(frozen=True, slots=True)
class MayPutFromHandOntoBattlefield(Effect):
    """ "You may put a [colour] [type] card from your hand onto the battlefield [tapped
    and attacking]" (508.4)."""

    card_type: str = "Creature"
    color: str | None = None
    tapped: bool = False
    attacking: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind, Named

        game, player = resolution.game, resolution.controller
        cards = [
            c
            for c in game.players[player].hand
            if self.card_type in c.card.types
            and (self.color is None or self.color in c.card.colors)
        ]
        options: list[CardOption | Named] = [Named("no")]
        options.extend(CardOption(c.id, c.name) for c in cards)
        decision = game.decision(
            DecisionKind.CARD,
            player,
            options,
            "you may put a card from your hand onto the battlefield",
        )
        choice = await game.ask(decision)
        picked = options[choice.indices[0]]
        if isinstance(picked, CardOption):
            entered = await game.move(
                game.objects[picked.object],
                Zone.BATTLEFIELD,
                rule="610.3",
                controller=player,
                tapped=self.tapped,
                event="permanent_entered",
            )
            if entered.zone is Zone.BATTLEFIELD:
                await _into_combat(game, (entered,), attacking=self.attacking, blocking=False)


@dataclass(frozen=True, slots=True)
class Manifest(Effect):
    """ "Manifest the top card of your library" (CR 701.40a): it enters the battlefield
    face down as a 2/2 creature; a creature card can be turned face up for its mana cost
    (701.40b)."""

    async def resolve(self, resolution: Resolution) -> None:
        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        if library:
            await game.manifest(library[-1], player)


@dataclass(frozen=True, slots=True)
class CreateEmblem(Effect):
    """ "You get an emblem with [abilities]" (CR 114.1)."""

    abilities: tuple[Ability, ...]
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        resolution.game.create_emblem(
            resolution.controller,
            self.abilities,
            text=self.wording,
            source=resolution.item.source,
        )


@dataclass(frozen=True, slots=True)
class ReturnAllCreatureCardsFromGraveyards(Effect):
    """The text "Put all creature cards from all graveyards onto the battlefield under
    your control": all at once (CR 603.6a, 110.2)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        cards = [c for state in game.players for c in state.graveyard if "Creature" in c.card.types]
        async with game.simultaneously(entering=cards):
            for card_obj in cards:
                if card_obj.zone is Zone.GRAVEYARD:
                    await game.move(
                        card_obj,
                        Zone.BATTLEFIELD,
                        rule="110.2",
                        controller=resolution.controller,
                        event="permanent_entered",
                    )


@dataclass(frozen=True, slots=True)
class ReturnAllCardsOfTypesFromGraveyards(Effect):
    """The text "Return all [type] and [type] cards from all graveyards to the battlefield
    under their owners' control": all at once (CR 603.6a, 110.2). An Aura among them is
    not cast, so as it enters its owner chooses what it will enchant among the permanents
    already on the battlefield, not one entering with it (303.4f), and with nothing it
    could enchant it stays in its graveyard (303.4g): :meth:`Game.move` sees to both.
    Owners choose in turn order (101.4)."""

    card_types: tuple[str, ...]

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        cards = [
            c
            for player in game.turn_order_from(game.active_player)
            for c in game.players[player].graveyard
            if any(t in c.card.types for t in self.card_types)
        ]
        async with game.simultaneously(entering=cards):
            for card_obj in cards:
                if card_obj.zone is Zone.GRAVEYARD:
                    await game.move(
                        card_obj,
                        Zone.BATTLEFIELD,
                        rule="110.2",
                        controller=card_obj.owner,
                        event="permanent_entered",
                    )


@dataclass(frozen=True, slots=True)
class EachPlayerShufflesPermanentsAndRevealsThatMany(Effect):
    """ "Each player shuffles all permanents they own into their library, then reveals
    that many cards from the top of their library. Each player puts all [types] cards
    revealed this way onto the battlefield, then does the same for [types] cards, then
    puts all cards revealed this way that weren't put onto the battlefield on the bottom
    of their library."

    Each player counts the permanents they own, whoever controls them (108.3, 111.2);
    all of them leave the battlefield at once (603.10a), each to its owner's library
    (400.3), and each library is shuffled (701.24a). A token counts but is not a card (108.2): it
    stays in the library until it ceases to exist (111.7, 704.5d), never among the cards
    revealed (701.20a), which are fewer if the library holds fewer cards. Each group of
    ``batches`` enters the battlefield under its owners' control at once (110.2,
    603.6a), as replacement effects modify how each enters (614.12); an Aura among them
    enchants what its owner chooses among the permanents already there (303.4f) or
    stays in the library (303.4g). Each owner puts the rest on the bottom in an order
    they choose and keep to themselves (401.4). What triggered meanwhile goes on the
    stack once the spell has resolved, in APNAP order (603.3b)."""

    batches: tuple[tuple[str, ...], ...] = (("Artifact", "Creature", "Land"), ("Enchantment",))

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        order = game.turn_order_from(game.active_player)
        owned = {player: [p for p in game.battlefield if p.owner == player] for player in order}
        async with game.simultaneously():
            for player in order:
                for permanent in owned[player]:
                    if game.objects.get(permanent.id) is permanent:
                        await game.move(permanent, Zone.LIBRARY, rule="400.3")
        for player in order:
            game.shuffle(player)
        revealed: dict[int, list[GameObject]] = {}
        for player in order:
            cards = [c for c in reversed(game.players[player].library) if not c.is_token]
            revealed[player] = cards[: len(owned[player])]
            game.emit(
                "cards_revealed",
                rule="701.20a",
                player=player,
                cards=[c.name for c in revealed[player]],
            )
        for card_types in self.batches:
            entering = [
                c
                for player in order
                for c in revealed[player]
                if game.objects.get(c.id) is c and any(t in c.card.types for t in card_types)
            ]
            async with game.simultaneously(entering=entering):
                for card_obj in entering:
                    if game.objects.get(card_obj.id) is card_obj:
                        await game.move(
                            card_obj,
                            Zone.BATTLEFIELD,
                            rule="110.2",
                            controller=card_obj.owner,
                            event="permanent_entered",
                        )
        for player in order:
            rest = [c for c in revealed[player] if game.objects.get(c.id) is c]
            await game.put_on_bottom(player, rest, rule="401.4")


@dataclass(frozen=True, slots=True)
class CounterSpell(Effect):
    """Counter the target spell at index ``target``: it is removed from the stack and put
    into its owner's graveyard (CR 701.6a)."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[self.target]
        if isinstance(chosen, int):
            await resolution.game.counter(resolution.game.objects[chosen])


@dataclass(frozen=True, slots=True)
class CopyTargetSpell(Effect):
    """ "Copy target instant or sorcery spell. You may choose new targets for the copy"
    (CR 707.10, 707.10c): the copy goes on the stack under this effect's controller."""

    target: int = 0
    new_targets: bool = True

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        spell = _target_spell(resolution, self.target)
        if spell is not None:
            await game.copy_spell(spell, resolution.controller, new_targets=self.new_targets)


@dataclass(frozen=True, slots=True)
class EachOtherPlayerCopiesThatSpell(Effect):
    """ "Each other player copies that spell. Each of those players may choose new
    targets for their copy" (CR 707.10, 707.10c), for the spell whose casting triggered
    the ability: each player other than its caster, in APNAP order (101.4), puts a copy
    under their control onto the stack. A spell that has left the stack is copied as it
    last existed (608.2h)."""

    async def resolve(self, resolution: Resolution) -> None:
        event = resolution.event
        if event is None or event.obj is None or event.player is None:
            return
        game = resolution.game
        current = game.objects.get(event.obj.id)
        spell = current if current is not None and current.zone is Zone.STACK else event.obj
        for player in game.turn_order_from(game.active_player):
            if player != event.player:
                await game.copy_spell(spell, player, new_targets=True)


@dataclass(frozen=True, slots=True)
class CopyTargetAbility(Effect):
    """ "Copy target triggered ability you control. You may choose new targets for the
    copy" (CR 707.10, 707.10b-c): the copy has the same source."""

    target: int = 0
    new_targets: bool = True

    async def resolve(self, resolution: Resolution) -> None:
        from ._objects import AbilityOnStack

        game = resolution.game
        target = resolution.targets[self.target]
        item = next(
            (i for i in game.stack if isinstance(i, AbilityOnStack) and i.id == target), None
        )
        if item is not None:
            await game.copy_ability(item, resolution.controller, new_targets=self.new_targets)


@dataclass(frozen=True, slots=True)
class GainsUntilEndOfTurn(Effect):
    """ "[Target creature] gains "[ability]" until end of turn" (CR 613.1f, 611.2c): a
    layer 6 effect on the object as it resolves. A granted static ability generates its
    effects from that object while it has the ability (604.1, 613.7a)."""

    ability: Ability
    target: Recipient = 0

    def __post_init__(self) -> None:
        check_grantable(self.ability)

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if not isinstance(chosen, int):
            return
        game = resolution.game
        game.add_continuous_effect(
            ContinuousEffect(
                layer=Layer.ABILITY,
                timestamp=game.next_timestamp(),
                source=resolution.item.id,
                affected=frozenset((chosen,)),
                modify=gain_ability(self.ability),
                duration=Duration.END_OF_TURN,
                description=f'gains "{getattr(self.ability, "text", "")}"',
                granted=(self.ability,),
            )
        )


@dataclass(frozen=True, slots=True)
class ChangeTargets(Effect):
    """ "Change the target(s) of target spell" (``how="the"``, CR 115.7a), "change a target"
    (``"a"``, 115.7b) or "change any targets" (``"any"``, 115.7c)."""

    target: int = 0
    how: Literal["the", "a", "any"] = "the"

    async def resolve(self, resolution: Resolution) -> None:
        spell = _target_spell(resolution, self.target)
        if spell is not None:
            await resolution.game.change_targets(spell, resolution.controller, how=self.how)


@dataclass(frozen=True, slots=True)
class AllBecome(Effect):
    """ "All [non-type] [type]s become [P/T] [type] [type]s until end of turn" (CR 205.1b,
    611.2c, 613.6): the objects are locked in as it resolves, and every part of the
    effect (type in layer 4, P/T in layer 7b) goes on applying to exactly them."""

    of_type: str
    not_type: str | None = None
    types: tuple[str, ...] = ()
    pt: tuple[int, int] | None = None
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        affected = frozenset(
            p.id
            for p in game.battlefield
            if self.of_type in game.characteristics(p).types
            and (self.not_type is None or self.not_type not in game.characteristics(p).types)
        )
        if not affected:
            return
        timestamp = game.next_timestamp()
        parts: list[tuple[Layer, Callable[[Characteristics], None]]] = []
        if self.types:
            parts.append((Layer.TYPE, add_types(self.types, ())))
        if self.pt is not None:
            parts.append((Layer.PT_SETTING, set_pt(*self.pt)))
        for layer, modify in parts:
            game.add_continuous_effect(
                ContinuousEffect(
                    layer=layer,
                    timestamp=timestamp,
                    source=resolution.item.id,
                    affected=affected,
                    modify=modify,
                    duration=Duration.END_OF_TURN,
                    description=self.wording,
                )
            )


@dataclass(frozen=True, slots=True)
class ChooseNewTargets(Effect):
    """ "You may choose new targets for target spell" (CR 115.7d)."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        spell = _target_spell(resolution, self.target)
        if spell is not None:
            await resolution.game.choose_new_targets(spell, resolution.controller)


def _target_spell(resolution: Resolution, index: int) -> GameObject | None:
    """The spell at target ``index``, if it is still on the stack."""
    target = resolution.targets[index]
    if not isinstance(target, int):
        return None
    spell = resolution.game.objects.get(target)
    return spell if spell is not None and spell.zone is Zone.STACK else None


@dataclass(frozen=True, slots=True)
class Regenerate(Effect):
    """ "Regenerate [permanent]" (CR 701.19a): a shield that replaces the next time it would
    be destroyed this turn. ``target`` is a target index or ``SELF``."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if isinstance(recipient, int):
            game = resolution.game
            permanent = game.objects[recipient]
            game.shield_from_destruction(permanent, resolution.controller, resolution.item.source)


SKIPPABLE: Final = frozenset(
    {
        "turn",
        "combat phase",
        "untap step",
        "upkeep step",
        "draw step",
        "precombat main phase",
        "postcombat main phase",
        "end step",
    }
)
"""What an effect can make a player skip: their next turn, combat phase, or step."""


@dataclass(frozen=True, slots=True)
class AttacksYouThisTurnIfAble(Effect):
    """ "[Target creature] attacks you this turn if able" (CR 508.1d, 611.2a): a
    requirement that the creature attack this effect's controller, not a planeswalker
    or battle, met only by that attack."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            you = resolution.controller
            requirement = ThatCreatureAttacksIfAble(
                chosen,
                ("player", you),
                f"{game.objects[chosen].name} attacks {game.players[you].name} this turn if able",
            )
            game.add_combat_rule_effect(resolution.item.source_snapshot, requirement, [chosen])


@dataclass(frozen=True, slots=True)
class SkipNext(Effect):
    """ "[Target player] skips their next [turn / combat phase / untap step / ...]" (CR
    614.10): one of :data:`SKIPPABLE`."""

    what: str
    target: Recipient = 0

    def __post_init__(self) -> None:
        if self.what not in SKIPPABLE:
            raise ValueError(f"can't skip {self.what!r}: one of {sorted(SKIPPABLE)}")

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if isinstance(recipient, tuple):
            resolution.game.skip_next(recipient[1], self.what, source=resolution.item.source)


@dataclass(frozen=True, slots=True)
class ExtraTurn(Effect):
    """ "[Target player] takes an extra turn after this one" (CR 500.7)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if isinstance(recipient, tuple):
            resolution.game.add_extra_turn(recipient[1], source=resolution.item.source)


@dataclass(frozen=True, slots=True)
class OpponentsCantCastSpellsThisTurn(Effect):
    """ "Your opponents can't cast spells this turn": a prohibition that wins over any
    permission (CR 101.2), until the turn ends. Opponents are those of the controller as
    it resolves (102.3)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for opponent in game.opponents(resolution.controller):
            game.players[opponent].cant_cast_on_turn = game.turn


@dataclass(frozen=True, slots=True)
class TheyDrawInsteadOfTarget(Effect):
    """ "Until end of turn, if [target player] would draw a card, instead that player skips
    that draw and you draw a card" (Plagiarize, CR 614.11)."""

    target: Recipient = 0
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        from ._replacement import DrawInsteadOf

        recipient = _recipient(resolution, self.target)
        if isinstance(recipient, tuple):
            resolution.game.add_replacement_effect(
                DrawInsteadOf(
                    resolution.item.id,
                    resolution.controller,
                    self.wording,
                    resolution.item.name,
                    player=recipient[1],
                )
            )


@dataclass(frozen=True, slots=True)
class DestroyAll(Effect):
    """The text "Destroy all [types]": all at once, so leaving triggers see each other
    (CR 701.8a, 603.10a)."""

    card_types: tuple[str, ...] = ("Creature",)
    """The types of which it destroys each permanent; empty for every permanent."""
    regenerable: bool = True
    """False for "They can't be regenerated" (701.19c)."""
    exclude_types: tuple[str, ...] = ()
    """Types it spares ("Destroy all nonland permanents")."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        wanted, spared = self.card_types, self.exclude_types
        doomed = [
            p
            for p in game.battlefield
            for types in (game.characteristics(p).types,)
            if (not wanted or any(t in types for t in wanted))
            and not any(t in types for t in spared)
        ]
        async with game.simultaneously():
            for permanent in doomed:
                await game.destroy(permanent, regenerate=self.regenerable)


@dataclass(frozen=True, slots=True)
class CreateDelayedTrigger(Effect):
    """Create a delayed triggered ability, such as "at the beginning of the next end step,
    [effects]" (CR 603.7a): its source is this spell's or ability's source (603.7d-e)."""

    ability: TriggeredAbility

    async def resolve(self, resolution: Resolution) -> None:
        from ._triggers import DelayedTrigger

        item = resolution.item
        source = item.source_snapshot
        current = resolution.game.objects.get(item.source)
        if current is not None:
            source = current
        resolution.game.add_delayed_trigger(
            DelayedTrigger(self.ability, source, resolution.controller)
        )


@dataclass(frozen=True, slots=True)
class IfActivatedThisTurnAtLeast(Effect):
    """ "If this ability has been activated N or more times this turn, [effects]": checked
    as the ability resolves (608.2c), counting its activations from its source this turn,
    this one included."""

    times: int
    effects: tuple[Effect, ...]

    async def resolve(self, resolution: Resolution) -> None:
        from ._objects import AbilityOnStack

        item = resolution.item
        if not isinstance(item, AbilityOnStack):
            return
        source = resolution.game.objects.get(item.source) or item.source_snapshot
        turn, count = source.activation_counts.get(item.ability, (0, 0))
        if turn == resolution.game.turn and count >= self.times:
            for effect in self.effects:
                await effect.resolve(resolution)


@dataclass(frozen=True, slots=True)
class ChangeText(Effect):
    """The text "Change the text of target permanent by replacing all instances of [word]
    with [word]" (CR 612.1-612.2): a layer 3 effect that lasts indefinitely."""

    old: str
    new: str
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        _lock_on(
            resolution,
            self.target,
            Layer.TEXT,
            change_text(TextChange(self.old, self.new)),
            f"{self.old} becomes {self.new}",
            Duration.PERMANENT,
        )


@dataclass(frozen=True, slots=True)
class WinGame(Effect):
    """The text "You win the game" (CR 104.2b): every other player loses."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        game.lose_all(
            [
                (p, "another player won the game", "104.2b")
                for p in game.opponents(resolution.controller)
            ]
        )


@dataclass(frozen=True, slots=True)
class SwitchTarget(Effect):
    """The text "Switch target creature's power and toughness until end of turn"
    (CR 613.4d)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        _lock_on(
            resolution,
            self.target,
            Layer.PT_SWITCHING,
            switch_pt(),
            "power and toughness switched until end of turn",
            Duration.END_OF_TURN,
        )


@dataclass(frozen=True, slots=True)
class GainControl(Effect):
    """ "Gain control of target [permanent] [until end of turn]" (CR 613.1b, 611.2c): a
    layer 2 effect on the target at index ``target`` that gives it to the controller of
    the spell or ability, for ``duration``."""

    target: Recipient = 0
    duration: Duration = Duration.END_OF_TURN

    async def resolve(self, resolution: Resolution) -> None:
        _lock_on(
            resolution,
            self.target,
            Layer.CONTROL,
            set_controller(resolution.controller),
            f"controlled by player {resolution.controller}"
            + (" until end of turn" if self.duration is Duration.END_OF_TURN else ""),
            self.duration,
        )


@dataclass(frozen=True, slots=True)
class PumpAll(Effect):
    """The text "Creatures you control get +P/+T [and gain ``gains``] until end of turn"
    (only "gain" with +0/+0), or with ``attacking`` "Attacking creatures get +P/+T until
    end of turn" (whoever controls them): the creatures are those that match as it
    resolves, locked in (CR 611.2c); the abilities are gained in layer 6 and the +P/+T
    applies in layer 7c (613.1f, 613.4c)."""

    power: int
    toughness: int
    attacking: bool = False
    gains: tuple[Ability, ...] = ()

    def __post_init__(self) -> None:
        for ability in self.gains:
            check_grantable(ability)

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        if self.attacking:
            combat = game.combat
            attackers = combat.attackers if combat is not None else {}
            creatures = frozenset(c.id for c in game.battlefield if c.id in attackers)
        else:
            creatures = frozenset(c.id for c in game.creatures(resolution.controller))
        if not creatures:
            return
        for ability in self.gains:
            game.add_continuous_effect(
                ContinuousEffect(
                    layer=Layer.ABILITY,
                    timestamp=game.next_timestamp(),
                    source=resolution.item.id,
                    affected=creatures,
                    modify=gain_ability(ability),
                    duration=Duration.END_OF_TURN,
                    description=f'gain "{ability.text}" until end of turn',
                    granted=(ability,),
                )
            )
        if not (self.power or self.toughness):
            return  # "Creatures you control gain [ability] until end of turn"
        game.add_continuous_effect(
            ContinuousEffect(
                layer=Layer.PT_MODIFYING,
                timestamp=game.next_timestamp(),
                source=resolution.item.id,
                affected=creatures,
                modify=modify_pt(self.power, self.toughness),
                duration=Duration.END_OF_TURN,
                description=f"{self.power:+d}/{self.toughness:+d} until end of turn",
            )
        )


@dataclass(frozen=True, slots=True)
class Becomes(Effect):
    """The text "Target [permanent] becomes a [P/T] [colour] [subtype] [type]. It's still a
    [type]." (CR 205.1b): added types in layer 4, colours set in layer 5, base P/T set in
    layer 7b (613.1d-e, 613.4b), all with one timestamp, for ``duration``; the affected
    object is locked in as it begins (611.2c)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    pt: tuple[int, int] | None = None
    duration: Duration = Duration.END_OF_TURN
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if not isinstance(chosen, int):
            return
        game = resolution.game
        source = resolution.item.id
        if self.duration is Duration.WHILE_SOURCE_ON_BATTLEFIELD:
            source = resolution.item.source
            holder = game.objects.get(source)
            if holder is None or holder.zone.value != "battlefield":
                return  # the "for as long as" duration never starts (611.2b)
        parts: list[tuple[Layer, Callable[[Characteristics], None], str]] = []
        if self.types or self.subtypes:
            added = " ".join((*self.subtypes, *self.types))
            parts.append((Layer.TYPE, add_types(self.types, self.subtypes), f"becomes {added}"))
        if self.colors is not None:
            parts.append((Layer.COLOR, set_colors(self.colors), f"becomes {self.colors}"))
        if self.pt is not None:
            power, toughness = self.pt
            parts.append((Layer.PT_SETTING, set_pt(power, toughness), f"is {power}/{toughness}"))
        timestamp = game.next_timestamp()
        for layer, modify, description in parts:
            game.add_continuous_effect(
                ContinuousEffect(
                    layer=layer,
                    timestamp=timestamp,
                    source=source,
                    affected=frozenset((chosen,)),
                    modify=modify,
                    duration=self.duration,
                    description=description,
                )
            )


@dataclass(frozen=True, slots=True)
class PreventDamageThisTurn(Effect):
    """The text "Prevent all [combat] damage that would be dealt [to you and creatures you control]
    this turn" (CR 615.1a): creates a prevention effect until the cleanup step."""

    combat_only: bool = False
    protects: Literal["everything", "you and your creatures"] = "everything"
    wording: str = ""
    """The effect's own text, for the log."""

    async def resolve(self, resolution: Resolution) -> None:
        from ._replacement import PreventDamage

        resolution.game.add_replacement_effect(
            PreventDamage(
                source=resolution.item.id,
                controller=resolution.controller,
                text=self.wording,
                source_name=resolution.item.name,
                combat_only=self.combat_only,
                protects=self.protects,
            )
        )


@dataclass(frozen=True, slots=True)
class PreventNextDamage(Effect):
    """ "Prevent the next N damage that would be dealt to [the target at index ``target``]
    this turn": a prevention shield until the cleanup step (CR 615.7)."""

    amount: int
    target: Recipient = 0
    wording: str = ""
    """The effect's own text, for the log."""

    async def resolve(self, resolution: Resolution) -> None:
        from ._replacement import PreventNextDamage as Shield

        recipient = _recipient(resolution, self.target)
        if recipient is None:
            return
        resolution.game.add_replacement_effect(
            Shield(
                source=resolution.item.id,
                controller=resolution.controller,
                text=self.wording,
                source_name=resolution.item.name,
                protected=recipient,
                remaining=self.amount,
            )
        )


@dataclass(frozen=True, slots=True)
class PreventNextDamageSharingColor(Effect):
    """ "Prevent the next N damage that would be dealt to target creature and each other
    creature that shares a color with it this turn" (CR 615.11): a shield for each of
    those creatures as it resolves (611.2c), none for one that becomes such later."""

    amount: int
    target: int = 0
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        from ._replacement import PreventNextDamage as Shield

        game = resolution.game
        target = resolution.targets[self.target]
        if not isinstance(target, int):
            return
        colors = set(game.characteristics(game.objects[target]).colors)
        shielded = [target] + [
            c.id
            for c in game.battlefield
            if c.id != target
            and game.is_creature(c)
            and colors & set(game.characteristics(c).colors)
        ]
        for creature in shielded:
            game.add_replacement_effect(
                Shield(
                    source=resolution.item.id,
                    controller=resolution.controller,
                    text=self.wording,
                    source_name=resolution.item.name,
                    protected=creature,
                    remaining=self.amount,
                )
            )


@dataclass(frozen=True, slots=True)
class DamageEachCreature(Effect):
    """ "[This] deals N damage to each creature [with ``having``]" (CR 120.3): "each
    creature with flying" is ``having=Flying``, judged as the effect begins (608.2h)."""

    amount: int | Amount
    having: type[Ability] | None = None

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        amount = _amount(self.amount, resolution)
        having = self.having
        dealt_to = [
            c
            for c in game.battlefield
            if game.is_creature(c)
            and (
                having is None
                or any(isinstance(a, having) for a in game.characteristics(c).abilities)
            )
        ]
        source = resolution.item.source_snapshot
        await game.deal_damage_simultaneously([(source, c.id, amount) for c in dealt_to])


@dataclass(frozen=True, slots=True)
class DamageEachCreatureAndEachPlayer(Effect):
    """ "[This] deals N damage to each creature [without/with a keyword] and each player"
    (CR 120.3): creatures first, in battlefield order, then the players in APNAP order
    (101.4); ``creatures_without`` / ``creatures_with`` leave out the creatures that have /
    lack an ability of that kind as it resolves."""

    amount: int | Amount
    creatures_without: type[Ability] | None = None
    creatures_with: type[Ability] | None = None

    def _hit(self, game: Game, creature: GameObject) -> bool:
        abilities = game.characteristics(creature).abilities
        if self.creatures_without is not None and any(
            isinstance(a, self.creatures_without) for a in abilities
        ):
            return False
        return self.creatures_with is None or any(
            isinstance(a, self.creatures_with) for a in abilities
        )

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        amount = _amount(self.amount, resolution)
        if amount <= 0:
            return
        source = resolution.item.source_snapshot
        creatures = [c for c in game.battlefield if game.is_creature(c) and self._hit(game, c)]
        players = game.turn_order_from(game.active_player)
        await game.deal_damage_simultaneously(
            [
                *((source, c.id, amount) for c in creatures),
                *((source, ("player", p), amount) for p in players),
            ]
        )


@dataclass(frozen=True, slots=True)
class AddMana(Effect):
    """The controller adds ``mana``, a tuple of mana types (CR 106.3)."""

    mana: tuple[str, ...]

    async def resolve(self, resolution: Resolution) -> None:
        resolution.game.add_mana(resolution.controller, self.mana, resolution.item.source)


# --- abilities -----------------------------------------------------------------------------


COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
"""The colour words and the colours they name (CR 105.1)."""


@dataclass(frozen=True, slots=True)
class TextChange:
    """Replace every instance of one colour word or one basic land type word with another,
    where it is used as such (CR 612.2)."""

    old: str
    new: str

    def color(self, color: str | None) -> str | None:
        """A colour (as a letter) after the change."""
        if color is not None and COLOR_WORDS.get(self.old) == color:
            return COLOR_WORDS.get(self.new, color)
        return color

    def colors(self, colors: tuple[str, ...]) -> tuple[str, ...]:
        """Colours (as letters) after the change."""
        return tuple(c for c in (self.color(c) for c in colors) if c is not None)

    def word(self, word: str | None) -> str | None:
        """A land or creature type word after the change."""
        return self.new if word == self.old else word


@dataclass(frozen=True, slots=True)
class Targeting:
    """A spell or ability choosing targets, or having them checked as it resolves (CR
    601.2c, 602.2b, 603.3d, 608.2b), as the abilities of a would-be target see it: who
    controls it, whether it is a spell, and its ``source``: the spell itself (or the card
    being cast as one, with the characteristics ``cast_as`` it is cast with, 601.3e), or
    the object whose ability it is, as it is or last existed (113.7a)."""

    controller: int
    source: GameObject
    is_spell: bool
    cast_as: CardDefinition | None = None
    that_player: int | None = None
    """For a triggered ability, the player of the event that triggered it ("that
    player", 603.2)."""

    def characteristics(self, game: Game) -> Characteristics:
        """The characteristics of the spell, or of the ability's source, that "[quality]
        spells" and "abilities from [quality] sources" look at (702.11d, 702.16a)."""
        if self.cast_as is not None:
            return Characteristics(self.cast_as, self.controller)
        return game.characteristics(game.objects.get(self.source.id) or self.source)


class Ability:
    """Base of every ability a card can have (CR 113)."""

    text: str = ""

    def with_text_changed(self, change: TextChange) -> Ability:
        """This ability with a text-changing effect applied to its words (CR 612.2); an
        ability whose words it doesn't use is unchanged."""
        return self

    def forbids_targeting(self, game: Game, permanent: GameObject, by: Targeting) -> bool:
        """Whether this ability of ``permanent`` stops the spell or ability ``by`` choosing
        it as a target (CR 115.1; hexproof 702.11b, shroud 702.18a)."""
        return False

    def forbids_attachment(
        self, game: Game, permanent: GameObject, attachment: GameObject, *, staying: bool
    ) -> bool:
        """Whether this ability of ``permanent`` keeps the Aura, Equipment or Fortification
        ``attachment`` from being attached to it (CR 701.3a; protection, 702.16c-d). With
        ``staying``, the question is whether one already attached may stay: if not, it is
        put into its owner's graveyard or becomes unattached as a state-based action
        (704.5m-n); some abilities spare those already attached (702.16n, 702.16p)."""
        return False

    def lost_with(self, lost: Ability) -> bool:
        """Whether an effect that makes an object lose ``lost`` takes this ability away
        too (CR 613.1f): an equal one, and for some kinds more ("Any effect that causes an
        object to lose hexproof" also takes "hexproof from [quality]", 702.11e)."""
        return self == lost


class SummoningSicknessExemption(Ability):
    """A static ability that lets its creature attack, and activate its abilities with {T}
    or {Q} in their costs, although its controller hasn't controlled it continuously since
    their most recent turn began (CR 302.6): haste (702.10b-c) is one. The game consults
    it wherever the summoning-sickness rule applies."""

    def exempts(self, game: Game, creature: GameObject) -> bool:
        """Whether it exempts ``creature`` from the summoning-sickness rule now."""
        return True


class CantBeDestroyed(Ability):
    """A static ability that keeps its permanent from being destroyed (CR 701.8):
    indestructible (702.12b) is one. An effect that would destroy the permanent does
    nothing to it, and the state-based actions that destroy creatures with lethal damage
    or damage from a source with deathtouch pass it by (704.5g-h). It doesn't stop
    sacrifice, or a creature with toughness 0 or less going to its owner's graveyard
    (704.5f), which don't destroy."""

    rule: ClassVar[str] = "701.8a"
    """The rule logged when a destruction fails because of it."""

    def protects(self, game: Game, permanent: GameObject) -> bool:
        """Whether it keeps ``permanent`` from being destroyed now."""
        return True


class FlashPermission(Ability):
    """A static ability that lets a spell be cast any time its caster could cast an
    instant (CR 117.1a, 601.3): flash, which works from the zone its card is cast from
    (702.8a), or "You may cast [quality] spells as though they had flash" on a permanent
    or an emblem (601.3b). As a player could begin to cast a spell at another time than
    its type allows, the game asks the abilities of the card as it would be cast (the
    characteristics it is cast with, 601.3e), and those of every permanent and emblem."""

    def allows(
        self, game: Game, holder: GameObject, player: int, card: GameObject, spell: CardDefinition
    ) -> bool:
        """Whether this ability of ``holder`` lets ``player`` begin to cast ``card``, with
        the characteristics ``spell``, as though it had flash."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class SpellsAsThoughFlash(FlashPermission):
    """ "You may cast [type] spells as though they had flash" (CR 601.3b), on a permanent
    or an emblem: its controller may cast spells with one of ``types`` (any spell if empty)
    any time they could cast an instant."""

    types: tuple[str, ...] = ()
    text: str = ""

    def allows(
        self, game: Game, holder: GameObject, player: int, card: GameObject, spell: CardDefinition
    ) -> bool:
        return (
            holder.zone in (Zone.BATTLEFIELD, Zone.COMMAND)
            and holder.controller == player
            and (not self.types or any(t in spell.types for t in self.types))
        )


@dataclass(frozen=True, slots=True)
class DoesntUntap(Ability):
    """ "Enchanted creature doesn't untap during its controller's untap step" (``enchanted``)
    or "[This] doesn't untap during your untap step" (CR 502.3): a static ability that
    the untap step obeys."""

    enchanted: bool = True
    text: str = ""


@dataclass(frozen=True, slots=True)
class CantBeCountered(Ability):
    """ "This spell can't be countered" printed on a permanent card (CR 101.2, 701.6a): a
    static ability that functions while the card is a spell on the stack (113.6g). An
    instant or sorcery says it with :attr:`SpellAbility.uncounterable_if` instead."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class NoMaximumHandSize(Ability):
    """ "You have no maximum hand size" (CR 402.2): its controller discards nothing in
    the cleanup step for the number of cards in hand (514.1)."""

    text: str = "You have no maximum hand size."


@dataclass(frozen=True, slots=True)
class CantLoseGame(Ability):
    """ "You can't lose the game and your opponents can't win the game" (CR 104.3,
    104.2a): while its permanent is on the battlefield, its controller doesn't lose
    through state-based actions or effects; conceding still loses (104.3a). With its
    controller still in the game, no opponent is the last player remaining, so none
    wins (104.2a)."""

    text: str = ""


class SpellCondition:
    """A condition about a spell as it is on the stack ("if X is 5 or more")."""

    def holds(self, spell: StackItem) -> bool:
        """Whether the condition is true for ``spell`` now."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class XAtLeast(SpellCondition):
    """The condition "if X is N or more" (CR 107.3)."""

    value: int

    def holds(self, spell: StackItem) -> bool:
        return spell.x >= self.value


@dataclass(frozen=True, slots=True)
class Mode:
    """One option of a modal spell (CR 700.2): its text, targets and effects."""

    text: str
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class SpellAbility(Ability):
    """The instructions of an instant or sorcery (CR 113.3a), with its targets.

    A modal spell ("Choose one —", CR 700.2) gives ``modes`` instead of ``targets`` and
    ``effects``, and how many to ``choose``.
    """

    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str = ""
    modes: tuple[Mode, ...] = ()
    choose: int = 1
    uncounterable_if: SpellCondition | None = None
    """"This spell can't be countered" (with a condition, or ``ALWAYS``), CR 113.6g."""

    def __post_init__(self) -> None:
        total = self.divided
        slots = len(target_slots(self.targets))
        if total is not None and total < slots:
            raise ValueError(
                f"{self.text or 'a spell'} divides {total} among up to {slots} targets: "
                "each target must get at least 1 (601.2d)"
            )

    @property
    def divided(self) -> int | None:
        """The amount its controller divides among its targets as it is cast (601.2d)."""
        return divided_total(self.effects)


def divided_total(effects: Iterable[Effect]) -> int | None:
    """The amount a spell or ability divides among its targets as it is put on the stack
    (601.2d, 602.2b, 603.3d), if it does."""
    for effect in effects:
        if isinstance(effect, DealDividedDamage):
            return effect.total
    return None


@dataclass(frozen=True, slots=True)
class ManaAbility(Ability):
    """An activated mana ability (CR 605.1a): ``{T}: Add {G}`` and the like.

    ``produces`` lists the alternatives (``(("R",), ("G",))`` for "Add {R} or {G}").
    """

    produces: tuple[tuple[str, ...], ...]
    tap: bool = True
    text: str = ""
    intrinsic: bool = False
    """An intrinsic ability of a basic land type (CR 305.6), not from rules text."""

    def outputs(self, game: Game, permanent: GameObject) -> tuple[tuple[str, ...], ...]:
        """The alternatives it can add now, activated from ``permanent`` (605.3a)."""
        return self.produces


@dataclass(frozen=True, slots=True)
class ManaForEachPermanent(ManaAbility):
    """ "{T}: Add {G} for each Elf you control" (CR 605.1a, 106.4): ``produces`` is the
    mana for one; it adds that once for each permanent its controller controls with the
    ``subtype`` (and ``card_type``, if given), counted as it is activated."""

    subtype: str = ""
    card_type: str = ""

    def outputs(self, game: Game, permanent: GameObject) -> tuple[tuple[str, ...], ...]:
        count = 0
        for other in game.battlefield:
            if other.controller != permanent.controller:
                continue
            chars = game.characteristics(other)
            if (not self.subtype or self.subtype in chars.subtypes) and (
                not self.card_type or self.card_type in chars.types
            ):
                count += 1
        return tuple(output * count for output in self.produces)


_INTRINSIC = {
    subtype: ManaAbility(((mana,),), text=f"{{T}}: Add {{{mana}}}.", intrinsic=True)
    for subtype, mana in BASIC_LAND_MANA.items()
}


def intrinsic_abilities(types: tuple[str, ...], subtypes: tuple[str, ...]) -> tuple[Ability, ...]:
    """The mana abilities a land has for its basic land types (CR 305.6); the same objects
    every time, so that they can be recognised."""
    if "Land" not in types:
        return ()
    return tuple(_INTRINSIC[sub] for sub in subtypes if sub in _INTRINSIC)


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Ability):
    """A non-mana activated ability (CR 602): cost, targets, effects."""

    cost: ManaCost
    effects: tuple[Effect, ...]
    tap: bool = False
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    costs: tuple[Cost, ...] = ()
    """Its costs other than mana and {T}: ``(SacrificeThis(),)`` and the like (602.1a)."""
    sorcery_speed: bool = False
    """"Activate only as a sorcery" (CR 602.5d): main phase, own turn, empty stack."""
    once_each_turn: bool = False
    """"Activate only once each turn" (CR 602.5b), for each object."""
    keyword: str = ""
    """The keyword ability it is, such as ``"Equip"`` (702.6a), for effects that name it
    ("equip abilities you activate cost {1} less")."""
    zone: Literal["battlefield", "graveyard"] = "battlefield"
    """Where it functions: ``"graveyard"`` for one whose effect moves its object out of
    its owner's graveyard ("Return [this] from your graveyard to your hand", 113.6m); its
    owner activates it there (602.2)."""


@dataclass(frozen=True, slots=True)
class LoyaltyAbility(ActivatedAbility):
    """A loyalty ability (CR 606): its cost is to put on (``loyalty`` > 0) or remove
    loyalty counters; ``loyalty=None`` is [−X], where X is announced as it is activated
    (107.3a). Only at sorcery speed, once per turn per permanent (606.3)."""

    cost: ManaCost = field(default_factory=lambda: ManaCost.parse(""))
    effects: tuple[Effect, ...] = ()
    loyalty: int | None = 0


# --- costs other than mana (CR 118) --------------------------------------------------------


class Cost:
    """A part of a cost other than mana (CR 118.1, 118.3): sacrificing permanents,
    discarding cards, paying life.

    Casting or activating asks for every choice a cost needs (:meth:`choose`) before
    anything happens, and only then pays (:meth:`pay`), so an action that can't be
    completed leaves the game as it was (CR 601.2h, 732.1).
    """

    text: str = ""

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        """Whether ``player`` could pay it now for ``source`` (CR 118.3)."""
        raise NotImplementedError

    async def choose(self, game: Game, player: int, source: GameObject) -> tuple[int, ...]:
        """The objects ``player`` will pay with (none for a cost such as life)."""
        return ()

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        """Pay it with the ``chosen`` objects; returns the last known information of the
        permanents sacrificed, for effects that refer to them ("the sacrificed creature's
        power", 608.2h)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Sacrifice(Cost):
    """ "Sacrifice a creature", "sacrifice a Goblin", "sacrifice three black creatures",
    "sacrifice another creature", "sacrifice all creatures you control" (CR 701.21a).

    A permanent qualifies when it has one of ``types`` (any type if empty) and, if given,
    one of ``subtypes``
    and one of ``colors``; ``another`` excludes the source itself; ``every`` sacrifices all
    that qualify (possibly none), ``count`` of them otherwise."""

    text: str = "sacrifice a creature"
    count: int = 1
    types: tuple[str, ...] = ("Creature",)
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    another: bool = False
    every: bool = False

    def candidates(self, game: Game, player: int, source: GameObject) -> list[GameObject]:
        """The permanents ``player`` could sacrifice for it."""
        found = []
        for permanent in game.battlefield:
            if permanent.controller != player or (self.another and permanent.id == source.id):
                continue
            chars = game.characteristics(permanent)
            if (
                (not self.types or any(t in chars.types for t in self.types))
                and (not self.subtypes or any(t in chars.subtypes for t in self.subtypes))
                and (not self.colors or any(c in chars.colors for c in self.colors))
            ):
                found.append(permanent)
        return found

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        return self.every or len(self.candidates(game, player, source)) >= self.count

    async def choose(self, game: Game, player: int, source: GameObject) -> tuple[int, ...]:
        from ._decisions import CardOption, DecisionKind

        candidates = self.candidates(game, player, source)
        if self.every or len(candidates) == self.count:
            return tuple(p.id for p in candidates)
        options = [CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in candidates]
        decision = game.decision(
            DecisionKind.SACRIFICE,
            player,
            options,
            f"{self.text} for {source.name}",
            min=self.count,
            max=self.count,
            rule="601.2h",
        )
        choice = await game.ask(decision)
        return tuple(options[i].object for i in choice.indices)

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        permanents = [game.objects[i] for i in chosen]
        last_known = tuple(game.characteristics(p).copy() for p in permanents)
        async with game.simultaneously():
            for permanent in permanents:
                await game.move(permanent, Zone.GRAVEYARD, rule="701.21a", event="sacrificed")
        return last_known


@dataclass(frozen=True, slots=True)
class SacrificeThis(Cost):
    """ "Sacrifice [this]" in the cost of one of its own abilities (CR 602.2, 701.21a)."""

    text: str = "sacrifice this"

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        return source.zone is Zone.BATTLEFIELD and source.controller == player

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        last_known = (game.characteristics(source).copy(),)
        await game.move(source, Zone.GRAVEYARD, rule="701.21a", event="sacrificed")
        return last_known


@dataclass(frozen=True, slots=True)
class RemoveCountersFromThis(Cost):
    """ "Remove N [kind] counters from [this]" in the cost of one of its own abilities
    (CR 118.3, 122.8): payable only while it has that many."""

    kind: str
    count: int = 1
    text: str = ""

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        return source.zone is Zone.BATTLEFIELD and source.counters.get(self.kind, 0) >= self.count

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        game.remove_counters(source, self.kind, self.count, rule="122.8")
        return ()


@dataclass(frozen=True, slots=True)
class DiscardCards(Cost):
    """ "Discard a card" as a cost (CR 701.9a): the player chooses which."""

    text: str = "discard a card"
    count: int = 1

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        # The card being cast is on the stack by the time costs are paid (601.2a).
        hand = game.players[player].hand
        return sum(1 for c in hand if c.id != source.id) >= self.count

    async def choose(self, game: Game, player: int, source: GameObject) -> tuple[int, ...]:
        from ._decisions import CardOption, DecisionKind

        options = [CardOption(c.id, c.name) for c in game.players[player].hand if c.id != source.id]
        decision = game.decision(
            DecisionKind.DISCARD,
            player,
            options,
            f"{self.text} for {source.name}",
            min=self.count,
            max=self.count,
            rule="601.2h",
        )
        choice = await game.ask(decision)
        return tuple(options[i].object for i in choice.indices)

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        async with game.simultaneously():
            for card_id in chosen:
                await game.discard(game.objects[card_id], rule="701.9a")
        return ()


@dataclass(frozen=True, slots=True)
class PayLife(Cost):
    """ "Pay N life" (CR 119.4): only with a life total of at least N."""

    amount: int
    text: str = "pay life"

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        return game.players[player].life >= self.amount

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        game.change_life(player, -self.amount, rule="119.4")
        return ()


@dataclass(frozen=True, slots=True)
class AlternativeCost:
    """ "You may [pay this] rather than pay this spell's mana cost" (CR 118.9): a mana part
    (``None`` for none at all) and other costs."""

    text: str
    mana: ManaCost | None = None
    costs: tuple[Cost, ...] = ()


@dataclass(frozen=True, slots=True)
class SpellAddition:
    """Something its caster announces as a spell is cast (CR 601.2b) besides its mode and
    its mana or alternative cost: an additional cost to pay (118.8, paid like the others,
    601.2f-h) and, for some, rules text the spell gains (a text-changing effect, 612.1;
    splice, 702.47a). The spell's own instructions happen first, then each gained text's
    in the order announced (702.47b); targets for gained text are chosen with the
    spell's own (601.2c, 702.47d)."""

    text: str
    """How it is logged: ``"splice Glacial Ray"``."""
    mana: ManaCost | None = None
    """Mana added to the total cost (601.2f)."""
    costs: tuple[Cost, ...] = ()
    """Additional costs other than mana."""
    gained: SpellAbility | None = None
    """The instructions and targets the spell gains."""

    def __post_init__(self) -> None:
        gained = self.gained
        if gained is None:
            return
        if gained.modes:
            raise RuleNotImplementedError("700.2", f"{self.text}: gaining a modal text")
        if gained.divided is not None:
            raise RuleNotImplementedError("601.2d", f"{self.text}: gaining a divided effect")
        if gained.uncounterable_if is not None:
            raise RuleNotImplementedError("113.6g", f"{self.text}: gaining 'can't be countered'")


class CastingOption:
    """A rule that lets the caster of any spell announce :class:`SpellAddition` s as they
    cast it (CR 601.2b): splice (702.47) and the like. Plugins contribute these through
    ``mw_collect_casting_options``; the core asks each, in registration order, for every
    spell cast from hand, after its modes and before its costs."""

    async def announce(
        self,
        game: Game,
        player: int,
        spell: GameObject,
        could_complete: Callable[[Sequence[SpellAddition]], bool],
    ) -> tuple[SpellAddition, ...]:
        """What ``player`` announces for ``spell`` (the card being cast). Offer only what
        ``could_complete`` accepts: whether the cast could still be completed with those
        additions (their targets chosen, 702.47b, and the total cost paid with the
        fewest targets, 601.2f); a combination chosen may still turn out unpayable, and
        the cast is then reversed (732.1)."""
        raise NotImplementedError


class AlternativeCasting(Ability):
    """A static ability that lets its card be cast another way (CR 601.3, 702.37d): for
    an alternative cost (118.9), and, with ``face_down``, turned face down before it is
    put onto the stack, as a spell with the face-down values of :data:`FACE_DOWN` (708.4,
    708.2a). It works where the card could be cast from (702.37a: its hand, so far).

    The caster announces ``announcement`` ("morph", 702.37c), which everyone learns; the
    card itself stays hidden from the other players while it is face down (708.5)."""

    announcement: str = ""
    face_down: bool = False

    @property
    def alternative_cost(self) -> AlternativeCost:
        """What is paid rather than the card's mana cost (118.9); cost increases and
        reductions apply to it (118.9d)."""
        raise NotImplementedError

    @property
    def cast_as(self) -> CardDefinition | None:
        """The characteristics the spell has as it is proposed (601.3e, 708.4): the
        face-down values, or ``None`` for the card's own."""
        return FACE_DOWN if self.face_down else None


@dataclass(frozen=True, slots=True)
class WithoutPayingManaCost(AlternativeCasting):
    """The permission "You may cast [that card] without paying its mana cost" that an
    effect gives as it resolves (CR 118.9, 608.2g): an alternative cost of no mana."""

    announcement: str = "without paying its mana cost"

    @property
    def alternative_cost(self) -> AlternativeCost:
        """No mana at all rather than the card's mana cost (118.9)."""
        return AlternativeCost("without paying its mana cost")


class TurnsFaceUp(Ability):
    """An ability that lets the controller of a face-down permanent that would have it
    face up turn that permanent face up by paying :attr:`cost`, any time they have
    priority: a special action that doesn't use the stack (CR 116.2b, 708.7), as a morph
    ability does (702.37e). A face-down permanent has no abilities (708.2a), so the
    engine looks for this one among those it would have face up."""

    @property
    def face_up_cost(self) -> ManaCost:
        """The mana paid to turn it face up (shown to all players first, 702.37e)."""
        raise NotImplementedError

    @property
    def keyword(self) -> str:
        """The ability's name, shown with its cost ("morph")."""
        return ""


class AsTurnedFaceUp(Ability):
    """An "As [this] is turned face up, ..." ability: applied while the permanent is being
    turned face up, not afterward (CR 708.11)."""

    async def as_turned_face_up(
        self, game: Game, permanent: GameObject, paid: TurnsFaceUp | None
    ) -> None:
        """Apply it to ``permanent``; ``paid`` is the ability whose cost was paid to turn
        it face up (``None`` if it was turned face up another way)."""
        raise NotImplementedError


class CostChange(Ability):
    """A static ability that changes what spells cost to cast (CR 601.2f) or what
    activated abilities cost to activate (602.2b, 605.3, 606.4-5): it works from the
    battlefield, or, for "this spell costs ...", while its spell is being cast.

    A subclass overrides :meth:`change` and :meth:`colored_reduction` for spells, and
    :meth:`activation_change` for abilities; each defaults to no change.
    """

    def change(self, game: Game, source: GameObject, spell: CastSpell) -> int:
        """Generic mana to add (negative: to take away) for ``spell``."""
        return 0

    def colored_reduction(self, game: Game, source: GameObject, spell: CastSpell) -> str:
        """Coloured mana to take away for ``spell`` ("cost {W} less"): mana symbols without
        braces, such as ``"W"`` (118.7b-c)."""
        return ""

    def activation_change(
        self, game: Game, source: GameObject, activation: ActivateAbility
    ) -> AbilityCostChange:
        """How this ability changes the total cost of ``activation`` (602.2b)."""
        return NO_COST_CHANGE


@dataclass(frozen=True, slots=True)
class CastSpell:
    """What a cost change sees of a spell being cast: its card, caster and targets."""

    card: CardDefinition
    caster: int
    target_count: int


@dataclass(frozen=True, slots=True)
class ActivateAbility:
    """What a cost change sees of an ability being activated (CR 602.2b): the permanent
    whose ability it is, the ability (a mana ability too, 605.3) and who activates it."""

    source: GameObject
    ability: ActivatedAbility | ManaAbility
    activator: int


@dataclass(frozen=True, slots=True)
class AbilityCostChange:
    """One effect's change to the total cost of an activated ability (CR 602.2b, 601.2f).

    ``generic`` is generic mana to add (negative: to take away, 118.7a); ``less_colored``
    coloured or colourless mana to take away, as symbols without braces (118.7b-d);
    ``loyalty`` an additional loyalty cost, ``1`` for [+1] (606.4), which is combined with
    the ability's own (606.5); ``minimum_mana`` the least mana this effect's reduction may
    leave in the cost ("can't reduce the mana in that cost to less than one mana").
    """

    generic: int = 0
    less_colored: str = ""
    loyalty: int = 0
    minimum_mana: int = 0

    @property
    def reduces(self) -> bool:
        """Whether it takes mana away (as opposed to adding or changing nothing)."""
        return self.generic < 0 or bool(self.less_colored)


NO_COST_CHANGE: Final = AbilityCostChange()
"""The change of a cost change that doesn't apply."""


@dataclass(frozen=True, slots=True)
class ActivatedAbilitiesCost(CostChange):
    """ "Activated abilities [of creatures] [you activate] cost {N} more (or less) to
    activate [unless they're mana abilities]" and "Planeswalkers' loyalty abilities you
    activate cost an additional [+1] to activate" (CR 602.2b, 601.2f, 606.5).

    ``amount`` is generic mana, positive for more and negative for less (118.7a);
    ``less_colored`` takes coloured mana away (118.7b-d); ``loyalty`` is an additional
    loyalty cost and applies to loyalty abilities only (606.4). The filters: ``types`` of
    the permanent whose ability it is (any if empty), ``whose`` abilities by who activates
    them, the ``keyword`` the ability is ("Equip"), and whether ``mana_abilities`` are
    included, as they are unless the text says otherwise (605.3). ``minimum_mana`` is
    Heartstone's "This effect can't reduce the mana in that cost to less than one mana."

    Example, Heartstone::

        ActivatedAbilitiesCost(-1, types=("Creature",), minimum_mana=1, text=...)
    """

    amount: int = 0
    types: tuple[str, ...] = ()
    whose: Literal["you", "opponents", "any"] = "any"
    mana_abilities: bool = True
    keyword: str = ""
    loyalty: int = 0
    less_colored: str = ""
    minimum_mana: int = 0
    text: str = ""

    def _applies(self, game: Game, source: GameObject, activation: ActivateAbility) -> bool:
        if self.whose != "any" and (activation.activator == source.controller) != (
            self.whose == "you"
        ):
            return False
        ability = activation.ability
        if isinstance(ability, ManaAbility):
            if not self.mana_abilities or self.keyword or self.loyalty:
                return False
        elif self.keyword and ability.keyword != self.keyword:
            return False
        if self.loyalty and not isinstance(ability, LoyaltyAbility):
            return False
        if not self.types:
            return True
        types = game.characteristics(activation.source).types
        return any(t in types for t in self.types)

    def activation_change(
        self, game: Game, source: GameObject, activation: ActivateAbility
    ) -> AbilityCostChange:
        if not self._applies(game, source, activation):
            return NO_COST_CHANGE
        return AbilityCostChange(self.amount, self.less_colored, self.loyalty, self.minimum_mana)


@dataclass(frozen=True, slots=True)
class SpellsCost(CostChange):
    """ "[Type] spells [you | your opponents] cast cost {N} more (or less) to cast"
    (CR 601.2f): ``amount`` positive for more, negative for less; ``less_colored`` for
    "cost {W} less"."""

    amount: int
    types: tuple[str, ...] = ()
    whose: Literal["you", "opponents"] = "you"
    text: str = ""
    colors: tuple[str, ...] = ()
    """Only spells of one of these colours ("white spells")."""
    less_colored: str = ""
    """"Cost {W} less": coloured mana taken away, as symbols without braces (118.7c)."""

    def _applies(self, source: GameObject, spell: CastSpell) -> bool:
        mine = spell.caster == source.controller
        if mine != (self.whose == "you"):
            return False
        if self.types and not any(t in spell.card.types for t in self.types):
            return False
        return not self.colors or any(c in spell.card.colors for c in self.colors)

    def change(self, game: Game, source: GameObject, spell: CastSpell) -> int:
        return self.amount if self._applies(source, spell) else 0

    def colored_reduction(self, game: Game, source: GameObject, spell: CastSpell) -> str:
        return self.less_colored if self._applies(source, spell) else ""


@dataclass(frozen=True, slots=True)
class CostsMorePerTargetBeyondFirst(CostChange):
    """ "This spell costs {N} more to cast for each target beyond the first" (Fireball)."""

    amount: int = 1
    text: str = ""

    def change(self, game: Game, source: GameObject, spell: CastSpell) -> int:
        return self.amount * max(0, spell.target_count - 1)


# --- triggered abilities (CR 603) ----------------------------------------------------------


class TriggerKind(enum.Enum):
    """The kinds of game events triggered abilities watch (CR 603.2, 603.6)."""

    ENTERS = "enters"
    """A permanent entered the battlefield (603.6a)."""
    LEAVES = "leaves"
    """A permanent left the battlefield (603.6c); seen with last known information."""
    DIES = "dies"
    """A creature was put into a graveyard from the battlefield (700.4)."""
    STEP = "step"
    """A step or phase began (603.2b)."""
    CAST = "cast"
    """A spell became cast (601.2i)."""
    ATTACKS = "attacks"
    """A creature was declared as an attacker (508.1m)."""
    BLOCKS = "blocks"
    """Blockers were declared (509.1i): once for each creature declared as a blocker,
    however many creatures it blocks (509.3a), and once for each attacking creature that
    became blocked, however many creatures block it (509.3c); ``attacking`` says which
    of the two ``obj`` is; ``player`` is the defending player who declared it."""
    BLOCKS_CREATURE = "blocks_creature"
    """Blockers were declared (509.1i): for each blocking creature and each attacking
    creature it blocks, once with ``obj`` the blocker and ``other`` the attacker (509.3b)
    and once with ``obj`` the attacker and ``other`` the blocker (509.3d)."""
    DRAWS = "draws"
    """A player drew a card (121.1)."""
    DISCARDS = "discards"
    """A player discarded a card (701.9a): ``player`` is its owner, ``obj`` the card in
    the zone it went to."""
    STATE = "state"
    """Not an event: a game state a state trigger watches for (603.8)."""
    DEALS_DAMAGE = "deals_damage"
    """A source dealt damage (120.3); ``obj`` is the source, ``player`` the player dealt
    damage, if a player was."""
    BECOMES_TARGET = "becomes_target"
    """A permanent became the target of a spell or ability (603.2, 115.7)."""
    BECOMES_TAPPED = "becomes_tapped"
    """A permanent became tapped (701.26a)."""
    TAPPED_FOR_MANA = "tapped_for_mana"
    """A player tapped a permanent for mana: activated a mana ability of it with {T} in
    its cost (106.12); ``obj`` is the permanent, ``player`` who activated it."""
    GAINS_LIFE = "gains_life"
    """A player gained life, more than 0 (119.9)."""
    LOSES_LIFE = "loses_life"
    """A player lost life, more than 0 (119.3)."""
    COUNTER_REMOVED = "counter_removed"
    """A counter was removed from a permanent (one event per counter, 603.2c)."""
    REFLEXIVE = "reflexive"
    """Not an event: an action taken while a reflexive trigger's parent ability resolved
    ("When you do", 603.12)."""
    TURNED_FACE_UP = "turned_face_up"
    """A face-down permanent was turned face up (708.8)."""
    COUNTERS_ADDED = "counters_added"
    """One or more counters of a kind were put on a permanent (122.6): ``amount`` of them,
    making ``total``."""
    REVEALED = "revealed"
    """A static ability revealed a card (701.20a): ``obj`` is the card, ``by`` the object
    whose ability revealed it, for the triggered ability linked to it (603.11, 607.2)."""


@dataclass(frozen=True, slots=True)
class TriggerEvent:
    """One occurrence of a trigger event: what happened, to which object and player.

    For leaves-the-battlefield events ``obj`` is the object as it last existed on the
    battlefield (603.10a).
    """

    kind: TriggerKind
    seq: int
    player: int | None = None
    obj: GameObject | None = None
    step: str | None = None
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    """The card types of the object (as it last existed, for leaving events)."""
    zone: str | None = None
    """For zone changes, the zone the object went to."""
    counter: str | None = None
    """For counters, their kind."""
    amount: int = 0
    """For damage, how much was dealt; for counters, how many were put on."""
    total: int = 0
    """For counters put on a permanent, how many of that kind it has now."""
    combat: bool = False
    """For damage, whether it was combat damage (510.2)."""
    by: int | None = None
    """For a card revealed by a static ability, the id of the object that has it."""
    item: int | None = None
    """For a permanent that became a target, the id of the spell or ability on the stack
    that targets it ("that spell or ability", 702.21a)."""
    other: GameObject | None = None
    """For a block, the creature on the other side: the attacking creature ``obj``
    blocks, or the blocking creature that blocks ``obj``."""
    attacking: bool = False
    """For a block, whether ``obj`` is the attacking creature (it became blocked) rather
    than the blocking one."""


class Trigger:
    """A trigger condition: which events, and which of them match (CR 603.1)."""

    kind: ClassVar[TriggerKind]

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        """Whether ``event`` triggers this ability of ``source``."""
        raise NotImplementedError

    def about_source(self) -> bool:
        """Whether only events about its own source can trigger it ("When [this] dies"),
        so the trigger index files it under that object."""
        return False


def _is_source(source: GameObject, event: TriggerEvent) -> bool:
    return event.obj is not None and event.obj.id == source.id


class OwnTrigger(Trigger):
    """A trigger only events about its own source match ("When [this] leaves the
    battlefield", "Whenever [this] attacks"): subclasses add conditions to ``matches``."""

    def about_source(self) -> bool:
        return True

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return _is_source(source, event)


@dataclass(frozen=True, slots=True)
class WhenEnters(Trigger):
    """The text "When [this] enters" (``another=False, creature=False``), or "Whenever another
    creature enters" (``another=True, creature=True``) (CR 603.6a)."""

    kind: ClassVar[TriggerKind] = TriggerKind.ENTERS
    another: bool = False
    creature: bool = False

    def about_source(self) -> bool:
        return not self.another and not self.creature

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        obj = event.obj
        if obj is None:
            return False
        if not self.another and not self.creature:
            return obj.id == source.id
        if self.another and obj.id == source.id:
            return False
        return not self.creature or game.is_creature(obj)


@dataclass(frozen=True, slots=True)
class WhenDies(Trigger):
    """The text "When [this] dies", or with ``any_creature`` "Whenever a creature dies":
    put into a graveyard from the battlefield (CR 700.4, 603.10a)."""

    any_creature: bool = False

    kind: ClassVar[TriggerKind] = TriggerKind.DIES

    def about_source(self) -> bool:
        return not self.any_creature

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if self.any_creature:
            return event.obj is not None
        return _is_source(source, event)


@dataclass(frozen=True, slots=True)
class WheneverCounterRemoved(OwnTrigger):
    """The text "Whenever a [kind] counter is removed from [this]" (CR 603.2c: once for
    each counter)."""

    counter: str = "+1/+1"

    kind: ClassVar[TriggerKind] = TriggerKind.COUNTER_REMOVED

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return _is_source(source, event) and event.counter == self.counter


@dataclass(frozen=True, slots=True)
class LoreCountersReach(OwnTrigger):
    """The trigger of a chapter ability "{rN}" (CR 714.2b): "When one or more lore counters
    are put onto this Saga, if the number of lore counters on it was less than N and
    became at least N"."""

    chapter: int

    kind: ClassVar[TriggerKind] = TriggerKind.COUNTERS_ADDED

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return (
            _is_source(source, event)
            and event.counter == "lore"
            and event.total - event.amount < self.chapter <= event.total
        )


def chapter(
    numbers: int | tuple[int, ...],
    effects: tuple[Effect, ...],
    text: str,
    *,
    targets: tuple[TargetSpec, ...] = (),
) -> tuple[TriggeredAbility, ...]:
    """Chapter abilities of a Saga (CR 714.2): "{rI}, {rII}—[effect]" is one triggered
    ability for each number (714.2c)."""
    if isinstance(numbers, int):
        numbers = (numbers,)
    return tuple(
        TriggeredAbility(LoreCountersReach(n), effects, targets=targets, text=text) for n in numbers
    )


@dataclass(frozen=True, slots=True)
class WhenBecomesTarget(OwnTrigger):
    """The text "When [this] becomes the target of a spell or ability" (CR 603.2)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BECOMES_TARGET


@dataclass(frozen=True, slots=True)
class WhenEnchantedBecomesTarget(Trigger):
    """The text "When enchanted creature becomes the target of a spell or ability"
    (CR 603.2, 303.4b)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BECOMES_TARGET

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return (
            event.obj is not None
            and source.attached_to is not None
            and event.obj.id == source.attached_to
        )


@dataclass(frozen=True, slots=True)
class WhenYouDo(Trigger):
    """The trigger of a reflexive triggered ability, "When you do, ..." (CR 603.12): it
    triggers only from the effect that contains it, never from an event."""

    kind: ClassVar[TriggerKind] = TriggerKind.REFLEXIVE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class SacrificeAnotherElseTapAndLoseLife(Effect):
    """ "Sacrifice a creature other than [this], then each opponent loses life equal to
    the sacrificed creature's power. If you can't sacrifice a creature, tap [this] and you
    lose N life" (CR 701.21a): the power is the creature's as it last existed on the
    battlefield (608.2h), none lost for a power of 0 or less (119.3); whether a creature can
    be sacrificed is decided as the effect resolves."""

    life: int

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind

        game = resolution.game
        player = resolution.controller
        source = game.objects.get(resolution.item.source)
        this = source if source is not None and source.zone is Zone.BATTLEFIELD else None
        sacrifice = Sacrifice("sacrifice a creature other than this", another=True)
        candidates = sacrifice.candidates(game, player, this or resolution.item.source_snapshot)
        if not candidates:
            if this is not None and not this.tapped:
                await game.tap(this, rule="701.26a")
            await game.lose_life(player, self.life)
            return
        options = [CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in candidates]
        decision = game.decision(
            DecisionKind.SACRIFICE, player, options, sacrifice.text, rule="701.21a"
        )
        choice = await game.ask(decision)
        (sacrificed,) = await sacrifice.pay(
            game, player, resolution.item.source_snapshot, (options[choice.indices[0]].object,)
        )
        for opponent in game.turn_order_from(game.active_player):
            if opponent != player and not game.players[opponent].has_left:
                await game.lose_life(opponent, max(0, sacrificed.power or 0))


@dataclass(frozen=True, slots=True)
class MaySacrificeThen(Effect):
    """ "You may sacrifice [a permanent]. When you do, [reflexive ability]" (CR 603.12,
    701.21a): the reflexive ability triggers only if a permanent was sacrificed this way,
    and knows it as it last existed ("that creature's power")."""

    sacrifice: Sacrifice
    then: TriggeredAbility

    def __post_init__(self) -> None:
        if not isinstance(self.then.trigger, WhenYouDo):
            raise ValueError("the ability after 'When you do' must use WhenYouDo() (603.12)")

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind, Named
        from ._triggers import trigger_reflexive

        game = resolution.game
        source = resolution.item.source_snapshot
        player = resolution.controller
        candidates = self.sacrifice.candidates(game, player, source)
        if len(candidates) < self.sacrifice.count:
            return
        options: list[Named | CardOption] = [Named("no")]
        options.extend(
            CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in candidates
        )
        decision = game.decision(
            DecisionKind.SACRIFICE,
            player,
            options,
            f"you may {self.sacrifice.text}",
            rule="701.21a",
        )
        choice = await game.ask(decision)
        picked = options[choice.indices[0]]
        if not isinstance(picked, CardOption) or game.players[player].has_left:
            return
        sacrificed = await self.sacrifice.pay(game, player, source, (picked.object,))
        trigger_reflexive(game, self.then, source, player, sacrificed=sacrificed)


class StateTrigger(Trigger):
    """A state trigger (CR 603.8): "When [a game state is true]". It triggers as soon as
    the state holds, and not again until the ability has left the stack."""

    kind: ClassVar[TriggerKind] = TriggerKind.STATE

    def holds(self, game: Game, source: GameObject) -> bool:
        """Whether the game state matches the trigger condition for ``source`` now."""
        raise NotImplementedError

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return self.holds(game, source)


@dataclass(frozen=True, slots=True)
class WhenYouControlNoOther(StateTrigger):
    """The text "When you control no other [card type]s" (CR 603.8)."""

    card_type: str

    def holds(self, game: Game, source: GameObject) -> bool:
        return not any(
            other.controller == source.controller
            and other.id != source.id
            and self.card_type in game.characteristics(other).types
            for other in game.battlefield
        )


@dataclass(frozen=True, slots=True)
class SacrificeSelf(Effect):
    """The text "sacrifice [this]" (CR 701.21a): its controller puts it into its owner's
    graveyard, if it is still the same object on the battlefield (400.7)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        source = game.objects.get(resolution.item.source)
        if (
            source is not None
            and source.zone is Zone.BATTLEFIELD
            and source.controller == resolution.controller
        ):
            await game.move(source, Zone.GRAVEYARD, rule="701.21a")


@dataclass(frozen=True, slots=True)
class WheneverDealsCombatDamageToPlayer(OwnTrigger):
    """The text "Whenever [this] deals combat damage to a player" (CR 510.3a, 603.2)."""

    kind: ClassVar[TriggerKind] = TriggerKind.DEALS_DAMAGE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.combat and event.player is not None and _is_source(source, event)


@dataclass(frozen=True, slots=True)
class WheneverDealsDamageToOpponent(OwnTrigger):
    """The text "Whenever [this] deals damage to an opponent" (CR 120.1, 603.2): combat or
    not; ``THAT_PLAYER`` is the opponent dealt damage."""

    kind: ClassVar[TriggerKind] = TriggerKind.DEALS_DAMAGE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return (
            event.player is not None
            and event.player != source.controller
            and _is_source(source, event)
        )


@dataclass(frozen=True, slots=True)
class WheneverOpponentsCreatureBecomesTapped(Trigger):
    """The text "Whenever a creature an opponent controls becomes tapped" (CR 701.26a)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BECOMES_TAPPED

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        obj = event.obj
        return (
            obj is not None
            and _by_matches("an opponent", source.controller, obj.controller)
            and game.is_creature(obj)
        )


@dataclass(frozen=True, slots=True)
class WheneverTapsForMana(Trigger):
    """The text "Whenever a player / you / an opponent taps a [type] for mana" (CR
    106.12): "that player" is the one who tapped it."""

    by: str = "a player"
    card_type: str = "Land"

    kind: ClassVar[TriggerKind] = TriggerKind.TAPPED_FOR_MANA

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return self.card_type in event.types and _by_matches(
            self.by, source.controller, event.player
        )


@dataclass(frozen=True, slots=True)
class WheneverYouGainLife(Trigger):
    """The text "Whenever you gain life" (CR 119.9): once per life-gain event."""

    kind: ClassVar[TriggerKind] = TriggerKind.GAINS_LIFE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.player == source.controller and event.amount > 0


@dataclass(frozen=True, slots=True)
class WheneverYouLoseLife(Trigger):
    """The text "Whenever you lose life" (CR 119.3): once per life-loss event."""

    kind: ClassVar[TriggerKind] = TriggerKind.LOSES_LIFE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.player == source.controller and event.amount > 0


@dataclass(frozen=True, slots=True)
class WhenLeaves(OwnTrigger):
    """The text "When [this] leaves the battlefield" (CR 603.6c, 603.10a)."""

    kind: ClassVar[TriggerKind] = TriggerKind.LEAVES


@dataclass(frozen=True, slots=True)
class WhenTurnedFaceUp(OwnTrigger):
    """The text "When [this] is turned face up" (CR 708.8): it triggers as the permanent
    is turned face up, unlike abilities about entering the battlefield."""

    kind: ClassVar[TriggerKind] = TriggerKind.TURNED_FACE_UP


@dataclass(frozen=True, slots=True)
class WhenObjectLeaves(Trigger):
    """A delayed trigger's "When that [permanent] leaves the battlefield": one object,
    named as the ability that creates it resolves (CR 603.7a, 603.10a)."""

    object: int

    kind: ClassVar[TriggerKind] = TriggerKind.LEAVES

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.obj is not None and event.obj.id == self.object


@dataclass(frozen=True, slots=True)
class WhenThatLeaves(Effect):
    """ "When that [target] leaves the battlefield, [effects]" (CR 603.7a): a delayed
    triggered ability about the target as it is now. If it has already left, it never
    triggers (the example of 603.7a)."""

    effects: tuple[Effect, ...]
    target: int = 0
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        from ._triggers import DelayedTrigger

        chosen = resolution.targets[self.target]
        if not isinstance(chosen, int):
            return
        game = resolution.game
        ability = TriggeredAbility(WhenObjectLeaves(chosen), self.effects, text=self.wording)
        item = resolution.item
        source = game.objects.get(item.source) or item.source_snapshot
        game.add_delayed_trigger(DelayedTrigger(ability, source, resolution.controller))


@dataclass(frozen=True, slots=True)
class WheneverPutIntoGraveyardFromBattlefield(Trigger):
    """The text "Whenever a [type] is put into a graveyard from the battlefield"
    (CR 603.6c, 603.10a)."""

    card_type: str

    kind: ClassVar[TriggerKind] = TriggerKind.LEAVES

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.zone == "graveyard" and self.card_type in event.types


@dataclass(frozen=True, slots=True)
class AtBeginningOf(Trigger):
    """The text "At the beginning of your/each player's [step]" (CR 603.2b), or, with
    ``enchanted_controller``, "of the [step] of enchanted creature's controller" (an
    Aura's, 303.4b): none while the Aura is attached to nothing."""

    step: str
    each_player: bool = False
    enchanted_controller: bool = False

    kind: ClassVar[TriggerKind] = TriggerKind.STEP

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if event.step != self.step:
            return False
        if self.enchanted_controller:
            enchanted = game.objects.get(source.attached_to or -1)
            return enchanted is not None and event.player == enchanted.controller
        return self.each_player or event.player == source.controller


@dataclass(frozen=True, slots=True)
class WheneverCast(Trigger):
    """The text "Whenever a player / you / an opponent casts a [colour or type] spell" (601.2i)."""

    by: Literal["a player", "you", "an opponent"] = "a player"
    colors: tuple[str, ...] = ()
    """The spell must have at least one of these colours ("a blue or black spell")."""
    card_type: str | None = None
    card_types: tuple[str, ...] = ()
    """The spell must have at least one of these card types ("an instant or sorcery
    spell")."""

    kind: ClassVar[TriggerKind] = TriggerKind.CAST

    def with_text_changed(self, change: TextChange) -> WheneverCast:
        """This trigger with its colour words changed (CR 612.2)."""
        colors = change.colors(self.colors)
        return self if colors == self.colors else replace(self, colors=colors)

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if not _by_matches(self.by, source.controller, event.player):
            return False
        if self.colors and not any(c in event.colors for c in self.colors):
            return False
        if self.card_types and not any(t in event.types for t in self.card_types):
            return False
        return self.card_type is None or self.card_type in event.types


@dataclass(frozen=True, slots=True)
class WheneverAttacks(OwnTrigger):
    """The text "Whenever [this] attacks" (CR 508.1m)."""

    kind: ClassVar[TriggerKind] = TriggerKind.ATTACKS


class _BlockTrigger(OwnTrigger):
    """A trigger on blockers being declared (509.1i, 509.3), about its own source: as
    the blocking creature, the attacking one, or either. ``colors``, where a subclass has
    them, are those the creature on the other side must have one of as it blocks or
    becomes blocked (509.3f)."""

    blocking: ClassVar[bool] = True
    """Whether it triggers when its source blocks."""
    blocked: ClassVar[bool] = True
    """Whether it triggers when its source becomes blocked."""
    colors: tuple[str, ...] = ()

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if not _is_source(source, event):
            return False
        if not (self.blocked if event.attacking else self.blocking):
            return False
        if not self.colors:
            return True
        # The other creature's characteristics as the block happens, not later (509.3f).
        return event.other is not None and any(
            c in game.characteristics(event.other).colors for c in self.colors
        )


@dataclass(frozen=True, slots=True)
class WheneverBlocks(_BlockTrigger):
    """The text "Whenever [this] blocks" (CR 509.3a): once each combat, however many
    creatures it blocks; not if it is put onto the battlefield blocking (509.4)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS
    blocked: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class WheneverBecomesBlocked(_BlockTrigger):
    """The text "Whenever [this] becomes blocked" (CR 509.3c): once each combat, however
    many creatures block it."""

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS
    blocking: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class WheneverBlocksOrBecomesBlocked(_BlockTrigger):
    """The text "Whenever [this] blocks or becomes blocked" (CR 509.3a, 509.3c)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS


@dataclass(frozen=True, slots=True)
class WheneverBlocksACreature(_BlockTrigger):
    """The text "Whenever [this] blocks a [colour] creature" (CR 509.3b): once for each
    attacking creature it blocks; "that creature" (:data:`THAT_CREATURE`) is that one."""

    colors: tuple[str, ...] = ()

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS_CREATURE
    blocked: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class WheneverBecomesBlockedByACreature(_BlockTrigger):
    """The text "Whenever [this] becomes blocked by a [colour] creature" (CR 509.3d):
    once for each creature that blocks it; "that creature" (:data:`THAT_CREATURE`) is
    the blocker."""

    colors: tuple[str, ...] = ()

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS_CREATURE
    blocking: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class WheneverBlocksOrBecomesBlockedByACreature(_BlockTrigger):
    """The text "Whenever [this] blocks or becomes blocked by a [colour] creature" (CR
    509.3b, 509.3d): once for each creature it blocks or that blocks it; "that creature"
    (:data:`THAT_CREATURE`) is the creature on the other side."""

    colors: tuple[str, ...] = ()

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS_CREATURE


@dataclass(frozen=True, slots=True)
class WheneverDraws(Trigger):
    """The text "Whenever a player / you / an opponent draws a card" (CR 121.1)."""

    by: Literal["a player", "you", "an opponent"] = "a player"

    kind: ClassVar[TriggerKind] = TriggerKind.DRAWS

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return _by_matches(self.by, source.controller, event.player)


@dataclass(frozen=True, slots=True)
class WheneverDiscards(Trigger):
    """The text "Whenever a player / you / an opponent discards a card" (CR 701.9a): once
    for each card discarded (603.2c)."""

    by: Literal["a player", "you", "an opponent"] = "a player"

    kind: ClassVar[TriggerKind] = TriggerKind.DISCARDS

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return _by_matches(self.by, source.controller, event.player)


@dataclass(frozen=True, slots=True)
class WheneverRevealedThisWay(Trigger):
    """The text "Whenever you reveal a [type] card this way", linked to its object's
    :class:`RevealFirstDrawEachTurn` (CR 603.11, 607.2): only that object's reveals count.
    A card matches if it has one of ``types`` (any if empty) and all of ``supertypes``."""

    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()

    kind: ClassVar[TriggerKind] = TriggerKind.REVEALED

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if event.by != source.id or event.obj is None:
            return False
        card = event.obj.card
        return (not self.types or any(t in card.types for t in self.types)) and all(
            s in card.supertypes for s in self.supertypes
        )


def _by_matches(by: str, controller: int, player: int | None) -> bool:
    if by == "you":
        return player == controller
    if by == "an opponent":
        return player is not None and player != controller
    return True


class Condition:
    """An intervening "if" clause (CR 603.4), checked on triggering and on resolution."""

    def holds(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        """Whether the condition is true now."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class SourceUntapped(Condition):
    """The text "if [this] is untapped": the source is on the battlefield and untapped."""

    def holds(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        current = game.objects.get(source.id)
        return current is not None and current.zone.value == "battlefield" and not current.tapped


@dataclass(frozen=True, slots=True)
class LifeAtLeast(Condition):
    """The condition "if you have N or more life": the source's controller's life."""

    amount: int

    def holds(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return game.players[source.controller].life >= self.amount


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Ability):
    """A triggered ability (CR 603): "[When/Whenever/At] [trigger], [if condition,]
    [effect]".

    ``optional`` is "you may" (603.5): the controller chooses as it resolves.
    ``targets`` are chosen as it is put on the stack (603.3d).
    """

    trigger: Trigger
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    condition: Condition | None = None
    optional: bool = False
    text: str = ""

    def with_text_changed(self, change: TextChange) -> Ability:
        """This ability with the words of its trigger condition changed (CR 612.2)."""
        changer = getattr(self.trigger, "with_text_changed", None)
        if changer is None:
            return self
        trigger = changer(change)
        return self if trigger is self.trigger else replace(self, trigger=trigger)


def _static(
    source: GameObject,
    layer: Layer,
    modify: Callable[[Characteristics], None],
    text: str,
    *,
    applies_to: Callable[[GameObject, Characteristics], bool] | None = None,
    affected: frozenset[int] | None = None,
    part_of: int | None = None,
) -> ContinuousEffect:
    """An effect of a static ability of ``source``: its timestamp is the source's (613.7a)."""
    return ContinuousEffect(
        layer=layer,
        timestamp=source.timestamp,
        source=source.id,
        affected=affected,
        modify=modify,
        description=text,
        applies_to=applies_to,
        part_of=part_of,
    )


def _on_enchanted(
    source: GameObject, layer: Layer, modify: Callable[[Characteristics], None], text: str
) -> tuple[ContinuousEffect, ...]:
    """An Aura's effect on the object it enchants (303.4b), none while unattached."""
    if source.attached_to is None:
        return ()
    return (_static(source, layer, modify, text, affected=frozenset((source.attached_to,))),)


class StaticAbility(Ability):
    """A static ability (CR 604): it produces continuous effects while it applies."""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        """The effects this ability of ``source`` generates now (611.3a)."""
        return ()

    def granted_abilities(self) -> tuple[Ability, ...]:
        """The abilities its effects give to objects (layer 6, CR 613.1f)."""
        return ()


def abilities_granted_by(abilities: Iterable[Ability]) -> tuple[Ability, ...]:
    """Every ability that static ``abilities`` give objects, directly or through a static
    ability they give (CR 613.1f): so the game knows which kinds of abilities may exist
    that no card prints."""
    found: list[Ability] = []
    pending = [a for a in abilities if isinstance(a, StaticAbility)]
    while pending:
        for granted in pending.pop(0).granted_abilities():
            found.append(granted)
            if isinstance(granted, StaticAbility):
                pending.append(granted)
    return tuple(found)


def check_grantable(ability: Ability) -> None:
    """Raise for an ability the engine cannot give an object yet: one that applies as its
    permanent enters the battlefield (614.12, 614.1c-d), which the engine reads from the
    card entering."""
    if isinstance(
        ability,
        EntersTappedUnless
        | EntersWithCounters
        | EntersAsCopy
        | AsEntersChooseColor
        | AsEntersChooseBasicLandType,
    ):
        raise RuleNotImplementedError(
            "614.12", f'granting an ability that applies as a permanent enters: "{ability.text}"'
        )


class AuraTarget(StaticAbility):
    """An enchant ability (CR 702.5a) as the rules of Auras see it: what an Aura spell
    targets (303.4a) and what the Aura may be attached to (303.4d, 704.5m). The enchant
    keyword plugin (``manaweave.keywords.enchant``) defines it."""

    def enchants(self) -> TargetSpec:
        """The target an Aura spell with it requires, and what the Aura may enchant."""
        raise NotImplementedError

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        return ()


@dataclass(frozen=True, slots=True)
class EnchantedHas(StaticAbility):
    """Enchanted [permanent] has an ability (CR 613.1f, 303.4b): "this creature" in the
    granted ability's text is the enchanted permanent. A granted static ability generates
    its effects from that permanent, "you" being its controller (604.1, 613.7a)."""

    ability: Ability
    text: str = ""

    def __post_init__(self) -> None:
        check_grantable(self.ability)

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        return tuple(
            replace(effect, granted=(self.ability,))
            for effect in _on_enchanted(
                source, Layer.ABILITY, gain_ability(self.ability), self.text
            )
        )

    def granted_abilities(self) -> tuple[Ability, ...]:
        return (self.ability,)


@dataclass(frozen=True, slots=True)
class EquippedHas(EnchantedHas):
    """Equipped creature has an ability (CR 613.1f, 301.5a)."""


class DamageResult(Ability):
    """An ability that adds to what happens when its object deals damage (CR 120.3), such
    as deathtouch (702.2b) or lifelink (702.15b): keyword plugins subclass it. After each
    instance of damage a source with it deals (damage that was prevented was not dealt,
    615.1), the game calls :meth:`after_damage`, then awaits :meth:`after_damage_events`.

    Where multiple instances of the ability on one object are redundant (702.2f,
    702.15f), ``redundant`` is true and the game applies only one of them."""

    redundant: ClassVar[bool] = False

    def after_damage(
        self,
        game: Game,
        source: GameObject,
        target: int | tuple[str, int],
        amount: int,
        combat: bool,
    ) -> None:
        """React at once to ``source`` having dealt ``amount`` damage to ``target``, with
        a result that is not itself an event (a creature marked for 704.5h)."""

    async def after_damage_events(
        self,
        game: Game,
        source: GameObject,
        target: int | tuple[str, int],
        amount: int,
        combat: bool,
    ) -> None:
        """The events the damage causes in addition to its own results, which replacement
        effects may modify (a life gain, 702.15b, 119.10)."""


class ChangesLethalDamage(Ability):
    """An ability of a damage source that changes how much of its combat damage counts as
    lethal damage to a creature when combat damage is assigned (CR 702.2c, 702.19b):
    deathtouch subclasses it."""

    def lethal_damage(
        self, game: Game, source: GameObject, creature: GameObject, lethal: int
    ) -> int:
        """How much damage from ``source`` is lethal damage to ``creature``, where ``lethal``
        (at least 1) is what would be lethal damage from a source without this ability."""
        raise NotImplementedError


class AttackRestriction(Ability):
    """A restriction on attacking (CR 508.1c): an ability of ``source``, a permanent on
    the battlefield, that says a creature can't attack, or can't attack unless a
    condition is met. A declaration of attackers that disobeys one is illegal. Defender
    (702.3b) subclasses it."""

    def forbids_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: TargetRef
    ) -> bool:
        """Whether it forbids ``creature`` to attack ``attacked`` (a permanent's id or
        ``("player", n)``), whatever else attacks."""
        return False

    def forbids_attackers(
        self, game: Game, source: GameObject, attacks: Mapping[int, TargetRef]
    ) -> bool:
        """Whether it forbids this whole declaration (attacking creature id -> what it
        attacks), for a restriction that depends on other attackers ("can't attack
        alone", 508.1c)."""
        return False


@dataclass(frozen=True, slots=True)
class CantAttackUnlessDefenderControls(AttackRestriction):
    """ "[This] can't attack unless defending player controls a(n) [subtype]" (CR 508.1c):
    the defending player is the one it would attack, or the controller of the
    planeswalker or the protector of the battle it would attack (506.2)."""

    subtype: str
    text: str = ""

    def with_text_changed(self, change: TextChange) -> Ability:
        subtype = change.word(self.subtype)
        return self if subtype in (None, self.subtype) else replace(self, subtype=subtype)

    def forbids_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: TargetRef
    ) -> bool:
        if creature.id != source.id:
            return False
        if isinstance(attacked, tuple):
            defending = attacked[1]
        else:
            permanent = game.objects[attacked]
            protector = permanent.protector
            defending = protector if protector is not None else permanent.controller
        return not any(
            permanent.controller == defending
            and self.subtype in game.characteristics(permanent).subtypes
            for permanent in game.battlefield
        )


@dataclass(frozen=True, slots=True)
class CombatCost:
    """What attacking or blocking with one creature costs (CR 508.1h, 509.1d): mana, and
    costs other than mana (sacrificing, discarding, life), which are paid for that
    creature."""

    mana: ManaCost | None = None
    costs: tuple[Cost, ...] = ()

    @property
    def text(self) -> str:
        """The cost as it is shown: ``"{2}"``, ``"{1}, sacrifice a creature"``."""
        parts = [] if self.mana is None or self.mana.is_empty else [str(self.mana)]
        parts.extend(c.text for c in self.costs)
        return ", ".join(parts) or "{0}"


class AttackCost(Ability):
    """An ability of ``source``, a permanent on the battlefield, that says a creature
    can't attack unless its controller pays a cost (CR 508.1d, 508.1h): "Creatures can't
    attack you unless their controller pays {2} for each creature they control that's
    attacking you". The costs of all the creatures declared as attackers add up to the
    total cost to attack, which is locked in and paid as attackers are declared
    (508.1h-j); a declaration whose total cost can't be paid is illegal (508.1). The
    active player never has to pay one to obey a requirement (508.1d)."""

    def cost_to_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: TargetRef
    ) -> CombatCost | None:
        """What it costs for ``creature`` to attack ``attacked`` (a permanent's id or
        ``("player", n)``); ``None`` if this ability asks nothing of it."""
        raise NotImplementedError


class AttackRequirement(Ability):
    """A requirement to attack (CR 508.1d): an ability of ``source`` that says creatures
    attack if able. The declaration must obey as many requirements as possible without
    disobeying a restriction."""

    def required_attackers(self, game: Game, source: GameObject) -> Sequence[int]:
        """The creatures it requires to attack: each is one requirement, obeyed if that
        creature attacks."""
        raise NotImplementedError

    def required_attacks(
        self, game: Game, source: GameObject
    ) -> Sequence[tuple[int, TargetRef | None]]:
        """Each requirement as (creature, what it must attack, or ``None`` for anything):
        obeyed if that creature attacks it ("attacks you this turn if able")."""
        return [(creature, None) for creature in self.required_attackers(game, source)]


@dataclass(frozen=True, slots=True)
class ThatCreatureAttacksIfAble(AttackRequirement):
    """A requirement a resolved spell or ability created: the creature ``creature`` (as
    the object it was then, 400.7) attacks ``attacked`` this turn if able (CR 508.1d,
    611.2a)."""

    creature: int
    attacked: TargetRef
    text: str = ""

    def required_attackers(self, game: Game, source: GameObject) -> Sequence[int]:
        return (self.creature,)

    def required_attacks(
        self, game: Game, source: GameObject
    ) -> Sequence[tuple[int, TargetRef | None]]:
        return ((self.creature, self.attacked),)


@dataclass(frozen=True, slots=True)
class AttacksEachCombat(AttackRequirement):
    """ "[This creature] attacks each combat if able" (CR 508.1d): one requirement, for
    its own creature; a tapped or summoning-sick creature isn't able (508.1a)."""

    text: str = "This creature attacks each combat if able."

    def required_attackers(self, game: Game, source: GameObject) -> Sequence[int]:
        return (source.id,)


class AttacksWithoutTapping(Ability):
    """An ability that keeps attacking from tapping its creature (CR 508.1f): vigilance
    (702.20b) subclasses it."""


class BlockRestriction(Ability):
    """A restriction on blocking (CR 509.1b): an ability of ``source`` that says a
    creature can't block, or can't block unless a condition is met, including an evasion
    ability of an attacking creature (flying, 702.9b; menace, 702.111b). A declaration of
    blockers that disobeys one is illegal."""

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        """Whether it forbids ``blocker`` to block ``attacker``, whatever else blocks."""
        return False

    def forbids_blockers(
        self, game: Game, source: GameObject, blocks: Mapping[int, tuple[int, ...]]
    ) -> bool:
        """Whether it forbids this whole declaration (blocking creature id -> the
        attacking creatures it blocks), for a restriction that depends on other blockers
        ("can't be blocked except by two or more creatures", 702.111b)."""
        return False


@dataclass(frozen=True, slots=True)
class CantBeBlocked(BlockRestriction):
    """ "This creature can't be blocked" (CR 509.1b): no creature may block it."""

    text: str = "This creature can't be blocked."

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        return attacker.id == source.id


@dataclass(frozen=True, slots=True)
class CantBeBlockedExceptBy(BlockRestriction):
    """ "[This] can't be blocked except by [colour] creatures" (CR 509.1b): a creature
    blocking it must have one of ``colors`` as blockers are declared."""

    colors: tuple[str, ...]
    text: str = ""

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        if attacker.id != source.id:
            return False
        return not any(c in game.characteristics(blocker).colors for c in self.colors)


class BlockCost(Ability):
    """An ability of ``source`` that says a creature can't block unless its controller
    pays a cost (CR 509.1c, 509.1d): "Creatures can't block unless their controller pays
    {1} for each blocking creature they control". The costs of all the blocking
    creatures add up to the total cost to block, locked in and paid as blockers are
    declared (509.1d-f); a declaration whose total cost can't be paid is illegal
    (509.1). The defending player never has to pay one to obey a requirement (509.1c)."""

    def cost_to_block(
        self, game: Game, source: GameObject, blocker: GameObject, blocked: tuple[int, ...]
    ) -> CombatCost | None:
        """What it costs for ``blocker`` to block the attacking creatures ``blocked``;
        ``None`` if this ability asks nothing of it."""
        raise NotImplementedError


class BlockRequirement(Ability):
    """A requirement to block (CR 509.1c): an ability of ``source`` that says creatures
    block if able, or block a certain creature if able."""

    def required_blocks(self, game: Game, source: GameObject) -> Sequence[tuple[int, int | None]]:
        """Each requirement as (blocking creature, the attacking creature it must block,
        or ``None`` for any): obeyed if that creature blocks it."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class ActivationRestriction(Ability):
    """An ability of ``source``, a permanent on the battlefield, that says activated
    abilities can't be activated (CR 602.5): mana abilities too, unless it excepts them
    (605.1a: they are activated abilities)."""

    def forbids_activation(
        self, game: Game, source: GameObject, permanent: GameObject, ability: Ability
    ) -> bool:
        """Whether it forbids activating ``ability`` of ``permanent`` now."""
        return False


@dataclass(frozen=True, slots=True)
class EnchantedCantAttackOrBlock(AttackRestriction, BlockRestriction, ActivationRestriction):
    """ "Enchanted creature can't attack or block" (CR 508.1c, 509.1b), and with
    ``nor_activate`` ", and its activated abilities can't be activated" (602.5): an
    ability of the Aura itself, so the creature losing its abilities changes nothing."""

    nor_activate: bool = False
    text: str = "Enchanted creature can't attack or block."

    def forbids_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: TargetRef
    ) -> bool:
        return creature.id == source.attached_to

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        return blocker.id == source.attached_to

    def forbids_activation(
        self, game: Game, source: GameObject, permanent: GameObject, ability: Ability
    ) -> bool:
        return self.nor_activate and permanent.id == source.attached_to


@dataclass(frozen=True, slots=True)
class AllAbleBlockIt(BlockRequirement):
    """ "All creatures able to block this creature do so" (509.1c): a requirement for
    each creature its controller's opponents control, obeyed only while it attacks."""

    text: str = "All creatures able to block this creature do so."

    def required_blocks(self, game: Game, source: GameObject) -> Sequence[tuple[int, int | None]]:
        return tuple(
            (creature.id, source.id)
            for creature in game.creatures()
            if creature.controller != source.controller
        )


@dataclass(frozen=True, slots=True)
class CantAttackOrBlockAlone(AttackRestriction, BlockRestriction):
    """ "[This creature] can't attack or block alone" (CR 508.1c, 509.1b): a declaration of
    attackers in which it is the only attacking creature, or of blockers in which it is
    the only blocking creature, is illegal."""

    text: str = "This creature can't attack or block alone."

    def forbids_attackers(
        self, game: Game, source: GameObject, attacks: Mapping[int, TargetRef]
    ) -> bool:
        return source.id in attacks and len(attacks) == 1

    def forbids_blockers(
        self, game: Game, source: GameObject, blocks: Mapping[int, tuple[int, ...]]
    ) -> bool:
        return source.id in blocks and len(blocks) == 1


@dataclass(frozen=True, slots=True)
class ThoseCreaturesCantBlock(BlockRestriction):
    """A restriction a resolved spell or ability created: the creatures ``creatures``
    (as the objects they were then, 400.7) can't block (CR 509.1b)."""

    creatures: frozenset[int]
    text: str = ""

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        return blocker.id in self.creatures


@dataclass(frozen=True, slots=True)
class BlocksAdditionalCreatures(Ability):
    """ "[This creature] can block an additional creature each combat" (CR 509.1a): each
    instance lets it block ``count`` more attacking creatures."""

    count: int = 1
    text: str = "This creature can block an additional creature each combat."


@dataclass(frozen=True, slots=True)
class BlocksAnyNumber(BlocksAdditionalCreatures):
    """ "[This creature] can block any number of creatures" (CR 509.1a): no limit, so
    more than the number of creatures any game can have attacking."""

    count: int = sys.maxsize
    text: str = "This creature can block any number of creatures."


class CombatDamageStep(Ability):
    """An ability that changes which combat damage steps its creature assigns combat
    damage in (CR 510.4): first strike (702.7b) and double strike (702.4b) subclass it.
    If an attacking or blocking creature has one with ``in_first_step`` as the combat
    damage step begins, the phase has two combat damage steps."""

    in_first_step: ClassVar[bool] = True
    """Its creature assigns combat damage in the first combat damage step."""
    in_second_step: ClassVar[bool] = False
    """Its creature also assigns combat damage in the second combat damage step while it
    has this ability, even if it dealt damage in the first."""


class ExcessCombatDamage(Ability):
    """An ability of an attacking creature that lets its controller assign combat damage
    beyond lethal damage to its blockers (CR 702.19b): trample and trample over
    planeswalkers (702.19c) subclass it. It has no effect on a blocking creature."""

    def beyond_blockers(
        self, game: Game, creature: GameObject, attacked: TargetRef | None, defending: int
    ) -> tuple[TargetRef, ...]:
        """What may be assigned damage once every blocker is assigned lethal damage, in
        order: each only once those before it are assigned lethal damage (a planeswalker
        its loyalty, a battle its defense). ``attacked`` is what the creature attacks,
        ``None`` if that was removed from combat (506.4c); ``defending`` is the
        defending player (508.5)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class AttachSelf(Effect):
    """ "Attach [this] to target [permanent]" (CR 701.3a): its source, if still on the
    battlefield, becomes attached to the target."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        source = game.objects.get(resolution.item.source)
        target = resolution.targets[self.target]
        if source is None or source.zone is not Zone.BATTLEFIELD or not isinstance(target, int):
            return
        game.attach(source, game.objects[target])


@dataclass(frozen=True, slots=True)
class EnchantedGets(StaticAbility):
    """Enchanted creature gets +P/+T (CR 613.4c, 303.4b), "and loses [abilities]"
    (``loses``): that part of the effect applies in layer 6 (613.1f)."""

    power: int
    toughness: int
    text: str = ""
    loses: tuple[Ability, ...] = ()
    holder: ClassVar[str] = "enchanted"

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        losing = tuple(
            effect
            for ability in self.loses
            for effect in _on_enchanted(
                source,
                Layer.ABILITY,
                lose_ability(ability),
                f"{self.holder} creature loses {ability.text}",
            )
        )
        return losing + _on_enchanted(
            source,
            Layer.PT_MODIFYING,
            modify_pt(self.power, self.toughness),
            f"{self.holder} creature gets {self.power:+d}/{self.toughness:+d}",
        )


@dataclass(frozen=True, slots=True)
class EnchantedGetsForEach(StaticAbility):
    """Enchanted creature gets +P/+T for each [subtype] you control (CR 613.4c, 303.4b):
    counted whenever the effect applies (611.3a), among the permanents the Aura's
    controller controls as the earlier layers left them."""

    power: int
    toughness: int
    subtype: str
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        controller, subtype = source.controller, self.subtype
        power, toughness = self.power, self.toughness

        def pump(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
            count = sum(
                1 for c in board.values() if c.controller == controller and subtype in c.subtypes
            )
            modify_pt(power * count, toughness * count)(target)

        return tuple(
            replace(effect, board_modify=pump)
            for effect in _on_enchanted(source, Layer.PT_MODIFYING, _no_change, self.text)
        )


@dataclass(frozen=True, slots=True)
class EquippedGets(EnchantedGets):
    """Equipped creature gets +P/+T (CR 613.4c, 301.5a)."""

    holder: ClassVar[str] = "equipped"


@dataclass(frozen=True, slots=True)
class EntersTappedUnless(StaticAbility):
    """The text "[This] enters the battlefield tapped unless you control a [subtype] or a [subtype]"
    (CR 614.1d, 614.12): a replacement effect of the permanent itself, applied as it
    enters."""

    subtypes: tuple[str, ...]
    text: str = ""

    def with_text_changed(self, change: TextChange) -> Ability:
        subtypes = tuple(change.word(t) or t for t in self.subtypes)
        return self if subtypes == self.subtypes else replace(self, subtypes=subtypes)

    def enters_tapped(self, game: Game, controller: int) -> bool:
        """Whether the permanent enters tapped under ``controller``."""
        for permanent in game.battlefield:
            if game.entering_together(permanent):
                continue  # not on the battlefield yet as this one enters (614.12)
            if permanent.controller == controller and any(
                sub in game.characteristics(permanent).subtypes for sub in self.subtypes
            ):
                return False
        return True


class ReplacementAbility(StaticAbility):
    """A static ability that generates replacement effects while its permanent is on the
    battlefield (CR 614.1, 604.1).

    Where multiple instances of the ability on one permanent are redundant (protection
    from the same quality, 702.16m), ``redundant`` is true and the game takes the effects
    of only one of the equal instances."""

    redundant: ClassVar[bool] = False
    in_every_zone: ClassVar[bool] = False
    """It says it works "from anywhere", so it functions in every zone (113.6b), not
    only on the battlefield."""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        """The replacement effects this ability of ``source`` generates now."""
        raise NotImplementedError

    def _from(
        self, source: GameObject, effect: Callable[..., ReplacementEffect], **fields: object
    ) -> list[ReplacementEffect]:
        """One ``effect`` generated by ``source``, lasting as long as the ability
        (604.1), with this ability's text."""
        text = getattr(self, "text", "")
        return [
            effect(source.id, source.controller, text, source.name, Duration.PERMANENT, **fields)
        ]


@dataclass(frozen=True, slots=True)
class GraveyardExileInstead(ReplacementAbility):
    """The text "If a card or token would be put into a graveyard from anywhere, exile it
    instead" (CR 614.1a)."""

    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import ExileInstead

        return self._from(source, ExileInstead)


@dataclass(frozen=True, slots=True)
class MayRevealInsteadOfDrawing(ReplacementAbility):
    """ "If you would draw a card, you may instead choose land or nonland and reveal cards
    ... until you reveal a card of the chosen kind" (Abundance, CR 614.11)."""

    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import DigInsteadOfDrawing

        return self._from(source, DigInsteadOfDrawing)


@dataclass(frozen=True, slots=True)
class PreventSomeDamageToYourCreatures(ReplacementAbility):
    """ "If a source would deal damage to a [subtype] creature you control, prevent N of
    that damage" (CR 615.10)."""

    amount: int = 1
    subtypes: tuple[str, ...] = ()
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import PreventSomeDamage

        return self._from(source, PreventSomeDamage, amount=self.amount, subtypes=self.subtypes)


@dataclass(frozen=True, slots=True)
class PreventSomeDamageToYou(ReplacementAbility):
    """ "If a source [an opponent controls] would deal damage to you, prevent N of that
    damage" (CR 615.10)."""

    amount: int = 1
    from_opponents: bool = False
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import PreventSomeDamageToYou as Prevention

        return self._from(
            source, Prevention, amount=self.amount, from_opponents=self.from_opponents
        )


@dataclass(frozen=True, slots=True)
class PreventDamageToEquipped(ReplacementAbility):
    """ "Prevent all [noncombat] damage that would be dealt to equipped creature" on an
    Equipment (CR 615.1a, 301.5a): it protects whatever the Equipment is attached to."""

    noncombat_only: bool = False
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import PreventDamageToObject

        if source.attached_to is None:
            return []
        return self._from(
            source,
            PreventDamageToObject,
            protected=source.attached_to,
            noncombat_only=self.noncombat_only,
        )


@dataclass(frozen=True, slots=True)
class LifeGainReplaced(ReplacementAbility):
    """A static ability replacing life gain (CR 614.1a): ``"double"`` ("If you would gain
    life, you gain twice that much life instead"), ``"opponents lose"`` ("If an opponent
    would gain life, that player loses that much life instead") or ``"draw"`` ("If you
    would gain life, draw that many cards instead")."""

    how: Literal["double", "opponents lose", "draw"]
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import (
            DrawInsteadOfGainingLife,
            LoseLifeInsteadOfGaining,
            ModifyLifeGain,
        )

        kind = {
            "double": ModifyLifeGain,
            "opponents lose": LoseLifeInsteadOfGaining,
            "draw": DrawInsteadOfGainingLife,
        }[self.how]
        return self._from(source, kind)


@dataclass(frozen=True, slots=True)
class ReturnCardInsteadOfDrawing(ReplacementAbility):
    """ "If you would draw a card, return a card from your graveyard to your hand instead"
    (CR 614.11)."""

    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import ReturnFromGraveyardInsteadOfDrawing

        return self._from(source, ReturnFromGraveyardInsteadOfDrawing)


@dataclass(frozen=True, slots=True)
class MoreCountersOnYourCreatures(ReplacementAbility):
    """ "If one or more [kind] counters would be put on a creature you control, that many
    plus N [kind] counters are put on it instead" (CR 614.1a)."""

    kind: str = "+1/+1"
    extra: int = 1
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import MoreCounters

        return self._from(source, MoreCounters, kind=self.kind, extra=self.extra)


@dataclass(frozen=True, slots=True)
class LoseLessLife(ReplacementAbility):
    """ "If you would lose life, you lose that much life minus N instead" (CR 614.1a)."""

    less: int = 1
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import LessLifeLoss

        return self._from(source, LessLifeLoss, less=self.less)


@dataclass(frozen=True, slots=True)
class MoreTokensForYou(ReplacementAbility):
    """ "If an effect would create one or more tokens under your control, it creates twice
    that many of those tokens instead" (CR 614.1a)."""

    multiply: int = 2
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import MoreTokens

        return self._from(source, MoreTokens, multiply=self.multiply)


@dataclass(frozen=True, slots=True)
class ShuffleInsteadOfDying(ReplacementAbility):
    """The text "If [this] would die, shuffle it into its owner's library instead"
    (CR 614.1a)."""

    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import ShuffleIntoLibraryInstead

        return self._from(source, ShuffleIntoLibraryInstead)


@dataclass(frozen=True, slots=True)
class ShuffleIntoLibraryFromAnywhere(ReplacementAbility):
    """The text "If [this] would be put into a graveyard from anywhere, reveal [it] and
    shuffle it into its owner's library instead" (CR 614.1a, 701.20a): it functions in
    every zone (113.6b), the stack and the library included."""

    text: str = ""
    in_every_zone: ClassVar[bool] = True

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import RevealAndShuffleIntoLibraryInstead

        return self._from(source, RevealAndShuffleIntoLibraryInstead)


@dataclass(frozen=True, slots=True)
class RegeneratesItself(ReplacementAbility):
    """The text "If [this] would be destroyed, regenerate it": a static ability that
    regenerates it each time, with no shield to use up (CR 701.19b)."""

    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import RegenerateEachTime

        return self._from(source, RegenerateEachTime)


@dataclass(frozen=True, slots=True)
class EntersWithCounters(StaticAbility):
    """The text "[This] enters the battlefield with N (or X) [kind] counters on it"
    (CR 614.1c, 122.6): a replacement effect of the permanent itself."""

    kind: str
    amount: int | Literal["X"]
    text: str = ""

    def count(self, entering: GameObject) -> int:
        """How many counters it enters with: X is the value chosen as it was cast."""
        return entering.x if self.amount == "X" else self.amount


@dataclass(frozen=True, slots=True)
class PreventDamageRemovingCounters(ReplacementAbility):
    """The text "If damage would be dealt to [this], prevent that damage and remove that
    many [kind] counters from it" (CR 615.1a, 615.6)."""

    kind: str = "+1/+1"
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import PreventToSelfRemovingCounters

        return self._from(source, PreventToSelfRemovingCounters, counter=self.kind)


@dataclass(frozen=True, slots=True)
class ControlEnchanted(StaticAbility):
    """The text "You control enchanted creature" (CR 613.1b, 303.4e)."""

    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        return _on_enchanted(source, Layer.CONTROL, set_controller(source.controller), self.text)


@dataclass(frozen=True, slots=True)
class Destroy(Effect):
    """The text "Destroy target [permanent]" (CR 701.8a)."""

    target: Recipient = 0
    regenerable: bool = True
    """False for "It can't be regenerated" (701.19c)."""

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            resolution.last_known[chosen] = game.objects[chosen]
            await game.destroy(game.objects[chosen], regenerate=self.regenerable)


@dataclass(frozen=True, slots=True)
class Exile(Effect):
    """The text "Exile target [permanent]" (CR 701.13a)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            await game.move(game.objects[chosen], Zone.EXILE, rule="701.13a")


@dataclass(frozen=True, slots=True)
class PutOnTopOfOwnersLibrary(Effect):
    """The text "Put target [permanent] on top of its owner's library": a card goes to its
    owner's library whoever controls it (CR 400.3); a token ceases to exist (111.8)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            await game.move(game.objects[chosen], Zone.LIBRARY, rule="400.3")


@dataclass(frozen=True, slots=True)
class MoveTargetCard(Effect):
    """ "Return target [card] from a graveyard to [its owner's] hand" (``to="hand"``,
    400.3) or "Exile target [card] from a graveyard" (``to="exile"``, 701.13a): the card at
    index ``target``, if it is still legal (608.2b)."""

    to: Literal["hand", "exile"]
    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[self.target]
        if isinstance(chosen, int):
            game = resolution.game
            if self.to == "hand":
                await game.move(game.objects[chosen], Zone.HAND, rule="400.3")
            else:
                await game.move(game.objects[chosen], Zone.EXILE, rule="701.13a")


@dataclass(frozen=True, slots=True)
class PutTargetCardOntoBattlefield(Effect):
    """ "Put target [card] from a graveyard onto the battlefield under your control. That
    creature is a [colour] [subtype] in addition to its other colors and types" (CR
    110.2a): the card at index ``target`` enters under the controller of the spell or
    ability; the added colours (layer 5) and subtypes (layer 4) apply to the permanent it
    becomes (400.7) for as long as it stays on the battlefield (611.2a, 613.1d-e)."""

    also_colors: tuple[str, ...] = ()
    also_subtypes: tuple[str, ...] = ()
    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[self.target]
        if not isinstance(chosen, int):
            return
        game = resolution.game
        permanent = await game.move(
            game.objects[chosen], Zone.BATTLEFIELD, controller=resolution.controller
        )
        if permanent.zone is not Zone.BATTLEFIELD:
            return
        timestamp = game.next_timestamp()
        parts: list[tuple[Layer, Callable[[Characteristics], None], str]] = []
        if self.also_subtypes:
            added = " ".join(self.also_subtypes)
            parts.append((Layer.TYPE, add_types((), self.also_subtypes), f"is also {added}"))
        if self.also_colors:
            parts.append(
                (Layer.COLOR, add_colors(self.also_colors), "is also " + "".join(self.also_colors))
            )
        for layer, modify, description in parts:
            game.add_continuous_effect(
                ContinuousEffect(
                    layer=layer,
                    timestamp=timestamp,
                    source=resolution.item.id,
                    affected=frozenset((permanent.id,)),
                    modify=modify,
                    duration=Duration.PERMANENT,
                    description=description,
                )
            )


@dataclass(frozen=True, slots=True)
class ExileGraveyardAndNamesakes(Effect):
    """ "Exile all cards from target player's graveyard other than basic land cards. For
    each card exiled this way, search that player's library for all cards with the same
    name as that card and exile them. Then that player shuffles" (CR 701.13a, 701.23a,
    701.24a). The graveyard's cards are exiled at once; searching for cards of a stated
    quality, the controller need not find all of them (701.23b)."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind

        chosen = resolution.targets[self.target]
        if not isinstance(chosen, tuple):
            return
        game, player, searcher = resolution.game, chosen[1], resolution.controller
        state = game.players[player]
        names: list[str] = []
        async with game.simultaneously():
            for card_obj in list(state.graveyard):
                if "Basic" in card_obj.card.supertypes and "Land" in card_obj.card.types:
                    continue
                exiled = await game.move(card_obj, Zone.EXILE, rule="701.13a")
                if exiled.zone is Zone.EXILE and card_obj.name not in names:
                    names.append(card_obj.name)
        namesakes = sorted(
            (c for c in state.library if c.name in names), key=lambda c: (c.name, c.id)
        )
        if namesakes:
            options = [CardOption(c.id, c.name) for c in namesakes]
            decision = game.decision(
                DecisionKind.SEARCH,
                searcher,
                options,
                f"search player {player}'s library for cards named {', '.join(names)}",
                min=0,
                max=len(options),
                rule="701.23b",
            )
            choice = await game.ask(decision)
            async with game.simultaneously():
                for index in choice.indices:
                    await game.move(game.objects[options[index].object], Zone.EXILE, rule="701.13a")
        game.shuffle(player)


@dataclass(frozen=True, slots=True)
class DestroyAtNextEndStep(Effect):
    """ "Destroy that creature at the beginning of the next end step" (CR 603.7a, 701.8a):
    a delayed triggered ability that destroys the target at index ``target`` only if it
    is still the same object on the battlefield then (400.7)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        from ._triggers import DelayedTrigger

        chosen = _recipient(resolution, self.target)
        if not isinstance(chosen, int):
            return
        game = resolution.game
        ability = TriggeredAbility(
            AtBeginningOf("end", each_player=True),
            (DestroyObject(chosen),),
            text="At the beginning of the next end step, destroy that creature.",
        )
        item = resolution.item
        source = game.objects.get(item.source) or item.source_snapshot
        game.add_delayed_trigger(DelayedTrigger(ability, source, resolution.controller))


@dataclass(frozen=True, slots=True)
class DestroyObject(Effect):
    """Destroy the permanent ``object`` (CR 701.8a), if it is still that object on the
    battlefield (400.7): what a delayed ability remembers ("that creature")."""

    object: int

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        permanent = game.objects.get(self.object)
        if permanent is not None and permanent.zone is Zone.BATTLEFIELD:
            await game.destroy(permanent)


@dataclass(frozen=True, slots=True)
class DestroyOneAtRandom(Effect):
    """ "Destroy one of them at random" (CR 701.8a): one of the targets still legal as it
    resolves (608.2b), chosen at random."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        legal = [t for t in resolution.targets if isinstance(t, int)]
        if legal:
            await game.destroy(game.objects[game.rng.choice(legal)])


@dataclass(frozen=True, slots=True)
class ItsControllerRevealsUntilCreature(Effect):
    """ "Its controller reveals cards from the top of their library until they reveal a
    creature card. The player puts that card onto the battlefield, then shuffles all
    other cards revealed this way into their library" (CR 701.20a, 701.24a): "its" is
    the target at index ``target``, known as it last existed if an earlier instruction
    moved it (608.2h). With no creature card, the whole library is revealed."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[self.target]
        if not isinstance(chosen, int):
            return
        game = resolution.game
        its = game.objects.get(chosen) or resolution.last_known.get(chosen)
        if its is None:
            return
        player = its.controller
        revealed: list[GameObject] = []
        found: GameObject | None = None
        for card_obj in reversed(game.players[player].library):
            revealed.append(card_obj)
            if "Creature" in card_obj.card.types:
                found = card_obj
                break
        game.emit("cards_revealed", rule="701.20a", player=player, cards=[c.name for c in revealed])
        if found is not None:
            await game.move(
                found,
                Zone.BATTLEFIELD,
                rule="701.20a",
                controller=player,
                event="permanent_entered",
            )
        # The other revealed cards never left the library (701.20b): shuffling it
        # shuffles them into it.
        game.shuffle(player)


@dataclass(frozen=True, slots=True)
class ExileLinked(Effect):
    """The text "Exile [target]" of an ability that another ability of the same object
    refers to as "the exiled card" (CR 701.13a, 607.2a)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            exiled = await game.move(game.objects[chosen], Zone.EXILE, rule="701.13a")
            if exiled.zone is Zone.EXILE:
                game.linked_exiles.setdefault(resolution.item.source, []).append(exiled.id)


@dataclass(frozen=True, slots=True)
class ReplaceLibraryWithExiledCards(Effect):
    """ "Choose up to N face-up exiled cards you own. Exile all the cards from your
    library, then put the chosen cards on top of your library" (CR 701.13a, 406.3): the
    chosen cards go on top in the order chosen, the last one chosen on top."""

    count: int = 7

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind

        game, player = resolution.game, resolution.controller
        exiled = sorted(
            (c for c in game.exile if c.owner == player and not c.face_down),
            key=lambda c: (c.name, c.id),
        )
        chosen: list[GameObject] = []
        if exiled:
            options = [CardOption(c.id, c.name) for c in exiled]
            decision = game.decision(
                DecisionKind.CARD,
                player,
                options,
                f"choose up to {self.count} face-up exiled cards you own",
                min=0,
                max=min(self.count, len(options)),
                ordered=True,
            )
            choice = await game.ask(decision)
            chosen = [exiled[i] for i in choice.indices]
        async with game.simultaneously():
            for card_obj in list(game.players[player].library):
                await game.move(card_obj, Zone.EXILE, rule="701.13a")
        for card_obj in chosen:
            if card_obj.zone is Zone.EXILE and card_obj.id in game.objects:
                await game.move(card_obj, Zone.LIBRARY, rule="406.3")


@dataclass(frozen=True, slots=True)
class ExileUntilNextEndStep(Effect):
    """ "Exile [target]. At the beginning of the next end step, return it to the
    battlefield [tapped] under its owner's control" (CR 701.13a, 603.7a): the delayed
    ability returns that card only if it is still the same object in exile (400.7)."""

    target: Recipient = 0
    tapped: bool = True

    async def resolve(self, resolution: Resolution) -> None:
        from ._triggers import DelayedTrigger

        chosen = _recipient(resolution, self.target)
        if not isinstance(chosen, int):
            return
        game = resolution.game
        exiled = await game.move(game.objects[chosen], Zone.EXILE, rule="701.13a")
        if exiled.zone is not Zone.EXILE:
            return
        text = (
            "At the beginning of the next end step, return it to the battlefield"
            + (" tapped" if self.tapped else "")
            + " under its owner's control."
        )
        ability = TriggeredAbility(
            AtBeginningOf("end", each_player=True),
            (ReturnFromExile(exiled.id, tapped=self.tapped),),
            text=text,
        )
        item = resolution.item
        source = game.objects.get(item.source) or item.source_snapshot
        game.add_delayed_trigger(DelayedTrigger(ability, source, resolution.controller))


@dataclass(frozen=True, slots=True)
class ReturnFromExile(Effect):
    """Return the card ``object`` from exile to the battlefield under its owner's control,
    if it is still that object in exile (CR 400.7, 610.3)."""

    object: int
    tapped: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        card = game.objects.get(self.object)
        if card is None or card.zone is not Zone.EXILE:
            return
        await game.move(
            card,
            Zone.BATTLEFIELD,
            rule="610.3",
            controller=card.owner,
            tapped=self.tapped,
            event="permanent_entered",
        )


@dataclass(frozen=True, slots=True)
class ReturnSelfFromGraveyardToHand(Effect):
    """ "Return [this] from your graveyard to your hand": the ability's source, only if it
    is still the same card in its owner's graveyard (400.7)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        card_obj = game.objects.get(resolution.item.source)
        if card_obj is not None and card_obj.zone is Zone.GRAVEYARD:
            await game.move(card_obj, Zone.HAND, rule="608.2c")


@dataclass(frozen=True, slots=True)
class ReturnLinkedExiled(Effect):
    """The text "return the exiled card to the battlefield under its owner's control":
    only cards exiled by the linked ability of this same object, and still in exile
    (CR 607.2a, 400.7)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for exiled_id in game.linked_exiles.pop(resolution.item.source, []):
            exiled = game.objects.get(exiled_id)
            if exiled is not None and exiled.zone is Zone.EXILE:
                await game.move(
                    exiled,
                    Zone.BATTLEFIELD,
                    rule="610.3c",
                    controller=exiled.owner,
                    event="permanent_entered",
                )


@dataclass(frozen=True, slots=True)
class EnchantedIs(StaticAbility):
    """The text "Enchanted creature is [colour]" (CR 613.1e, 105.3)."""

    colors: tuple[str, ...]
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        return _on_enchanted(source, Layer.COLOR, set_colors(self.colors), self.text)


@dataclass(frozen=True, slots=True)
class EnchantedLandIsChosenType(StaticAbility):
    """The text "Enchanted land is the chosen type" (CR 305.7, 613.1d): a layer 4 effect
    setting the land's subtype to the basic land type chosen as the Aura entered
    (:class:`AsEntersChooseBasicLandType`), so it loses its other land types and the
    abilities of its rules text and has the new type's mana ability."""

    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        chosen = source.chosen_land_type
        if chosen is None:
            return ()
        return _on_enchanted(source, Layer.TYPE, set_basic_land_type((chosen,)), self.text)


@dataclass(frozen=True, slots=True)
class CreaturesLoseAbilitiesAndAre(StaticAbility):
    """The text "All creatures lose all abilities and have base power and toughness P/T"
    (Humility): one effect with parts in layers 6 and 7b (CR 613.1f, 613.4b, 613.6)."""

    power: int
    toughness: int
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return obj.zone.value == "battlefield" and "Creature" in chars.types

        return (
            _static(
                source,
                Layer.ABILITY,
                lose_all_abilities(),
                self.text,
                applies_to=applies_to,
                part_of=0,
            ),
            _static(
                source,
                Layer.PT_SETTING,
                set_pt(self.power, self.toughness),
                self.text,
                applies_to=applies_to,
                part_of=0,
            ),
        )


@dataclass(frozen=True, slots=True)
class OtherEnchantmentsAreCreatures(StaticAbility):
    """The text "Each other non-Aura enchantment is a creature in addition to its other
    types and has base power and toughness each equal to its mana value" (Opalescence):
    one effect with parts in layers 4 and 7b (CR 613.1d, 613.4b, 613.6)."""

    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        source_id = source.id

        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return (
                obj.id != source_id
                and obj.zone.value == "battlefield"
                and "Enchantment" in chars.types
                and "Aura" not in chars.subtypes
            )

        return (
            _static(
                source,
                Layer.TYPE,
                add_types(("Creature",)),
                self.text,
                applies_to=applies_to,
                part_of=0,
            ),
            _static(
                source,
                Layer.PT_SETTING,
                set_pt_to_mana_value(),
                self.text,
                applies_to=applies_to,
                part_of=0,
            ),
        )


@dataclass(frozen=True, slots=True)
class NonbasicLandsAre(StaticAbility):
    """The text "Nonbasic lands are [basic land type]" (Blood Moon): a layer 4 effect that
    sets their land type, so they lose their other land types and the abilities of their
    rules text, and gain the new type's mana ability (CR 305.7, 613.1d)."""

    subtype: str
    text: str = ""

    def with_text_changed(self, change: TextChange) -> Ability:
        new = change.word(self.subtype)
        return self if new == self.subtype else replace(self, subtype=new or self.subtype)

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return (
                obj.zone.value == "battlefield"
                and "Land" in chars.types
                and "Basic" not in chars.supertypes
            )

        return (
            _static(
                source,
                Layer.TYPE,
                set_basic_land_type((self.subtype,)),
                self.text,
                applies_to=applies_to,
            ),
        )


@dataclass(frozen=True, slots=True)
class EachLandIsAlso(StaticAbility):
    """The text "Each land is a [basic land type] in addition to its other land types"
    (Urborg, Tomb of Yawgmoth; CR 305.6, 613.1d)."""

    subtype: str
    text: str = ""

    def with_text_changed(self, change: TextChange) -> Ability:
        new = change.word(self.subtype)
        return self if new == self.subtype else replace(self, subtype=new or self.subtype)

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return obj.zone.value == "battlefield" and "Land" in chars.types

        return (
            _static(
                source, Layer.TYPE, add_types((), (self.subtype,)), self.text, applies_to=applies_to
            ),
        )


@dataclass(frozen=True, slots=True)
class AllPermanentsAre(StaticAbility):
    """The text "All permanents are [type] in addition to their other types" (Enchanted
    Evening; CR 613.1d)."""

    card_type: str
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return obj.zone.value == "battlefield"

        return (
            _static(
                source, Layer.TYPE, add_types((self.card_type,)), self.text, applies_to=applies_to
            ),
        )


@dataclass(frozen=True, slots=True)
class CreaturesYouControlAre(StaticAbility):
    """The text "Creatures you control are [creature type]" (Conspiracy, with the type
    already chosen): their creature types are replaced (CR 613.1d, 205.1a)."""

    creature_type: str
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        controller = source.controller

        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return (
                obj.zone.value == "battlefield"
                and chars.controller == controller
                and "Creature" in chars.types
            )

        return (
            _static(
                source,
                Layer.TYPE,
                set_creature_type(self.creature_type),
                self.text,
                applies_to=applies_to,
            ),
        )


@dataclass(frozen=True, slots=True)
class EntersAsCopy(StaticAbility):
    """The text "You may have [this] enter the battlefield as a copy of any creature on the
    battlefield" (CR 707.5, 614.1c): chosen as it enters; it never exists as itself.

    "..., except it's a [subtype] in addition to its other types and it has [ability]",
    "except it's 1/1", "except it isn't legendary" (707.9a): ``also_subtypes``,
    ``also_abilities``, ``pt`` and ``not_legendary`` become part of its copiable values
    (707.9b), so a copy of it has them too."""

    optional: bool = True
    text: str = ""
    also_subtypes: tuple[str, ...] = ()
    also_abilities: tuple[Ability, ...] = ()
    pt: tuple[int, int] | None = None
    """"..., except it's [P]/[T]" (707.9a)."""
    not_legendary: bool = False
    """"..., except it isn't legendary" (707.9a)."""

    def with_exceptions(self, copied: CardDefinition) -> CardDefinition:
        """The copiable values it enters with when it copies ``copied`` (707.9b)."""
        if not (self.also_subtypes or self.also_abilities or self.pt or self.not_legendary):
            return copied
        power, toughness = self.pt if self.pt is not None else (copied.power, copied.toughness)
        return replace(
            copied,
            subtypes=copied.subtypes
            + tuple(t for t in self.also_subtypes if t not in copied.subtypes),
            abilities=copied.abilities + self.also_abilities,
            power=power,
            toughness=toughness,
            supertypes=tuple(
                t for t in copied.supertypes if not (self.not_legendary and t == "Legendary")
            ),
        )


@dataclass(frozen=True, slots=True)
class CantHaveMoreThan(StaticAbility):
    """ "[This] can't have more than N [kind] counters on it" (CR 704.5r): the excess is
    removed as a state-based action."""

    kind: str
    most: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class AsEntersChooseColor(StaticAbility):
    """ "As [this] enters, choose a color" (CR 614.12, 614.1c): its controller chooses as it
    enters, and the choice is part of the permanent from the start."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class AsEntersChooseBasicLandType(StaticAbility):
    """ "As [this] enters, choose a basic land type" (CR 614.12, 614.1c): its controller
    chooses as it enters, and the choice is part of the permanent from the start."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class AsEntersChooseCardName(StaticAbility):
    """ "As [this] enters, choose a card name" (CR 614.12, 614.1c, 201.2): its controller
    chooses as it enters, and the choice is part of the permanent from the start."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ChosenNameCantActivate(ActivationRestriction):
    """ "Activated abilities of sources with the chosen name can't be activated unless
    they're mana abilities" (CR 602.5, 605.1a): with the name its permanent's
    :class:`AsEntersChooseCardName` chose."""

    text: str = ""

    def forbids_activation(
        self, game: Game, source: GameObject, permanent: GameObject, ability: Ability
    ) -> bool:
        if isinstance(ability, ManaAbility) or source.chosen_name is None:
            return False
        return game.characteristics(permanent).name == source.chosen_name


@dataclass(frozen=True, slots=True)
class RevealFirstDrawEachTurn(StaticAbility):
    """The text "Reveal the first card you draw each turn" (CR 603.11): a static ability
    that reveals the card as it is drawn, to which a :class:`WheneverRevealedThisWay`
    triggered ability of the same object is linked (607.2)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class OpponentsPlayWithHandsRevealed(StaticAbility):
    """The text "Your opponents play with their hands revealed" (CR 701.20a, 701.20c): while it
    is on the battlefield, every player sees the cards in its controller's opponents'
    hands (:meth:`Game.view`)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class PlayWithTopOfLibraryRevealed(StaticAbility):
    """The text "Play with the top card of your library revealed" (CR 401.5, 701.18c,
    701.20a): while it is on the battlefield, every player sees the top card of its
    controller's library, and each new top card as soon as it becomes the top one
    (:meth:`Game.reveal_library_tops`). A revealed card that stops being revealed, or is
    reordered by a shuffle, becomes a new object (401.6, 701.20d)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class AsEntersExileFromGraveyard(StaticAbility):
    """ "As [this] enters, you may exile any number of [type] cards from your graveyard.
    It enters with a [kind] counter on it for each card exiled this way" (CR 614.1c,
    614.13a): chosen and exiled as it enters, never among the cards entering with it."""

    card_type: str = "Creature"
    counter: str = "+1/+1"
    text: str = ""


@dataclass(frozen=True, slots=True)
class DamageIsModified(ReplacementAbility):
    """ "If [a source] would deal damage to a permanent or player, it deals double that
    damage (or that much plus N) instead" (CR 614.1a): Furnace of Rath, Fire Servant,
    Pyromancer's Gauntlet. Sources are any, or those with one of ``source_types`` and one
    of ``source_colors``, controlled by this permanent's controller if ``yours``."""

    multiply: int = 1
    add: int = 0
    source_types: tuple[str, ...] = ()
    source_colors: tuple[str, ...] = ()
    yours: bool = False
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import ModifyDamage, SourceFilter

        sources = SourceFilter(
            self.source_types, self.source_colors, source.controller if self.yours else None
        )
        return self._from(
            source, ModifyDamage, multiply=self.multiply, add=self.add, sources=sources
        )


@dataclass(frozen=True, slots=True)
class DamageToYouDealtToEnchanted(ReplacementAbility):
    """ "All damage that would be dealt to you is dealt to enchanted creature instead"
    (Pariah): a redirection effect (CR 614.9)."""

    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        from ._replacement import RedirectDamage

        if source.attached_to is None:
            return []
        return self._from(
            source, RedirectDamage, protected=source.controller, to=source.attached_to
        )


@dataclass(frozen=True, slots=True)
class RedirectDamageToSelf(Effect):
    """ "All [combat] damage that would be dealt to you [by unblocked creatures] this turn is
    dealt to [this] instead" (Kjeldoran Royal Guard): a redirection effect (CR 614.9)
    until end of turn."""

    combat_only: bool = False
    unblocked_only: bool = False
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        from ._replacement import RedirectDamage

        item = resolution.item
        resolution.game.add_replacement_effect(
            RedirectDamage(
                item.source,
                resolution.controller,
                self.wording,
                item.source_snapshot.name,
                protected=resolution.controller,
                to=item.source,
                combat_only=self.combat_only,
                unblocked_only=self.unblocked_only,
            )
        )


@dataclass(frozen=True, slots=True)
class RedirectNextDamageFromChosenSource(Effect):
    """ "The next N damage that a source of your choice would deal to you and/or permanents
    you control this turn is dealt to [the target at index ``target``] instead" (CR 614.9,
    614.2): the source is chosen as the effect is created, as the spell resolves (609.7a),
    among permanents and spells on the stack; the recipient was chosen as a target as the
    spell was cast (601.2c). A redirection shield counted 1 damage at a time (615.7), which
    may redirect part of one damage event
    (:class:`~manaweave.RedirectNextDamageFromSource`)."""

    amount: int
    target: int = 0
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind
        from ._replacement import RedirectNextDamageFromSource

        game = resolution.game
        recipient = resolution.targets[self.target]
        candidates = _damage_sources(game, None)
        if recipient is None or not candidates:
            return
        options = [CardOption(o.id, f"{game.characteristics(o).name} #{o.id}") for o in candidates]
        decision = game.decision(
            DecisionKind.SOURCE, resolution.controller, options, f"choose a source: {self.wording}"
        )
        choice = await game.ask(decision)
        chosen = game.objects[options[choice.indices[0]].object]
        types = game.characteristics(chosen).types
        if chosen.zone is Zone.STACK and not ("Instant" in types or "Sorcery" in types):
            # 609.7a: the effect would also follow the permanent the spell becomes.
            raise RuleNotImplementedError(
                "609.7a", f"{self.wording}: a permanent spell chosen as the source"
            )
        game.add_replacement_effect(
            RedirectNextDamageFromSource(
                resolution.item.id,
                resolution.controller,
                self.wording,
                resolution.item.name,
                damage_source=chosen.id,
                protected=resolution.controller,
                to=recipient,
                remaining=self.amount,
            )
        )


@dataclass(frozen=True, slots=True)
class PreventNextFromChosenSource(Effect):
    """ "The next time a source of your choice [of the chosen color] would deal damage to
    you this turn, prevent that damage" (CR 615.8): the source is chosen as the effect is
    created (609.7a), among permanents and spells on the stack of that colour."""

    of_chosen_color: bool = False
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        from ._decisions import CardOption, DecisionKind
        from ._replacement import PreventNextFromSource, SourceFilter

        game = resolution.game
        color = resolution.item.source_snapshot.chosen_color if self.of_chosen_color else None
        if self.of_chosen_color and color is None:
            return  # no colour was chosen: there is no such source
        candidates = _damage_sources(game, color)
        if not candidates:
            return
        options = [CardOption(o.id, f"{game.characteristics(o).name} #{o.id}") for o in candidates]
        decision = game.decision(
            DecisionKind.SOURCE, resolution.controller, options, f"choose a source: {self.wording}"
        )
        choice = await game.ask(decision)
        chosen = options[choice.indices[0]].object
        game.add_replacement_effect(
            PreventNextFromSource(
                resolution.item.id,
                resolution.controller,
                self.wording,
                resolution.item.name,
                damage_source=chosen,
                protected=("player", resolution.controller),
                sources=SourceFilter(colors=(color,) if color else ()),
            )
        )


def _damage_sources(game: Game, color: str | None) -> list[GameObject]:
    """The sources a player may choose (609.7a): permanents and spells on the stack, of
    ``color`` if given."""
    from ._objects import GameObject as Obj

    found = [*game.battlefield, *(o for o in game.stack if isinstance(o, Obj))]
    return [o for o in found if color is None or color in game.characteristics(o).colors]


@dataclass(frozen=True, slots=True)
class IsColors(StaticAbility):
    """A characteristic-defining ability "[This] is all colors" or "[This] is [colour]"
    (CR 604.3, 105.2): it works in every zone and applies first in layer 5 (613.3)."""

    colors: tuple[str, ...] = COLORS
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        return (
            replace(
                _static(
                    source,
                    Layer.COLOR,
                    set_colors(self.colors),
                    self.text,
                    affected=frozenset((source.id,)),
                ),
                defines_characteristic=True,
            ),
        )


@dataclass(frozen=True, slots=True)
class YourPermanentsHave(StaticAbility):
    """ "[Subtype]s you control have "[ability]"" (CR 613.1f), or "[Card type]s you
    control ..." with ``subtype=None`` and ``card_type``: an ability given to whatever
    matches at each moment (611.3a); a static one generates its effects from each object
    that has it (604.1)."""

    subtype: str | None
    ability: Ability
    text: str = ""
    card_type: str | None = None
    """Only permanents of this card type ("Goblin creatures")."""
    other: bool = False
    """"Other [subtype]s": not the source itself."""

    def __post_init__(self) -> None:
        if self.subtype is None and self.card_type is None:
            raise ValueError("YourPermanentsHave needs a subtype or a card type")
        check_grantable(self.ability)

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        controller, subtype, card_type = source.controller, self.subtype, self.card_type
        excluded = source.id if self.other else None

        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return (
                obj.zone is Zone.BATTLEFIELD
                and chars.controller == controller
                and (subtype is None or subtype in chars.subtypes)
                and (card_type is None or card_type in chars.types)
                and obj.id != excluded
            )

        return (
            replace(
                _static(
                    source,
                    Layer.ABILITY,
                    gain_ability(self.ability),
                    self.text,
                    applies_to=applies_to,
                ),
                granted=(self.ability,),
            ),
        )

    def granted_abilities(self) -> tuple[Ability, ...]:
        return (self.ability,)


@dataclass(frozen=True, slots=True)
class IsEveryCreatureType(StaticAbility):
    """A characteristic-defining ability "[This] is every creature type" (CR 604.3,
    205.3m): it works in every zone and applies first in layer 4 (613.3)."""

    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        from ._creature_types import CREATURE_TYPES

        def every_type(chars: Characteristics) -> None:
            others = tuple(t for t in chars.subtypes if t not in CREATURE_TYPES)
            chars.subtypes = others + CREATURE_TYPES

        return (
            replace(
                _static(
                    source, Layer.TYPE, every_type, self.text, affected=frozenset((source.id,))
                ),
                defines_characteristic=True,
            ),
        )


@dataclass(frozen=True, slots=True)
class CreaturesAreColor(StaticAbility):
    """ "Creatures are [colour]" (CR 613.1e): every creature on the battlefield."""

    color: str
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return obj.zone is Zone.BATTLEFIELD and "Creature" in chars.types

        return (
            _static(
                source, Layer.COLOR, set_colors((self.color,)), self.text, applies_to=applies_to
            ),
        )


@dataclass(frozen=True, slots=True)
class PowerToughnessEqualToCount(StaticAbility):
    """The text "[This]'s power and toughness are each equal to the number of [type]s you
    control": a characteristic-defining ability (CR 604.3, 208.2a), applied in layer 7a
    (613.4a) and in every zone."""

    card_type: str = "Creature"
    text: str = ""
    subtype: str | None = None
    """Counts only permanents with this subtype as well ("the number of Swamps you
    control")."""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        controller, card_type, subtype = source.controller, self.card_type, self.subtype

        def count(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
            number = sum(
                1
                for c in board.values()
                if c.controller == controller
                and card_type in c.types
                and (subtype is None or subtype in c.subtypes)
            )
            target.power = target.toughness = number

        return (
            ContinuousEffect(
                layer=Layer.PT_DEFINING,
                timestamp=source.timestamp,
                source=source.id,
                affected=frozenset((source.id,)),
                modify=_no_change,
                description=self.text,
                board_modify=count,
            ),
        )


@dataclass(frozen=True, slots=True)
class PowerToughnessEqualToLife(StaticAbility):
    """The text "This creature's power and toughness are each equal to your life total": a
    characteristic-defining ability (CR 604.3, 208.2a), applied in layer 7a (613.4a) and
    in every zone. Life totals change characteristics through it, so the game notes each
    life change (119.3)."""

    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        controller = source.controller

        def life(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
            target.power = target.toughness = game.players[controller].life

        return (
            ContinuousEffect(
                layer=Layer.PT_DEFINING,
                timestamp=source.timestamp,
                source=source.id,
                affected=frozenset((source.id,)),
                modify=_no_change,
                description=self.text,
                board_modify=life,
            ),
        )


def _no_change(chars: Characteristics) -> None:
    """The ``modify`` of an effect that works through ``board_modify``."""


class StaticCondition:
    """The condition of a static ability's "as long as" (CR 611.3b), judged against the
    board as the earlier layers left it."""

    reads_library: ClassVar[bool] = False
    """Whether it reads a library, so that a card leaving, entering or moving within a
    library may change the characteristics it decides (:attr:`CardDefinition.reads_library_top`)."""

    def holds(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> bool:
        """Whether the condition is true for ``source`` now."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class YouControlA(StaticCondition):
    """ "As long as you control a(n) [colour] [card type]", or a [subtype] ("a Swamp")."""

    card_type: str
    color: str | None = None
    subtype: str | None = None

    def holds(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> bool:
        controller = board[source.id].controller if source.id in board else source.controller
        return any(
            c.controller == controller
            and self.card_type in c.types
            and (self.color is None or self.color in c.colors)
            and (self.subtype is None or self.subtype in c.subtypes)
            for c in board.values()
        )


@dataclass(frozen=True, slots=True)
class IsAttacking(StaticCondition):
    """ "As long as it's attacking" (CR 506.4, 508.1)."""

    def holds(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> bool:
        return game.combat is not None and source.id in game.combat.attackers


@dataclass(frozen=True, slots=True)
class TopOfYourLibraryIs(StaticCondition):
    """ "As long as the top card of your library is [colour]" (CR 611.3b, 401.5): the
    top card of the library of the source's controller, whether or not it is revealed;
    an empty library has no top card, so the condition is false. A card in a library has
    its printed colours, or those a colour-defining ability gives it (604.3, 105.2)."""

    color: str
    reads_library: ClassVar[bool] = True

    def holds(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> bool:
        controller = board[source.id].controller if source.id in board else source.controller
        library = game.players[controller].library
        if not library:
            return False
        return self.color in colors_in_hidden_zone(game, library[-1])


def colors_in_hidden_zone(game: Game, card_obj: GameObject) -> tuple[str, ...]:
    """The colours of a card in a library or hand: its printed colours (105.2) unless a
    colour-defining ability, which works in every zone, sets them (604.3). No other effect
    can reach a card there (a card entering the zone is a new object, 400.7)."""
    chars = Characteristics(card_obj.base_card, card_obj.owner)
    for ability in card_obj.base_card.abilities:
        if isinstance(ability, IsColors):
            for effect in ability.continuous_effects(game, card_obj):
                effect.modify(chars)
    return chars.colors


@dataclass(frozen=True, slots=True)
class GetsAsLongAs(StaticAbility):
    """The text "[This] gets +P/+T as long as [condition]" (CR 611.3b, 613.4c): the
    effect exists only while the condition holds."""

    power: int
    toughness: int
    condition: StaticCondition
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        pump, condition = modify_pt(self.power, self.toughness), self.condition

        def pump_if(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
            if condition.holds(game, source, board):
                pump(target)

        return (
            ContinuousEffect(
                layer=Layer.PT_MODIFYING,
                timestamp=source.timestamp,
                source=source.id,
                affected=frozenset((source.id,)),
                modify=_no_change,
                description=self.text,
                board_modify=pump_if,
            ),
        )


@dataclass(frozen=True, slots=True)
class ThisAndOthersGetAsLongAs(StaticAbility):
    """The text "As long as [condition], [this] and other [subtype] creatures you control
    get +P/+T and have [ability]" (CR 611.3b, 613.1f, 613.4c): while the condition holds,
    one effect with parts in layers 6 and 7c applies to the source (whatever its types)
    and to the other creatures of that subtype its controller controls. The objects the
    layer 6 part applies to are those the layer 7c part applies to (613.6); the condition
    is judged against the board as each layer finds it, and an effect whose condition is
    false does not exist (611.3b)."""

    power: int
    toughness: int
    condition: StaticCondition
    subtype: str
    ability: Ability | None = None
    text: str = ""

    def __post_init__(self) -> None:
        if self.ability is not None:
            check_grantable(self.ability)

    def with_text_changed(self, change: TextChange) -> Ability:
        changed = replace(self, subtype=change.word(self.subtype) or self.subtype)
        return self if changed == self else changed

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        controller, source_id, subtype = source.controller, source.id, self.subtype
        condition = self.condition

        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return obj.zone is Zone.BATTLEFIELD and (
                obj.id == source_id
                or (
                    chars.controller == controller
                    and "Creature" in chars.types
                    and subtype in chars.subtypes
                )
            )

        def only_while(
            modify: Callable[[Characteristics], None],
        ) -> Callable[[Characteristics, Mapping[int, Characteristics]], None]:
            def modify_if(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
                if condition.holds(game, source, board):
                    modify(target)

            return modify_if

        effects: list[ContinuousEffect] = []
        if self.ability is not None:
            effects.append(
                replace(
                    _static(
                        source,
                        Layer.ABILITY,
                        _no_change,
                        self.text,
                        applies_to=applies_to,
                        part_of=0,
                    ),
                    board_modify=only_while(gain_ability(self.ability)),
                    granted=(self.ability,),
                )
            )
        effects.append(
            replace(
                _static(
                    source,
                    Layer.PT_MODIFYING,
                    _no_change,
                    self.text,
                    applies_to=applies_to,
                    part_of=0,
                ),
                board_modify=only_while(modify_pt(self.power, self.toughness)),
            )
        )
        return tuple(effects)

    def granted_abilities(self) -> tuple[Ability, ...]:
        return () if self.ability is None else (self.ability,)


@dataclass(frozen=True, slots=True)
class CreaturesGet(StaticAbility):
    """The text "[Other] [subtype] creatures you control get +P/+T" (CR 611.3a, 613.4c): applies to
    whatever matches at each moment, judged after the earlier layers."""

    power: int
    toughness: int
    subtype: str | None = None
    color: str | None = None
    other: bool = False
    text: str = ""
    power_at_most: int | None = None
    """"Creatures you control with power N or less get ...": the reach depends on power,
    so the effect can depend on other P/T effects (613.8a)."""

    def with_text_changed(self, change: TextChange) -> Ability:
        changed = replace(self, color=change.color(self.color), subtype=change.word(self.subtype))
        return self if changed == self else changed

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        controller, source_id = source.controller, source.id
        subtype, color, other = self.subtype, self.color, self.other
        most = self.power_at_most

        def applies_to(obj: GameObject, chars: Characteristics) -> bool:
            return (
                obj.zone.value == "battlefield"
                and chars.controller == controller
                and "Creature" in chars.types
                and (subtype is None or subtype in chars.subtypes)
                and (color is None or color in chars.colors)
                and not (other and obj.id == source_id)
                and (most is None or (chars.power is not None and chars.power <= most))
            )

        effect = _static(
            source,
            Layer.PT_MODIFYING,
            modify_pt(self.power, self.toughness),
            self.text,
            applies_to=applies_to,
        )
        return (replace(effect, reads_pt=True) if most is not None else effect,)


@dataclass(frozen=True, slots=True)
class GetsForEachOtherCreatureNamed(StaticAbility):
    """ "[This] gets +P/+T for each other creature on the battlefield named [name]" (CR
    611.3a, 613.4c, 201.2): counted whenever the effect applies, by the names the earlier
    layers left (a copy effect changes a name in layer 1, 613.2a)."""

    name: str
    power: int = 1
    toughness: int = 1
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        name, power, toughness = self.name, self.power, self.toughness

        def bonus(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
            count = sum(
                1
                for key, other in board.items()
                if key != source.id and other.is_creature and other.name == name
            )
            modify_pt(power * count, toughness * count)(target)

        effect = _static(
            source, Layer.PT_MODIFYING, _no_change, self.text, affected=frozenset((source.id,))
        )
        return (replace(effect, board_modify=bonus),)


@dataclass(frozen=True, slots=True)
class EachCreatureGetsPerSharedType(StaticAbility):
    """ "Each creature gets +1/+1 for each other creature on the battlefield that shares at
    least one creature type with it" (CR 611.3a, 613.4c, 205.3m): every creature, each by
    its own count, judged with the creature types the earlier layers left (613.1d)."""

    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        from ._creature_types import CREATURE_TYPES

        known = frozenset(CREATURE_TYPES)

        def bonus(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
            mine = known.intersection(target.subtypes)
            if not mine or target.power is None or target.toughness is None:
                return
            sharing = sum(
                1
                for other in board.values()
                if other is not target and other.is_creature and mine.intersection(other.subtypes)
            )
            target.power += sharing
            target.toughness += sharing

        effect = _static(
            source,
            Layer.PT_MODIFYING,
            _no_change,
            self.text,
            applies_to=lambda obj, chars: obj.zone is Zone.BATTLEFIELD and chars.is_creature,
        )
        return (replace(effect, board_modify=bonus),)


# --- cards ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardDefinition:
    """A card's printed characteristics (CR 109.3, 200-208) and behaviour.

    Build with :func:`card`, which parses the type line and mana cost.
    """

    name: str
    mana_cost: ManaCost | None
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    text: str = ""
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[Ability, ...] = ()
    spell: SpellAbility | None = None
    set_code: str = ""
    colors: tuple[str, ...] = field(default=())
    x_color: str | None = None
    """"Spend only [colour] mana on X" (CR 107.3): that colour pays for X."""
    x_minimum: int = 0
    """"X can't be 0" (1): the smallest value that may be announced for X (107.3a)."""
    printed_pt: tuple[str, str] | None = None
    """The power and toughness as printed, where they are not plain numbers ("*")."""
    loyalty: int | None = None
    """A planeswalker's printed loyalty (CR 306.5a)."""
    defense: int | None = None
    """A battle's printed defense (CR 310.4a)."""
    additional_costs: tuple[Cost, ...] = ()
    """"As an additional cost to cast this spell, ..." (CR 118.8, 601.2b)."""
    alternative_costs: tuple[AlternativeCost, ...] = ()
    """"You may ... rather than pay this spell's mana cost" (CR 118.9, 601.2b)."""
    copies_in_deck: int | Literal["any"] | None = None
    """A card's own exception to the copy limit of deck construction (100.2a): ``"any"``
    for "A deck can have any number of cards named ...", a number for "up to N";
    ``None`` leaves the limit to the deck rules."""

    def __post_init__(self) -> None:
        if "Siege" in self.subtypes:
            raise RuleNotImplementedError(
                "310.11b", f"{self.name}: Sieges (their back face is cast transformed, 712)"
            )
        if "Battle" in self.types and self.defense is None:
            raise ValueError(f"{self.name}: a battle needs a printed defense (310.4a)")
        for ability in self.abilities:
            total = divided_total(getattr(ability, "effects", ()))
            slots = len(target_slots(getattr(ability, "targets", ())))
            if total is not None and total < slots:
                raise ValueError(
                    f"{self.name}: an ability divides {total} among up to {slots} targets: "
                    "each target must get at least 1 (601.2d)"
                )
        if not self.colors and self.mana_cost is not None:
            # A card's colour comes from the mana symbols in its cost (CR 105.2, 202.2).
            object.__setattr__(
                self, "colors", tuple(c for c in COLORS if c in self.mana_cost.colors)
            )

    @cached_property
    def mana_value(self) -> int:
        """The mana value (CR 202.3)."""
        return 0 if self.mana_cost is None else self.mana_cost.mana_value()

    @cached_property
    def is_land(self) -> bool:
        """Lands are played, not cast (CR 305.1, 305.9)."""
        return "Land" in self.types

    @cached_property
    def is_permanent_card(self) -> bool:
        """Artifact, battle, creature, enchantment, land or planeswalker (CR 110.4a)."""
        return not ("Instant" in self.types or "Sorcery" in self.types)

    @cached_property
    def is_instant(self) -> bool:
        """An instant can be cast any time its controller has priority (CR 117.1a)."""
        return "Instant" in self.types

    @cached_property
    def is_aura(self) -> bool:
        """An Aura: an enchantment with the subtype Aura (CR 303.4)."""
        return "Aura" in self.subtypes

    @cached_property
    def all_abilities(self) -> tuple[Ability, ...]:
        """Printed abilities plus intrinsic ones (basic land mana abilities, CR 305.6)."""
        return intrinsic_abilities(self.types, self.subtypes) + self.abilities

    @cached_property
    def granted_abilities(self) -> tuple[Ability, ...]:
        """The abilities its static abilities give objects, directly or through a static
        ability they give (613.1f)."""
        return abilities_granted_by(self.abilities)

    @cached_property
    def has_triggered_abilities(self) -> bool:
        """Whether the card prints a triggered ability (CR 603), or a static ability that
        grants one (613.1f)."""
        return any(
            isinstance(a, TriggeredAbility) for a in (*self.abilities, *self.granted_abilities)
        )

    @cached_property
    def has_static_abilities(self) -> bool:
        """Whether the card prints a static ability that generates continuous effects."""
        return any(
            isinstance(a, StaticAbility)
            and not isinstance(
                a,
                AuraTarget
                | ReplacementAbility
                | EntersAsCopy
                | AsEntersChooseColor
                | AsEntersChooseBasicLandType
                | AsEntersChooseCardName
                | AsEntersExileFromGraveyard
                | RevealFirstDrawEachTurn
                | CantHaveMoreThan,
            )
            for a in self.abilities
        )

    @cached_property
    def chooses_color_as_it_enters(self) -> bool:
        """Whether it has "As [this] enters, choose a color" (614.12)."""
        return any(isinstance(a, AsEntersChooseColor) for a in self.abilities)

    @cached_property
    def chooses_land_type_as_it_enters(self) -> bool:
        """Whether it has "As [this] enters, choose a basic land type" (614.12)."""
        return any(isinstance(a, AsEntersChooseBasicLandType) for a in self.abilities)

    @cached_property
    def chooses_name_as_it_enters(self) -> bool:
        """Whether it has "As [this] enters, choose a card name" (614.12)."""
        return any(isinstance(a, AsEntersChooseCardName) for a in self.abilities)

    @cached_property
    def final_chapter(self) -> int:
        """A Saga's final chapter number (CR 714.2d): 0 if it has no chapter abilities."""
        return max(
            (
                a.trigger.chapter
                for a in self.abilities
                if isinstance(a, TriggeredAbility) and isinstance(a.trigger, LoreCountersReach)
            ),
            default=0,
        )

    @cached_property
    def enters_as_copy(self) -> EntersAsCopy | None:
        """Its "enter as a copy" ability, if it has one (CR 707.5)."""
        for ability in self.abilities:
            if isinstance(ability, EntersAsCopy):
                return ability
        return None

    @cached_property
    def flash_permissions(self) -> tuple[FlashPermission, ...]:
        """Its own abilities that let it be cast as though it had flash (702.8a, 601.3)."""
        return tuple(a for a in self.abilities if isinstance(a, FlashPermission))

    @cached_property
    def alternative_castings(self) -> tuple[tuple[int, AlternativeCasting], ...]:
        """Its abilities that let it be cast another way (601.3, 702.37d), with their
        indices among its abilities."""
        return tuple(
            (index, ability)
            for index, ability in enumerate(self.abilities)
            if isinstance(ability, AlternativeCasting)
        )

    @cached_property
    def defines_pt(self) -> bool:
        """Whether a characteristic-defining ability sets its power and toughness (604.3)."""
        return any(
            isinstance(a, PowerToughnessEqualToCount | PowerToughnessEqualToLife)
            for a in self.abilities
        )

    @cached_property
    def has_cda(self) -> bool:
        """Whether it has a characteristic-defining ability, which works in every zone
        (604.3)."""
        return any(
            isinstance(
                a,
                PowerToughnessEqualToCount
                | PowerToughnessEqualToLife
                | IsColors
                | IsEveryCreatureType,
            )
            for a in self.abilities
        )

    @cached_property
    def changes_control(self) -> bool:
        """Whether the card prints a static ability that changes control (layer 2)."""
        return any(isinstance(a, ControlEnchanted) for a in self.abilities)

    @cached_property
    def depends_on_combat(self) -> bool:
        """Whether a static ability of the card applies only during combat ("as long as
        it's attacking"), so characteristics change as attackers are declared."""
        return any(
            isinstance(a, GetsAsLongAs) and isinstance(a.condition, IsAttacking)
            for a in (*self.abilities, *self.granted_abilities)
        )

    @cached_property
    def plain_mana_cost(self) -> ManaCost | None:
        """Its mana cost, if paying that is the only way to cast it: no additional or
        alternative costs and no "this spell costs" ability. ``None`` otherwise, and for a
        card without a mana cost."""
        cost = self.mana_cost
        if (
            cost is None
            or cost.is_empty
            or self.x_minimum
            or self.additional_costs
            or self.alternative_costs
            or self.has_cost_changes
        ):
            return None
        return cost

    @cached_property
    def reads_life_totals(self) -> bool:
        """Whether a characteristic-defining ability of it reads a life total (604.3), so
        that a life change changes characteristics."""
        return any(isinstance(a, PowerToughnessEqualToLife) for a in self.abilities)

    @cached_property
    def reads_library_top(self) -> bool:
        """Whether an ability it has or gives reveals the top card of a library (401.5) or
        has a condition that reads one (611.3b), so that a library change matters to the
        game's views, log and characteristics."""
        return any(
            isinstance(a, PlayWithTopOfLibraryRevealed)
            or getattr(getattr(a, "condition", None), "reads_library", False)
            for a in (*self.abilities, *self.granted_abilities)
        )

    @cached_property
    def has_cost_changes(self) -> bool:
        """Whether the card prints an ability that changes what spells cost (601.2f)."""
        return any(isinstance(a, CostChange) for a in self.abilities)

    @cached_property
    def may_change_costs(self) -> bool:
        """Whether, on the battlefield, it has or gives objects an ability that changes
        what spells cost (601.2f, 613.1f)."""
        return self.has_cost_changes or any(
            isinstance(a, CostChange) for a in self.granted_abilities
        )

    @cached_property
    def has_replacement_abilities(self) -> bool:
        """Whether the card prints a static ability that generates replacement effects,
        or a static ability that gives objects one (613.1f)."""
        return any(
            isinstance(a, ReplacementAbility) for a in (*self.abilities, *self.granted_abilities)
        )

    @cached_property
    def replaces_in_every_zone(self) -> bool:
        """Whether the card prints a replacement ability that functions in every zone
        (113.6b)."""
        return any(isinstance(a, ReplacementAbility) and a.in_every_zone for a in self.abilities)

    @cached_property
    def enchant(self) -> TargetSpec | None:
        """What its enchant ability lets an Aura target and enchant (CR 303.4a, 702.5a);
        ``None`` without one."""
        found = [a.enchants() for a in self.abilities if isinstance(a, AuraTarget)]
        if len(found) > 1 and len(set(found)) > 1:
            # All instances apply (702.5c): their restrictions would have to combine.
            raise RuleNotImplementedError("702.5c", f"{self.name}: several enchant abilities")
        return found[0] if found else None

    @property
    def type_line(self) -> str:
        """The type line as printed: ``Basic Land — Forest``."""
        left = " ".join((*self.supertypes, *self.types))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


_SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing"})


def card(
    name: str,
    mana_cost: str | None,
    type_line: str,
    text: str = "",
    *,
    pt: tuple[int | str, int | str] | None = None,
    abilities: tuple[Ability, ...] = (),
    spell: SpellAbility | None = None,
    x_color: str | None = None,
    x_minimum: int = 0,
    loyalty: int | None = None,
    defense: int | None = None,
    additional_costs: tuple[Cost, ...] = (),
    alternative_costs: tuple[AlternativeCost, ...] = (),
    copies_in_deck: int | Literal["any"] | None = None,
    color_indicator: str | None = None,
) -> CardDefinition:
    """Define a card from its printed fields.

    ``type_line`` is written as printed (``"Creature — Elf Druid"``); ``mana_cost`` as
    mana symbols (``"{1}{G}"``) or ``None`` for a card with no mana cost (lands). A
    colour indicator (204) is written as colour letters (``"G"``, ``"UR"``): the card is
    those colours whatever its mana cost (202.2e).
    """
    colors: tuple[str, ...] = ()
    if color_indicator is not None:
        if not color_indicator or set(color_indicator) - set(COLORS):
            raise ValueError(
                f"{name}: a colour indicator is one or more of W, U, B, R, G, "
                f"not {color_indicator!r}"
            )
        colors = tuple(c for c in COLORS if c in color_indicator)
    left, _, right = type_line.partition("—")
    words = left.split()
    supertypes = tuple(w for w in words if w in _SUPERTYPES)
    types = tuple(w for w in words if w not in _SUPERTYPES)
    subtypes = tuple(right.split())
    if not types:
        raise ValueError(f"{name}: type line {type_line!r} has no card type")
    return CardDefinition(
        name=name,
        mana_cost=ManaCost.parse(mana_cost) if mana_cost is not None else None,
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        text=text,
        power=_printed_number(pt[0]) if pt else None,
        toughness=_printed_number(pt[1]) if pt else None,
        abilities=abilities,
        spell=spell,
        x_color=x_color,
        x_minimum=x_minimum,
        printed_pt=(str(pt[0]), str(pt[1])) if pt and "*" in (pt[0], pt[1]) else None,
        loyalty=loyalty,
        defense=defense,
        additional_costs=additional_costs,
        alternative_costs=alternative_costs,
        copies_in_deck=copies_in_deck,
        colors=colors,
    )


FACE_DOWN: Final = CardDefinition(
    name="", mana_cost=None, types=("Creature",), power=2, toughness=2
)
"""The copiable values of a face-down permanent (CR 708.2a): a 2/2 creature with no text,
no name, no subtypes and no mana cost (so colourless)."""


def _printed_number(value: int | str) -> int:
    # A * is 0 where no characteristic-defining ability says otherwise (208.2a).
    return value if isinstance(value, int) else 0


@dataclass(frozen=True)
class CardSet:
    """A named collection of card definitions, contributed by a set plugin."""

    code: str
    name: str
    cards: tuple[CardDefinition, ...]
    decks: Mapping[str, str] = field(default_factory=dict)
    """Ready decks shipped with the set: deck name -> decklist text."""
    face_count: int | None = None
    """How many card faces the set prints, for a plugin that defines the whole set;
    ``None`` for a plugin that defines a selection of a set's cards."""
    not_implemented: Mapping[str, str] = field(default_factory=dict)
    """The set's card faces the plugin does not define: name -> why (``manaweave cards``
    lists them). With :attr:`face_count`, defined and not implemented faces add up to it."""

    def __post_init__(self) -> None:
        defined = {definition.name for definition in self.cards}
        if both := sorted(defined & set(self.not_implemented)):
            raise ValueError(f"set {self.code}: {both} both defined and not implemented")
        listed = len(defined) + len(self.not_implemented)
        if self.face_count is not None and listed != self.face_count:
            raise ValueError(
                f"set {self.code} prints {self.face_count} card faces, but defines "
                f"{len(defined)} and lists {len(self.not_implemented)} as not implemented"
            )
        if self.face_count is None and self.not_implemented:
            raise ValueError(
                f"set {self.code}: not_implemented needs face_count (the whole set's size)"
            )


class CardPool(Mapping[str, CardDefinition]):
    """Every card the registered sets define, looked up by exact name."""

    def __init__(self, sets: Iterable[CardSet]) -> None:
        self._sets = tuple(sets)
        self._cards: dict[str, CardDefinition] = {}
        for card_set in self._sets:
            for definition in card_set.cards:
                self._cards.setdefault(definition.name, definition)

    @property
    def sets(self) -> tuple[CardSet, ...]:
        """The sets the pool was built from, in registration order."""
        return self._sets

    def __getitem__(self, name: str) -> CardDefinition:
        try:
            return self._cards[name]
        except KeyError:
            suggestions = tuple(difflib.get_close_matches(name, self._cards, n=2))
            raise UnknownCardError(name, suggestions) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)
