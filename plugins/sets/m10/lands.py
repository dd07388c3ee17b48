"""Magic 2010 (M10): the lands, in alphabetical order."""

from __future__ import annotations

from dataclasses import replace

from manaweave import ManaCost
from manaweave.cards import (
    ActivatedAbility,
    CardDefinition,
    CreateTokens,
    EntersTappedUnless,
    ManaAbility,
    SacrificeThis,
    SearchLibraryOntoBattlefield,
    card,
    token,
)
from manaweave.keywords.flying import Flying


def _basic(name: str, mana: str) -> CardDefinition:
    # The mana ability of a basic land is intrinsic to its land type (CR 305.6).
    return card(name, None, f"Basic Land — {name}", f"({{T}}: Add {{{mana}}}.)")


CARDS = (
    *(
        card(
            name,
            None,
            "Land",
            f"{name} enters the battlefield tapped unless you control a{n1} {first} or a{n2} "
            f"{second}.\n{{T}}: Add {{{m1}}} or {{{m2}}}.",
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
    _basic("Forest", "G"),
    card(
        "Gargoyle Castle",
        None,
        "Land",
        "{T}: Add {C}.\n{5}, {T}, Sacrifice Gargoyle Castle: Create a 3/4 colorless Gargoyle "
        "artifact creature token with flying.",
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
    _basic("Island", "U"),
    _basic("Mountain", "R"),
    _basic("Plains", "W"),
    _basic("Swamp", "B"),
    card(
        "Terramorphic Expanse",
        None,
        "Land",
        "{T}, Sacrifice Terramorphic Expanse: Search your library for a basic land card, put "
        "it onto the battlefield tapped, then shuffle.",
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
