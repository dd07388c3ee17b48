"""Cards: :class:`CardDefinition`, :func:`card`, the face-down characteristics, card sets
and the card pool."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Final, Literal, TypeVar

from manaweave._engine._ability_index import AbilityIndex
from manaweave._engine._card_names import suggestions, unknown_card
from manaweave._engine._card_reference import SUPERTYPES, CardReference, card_reference
from manaweave._engine._errors import CardDefinitionError, RuleNotImplementedError
from manaweave._engine._mana import COLORS, ManaCost
from manaweave._engine._objects import GameObject

from ._ability import Ability
from ._activated import intrinsic_abilities
from ._conditions import IsAttacking
from ._cost_changes import CostChange
from ._costs import AlternativeCasting, AlternativeCost, Cost
from ._event_recipients import check_event_recipients
from ._extension_points import (
    AttackRequirement,
    AttackRestriction,
    AttacksWithoutTapping,
    BlockRequirement,
    BlockRestriction,
    BlocksAdditionalCreatures,
    CombatDamageStep,
    ExcessCombatDamage,
    FlashPermission,
    SummoningSicknessExemption,
)
from ._replacement import ReplacementAbility
from ._spell import SpellAbility, divided_total
from ._static import (
    AsEntersChooseBasicLandType,
    AsEntersChooseCardName,
    AsEntersChooseColor,
    AsEntersExileFromGraveyard,
    AuraTarget,
    CantHaveMoreThan,
    ControlEnchanted,
    EntersAsCopy,
    PlayWithTopOfLibraryRevealed,
    RevealFirstDrawEachTurn,
    StaticAbility,
    abilities_granted_by,
)
from ._static_layers import (
    GetsAsLongAs,
    IsColors,
    IsEveryCreatureType,
    PowerToughnessEqualToCount,
    PowerToughnessEqualToHandSize,
    PowerToughnessEqualToLife,
)
from ._target_specs import TargetSpec, target_slots
from ._triggers import LoreCountersReach, TriggeredAbility

_A = TypeVar("_A")


_STATIC_WITHOUT_CONTINUOUS_EFFECTS = (
    AuraTarget
    | ReplacementAbility
    | EntersAsCopy
    | AsEntersChooseColor
    | AsEntersChooseBasicLandType
    | AsEntersChooseCardName
    | AsEntersExileFromGraveyard
    | RevealFirstDrawEachTurn
    | CantHaveMoreThan
)
"""Static abilities that generate no continuous effect: enchanting, replacement,
entering and revealing rules, a counter limit."""

_PT_DEFINING = (
    PowerToughnessEqualToCount,
    PowerToughnessEqualToLife,
    PowerToughnessEqualToHandSize,
)
"""The characteristic-defining abilities that set power and toughness (604.3)."""

_CHARACTERISTIC_DEFINING = (*_PT_DEFINING, IsColors, IsEveryCreatureType)
"""Every characteristic-defining ability of the card language (604.3)."""


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

    def __deepcopy__(self, memo: dict[int, object]) -> CardDefinition:
        # A card's definition is never changed by a game: a copied game shares it.
        return self

    def __post_init__(self) -> None:
        if "Siege" in self.subtypes:
            raise RuleNotImplementedError(
                "310.11b", f"{self.name}: Sieges (their back face is cast transformed, 712)"
            )
        if "Battle" in self.types and self.defense is None:
            raise ValueError(f"{self.name}: a battle needs a printed defense (310.4a)")
        check_event_recipients(self.name, (*self.abilities, self.spell))
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
    def ability_index(self) -> AbilityIndex:
        """Its abilities (:attr:`all_abilities`) filed by kind, once per definition: the
        index an object's characteristics share while no layer changes its abilities."""
        return AbilityIndex(self.all_abilities)

    def abilities_of(self, kind: type[_A]) -> tuple[_A, ...]:
        """Its abilities of ``kind``, an ability class (its subclasses included), as
        printed (with the intrinsic ones of its basic land types), in order."""
        return self.ability_index.of(kind)

    @cached_property
    def granted_abilities(self) -> tuple[Ability, ...]:
        """The abilities its static abilities give objects, directly or through a static
        ability they give (613.1f)."""
        return abilities_granted_by(self.abilities)

    @cached_property
    def _granted_index(self) -> AbilityIndex:
        """:attr:`granted_abilities` filed by kind."""
        return AbilityIndex(self.granted_abilities)

    def _has_or_grants(self, kind: type) -> bool:
        """Whether it has an ability of ``kind`` or gives objects one (613.1f)."""
        return self.ability_index.has(kind) or self._granted_index.has(kind)

    @cached_property
    def has_triggered_abilities(self) -> bool:
        """Whether the card prints a triggered ability (CR 603), or a static ability that
        grants one (613.1f)."""
        return self._has_or_grants(TriggeredAbility)

    @cached_property
    def has_static_abilities(self) -> bool:
        """Whether the card prints a static ability that generates continuous effects."""
        return any(
            not isinstance(a, _STATIC_WITHOUT_CONTINUOUS_EFFECTS)
            for a in self.abilities_of(StaticAbility)
        )

    @cached_property
    def chooses_color_as_it_enters(self) -> bool:
        """Whether it has "As [this] enters, choose a color" (614.12)."""
        return self.ability_index.has(AsEntersChooseColor)

    @cached_property
    def chooses_land_type_as_it_enters(self) -> bool:
        """Whether it has "As [this] enters, choose a basic land type" (614.12)."""
        return self.ability_index.has(AsEntersChooseBasicLandType)

    @cached_property
    def chooses_name_as_it_enters(self) -> bool:
        """Whether it has "As [this] enters, choose a card name" (614.12)."""
        return self.ability_index.has(AsEntersChooseCardName)

    @cached_property
    def final_chapter(self) -> int:
        """A Saga's final chapter number (CR 714.2d): 0 if it has no chapter abilities."""
        return max(
            (
                a.trigger.chapter
                for a in self.abilities_of(TriggeredAbility)
                if isinstance(a.trigger, LoreCountersReach)
            ),
            default=0,
        )

    @cached_property
    def enters_as_copy(self) -> EntersAsCopy | None:
        """Its "enter as a copy" ability, if it has one (CR 707.5)."""
        found = self.abilities_of(EntersAsCopy)
        return found[0] if found else None

    @cached_property
    def flash_permissions(self) -> tuple[FlashPermission, ...]:
        """Its own abilities that let it be cast as though it had flash (702.8a, 601.3)."""
        return self.abilities_of(FlashPermission)

    @cached_property
    def alternative_castings(self) -> tuple[tuple[int, AlternativeCasting], ...]:
        """Its abilities that let it be cast another way (601.3, 702.37d), with their
        indices among its abilities."""
        # Numbered among all its abilities, which begin with the intrinsic ones (305.6).
        intrinsic = len(self.all_abilities) - len(self.abilities)
        return tuple(
            (index - intrinsic, ability)
            for index, ability in self.ability_index.numbered(AlternativeCasting)
        )

    @cached_property
    def defines_pt(self) -> bool:
        """Whether a characteristic-defining ability sets its power and toughness (604.3)."""
        return any(self.ability_index.has(kind) for kind in _PT_DEFINING)

    @cached_property
    def has_cda(self) -> bool:
        """Whether it has a characteristic-defining ability, which works in every zone
        (604.3)."""
        return any(self.ability_index.has(kind) for kind in _CHARACTERISTIC_DEFINING)

    @cached_property
    def changes_control(self) -> bool:
        """Whether the card prints a static ability that changes control (layer 2)."""
        return self.ability_index.has(ControlEnchanted)

    @cached_property
    def depends_on_combat(self) -> bool:
        """Whether a static ability of the card applies only during combat ("as long as
        it's attacking"), so characteristics change as attackers are declared, or it is
        an Aura that enchants only an attacking or blocking creature (303.4c)."""
        enchant = self.enchant if self.is_aura else None
        if enchant is not None and (enchant.attacking or enchant.blocking):
            return True
        return any(
            isinstance(a.condition, IsAttacking)
            for a in (*self.abilities_of(GetsAsLongAs), *self._granted_index.of(GetsAsLongAs))
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
        return self.ability_index.has(PowerToughnessEqualToLife)

    @cached_property
    def reads_hand_sizes(self) -> bool:
        """Whether a characteristic-defining ability of it counts the cards in a hand
        (604.3), so that a card moving into or out of a hand changes characteristics."""
        return self.ability_index.has(PowerToughnessEqualToHandSize)

    @cached_property
    def reads_library_top(self) -> bool:
        """Whether an ability it has or gives reveals the top card of a library (401.5) or
        has a condition that reads one (611.3b), so that a library change matters to the
        game's views, log and characteristics."""
        return self._has_or_grants(PlayWithTopOfLibraryRevealed) or any(
            getattr(getattr(a, "condition", None), "reads_library", False)
            for a in (*self.abilities, *self.granted_abilities)
        )

    @cached_property
    def has_cost_changes(self) -> bool:
        """Whether the card prints an ability that changes what spells cost (601.2f)."""
        return self.ability_index.has(CostChange)

    @cached_property
    def may_change_costs(self) -> bool:
        """Whether, on the battlefield, it has or gives objects an ability that changes
        what spells cost (601.2f, 613.1f)."""
        return self._has_or_grants(CostChange)

    @cached_property
    def has_replacement_abilities(self) -> bool:
        """Whether the card prints a static ability that generates replacement effects,
        or a static ability that gives objects one (613.1f)."""
        return self._has_or_grants(ReplacementAbility)

    @cached_property
    def replaces_in_every_zone(self) -> bool:
        """Whether the card prints a replacement ability that functions in every zone
        (113.6b)."""
        return any(a.in_every_zone for a in self.abilities_of(ReplacementAbility))

    @cached_property
    def enchant(self) -> TargetSpec | None:
        """What its enchant ability lets an Aura target and enchant (CR 303.4a, 702.5a);
        ``None`` without one."""
        found = [a.enchants() for a in self.abilities_of(AuraTarget)]
        if len(found) > 1 and len(set(found)) > 1:
            # All instances apply (702.5c): their restrictions would have to combine.
            raise RuleNotImplementedError("702.5c", f"{self.name}: several enchant abilities")
        return found[0] if found else None

    @property
    def type_line(self) -> str:
        """The type line as printed: ``Basic Land — Forest``."""
        left = " ".join((*self.supertypes, *self.types))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


@dataclass(frozen=True)
class Printed:
    """A card's printed characteristics written out by the set that defines it, for a card
    that no card reference has (one that exists nowhere else): ``card("Doom Imp",
    printed=Printed("{B}", "Creature — Imp", "Flying", pt=(1, 1)), ...)``.

    ``type_line`` is written as printed (``"Creature — Elf Druid"``); ``mana_cost`` as mana
    symbols (``"{1}{G}"``) or ``None`` for a card with no mana cost (lands); ``pt`` as
    printed (``("*", "*")`` is possible); a colour indicator (204) as colour letters
    (``"G"``, ``"UR"``): the card is those colours whatever its mana cost (202.2e).
    """

    mana_cost: str | None
    type_line: str
    text: str = ""
    pt: tuple[int | str, int | str] | None = None
    loyalty: int | None = None
    defense: int | None = None
    color_indicator: str | None = None


def card(
    name: str,
    *,
    abilities: tuple[Ability, ...] = (),
    spell: SpellAbility | None = None,
    x_color: str | None = None,
    x_minimum: int = 0,
    additional_costs: tuple[Cost, ...] = (),
    alternative_costs: tuple[AlternativeCost, ...] = (),
    copies_in_deck: int | Literal["any"] | None = None,
    printed: Printed | None = None,
    reference: CardReference | None = None,
) -> CardDefinition:
    """Define the card named ``name`` by what it does: its abilities, its spell ability (an
    instant's or sorcery's effect), the costs and choices its text adds.

    The printed characteristics (mana cost, type line, rules text, power and toughness,
    loyalty, colour indicator) are not restated: they come from the card reference, the
    package's own (:func:`card_reference`) unless ``reference`` gives a set's own file, or
    from ``printed`` for a card that no reference has. Each ability written without
    ``text=`` takes its paragraph of the printed text.

    Raises :class:`~manaweave.CardDefinitionError` naming the card for a name the reference
    lacks, and for behaviour its printed card contradicts: a spell ability for a permanent
    card, combat abilities for an instant or sorcery, a power and toughness defined for a
    card that prints none, an X choice for a cost without X, casting costs for a land.
    """
    if printed is None:
        printed = _printed_from_reference(name, reference)
    elif reference is not None:
        raise CardDefinitionError(f"{name}: give printed= or reference=, not both")
    mana_cost, type_line, text, pt = printed.mana_cost, printed.type_line, printed.text, printed.pt
    colors: tuple[str, ...] = ()
    if printed.color_indicator is not None:
        if not printed.color_indicator or set(printed.color_indicator) - set(COLORS):
            raise CardDefinitionError(
                f"{name}: a colour indicator is one or more of W, U, B, R, G, "
                f"not {printed.color_indicator!r}"
            )
        colors = tuple(c for c in COLORS if c in printed.color_indicator)
    left, _, right = type_line.partition("—")
    words = left.split()
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w not in SUPERTYPES)
    subtypes = tuple(right.split())
    if not types:
        raise CardDefinitionError(f"{name}: type line {type_line!r} has no card type")
    abilities = abilities_with_their_text(text, abilities)
    definition = CardDefinition(
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
        printed_pt=(str(pt[0]), str(pt[1])) if pt and "*" in f"{pt[0]}{pt[1]}" else None,
        loyalty=printed.loyalty,
        defense=printed.defense,
        additional_costs=additional_costs,
        alternative_costs=alternative_costs,
        copies_in_deck=copies_in_deck,
        colors=colors,
    )
    _check_against_printed(definition)
    return definition


