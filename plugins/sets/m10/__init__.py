"""Magic 2010 (M10): every card of the set, and its ready decks.

The cards are defined one module per colour (``white`` to ``green``, then ``multicolored``,
``artifacts`` and ``lands`` where the set has such cards), alphabetically inside each module."""

from __future__ import annotations

from importlib import resources

from manaweave import hookimpl
from manaweave.cards import CardSet

from .artifacts import CARDS as ARTIFACTS
from .black import CARDS as BLACK
from .blue import CARDS as BLUE
from .green import CARDS as GREEN
from .lands import CARDS as LANDS
from .red import CARDS as RED
from .white import CARDS as WHITE

SET_CODE = "M10"

CARDS = (
    *WHITE,
    *BLUE,
    *BLACK,
    *RED,
    *GREEN,
    *ARTIFACTS,
    *LANDS,
)
"""Every card the set defines, colour by colour."""


def _decks() -> dict[str, str]:
    folder = resources.files(__name__) / "decks"
    return {
        entry.name.removesuffix(".txt"): entry.read_text(encoding="utf-8")
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.startswith("m10-") and entry.name.endswith(".txt")
    }


FACE_COUNT = 234
"""Magic 2010 prints 234 card faces (basic lands counted once per name)."""


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [
        CardSet(
            SET_CODE,
            "Magic 2010",
            CARDS,
            decks=_decks(),
            face_count=FACE_COUNT,
        )
    ]
