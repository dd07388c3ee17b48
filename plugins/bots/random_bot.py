"""The random bot: uniform over legal options, reproducible from its seed."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.players import Player, RandomBot


@hookimpl
def mw_bots() -> dict[str, type[Player]]:
    return {"random": RandomBot}
