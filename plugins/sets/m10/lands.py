"""Magic 2010 (M10): the lands, in alphabetical order."""

from __future__ import annotations

from dataclasses import replace

from manaweave import ManaCost
from manaweave.cards import (
    ActivatedAbility,
    CreateTokens,
    EntersTappedUnless,
    ManaAbility,
    SacrificeThis,
    SearchLibraryOntoBattlefield,
    card,
    token,
)
from manaweave.keywords.flying import Flying

CARDS = (
    *(
        card(
            name,
            abilities=(
                EntersTappedUnless((first, second)),
                ManaAbility(((m1,), (m2,))),
            ),
        )
        for name, first, second, m1, m2 in (
            ("Dragonskull Summit", "Swamp", "Mountain", "B", "R"),
            ("Drowned Catacomb", "Island", "Swamp", "U", "B"),
            ("Glacial Fortress", "Plains", "Island", "W", "U"),
            ("Rootbound Crag", "Mountain", "Forest", "R", "G"),
            ("Sunpetal Grove", "Forest", "Plains", "G", "W"),
        )
        for n1, n2 in (("n" if first[0] in "AEIOU" else "", "n" if second[0] in "AEIOU" else ""),)
    ),
    # A basic land's mana ability is intrinsic to its land type (CR 305.6).
    card("Forest"),
    card(
        "Gargoyle Castle",
        abilities=(
            ManaAbility((("C",),)),
            ActivatedAbility(
                ManaCost.parse("{5}"),
                (
                    CreateTokens(
                        replace(
                            token("Gargoyle", "", "Artifact Creature", pt=(3, 4)),
                            abilities=(Flying(),),
                        )
                    ),
                ),
                tap=True,
                costs=(SacrificeThis("sacrifice Gargoyle Castle"),),
            ),
        ),
    ),
    card("Island"),
    card("Mountain"),
    card("Plains"),
    card("Swamp"),
    card(
        "Terramorphic Expanse",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (SearchLibraryOntoBattlefield("Land", basic=True, tapped=True),),
                tap=True,
                costs=(SacrificeThis("sacrifice Terramorphic Expanse"),),
            ),
        ),
    ),
)
