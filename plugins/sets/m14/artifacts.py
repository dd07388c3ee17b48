"""Magic 2014 (M14): the colourless cards (artifacts), in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    ActivatedAbility,
    CopyTargetAbility,
    DamageIsModified,
    TargetKind,
    TargetSpec,
    card,
)

CARDS = (
    card(
        "Pyromancer's Gauntlet",
        "{5}",
        "Artifact",
        "If a red instant or sorcery spell you control or a red planeswalker you control "
        "would deal damage to a permanent or player, it deals that much damage plus 2 to "
        "that permanent or player instead.",
        abilities=(
            DamageIsModified(
                add=2,
                source_types=("Instant", "Sorcery", "Planeswalker"),
                source_colors=("R",),
                yours=True,
            ),
        ),
    ),
    card(
        "Strionic Resonator",
        "{2}",
        "Artifact",
        "{2}, {T}: Copy target triggered ability you control. You may choose new targets for "
        'the copy. (A triggered ability uses the words "when," "whenever," or "at.")',
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{2}"),
                (CopyTargetAbility(0),),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.TRIGGERED_ABILITY,
                        "target triggered ability you control",
                        yours=True,
                    ),
                ),
            ),
        ),
    ),
)