def _printed_from_reference(name: str, reference: CardReference | None) -> Printed:
    """The printed characteristics of ``name`` as the reference holds them."""
    found = (reference or card_reference()).get(name)
    if found is None:
        close = suggestions(name, reference or card_reference())
        hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
        raise CardDefinitionError(
            f"{name}: no card of that name in the card reference{hint}; a card that exists "
            "nowhere else gives its printed characteristics itself (printed=Printed(...)), "
            "a third-party set its own reference file (reference=...)"
        )
    pt = (found.power, found.toughness) if found.power and found.toughness else None
    mana_colors = set(ManaCost.parse(found.mana_cost).colors) if found.mana_cost else set()
    # A colour indicator is a colour the mana cost does not give (202.2e); a card whose
    # characteristic-defining ability sets its colours (604.3) has the data's colours
    # from that ability, which the definition's ability then gives it.
    indicated = set(found.colors) - mana_colors
    return Printed(
        mana_cost=found.mana_cost,
        type_line=found.type_line,
        text=found.text,
        pt=pt,
        loyalty=int(found.loyalty) if found.loyalty is not None else None,
        defense=int(found.defense) if found.defense is not None else None,
        color_indicator="".join(sorted(found.colors)) if indicated else None,
    )


_COMBAT_ABILITIES = (
    AttackRestriction,
    AttackRequirement,
    AttacksWithoutTapping,
    BlockRestriction,
    BlockRequirement,
    BlocksAdditionalCreatures,
    CombatDamageStep,
    ExcessCombatDamage,
    SummoningSicknessExemption,
)
"""The kinds of ability that only a creature (or what grants abilities to one) can use:
attacking, blocking, combat damage, summoning sickness (CR 506-510, 302.6)."""


