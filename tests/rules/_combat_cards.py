"""Test-only cards for the combat and combat keyword tests, and their plugin.

Creatures with the combat keywords (one instance, and two for "multiple instances are
redundant"), creatures with the restrictions and requirements of CR 508.1c-d and
509.1a-c written through the core's ability classes, and instants that give or take
away first strike and double strike. ``Scenario(plugins=[CombatCards()])``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import manaweave
import manaweave.lowlevel
from manaweave.cards import (
    TARGET_CREATURE,
    Ability,
    AllAbleBlockIt,
    AttackRequirement,
    AttackRestriction,
    BlockRequirement,
    BlockRestriction,
    BlocksAdditionalCreatures,
    CardDefinition,
    CardSet,
    Effect,
    GainsUntilEndOfTurn,
    Printed,
    Resolution,
    SpellAbility,
    card,
)
from manaweave.keywords.deathtouch import Deathtouch
from manaweave.keywords.defender import Defender
from manaweave.keywords.double_strike import DoubleStrike
from manaweave.keywords.first_strike import FirstStrike
from manaweave.keywords.flying import Flying, has_flying
from manaweave.keywords.menace import Menace
from manaweave.keywords.reach import Reach
from manaweave.keywords.trample import Trample, TrampleOverPlaneswalkers
from manaweave.keywords.vigilance import Vigilance
from manaweave.lowlevel import Duration, Layer

__all__ = ["CombatCards"]


@dataclass(frozen=True, slots=True)
class CantAttackAlone(AttackRestriction):
    """ "This creature can't attack alone" (508.1c): a restriction on the declaration."""

    text: str = "This creature can't attack alone."

    def forbids_attackers(
        self,
        game: manaweave.lowlevel.Game,
        source: manaweave.lowlevel.GameObject,
        attacks: Mapping[int, int | tuple[str, int]],
    ) -> bool:
        return source.id in attacks and len(attacks) == 1


@dataclass(frozen=True, slots=True)
class AtMostOneAttacker(AttackRestriction):
    """ "No more than one creature can attack each turn" (the 508.1d example)."""

    text: str = "No more than one creature can attack each turn."

    def forbids_attackers(
        self,
        game: manaweave.lowlevel.Game,
        source: manaweave.lowlevel.GameObject,
        attacks: Mapping[int, int | tuple[str, int]],
    ) -> bool:
        return len(attacks) > 1


@dataclass(frozen=True, slots=True)
class AttacksEachCombat(AttackRequirement):
    """ "This creature attacks each combat if able" (508.1d)."""

    text: str = "This creature attacks each combat if able."

    def required_attackers(
        self, game: manaweave.lowlevel.Game, source: manaweave.lowlevel.GameObject
    ) -> Sequence[int]:
        return (source.id,)


@dataclass(frozen=True, slots=True)
class BlocksEachCombat(BlockRequirement):
    """ "This creature blocks each combat if able" (509.1c)."""

    text: str = "This creature blocks each combat if able."

    def required_blocks(
        self, game: manaweave.lowlevel.Game, source: manaweave.lowlevel.GameObject
    ) -> Sequence[tuple[int, int | None]]:
        return ((source.id, None),)


@dataclass(frozen=True, slots=True)
class BlocksOnlyFlyers(BlockRestriction):
    """ "This creature can block only creatures with flying" (509.1b)."""

    text: str = "This creature can block only creatures with flying."

    def forbids_block(
        self,
        game: manaweave.lowlevel.Game,
        source: manaweave.lowlevel.GameObject,
        blocker: manaweave.lowlevel.GameObject,
        attacker: manaweave.lowlevel.GameObject,
    ) -> bool:
        return blocker.id == source.id and not has_flying(game, attacker)


@dataclass(frozen=True, slots=True)
class LosesUntilEndOfTurn(Effect):
    """ "Target creature loses [abilities] until end of turn" (613.1f), every instance."""

    abilities: tuple[Ability, ...]

    async def resolve(self, resolution: Resolution) -> None:
        target = resolution.targets[0]
        if not isinstance(target, int):
            return
        game = resolution.game
        lost = self.abilities

        def modify(chars: manaweave.lowlevel.Characteristics) -> None:
            chars.abilities = tuple(a for a in chars.abilities if a not in lost)

        game.add_continuous_effect(
            manaweave.lowlevel.ContinuousEffect(
                layer=Layer.ABILITY,
                timestamp=game.next_timestamp(),
                source=resolution.item.id,
                affected=frozenset((target,)),
                modify=modify,
                duration=Duration.END_OF_TURN,
                description="loses first strike and double strike",
            )
        )


def _creature(
    name: str, pt: tuple[int, int], *abilities: Ability, cost: str = "{2}"
) -> CardDefinition:
    text = "\n".join(a.text for a in abilities)
    return card(name, printed=Printed(cost, "Creature — Soldier", text, pt=pt), abilities=abilities)


def _instant(name: str, cost: str, text: str, effect: Effect) -> CardDefinition:
    return card(
        name,
        printed=Printed(cost, "Instant", text),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(effect,)),
    )


CARDS = (
    _creature("Test Knight", (2, 2), FirstStrike()),
    _creature("Test Twice Knight", (2, 2), FirstStrike(), FirstStrike()),
    _creature("Test Double Knight", (2, 2), DoubleStrike()),
    _creature("Test Twice Double Knight", (2, 2), DoubleStrike(), DoubleStrike()),
    _creature("Test Striking Knight", (2, 2), FirstStrike(), DoubleStrike()),
    _creature("Test Trampler", (4, 4), Trample()),
    _creature("Test Twice Trampler", (4, 4), Trample(), Trample()),
    _creature("Test Planeswalker Trampler", (7, 7), TrampleOverPlaneswalkers()),
    _creature("Test Deathtouch Trampler", (3, 3), Deathtouch(), Trample()),
    _creature("Test Assassin", (1, 1), Deathtouch()),
    _creature("Test Twice Assassin", (1, 1), Deathtouch(), Deathtouch()),
    _creature("Test Deathtouch Knight", (1, 1), Deathtouch(), FirstStrike()),
    _creature("Test Bird", (1, 1), Flying()),
    _creature("Test Twice Bird", (1, 1), Flying(), Flying()),
    _creature("Test Spider", (1, 3), Reach()),
    _creature("Test Twice Spider", (1, 3), Reach(), Reach()),
    _creature("Test Brute", (3, 3), Menace()),
    _creature("Test Twice Brute", (3, 3), Menace(), Menace()),
    _creature("Test Flying Brute", (3, 3), Menace(), Flying()),
    _creature("Test Wall", (0, 4), Defender()),
    _creature("Test Twice Wall", (0, 4), Defender(), Defender()),
    _creature("Test Sentry", (2, 2), Vigilance()),
    _creature("Test Twice Sentry", (2, 2), Vigilance(), Vigilance()),
    _creature("Test Loner", (2, 2), CantAttackAlone()),
    _creature("Test Berserker", (2, 2), AttacksEachCombat()),
    _creature("Test Guard", (2, 2), BlocksEachCombat()),
    _creature("Test Lure", (1, 1), AllAbleBlockIt()),
    _creature("Test Cloud Sprite", (1, 1), Flying(), BlocksOnlyFlyers()),
    _creature("Test Two-Headed Guard", (2, 4), BlocksAdditionalCreatures()),
    card(
        "Test Peace Totem",
        printed=Printed("{2}", "Artifact", "No more than one creature can attack each turn."),
        abilities=(AtMostOneAttacker(),),
    ),
    _instant(
        "Test Quickness",
        "{W}",
        "Target creature gains first strike until end of turn.",
        GainsUntilEndOfTurn(FirstStrike()),
    ),
    _instant(
        "Test Doubling",
        "{R}",
        "Target creature gains double strike until end of turn.",
        GainsUntilEndOfTurn(DoubleStrike()),
    ),
    _instant(
        "Test Dull Blade",
        "{U}",
        "Target creature loses first strike and double strike until end of turn.",
        LosesUntilEndOfTurn((FirstStrike(), DoubleStrike())),
    ),
)


class CombatCards:
    """A plugin adding the combat test cards: ``Scenario(plugins=[CombatCards()])``."""

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The combat test set."""
        return [CardSet("TCB", "Combat test cards", CARDS)]
