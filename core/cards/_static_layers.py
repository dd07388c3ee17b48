"""Static abilities that change characteristics through the layers (CR 613): types, colours,
abilities, power and toughness."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from manaweave._engine._creature_types import CREATURE_TYPES
from manaweave._engine._layers import (
    Characteristics,
    ContinuousEffect,
    Layer,
    add_types,
    gain_ability,
    lose_all_abilities,
    modify_pt,
    set_basic_land_type,
    set_colors,
    set_creature_type,
    set_pt,
    set_pt_to_mana_value,
)
from manaweave._engine._mana import COLORS
from manaweave._engine._zones import Zone

from ._ability import Ability, TextChange
from ._static import StaticAbility, _no_change, _on_enchanted, _static, check_grantable

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

    from ._conditions import StaticCondition


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


class _PowerToughnessDefining(StaticAbility):
    """A characteristic-defining ability that sets its object's power and toughness each
    to one number (CR 604.3, 208.2a): applied in layer 7a (613.4a), in every zone, worked
    out whenever characteristics are (611.3a); a copy told its own power and toughness
    leaves it out (707.9d). Subclasses say what the number is."""

    defines_power_and_toughness: ClassVar[bool] = True

    def number(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> int:
        """The power and toughness now, from the board as the earlier layers left it."""
        raise NotImplementedError

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        def define(target: Characteristics, board: Mapping[int, Characteristics]) -> None:
            target.power = target.toughness = self.number(game, source, board)

        return (
            ContinuousEffect(
                layer=Layer.PT_DEFINING,
                timestamp=source.timestamp,
                source=source.id,
                affected=frozenset((source.id,)),
                modify=_no_change,
                description=self.text,
                board_modify=define,
            ),
        )


@dataclass(frozen=True, slots=True)
class PowerToughnessEqualToCount(_PowerToughnessDefining):
    """The text "[This]'s power and toughness are each equal to the number of [type]s you
    control"."""

    card_type: str = "Creature"
    text: str = ""
    subtype: str | None = None
    """Counts only permanents with this subtype as well ("the number of Swamps you
    control")."""

    def number(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> int:
        card_type, subtype = self.card_type, self.subtype
        return sum(
            1
            for c in board.values()
            if c.controller == source.controller
            and card_type in c.types
            and (subtype is None or subtype in c.subtypes)
        )


@dataclass(frozen=True, slots=True)
class PowerToughnessEqualToLife(_PowerToughnessDefining):
    """The text "This creature's power and toughness are each equal to your life total".
    Life totals change characteristics through it, so the game notes each life change
    (119.3)."""

    text: str = ""

    def number(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> int:
        return game.players[source.controller].life


@dataclass(frozen=True, slots=True)
class PowerToughnessEqualToHandSize(_PowerToughnessDefining):
    """The text "[This]'s power and toughness are each equal to the number of cards in your
    hand" (Maro). Cards moving into or out of a hand change zones, which makes the game
    recompute it."""

    text: str = ""

    def number(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> int:
        return len(game.players[source.controller].hand)


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
