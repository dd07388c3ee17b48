"""Every scenario of these tests plays with the installed plugin."""

from __future__ import annotations

from collections.abc import Sequence

import manaweave_mana_burn
import pytest


@pytest.fixture
def scenario_plugins() -> Sequence[object]:
    """The plugin under test, for the ``scenario`` fixture of manaweave's pytest plugin."""
    return [manaweave_mana_burn]
