"""Giving one object +N/+N or an ability for a while (CR 611.2, 613.4c, 613.1f): the two
functions every pump and every "gains [ability] until end of turn" of the card language
goes through, public so that a keyword, a plugin or a test can do the same."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from manaweave._engine._errors import IllegalActionError
from manaweave._engine._layers import ContinuousEffect, Duration, Layer, gain_ability, modify_pt
from manaweave._engine._zones import Zone

from ._ability import Ability
from ._static import check_grantable

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

END_OF_TURN: Final = Duration.END_OF_TURN
"""``until=``: the effect ends in the cleanup step of this turn (CR 514.2)."""
UNTIL_YOUR_NEXT_TURN: Final = Duration.UNTIL_YOUR_NEXT_TURN
"""``until=``: the effect ends as the next turn of ``controller`` begins (CR 611.2)."""
INDEFINITELY: Final = Duration.PERMANENT
"""``until=``: the effect lasts as long as the object stays where it is (CR 611.2a,
400.7: a new object is not affected)."""

_UNTIL_TEXT: Final = {
    END_OF_TURN: " until end of turn",
    UNTIL_YOUR_NEXT_TURN: " until your next turn",
}


def pump(
    game: Game,
    obj: GameObject,
    power: int,
    toughness: int,
    *,
    source: int,
    controller: int | None = None,
    until: Duration = END_OF_TURN,
) -> ContinuousEffect:
    """``obj`` gets +``power``/+``toughness`` (negative numbers for -N/-N) ``until`` the
    end of the turn: a continuous effect from a resolving spell or ability (CR 611.2) in
    layer 7c (613.4c), which applies after every effect that sets power and toughness
    (7b) whatever their timestamps. It affects exactly ``obj``, locked in now (611.2c): if
    ``obj`` leaves the battlefield and returns, the new object doesn't get it (400.7).

    ``source`` is the id of what creates the effect (the spell or ability resolving, or
    the permanent whose ability it is); ``controller`` is who controls that, needed for
    ``until=UNTIL_YOUR_NEXT_TURN``. The effect is logged (``effect_created``) and
    returned. Raises :class:`~manaweave.IllegalActionError` if ``obj`` is not a permanent
    on the battlefield now, and ``ValueError`` for a duration it can't have."""
    _check(game, obj, until, controller)
    effect = ContinuousEffect(
        layer=Layer.PT_MODIFYING,
        timestamp=game.next_timestamp(),
        source=source,
        affected=frozenset((obj.id,)),
        modify=modify_pt(power, toughness),
        duration=until,
        description=f"{power:+d}/{toughness:+d}{_UNTIL_TEXT.get(until, '')}",
        controller=controller,
    )
    game.add_continuous_effect(effect)
    return effect


def grant_ability(
    game: Game,
    obj: GameObject,
    ability: Ability,
    *,
    source: int,
    controller: int | None = None,
    until: Duration = END_OF_TURN,
) -> ContinuousEffect:
    """``obj`` gains ``ability`` ``until`` the end of the turn: a continuous effect in
    layer 6 (CR 613.1f) locked in on ``obj`` now (611.2c). Any ability may be granted: a
    keyword such as ``Flying()``, a triggered ability (it triggers like a printed one), an
    activated ability, or a static ability, which generates its effects from ``obj``
    while ``obj`` has it (604.1, 613.7a). An effect that makes ``obj`` lose all its
    abilities with a later timestamp removes it (613.1f).

    ``source``, ``controller`` and ``until`` are as for :func:`pump`. Raises
    :class:`~manaweave.IllegalActionError` if ``obj`` is not on the battlefield now, and
    ``ValueError`` for an ability the card language can't grant or a duration it can't
    have."""
    check_grantable(ability)
    _check(game, obj, until, controller)
    effect = ContinuousEffect(
        layer=Layer.ABILITY,
        timestamp=game.next_timestamp(),
        source=source,
        affected=frozenset((obj.id,)),
        modify=gain_ability(ability),
        duration=until,
        description=f'gains "{getattr(ability, "text", "")}"',
        controller=controller,
        granted=(ability,),
    )
    game.add_continuous_effect(effect)
    return effect


def _check(game: Game, obj: GameObject, until: Duration, controller: int | None) -> None:
    current = game.objects.get(obj.id)
    if current is None or current.zone is not Zone.BATTLEFIELD:
        raise IllegalActionError(
            f"{obj.public_name} (#{obj.id}) is not on the battlefield: an effect that "
            "changes a permanent for a while affects only a permanent (611.2c, 400.7)"
        )
    if until not in (END_OF_TURN, UNTIL_YOUR_NEXT_TURN, INDEFINITELY):
        raise ValueError(
            f"until={until}: a pump or a granted ability lasts until end of turn, until "
            "your next turn or indefinitely (611.2)"
        )
    if until is UNTIL_YOUR_NEXT_TURN and controller is None:
        raise ValueError("until=UNTIL_YOUR_NEXT_TURN needs the controller whose turn it means")
