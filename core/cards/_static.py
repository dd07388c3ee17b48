"""Static abilities (CR 604): the base, the abilities they grant, Auras and Equipment, and
what happens as a permanent enters."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar, Literal

from manaweave._engine._errors import RuleNotImplementedError
from manaweave._engine._layers import (
    Characteristics,
    ContinuousEffect,
    Layer,
    gain_ability,
    lose_ability,
    modify_pt,
    set_controller,
)

from ._ability import Ability, TextChange
from ._activated import ManaAbility
from ._extension_points import ActivationRestriction
from ._target_specs import TargetSpec

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

    from ._definition import CardDefinition


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

    defines_power_and_toughness: ClassVar[bool] = False
    """A characteristic-defining ability that sets power and toughness (604.3): a copy
    effect that provides its own power and toughness does not copy it (707.9d)."""

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


@dataclass(frozen=True, slots=True)
class EntersTapped(EntersTappedUnless):
    """The text "[This] enters the battlefield tapped" (CR 614.1d, 614.12): an
    :class:`EntersTappedUnless` with no exception, so it always enters tapped."""

    subtypes: tuple[str, ...] = ()


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
class ControlEnchanted(StaticAbility):
    """The text "You control enchanted creature" (CR 613.1b, 303.4e)."""

    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        return _on_enchanted(source, Layer.CONTROL, set_controller(source.controller), self.text)


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
        abilities = copied.abilities
        if self.pt is not None:
            # A copy given a power and toughness does not copy an ability that defines them
            # (707.9d): it would otherwise override the exception in layer 7a.
            abilities = tuple(
                a
                for a in abilities
                if not (isinstance(a, StaticAbility) and a.defines_power_and_toughness)
            )
        return replace(
            copied,
            subtypes=copied.subtypes
            + tuple(t for t in self.also_subtypes if t not in copied.subtypes),
            abilities=abilities + self.also_abilities,
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


def _no_change(chars: Characteristics) -> None:
    """The ``modify`` of an effect that works through ``board_modify``."""
