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
            "{2}",
            "Artifact",
            f"Whenever a player casts a {word} spell, you may gain 1 life.",
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
    card(
        "Coat of Arms",
        "{5}",
        "Artifact",
        "Each creature gets +1/+1 for each other creature on the battlefield that shares at "
        "least one creature type with it. (For example, if two Goblin Warriors and a Goblin "
        "Shaman are on the battlefield, each gets +2/+2.)",
        abilities=(EachCreatureGetsPerSharedType(),),
    ),
    card(
        "Darksteel Colossus",
        "{11}",
        "Artifact Creature — Golem",
        "Trample, indestructible\nIf Darksteel Colossus would be put into a graveyard from "
        "anywhere, reveal Darksteel Colossus and shuffle it into its owner's library instead.",
        pt=(11, 11),
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
        "{2}",
        "Artifact — Equipment",
        "Equipped creature gets +1/+1 and has deathtouch. (Any amount of damage it deals to a "
        "creature is enough to destroy that creature.)\nEquip {2} ({2}: Attach to target "
        "creature you control. Equip only as a sorcery.)",
        abilities=(
            EquippedGets(1, 1, text="Equipped creature gets +1/+1."),
            EquippedHas(Deathtouch(), text="Equipped creature has deathtouch."),
            Equip("{2}"),
        ),
    ),
    card(
        "Howling Mine",
        "{2}",
        "Artifact",
        "At the beginning of each player's draw step, if Howling Mine is untapped, that "
        "player draws an additional card.",
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
        "{3}",
        "Artifact — Equipment",
        "Equipped creature gets +2/+4 and loses flying.\nPrevent all noncombat damage that "
        "would be dealt to equipped creature.\nEquip {2} ({2}: Attach to target creature you "
        "control. Equip only as a sorcery.)",
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
        "{5}",
        "Artifact",
        "{T}, Sacrifice Mirror of Fate: Choose up to seven face-up exiled cards you own. Exile "
        "all the cards from your library, then put the chosen cards on top of your library.",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (ReplaceLibraryWithExiledCards(7),),
                tap=True,
                costs=(SacrificeThis("sacrifice Mirror of Fate"),),
            ),
        ),
    ),
    card(
        "Ornithopter",
        "{0}",
        "Artifact Creature — Thopter",
        "Flying",
        pt=(0, 2),
        abilities=(Flying(),),
    ),
    card(
        "Pithing Needle",
        "{1}",
        "Artifact",
        "As Pithing Needle enters the battlefield, choose a card name.\nActivated abilities of "
        "sources with the chosen name can't be activated unless they're mana abilities.",
        abilities=(
            AsEntersChooseCardName(),
            ChosenNameCantActivate(),
        ),
    ),
    card(
        "Platinum Angel",
        "{7}",
        "Artifact Creature — Angel",
        "Flying\nYou can't lose the game and your opponents can't win the game.",
        pt=(4, 4),
        abilities=(
            Flying(),
            CantLoseGame(),
        ),
    ),
    card(
        "Rod of Ruin",
        "{4}",
        "Artifact",
        "{3}, {T}: Rod of Ruin deals 1 damage to any target.",
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{3}"),
                (DealDamage(1),),
                tap=True,
                targets=(ANY_TARGET,),
            ),
        ),
    ),
    card(
        "Spellbook",
        "{0}",
        "Artifact",
        "You have no maximum hand size.",
        abilities=(NoMaximumHandSize(),),
    ),
    card(
        "Whispersilk Cloak",
        "{3}",
        "Artifact — Equipment",
        "Equipped creature can't be blocked and has shroud. (It can't be the target of spells "
        "or abilities.)\nEquip {2}",
        abilities=(
            EquippedHas(CantBeBlocked(), text="Equipped creature can't be blocked."),
            EquippedHas(Shroud(), text="Equipped creature has shroud."),
            Equip("{2}"),
        ),
    ),
)
