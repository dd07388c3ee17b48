"""Protection (CR 702.16): "Protection from [quality]" (702.16a), a static ability with four
parts, remembered as DEBT, each through one of the core's extension points:

- **Damage** that would be dealt to the permanent by a source with the quality is
  prevented (702.16e): a prevention effect in the replacement pipeline (615), logged as
  ``damage_prevented`` with rule 702.16e.
- It can't be **Enchanted** by Auras, nor **Equipped** or fortified by Equipment or
  Fortifications, with the quality (702.16c-d): what an ability forbids to be attached
  to its permanent. One already attached is put into its owner's graveyard (an Aura,
  704.5m) or becomes unattached (704.5n) as a state-based action.
- It can't be **Blocked** by creatures with the quality while it attacks (702.16f): a
  :class:`~manaweave.cards.BlockRestriction`.
- It can't be **Targeted** by spells with the quality, nor by abilities from sources with
  it (702.16b): what an ability forbids as a target.

Nothing else: an effect that doesn't target, doesn't attach and deals no damage ("Destroy
all creatures", "each creature gets -2/-2") affects the permanent as any other.

The quality is one of a colour (``color="R"``), "multicolored", a card type
(``card_type="Creature"``: "protection from creatures"), a subtype (``subtype="Dragon"``),
a card name (``name=...``, only where the ability says the quality is a name, 702.16a),
a player (``player=1``, 702.16k) or everything (``everything=True``, 702.16j). A card type
or subtype applies to permanents with it and to sources with it that aren't on the
battlefield (702.16a), so it is read from the object's characteristics wherever it is.
"Protection from A and from B" is two abilities (702.16g), and "protection from each
colour" (or "from all colors") is five (702.16h): :func:`protection_from` builds them.
Instances with the same quality are redundant (702.16m).

Example::

    WHITE_KNIGHT = card(
        "White Knight", "{W}{W}", "Creature — Human Knight",
        "First strike\\nProtection from black", pt=(2, 2),
        abilities=(FirstStrike(), Protection(color="B")),
    )
    # "Protection from black and from red" (702.16g).
    abilities=(FirstStrike(), *protection_from("B", "R"))

Protection of players (702.16b-c, 702.16e-j, 702.16k on a player) is not played: no
effect gives a player abilities yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar, Literal

from manaweave import DecisionKind, Named, hookimpl
from manaweave.cards import (
    COLOR_WORDS,
    Ability,
    BlockRestriction,
    Effect,
    EnchantedHas,
    GainsUntilEndOfTurn,
    Recipient,
    ReplacementAbility,
    StaticAbility,
)
from manaweave.lowlevel import DamageEvent, ReplacementEffect

if TYPE_CHECKING:
    from collections.abc import Iterable

    from manaweave.cards import Resolution, Targeting, TextChange
    from manaweave.lowlevel import Characteristics, ContinuousEffect, Event, Game, GameObject

__all__ = [
    "EnchantedHasProtection",
    "GainsProtectionFromChosenColor",
    "Protection",
    "ProtectionPrevention",
    "mw_keywords",
    "protection_from",
]

_COLOR_NAMES = {letter: word for word, letter in COLOR_WORDS.items()}

Spared = Literal["", "this aura", "auras", "already attached"]
"""What an effect giving protection says it doesn't remove (702.16n, 702.16p)."""


