"""Grand Melee: a Free-for-All of many players taking turns at the same time (CR 807).

Not playable yet: several players take their turns at once, each turn marker with a
stack of its own (807.4, 807.5), and the engine runs one turn and one stack at a time.
Setting a game of it up raises :class:`~manaweave.RuleNotImplementedError` naming the
rule, so that no game plays it wrong; ``manaweave variants`` lists it all the same.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from manaweave import RuleNotImplementedError, hookimpl
from manaweave.lowlevel import ATTACK_OPTION, OptionValue, Variant, range_of_influence_option


class GrandMelee(Variant):
    """Many players, each against all the others, several taking turns at once (807.1);
    not playable yet (807.4: simultaneous turns)."""

    name = "grand_melee"
    min_players = 10
    max_players = 100
    # The default options of 807.2: range of influence 1, attack left.
    options = (
        range_of_influence_option(1),
        dataclasses.replace(ATTACK_OPTION, default="left", choices=("left",)),
    )

    def player_counts(self) -> str:
        return "10+ (not playable yet)"

    def check_setup(self, players: int, options: Mapping[str, OptionValue]) -> None:
        self.validate_player_count(players)
        raise RuleNotImplementedError(
            "807.4",
            "Grand Melee's turn markers: several players taking turns at the same time, "
            "each turn marker with its own stack (807.5)",
        )


@hookimpl
def mw_variants() -> list[Variant]:
    return [GrandMelee()]