def _check_against_printed(definition: CardDefinition) -> None:
    """Raise :class:`CardDefinitionError` for behaviour the printed card contradicts."""
    name = definition.name
    if definition.spell is not None and definition.is_permanent_card:
        raise CardDefinitionError(
            f"{name}: a spell ability is an instant's or sorcery's effect (CR 608.2), but "
            f"{name} is a {definition.type_line}: a permanent's effects are its abilities"
        )
    if not definition.is_permanent_card:
        combat = [
            type(a).__name__ for a in definition.abilities if isinstance(a, _COMBAT_ABILITIES)
        ]
        if combat:
            raise CardDefinitionError(
                f"{name}: {', '.join(combat)} work for a creature in combat, but {name} is "
                f"a {definition.type_line}, never on the battlefield (304.4, 307.4)"
            )
    if definition.defines_pt and definition.power is None:
        raise CardDefinitionError(
            f"{name}: an ability defines its power and toughness (604.3), but {name} "
            f"({definition.type_line}) prints none (208.1)"
        )
    has_x = definition.mana_cost is not None and "X" in str(definition.mana_cost)
    if (definition.x_color is not None or definition.x_minimum) and not has_x:
        raise CardDefinitionError(
            f"{name}: an X choice (x_color, x_minimum) for the mana cost "
            f"{definition.mana_cost or 'none'}, which has no X (107.3)"
        )
    if definition.is_land and (definition.additional_costs or definition.alternative_costs):
        raise CardDefinitionError(
            f"{name}: a land is played, not cast (305.9): it has no costs to cast it"
        )


