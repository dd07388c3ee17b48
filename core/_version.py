"""The version of manaweave, in one place for the package, the plugin host and the log."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
"""The release of manaweave (PEP 440), recorded for each built-in plugin in a game's log."""
