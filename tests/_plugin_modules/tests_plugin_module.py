"""A plugin module found by name (``MANAWEAVE_PLUGINS="tests_plugin_module"``): one
bot, named like the module, so a test can see it was registered."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.players import Player, RandomBot


@hookimpl
def mw_bots() -> dict[str, type[Player]]:
    """The random bot under this module's name."""
    return {"tests_plugin_module": RandomBot}