@dataclass(frozen=True, slots=True)
class Protection(BlockRestriction, ReplacementAbility):
    """ "Protection from [quality]" (CR 702.16a), on a permanent: exactly one quality is
    given. Equal abilities are those with the same quality (702.16m): losing "protection
    from red" takes every instance of it.

    ``doesnt_remove`` is set by an effect that gives protection and says it doesn't remove
    the Aura giving it (``"this aura"``), any Aura (``"auras"``, 702.16n), or what was
    already attached as it began to apply (``"already attached"``, 702.16p): those aren't
    removed as a state-based action, though no new one can become attached.
    ``granted_by`` and ``granted_at`` are the id and timestamp of the Aura giving it
    (:class:`EnchantedHasProtection` fills them in)."""

    color: str | None = None
    multicolored: bool = False
    card_type: str | None = None
    subtype: str | None = None
    name: str | None = None
    player: int | None = None
    everything: bool = False
    doesnt_remove: Spared = field(default="", compare=False)
    granted_by: int | None = field(default=None, compare=False)
    granted_at: int | None = field(default=None, compare=False)
    text: str = field(default="", compare=False)
    redundant: ClassVar[bool] = True  # 702.16m

    def __post_init__(self) -> None:
        qualities = (
            self.color,
            self.multicolored or None,
            self.card_type,
            self.subtype,
            self.name,
            self.player,
            self.everything or None,
        )
        if sum(q is not None for q in qualities) != 1:
            raise ValueError("protection from exactly one quality (702.16a, 702.16g)")
        if self.color is not None and self.color not in _COLOR_NAMES:
            raise ValueError(f"not a colour: {self.color!r} (105.1)")
        if not self.text:
            object.__setattr__(self, "text", f"Protection from {self.quality_words}")

    @property
    def quality_words(self) -> str:
        """The quality as the ability's text names it: "red", "creatures", "everything"."""
        if self.color is not None:
            return _COLOR_NAMES[self.color]
        if self.multicolored:
            return "multicolored"
        if self.card_type is not None:
            return f"{self.card_type.lower()}s"
        if self.subtype is not None:
            return f"{self.subtype}s"
        if self.name is not None:
            return self.name
        if self.player is not None:
            return f"player:{self.player}"  # as the log names players
        return "everything"

    def has_quality(self, chars: Characteristics) -> bool:
        """Whether an object with these characteristics has the quality: for a player,
        whether that player controls it, or owns it and no one else controls it
        (702.16k; an object in no player's control has its owner as its controller
        here); everything has the quality "everything" (702.16j)."""
        if self.color is not None:
            return self.color in chars.colors
        if self.multicolored:
            return len(chars.colors) > 1  # 105.4
        if self.card_type is not None:
            return self.card_type in chars.types
        if self.subtype is not None:
            return self.subtype in chars.subtypes
        if self.name is not None:
            return chars.name == self.name
        if self.player is not None:
            return chars.controller == self.player
        return True

    def object_has_quality(self, game: Game, obj: GameObject) -> bool:
        """Whether ``obj`` has the quality: as it is now, or as it last existed if it has
        left its zone (113.7a, 609.7c)."""
        return self.has_quality(game.characteristics(game.objects.get(obj.id) or obj))

    def with_text_changed(self, change: TextChange) -> Ability:
        # A colour word in "protection from [colour]" is used as a colour word (612.2).
        if self.color is None:
            return self
        color = change.color(self.color)
        return self if color == self.color else replace(self, color=color, text="")

    # --- T: targeting (702.16b) ------------------------------------------------------------

    def forbids_targeting(self, game: Game, permanent: GameObject, by: Targeting) -> bool:
        if self.player is not None:
            # "Spells or abilities the specified player controls" (702.16k).
            return by.controller == self.player
        return self.has_quality(by.characteristics(game))

    # --- B: blocking (702.16f) -------------------------------------------------------------

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        return attacker.id == source.id and self.has_quality(game.characteristics(blocker))

    # --- E: enchanting, equipping, fortifying (702.16c-d) ----------------------------------

    def forbids_attachment(
        self, game: Game, permanent: GameObject, attachment: GameObject, *, staying: bool
    ) -> bool:
        if not self.has_quality(game.characteristics(attachment)):
            return False
        return not (staying and self._spares(game, attachment))

    def _spares(self, game: Game, attachment: GameObject) -> bool:
        """Whether the effect giving this ability says it doesn't remove ``attachment``
        (702.16n, 702.16p)."""
        if self.doesnt_remove == "auras":
            return attachment.card.is_aura
        if self.doesnt_remove == "this aura":
            return attachment.id == self.granted_by
        if self.doesnt_remove == "already attached":
            # Attached when the Aura's effect began to apply, as the Aura entered or became
            # attached: an object gets a new timestamp as it enters and as it becomes
            # attached (613.7e, 701.3c), so those attached before have earlier ones.
            return attachment.id == self.granted_by or (
                self.granted_at is not None and attachment.timestamp < self.granted_at
            )
        return False

    # --- D: damage (702.16e) ---------------------------------------------------------------

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        return self._from(source, ProtectionPrevention, protection=self)


@dataclass(frozen=True, slots=True)
class ProtectionPrevention(ReplacementEffect):
    """The prevention effect of a protection ability (CR 702.16e, 615): damage that a
    source with the quality would deal to the permanent with the ability is prevented.
    The source is looked at as the damage would be dealt: a permanent as it is, any other
    source as it is or last existed (609.7c)."""

    protection: Protection | None = None
    prevention: ClassVar[bool] = True
    prevention_rule: ClassVar[str] = "702.16e"
    events = (DamageEvent,)

    def applies(self, game: Game, event: DamageEvent) -> bool:
        return (
            event.amount > 0
            and event.target == self.source
            and self.protection is not None
            # The object dealing the damage: a spell, or an ability's source (113.7).
            and self.protection.object_has_quality(game, event.source.source_snapshot)
        )

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        return None


def protection_from(*colors: str) -> tuple[Protection, ...]:
    """ "Protection from [A] and from [B]" (702.16g): one ability for each colour
    (``"B"``, ``"R"``); with no colours, "protection from each color" / "from all colors"
    (702.16h), one for each of the five."""
    return tuple(Protection(color=c) for c in (colors or tuple(_COLOR_NAMES)))


@dataclass(frozen=True, slots=True)
class EnchantedHasProtection(StaticAbility):
    """ "Enchanted creature has protection from [quality]" on an Aura (CR 303.4b, 613.1f),
    where the effect may say what it "doesn't remove" (702.16n-p): ``"this aura"``,
    ``"auras"``, or ``"already attached"``. Each of ``protections`` is given, told which
    Aura gives it and since when (the Aura's timestamp: as it entered or became attached,
    613.7e, 701.3c)."""

    protections: tuple[Protection, ...]
    doesnt_remove: Spared = ""
    text: str = ""

    def continuous_effects(self, game: Game, source: GameObject) -> Iterable[ContinuousEffect]:
        return tuple(
            effect
            for protection in self.protections
            for effect in EnchantedHas(
                replace(
                    protection,
                    doesnt_remove=self.doesnt_remove,
                    granted_by=source.id,
                    granted_at=source.timestamp,
                ),
                text=self.text,
            ).continuous_effects(game, source)
        )

    def granted_abilities(self) -> tuple[Ability, ...]:
        return self.protections


@dataclass(frozen=True, slots=True)
class GainsProtectionFromChosenColor(Effect):
    """ "[Target creature] gains protection from the color of your choice until end of
    turn" (Stave Off, Gods Willing, Mother of Runes): the controller chooses the colour as
    it resolves (608.2d), then the creature gains the ability (613.1f, 611.2c)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        words = list(COLOR_WORDS)
        options = [Named(word) for word in words]
        decision = game.decision(
            DecisionKind.COLOR,
            resolution.controller,
            options,
            "choose a color to give protection from",
            rule="608.2d",
        )
        choice = await game.ask(decision)
        color = COLOR_WORDS[words[choice.indices[0]]]
        await GainsUntilEndOfTurn(Protection(color=color), self.target).resolve(resolution)


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Protection,)
