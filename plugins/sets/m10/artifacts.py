"""Magic 2010 (M10): the colourless cards (artifacts), in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    ANY_TARGET,
    THAT_PLAYER,
    ActivatedAbility,
    AsEntersChooseCardName,
    AtBeginningOf,
    CantBeBlocked,
    CantLoseGame,
    ChosenNameCantActivate,
    DealDamage,
    DrawCards,
    EquippedGets,
    EquippedHas,
    GainLife,
    NoMaximumHandSize,
    SacrificeThis,
    ShuffleIntoLibraryFromAnywhere,
    SourceUntapped,
    TriggeredAbility,
    WheneverCast,
    card,
)
from manaweave.keywords.deathtouch import Deathtouch
from manaweave.keywords.equip import Equip
from manaweave.keywords.flying import Flying
from manaweave.keywords.indestructible import Indestructible
from manaweave.keywords.shroud import Shroud
from manaweave.keywords.trample import Trample

from .coat_of_arms import EachCreatureGetsPerSharedType
from .magebane_armor import PreventDamageToEquipped
from .mirror_of_fate import ReplaceLibraryWithExiledCards

CARDS = (
    *(
        card(
            name,
            abilities=(
                TriggeredAbility(
                    WheneverCast(colors=(color,)),
                    (GainLife(1),),
                    optional=True,
                ),
            ),
        )
        for name, word, color in (
            ("Angel's Feather", "white", "W"),
            ("Kraken's Eye", "blue", "U"),
            ("Demon's Horn", "black", "B"),
            ("Dragon's Claw", "red", "R"),
            ("Wurm's Tooth", "green", "G"),
        )
    ),
    card("Coat of Arms", abilities=(EachCreatureGetsPerSharedType(),)),
    card(
        "Darksteel Colossus",
        abilities=(
            Trample(),
            Indestructible(),
            ShuffleIntoLibraryFromAnywhere(
                text="If Darksteel Colossus would be put into a graveyard from anywhere, reveal "
                "Darksteel Colossus and shuffle it into its owner's library instead."
            ),
        ),
    ),
    card(
        "Gorgon Flail",
        abilities=(
            EquippedGets(1, 1, text="Equipped creature gets +1/+1."),
            EquippedHas(Deathtouch(), text="Equipped creature has deathtouch."),
            Equip("{2}"),
        ),
    ),
    card(
        "Howling Mine",
        abilities=(
            TriggeredAbility(
                AtBeginningOf("draw", each_player=True),
                (DrawCards(1, player=THAT_PLAYER),),
                condition=SourceUntapped(),
            ),
        ),
    ),
    card(
        "Magebane Armor",
        abilities=(
            EquippedGets(2, 4, loses=(Flying(),)),
            PreventDamageToEquipped(
                noncombat_only=True,
            ),
            Equip("{2}"),
        ),
    ),
    card(
        "Mirror of Fate",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (ReplaceLibraryWithExiledCards(7),),
                tap=True,
                costs=(SacrificeThis("sacrifice Mirror of Fate"),),
            ),
        ),
    ),
    card("Ornithopter", abilities=(Flying(),)),
    card(
        "Pithing Needle",
        abilities=(
            AsEntersChooseCardName(),
            ChosenNameCantActivate(),
        ),
    ),
    card(
        "Platinum Angel",
        abilities=(
            Flying(),
            CantLoseGame(),
        ),
    ),
    card(
        "Rod of Ruin",
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{3}"),
                (DealDamage(1),),
                tap=True,
                targets=(ANY_TARGET,),
            ),
        ),
    ),
    card("Spellbook", abilities=(NoMaximumHandSize(),)),
    card(
        "Whispersilk Cloak",
        abilities=(
            EquippedHas(CantBeBlocked(), text="Equipped creature can't be blocked."),
            EquippedHas(Shroud(), text="Equipped creature has shroud."),
            Equip("{2}"),
        ),
    ),
)
