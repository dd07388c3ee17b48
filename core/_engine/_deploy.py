"""The deploy creatures option (CR 804): each creature can be handed to a teammate.

A variant that offers it declares :data:`DEPLOY_OPTION` among its options (with ``True``
as its default if it always uses it, as the Emperor variant does, 804.1). While a game's
``deploy`` option is on, the rules give every creature the activated ability of 804.2 by
a continuous effect of the whole game (:func:`deploy_effect`), so it is a real ability
of each creature: {T} as its cost needs a creature free of summoning sickness (302.6),
"activate only as a sorcery" its controller's main phase and an empty stack (602.5d),
and its effect a layer 2 control change that lasts as long as the creature stays on the
battlefield (613.1b, 611.2c).
"""

from __future__ import annotations

from manaweave.cards import TARGET_TEAMMATE, ActivatedAbility, GiveControl

from ._layers import ContinuousEffect, Layer, gain_ability
from ._mana import ManaCost
from ._options import VariantOption

__all__ = ["DEPLOY_ABILITY", "DEPLOY_OPTION", "deploy_effect"]

DEPLOY_OPTION = VariantOption(
    "deploy",
    bool,
    False,
    "804",
    'each creature has "{T}: Target teammate gains control of this creature. Activate '
    'only as a sorcery."',
)
"""The option turning the deploy creatures option on (804.1)."""

DEPLOY_ABILITY = ActivatedAbility(
    ManaCost.parse(""),
    (GiveControl(player=0),),
    tap=True,
    targets=(TARGET_TEAMMATE,),
    text="{T}: Target teammate gains control of this creature. Activate only as a sorcery.",
    sorcery_speed=True,
)
"""The ability each creature has under the deploy creatures option (804.2)."""


def deploy_effect() -> ContinuousEffect:
    """The rule of 804.2 as a continuous effect: every creature has
    :data:`DEPLOY_ABILITY`. It comes from the game's rules, not from an object, so it
    applies from the start of the game to whatever is a creature at each moment (611.3a)
    in the ability layer (613.1f)."""
    return ContinuousEffect(
        layer=Layer.ABILITY,
        timestamp=0,
        source=0,
        affected=None,
        modify=gain_ability(DEPLOY_ABILITY),
        description="each creature has the deploy ability (804.2)",
        applies_to=lambda obj, chars: chars.is_creature,
        granted=(DEPLOY_ABILITY,),
    )
