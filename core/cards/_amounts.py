"""Amounts an effect works out as it resolves: X, counts of permanents, "that much" (CR 107)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ._resolution import Recipient, Resolution, _recipient


class Amount:
    """A number an effect works out as it resolves ("for each Forest you control")."""

    def value(self, resolution: Resolution) -> int:
        """The number now."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class CountPermanents(Amount):
    """The number of permanents ``controller`` ("you" or "any") controls that have all the
    given card type and subtype."""

    card_type: str | None = None
    subtype: str | None = None
    controller: Literal["you", "any"] = "you"

    def value(self, resolution: Resolution) -> int:
        game = resolution.game
        count = 0
        # It sees only the permanents within its controller's range of influence (801.11).
        limited = game.influence.limited
        for permanent in game.battlefield:
            if self.controller == "you" and permanent.controller != resolution.controller:
                continue
            if limited and not game.object_in_range(resolution.controller, permanent):
                continue
            chars = game.characteristics(permanent)
            if self.card_type is not None and self.card_type not in chars.types:
                continue
            if self.subtype is not None and self.subtype not in chars.subtypes:
                continue
            count += 1
        return count


@dataclass(frozen=True, slots=True)
class XValue(Amount):
    """The value of X chosen as the spell was cast (CR 107.3a)."""

    def value(self, resolution: Resolution) -> int:
        return resolution.item.x


X: Final = XValue()
"""The value of X, for effects that take an amount."""


@dataclass(frozen=True, slots=True)
class HalfLibrary(Amount):
    """ "Half their library, rounded down" (CR 107.1a): of the player at target index
    ``player``, or ``YOU``, counted as the effect resolves."""

    player: Recipient = 0

    def value(self, resolution: Resolution) -> int:
        recipient = _recipient(resolution, self.player)
        if not isinstance(recipient, tuple):
            return 0
        return len(resolution.game.players[recipient[1]].library) // 2


@dataclass(frozen=True, slots=True)
class SacrificedPower(Amount):
    """The total power of the permanents sacrificed to pay for the spell or ability, as
    they last existed on the battlefield ("the sacrificed creature's power", 608.2h). A
    negative power counts as it is in the total, and only a negative total becomes 0
    (107.1b)."""

    def value(self, resolution: Resolution) -> int:
        return max(0, sum(chars.power or 0 for chars in resolution.item.sacrificed))


@dataclass(frozen=True, slots=True)
class ThatMuch(Amount):
    """ "That much": the amount of the event that triggered the ability (life gained,
    damage dealt, 603.2), 0 for anything else."""

    def value(self, resolution: Resolution) -> int:
        event = resolution.event
        return 0 if event is None else event.amount


THAT_MUCH: Final = ThatMuch()
"""The amount of the triggering event, for effects that take an amount."""
