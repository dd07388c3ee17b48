"""Targets after they are chosen: changing the targets of a spell or ability (CR 115.7)
and the "whenever [this] becomes the target" triggers (603.2, 702.21a)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave.cards import TriggerEvent, TriggerKind
from manaweave.events import TargetsChanged

from ._objects import StackItem, TargetRef
from ._targets import change_targets as _change_targets
from ._targets import choose_new_targets as _choose_new_targets
from ._targets import targets_log
from ._zones import Zone

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["Retargeting"]


class Retargeting:
    """Changing targets, and noting the permanents that became targets."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    async def change_targets(self, item: StackItem, player: int, *, how: str = "the") -> bool:
        """``player`` changes "the target(s)" (``how="the"``, CR 115.7a), "a target"
        (``"a"``, 115.7b) or "any targets" (``"any"``, 115.7c) of ``item``, each only to
        another legal target; returns whether anything changed."""
        if how not in ("the", "a", "any"):
            raise ValueError(f"change the, a or any targets, not {how!r}")
        before = item.targets
        changed = await _change_targets(self.game, item, player, item.name, how=how)
        rule = {"the": "115.7a", "a": "115.7b", "any": "115.7c"}[how]
        self._targets_changed(item, player, before, changed, rule=rule)
        return changed

    async def choose_new_targets(self, item: StackItem, player: int) -> bool:
        """``player`` may choose new targets for the spell or ability ``item`` (CR
        115.7d); returns whether any changed."""
        before = item.targets
        changed = await _choose_new_targets(self.game, item, player, item.name)
        self._targets_changed(item, player, before, changed, rule="115.7d")
        return changed

    def _targets_changed(
        self,
        item: StackItem,
        player: int,
        before: tuple[TargetRef | None, ...],
        changed: bool,
        *,
        rule: str,
    ) -> None:
        game = self.game
        if not changed:
            return
        seq = game.emit(
            TargetsChanged(
                rule=rule,
                player=player,
                object=item.id,
                before=targets_log(before),
                targets=targets_log(item.targets),
            )
        )
        self.note_targets(item, seq, already=before)

    def note_targets(
        self, item: StackItem, seq: int, *, already: tuple[TargetRef | None, ...] = ()
    ) -> None:
        """The permanents ``item`` targets have become targets of a spell or ability
        (603.2): "When [this] becomes the target" abilities trigger. A permanent chosen
        for two instances of the word "target" (601.2c) becomes the target of that spell
        or ability once, so such an ability triggers once (ward, 702.21a); as targets are
        changed, only those not ``already`` its targets become targets (115.7)."""
        game = self.game
        if not game.watching:
            return
        for target in dict.fromkeys(item.targets):
            if isinstance(target, int) and target not in already:
                obj = game.objects.get(target)
                if obj is not None and obj.zone is Zone.BATTLEFIELD:
                    game.notice(
                        TriggerEvent(
                            TriggerKind.BECOMES_TARGET, seq, item.controller, obj, item=item.id
                        )
                    )