_REMINDER = re.compile(r" \([^()]*\)$")


def without_reminder(paragraph: str) -> str:
    """A paragraph of rules text without the reminder text that ends it (CR 207.2a):
    ``"Flying (This creature can't be blocked ...)"`` is ``"Flying"``. A paragraph that is
    all reminder text, such as a basic land's, stays as it is."""
    return _REMINDER.sub("", paragraph)


def text_left_out(ability: Ability) -> bool:
    """Whether ``ability`` carries its rules text as a ``text`` field and was written
    without it (the field holds its default), so that a card definition fills it in from
    the card's text."""
    if not is_dataclass(ability):
        return False
    field_ = next((f for f in fields(ability) if f.name == "text"), None)
    return field_ is not None and ability.text == field_.default


def abilities_with_their_text(text: str, abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """``abilities`` with each one's rules text taken from its position in the card's
    ``text``: where the text has one paragraph per ability, in order, an ability written
    without ``text=`` gets its paragraph, without reminder text. Elsewhere (a paragraph
    of several keywords, a spell's text) each ability keeps the text it was given."""
    paragraphs = text.split("\n") if text else []
    if len(paragraphs) != len(abilities):
        return abilities
    return tuple(
        replace(ability, text=without_reminder(paragraph))  # type: ignore[type-var]
        if text_left_out(ability)
        else ability
        for ability, paragraph in zip(abilities, paragraphs, strict=True)
    )


FACE_DOWN: Final = CardDefinition(
    name="", mana_cost=None, types=("Creature",), power=2, toughness=2
)
"""The copiable values of a face-down permanent (CR 708.2a): a 2/2 creature with no text,
no name, no subtypes and no mana cost (so colourless)."""
GameObject.face_down_values = FACE_DOWN


def _printed_number(value: int | str) -> int:
    # A * is 0 where no characteristic-defining ability says otherwise (208.2a); the
    # reference writes every number as text ("2").
    if isinstance(value, int):
        return value
    return int(value) if value.lstrip("-").isdigit() else 0


CardLoader = Callable[[], Iterable[CardDefinition]]
"""What builds a set's definitions when they are first needed: a function of no arguments
returning them (:func:`cards_of_modules` makes one from a set package's modules)."""


class CardSet:
    """A named collection of card definitions, contributed by a set plugin.

    ``cards`` are the definitions, or a :data:`CardLoader` that builds them: a set built
    that way costs nothing until a game, a listing or a test first needs one of its cards
    (each definition takes about a millisecond to build).

    ``decks`` are the ready decks shipped with the set (deck name -> decklist text).
    ``face_count`` is how many card faces the set prints, for a plugin that defines the
    whole set (``None`` for a selection of a set's cards); ``not_implemented`` the set's
    card faces the plugin does not define, name -> why (``manaweave cards`` lists them):
    with ``face_count``, defined and not implemented faces add up to it.
    """

    def __init__(
        self,
        code: str,
        name: str,
        cards: Iterable[CardDefinition] | CardLoader,
        decks: Mapping[str, str] | None = None,
        face_count: int | None = None,
        not_implemented: Mapping[str, str] | None = None,
    ) -> None:
        self.code = code
        self.name = name
        self.decks: Mapping[str, str] = dict(decks or {})
        self.face_count = face_count
        self.not_implemented: Mapping[str, str] = dict(not_implemented or {})
        if face_count is None and self.not_implemented:
            raise ValueError(f"set {code}: not_implemented needs face_count (the whole set's size)")
        self._loader: CardLoader | None = None
        self._cards: tuple[CardDefinition, ...] | None = None
        if callable(cards):
            self._loader = cards
        else:
            self._set_cards(tuple(cards))

    def _set_cards(self, cards: tuple[CardDefinition, ...]) -> None:
        defined = {definition.name for definition in cards}
        if both := sorted(defined & set(self.not_implemented)):
            raise ValueError(f"set {self.code}: {both} both defined and not implemented")
        listed = len(defined) + len(self.not_implemented)
        if self.face_count is not None and listed != self.face_count:
            raise ValueError(
                f"set {self.code} prints {self.face_count} card faces, but defines "
                f"{len(defined)} and lists {len(self.not_implemented)} as not implemented"
            )
        self._cards = cards

    @property
    def loaded(self) -> bool:
        """Whether its definitions are built."""
        return self._cards is not None

    @property
    def cards(self) -> tuple[CardDefinition, ...]:
        """Its definitions, built on first use."""
        if self._cards is None:
            assert self._loader is not None
            self._set_cards(tuple(self._loader()))
        assert self._cards is not None
        return self._cards

    def card_named(self, name: str, *, whole: bool = True) -> CardDefinition | None:
        """The definition of ``name`` if the set has one, built on its own where the
        set's loader can (:class:`ModuleCards`), otherwise (unless ``whole`` is false)
        with the whole set."""
        if self._cards is None and isinstance(self._loader, ModuleCards):
            found = self._loader.card_named(name)
            if found is not None or not whole:
                return found
        if self._cards is None and not whole:
            return None
        return next((c for c in self.cards if c.name == name), None)

    def __repr__(self) -> str:
        return f"CardSet({self.code!r}, {self.name!r})"


_CARD_NAME = re.compile(r"""\bcard\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")
"""A definition as written, ``card("Lightning Bolt", ...)``: its name."""
_SIBLING = re.compile(r"^from \.(\w+) import", re.MULTILINE)


class ModuleCards:
    """The definitions of a set package: the ``CARDS`` of its ``modules``, in order, each
    module imported when a card of it is first needed (:func:`cards_of_modules`).

    Which module defines a card is read from the modules' source, without importing them:
    a definition written ``card("Name", ...)`` in the module, or in a module of the same
    package it imports from (``from .fireball import ...``). A card defined another way
    (a name made in a loop) is found by building the whole set.
    """

    def __init__(self, package: str, modules: tuple[str, ...]) -> None:
        self.package = package
        self.modules = modules

    def __call__(self) -> tuple[CardDefinition, ...]:
        found: list[CardDefinition] = []
        for module in self.modules:
            found += self._cards_of(module)
        return tuple(found)

    def _cards_of(self, module: str) -> tuple[CardDefinition, ...]:
        cards: tuple[CardDefinition, ...] = importlib.import_module(
            f"{self.package}.{module}"
        ).CARDS
        return cards

    def _source(self, module: str) -> str:
        spec = importlib.util.find_spec(f"{self.package}.{module}")
        if spec is None or spec.origin is None:
            return ""
        try:
            return Path(spec.origin).read_text(encoding="utf-8")
        except OSError:
            return ""

    @cached_property
    def _module_of(self) -> dict[str, str]:
        """Each card name written in a module's source: the module."""
        found: dict[str, str] = {}
        for module in self.modules:
            source = self._source(module)
            texts = [source, *(self._source(sibling) for sibling in _SIBLING.findall(source))]
            for text in texts:
                for literal in _CARD_NAME.findall(text):
                    found.setdefault(ast.literal_eval(literal), module)
        return found

    def card_named(self, name: str) -> CardDefinition | None:
        """The definition of ``name``, importing only the module that defines it, or
        ``None`` if no module's source names it."""
        module = self._module_of.get(name)
        if module is None:
            return None
        return next((c for c in self._cards_of(module) if c.name == name), None)


def cards_of_modules(package: str, *modules: str) -> ModuleCards:
    """A :data:`CardLoader` for a set package whose definitions are the ``CARDS`` of its
    ``modules``, in order: ``cards_of_modules(__name__, "white", "blue", "lands")``. The
    modules are imported when their cards are first needed, each on its own where the
    source says which defines a card (:class:`ModuleCards`)."""
    return ModuleCards(package, modules)


class CardPool(Mapping[str, CardDefinition]):
    """Every card the registered sets define, looked up by exact name.

    A card's definition is built when it is first looked up: a name the card reference
    knows is looked for in the sets that printed it first (building only its module,
    where the set's loader can: :class:`ModuleCards`), then in the other sets, each built
    whole, in registration order; iterating the pool builds every set.

    A card reprinted in several sets may be defined by each of them, identically; two
    different definitions of one name are an error (a card is known by its name, 201.2),
    not a silent choice of the first, found when both sets are built.
    """

    def __init__(self, sets: Iterable[CardSet]) -> None:
        self._sets = tuple(sets)
        self._cards: dict[str, CardDefinition] = {}
        self._folded: dict[str, str] = {}
        self._defined_by: dict[str, str] = {}
        self._loaded: set[int] = set()

    @property
    def sets(self) -> tuple[CardSet, ...]:
        """The sets the pool was built from, in registration order."""
        return self._sets

    def _load(self, index: int) -> None:
        if index in self._loaded:
            return
        self._loaded.add(index)
        card_set = self._sets[index]
        for definition in card_set.cards:
            self._add(definition, card_set)

    def _add(self, definition: CardDefinition, card_set: CardSet) -> None:
        known = self._cards.setdefault(definition.name, definition)
        if known is not definition and known != definition:
            raise ValueError(
                f"card sets {self._defined_by[definition.name]} and {card_set.code} "
                f"define different cards named {definition.name!r}"
            )
        self._defined_by.setdefault(definition.name, card_set.code)
        self._folded.setdefault(definition.name.casefold(), definition.name)

    def _load_all(self) -> None:
        for index in range(len(self._sets)):
            self._load(index)

    def _find(self, name: str, *, everywhere: bool = True) -> CardDefinition | None:
        """The definition of ``name``, building the sets that may define it: those that
        printed it, then (``everywhere``) the others."""
        found = self._cards.get(name)
        if found is not None or len(self._loaded) == len(self._sets):
            return found
        printed = card_reference().get(name)
        if printed is not None:
            codes = {code.casefold() for code in printed.printings}
            for card_set in self._sets:
                if card_set.code.casefold() in codes:
                    definition = card_set.card_named(name)
                    if definition is not None:
                        self._add(definition, card_set)
                        return definition
        for card_set in self._sets:
            definition = card_set.card_named(name, whole=False)
            if definition is not None:
                self._add(definition, card_set)
                return definition
        for index in range(len(self._sets) if everywhere else 0):
            self._load(index)
            if name in self._cards:
                return self._cards[name]
        return None

    @cached_property
    def _reference_spellings(self) -> dict[str, str]:
        return {name.casefold(): name for name in card_reference()}

    def canonical_name(self, name: str) -> str | None:
        """The name of the card ``name`` names, in any case, or ``None`` if no set
        defines one."""
        folded = name.casefold()
        spelt = self._folded.get(folded) or self._reference_spellings.get(folded, name)
        if self._find(spelt, everywhere=False) is not None:
            return spelt
        self._load_all()
        return self._folded.get(folded)

    def __getitem__(self, name: str) -> CardDefinition:
        found = self._find(name)
        if found is None:
            raise unknown_card(name, self._cards)
        return found

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._find(name) is not None

    def __iter__(self) -> Iterator[str]:
        self._load_all()
        return iter(self._cards)

    def __len__(self) -> int:
        self._load_all()
        return len(self._cards)
