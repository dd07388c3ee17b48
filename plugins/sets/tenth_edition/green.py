"""Tenth Edition (10E): the green cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    card,
)

from .abundance import MayRevealInsteadOfDrawing

CARDS = (
    card("Abundance", abilities=(MayRevealInsteadOfDrawing(),)),
    card("Grizzly Bears"),
)
