"""The deploy creatures option (CR 804): while a game's ``deploy`` option is on, every
creature has "{T}: Target teammate gains control of this creature. Activate only as a
sorcery." (804.2), given by :func:`manaweave.lowlevel.deploy_effect`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.lowlevel import deploy_effect

if TYPE_CHECKING:
    from manaweave.lowlevel import ContinuousEffect, Game


@hookimpl
def mw_collect_continuous_effects(game: Game) -> list[ContinuousEffect]:
    return [deploy_effect()] if game.options.get("deploy") else []
