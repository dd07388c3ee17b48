"""Attaching Auras, Equipment and Fortifications (CR 701.3, 303.4, 301.5, 702.16c-d)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave.events import PermanentAttached, PermanentUnattached

from ._objects import GameObject
from ._targets import controller_and_combat_allow

if TYPE_CHECKING:
    from manaweave.cards import TargetSpec

    from ._game import Game

__all__ = ["Attachments"]


class Attachments:
    """What may be attached to what, and attaching and unattaching."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def forbids_attachment(
        self, permanent: GameObject, attachment: GameObject, *, staying: bool = False
    ) -> bool:
        """Whether an ability of ``permanent`` keeps the Aura, Equipment or Fortification
        ``attachment`` from being attached to it, or with ``staying`` from staying attached
        (CR 701.3a, 704.5m-n; protection, 702.16c-d)."""
        game = self.game
        return any(
            ability.forbids_attachment(game, permanent, attachment, staying=staying)
            for ability in game.characteristics(permanent).abilities
        )

    def attach(self, attachment: GameObject, to: GameObject) -> None:
        """Attach an Aura, Equipment or Fortification to ``to`` (CR 701.3a). Attaching it
        to what it is already attached to does nothing; otherwise it gets a new timestamp
        (701.3c, 613.7e). One that can't be attached to ``to`` doesn't move (701.3b), such
        as an Equipment with a quality ``to`` has protection from (702.16d)."""
        game = self.game
        if attachment.attached_to == to.id or not self._may_attach(attachment, to):
            return
        attachment.attached_to = to.id
        attachment.timestamp = game.next_timestamp()
        game.derived.invalidate()
        game.emit(
            PermanentAttached(
                rule="701.3a",
                player=attachment.controller,
                object=attachment.id,
                attached_to=to.id,
            )
        )

    def _may_attach(self, attachment: GameObject, to: GameObject) -> bool:
        """Whether ``attachment`` could be attached to ``to`` (701.3a-b): an Aura to what
        its enchant ability allows (303.4j), an Equipment to a creature, a Fortification
        to a land; none to itself, none that is a creature (301.5c, 303.4d), and nothing
        an ability of ``to`` forbids (702.16c-d)."""
        game = self.game
        chars = game.characteristics(attachment)
        if to is attachment or "Creature" in chars.types:
            return False
        if game.influence.limited and not game.object_in_range(attachment.controller, to):
            return False  # out of its controller's range of influence (801.8, 801.9)
        host = game.characteristics(to)
        if attachment.card.is_aura:
            spec = attachment.card.enchant
            if spec is None or not self.enchant_allows(spec, to, attachment.controller):
                return False
        elif "Equipment" in chars.subtypes:
            if "Creature" not in host.types:
                return False
        elif "Fortification" not in chars.subtypes or "Land" not in host.types:
            return False
        return not self.forbids_attachment(to, attachment)

    def enchant_allows(self, spec: TargetSpec, permanent: GameObject, controller: int) -> bool:
        """Whether the enchant ability ``spec`` (702.5a) of an Aura ``controller``
        controls allows it to enchant ``permanent`` now (303.4c, 303.4f, 303.4j):
        "enchant tapped creature", "creature you control", "creature an opponent
        controls", "attacking creature" are read as a target's words are (115.1)."""
        game = self.game
        chars = game.characteristics(permanent)
        return spec.admits_permanent(
            chars.types, chars.subtypes, chars.colors
        ) and controller_and_combat_allow(game, spec, permanent, controller)

    def unattach(self, attachment: GameObject, *, rule: str) -> None:
        """``attachment`` becomes unattached and stays on the battlefield (701.3d)."""
        game = self.game
        attachment.attached_to = None
        game.derived.invalidate()
        game.emit(
            PermanentUnattached(rule=rule, player=attachment.controller, object=attachment.id)
        )
