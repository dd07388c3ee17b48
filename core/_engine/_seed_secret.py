"""Keeping a game's seed secret until the game ends, and letting anyone check it after.

The seed decides everything left to chance: every shuffle, so every card a player draws.
Whoever knows it (and the decklists) can play the shuffles again and know every hidden
card, so the seed is as hidden as a library until the game ends (400.2): no player's or
spectator's view shows it (:mod:`manaweave._engine._redact`), and the default game id is not made
from it.

What the views show instead is a *commitment*: ``game_started`` carries
:func:`seed_commitment`, the SHA-256 of the seed together with a *nonce*, 128 random bits
drawn for the game. ``game_ended`` reveals the seed and the nonce, so that each player can
check that the game was played with the seed committed to before the first shuffle. The
nonce is what keeps the commitment from telling the seed: without it, a seed of a few
digits (or of 64 bits, given the means) could be found by hashing every candidate.

A game's default id is made from its nonce (:func:`default_game_id`), never from its seed.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping
from typing import Any

__all__ = [
    "NONCE_HEX_DIGITS",
    "check_nonce",
    "default_game_id",
    "new_nonce",
    "seed_commitment",
    "seed_reveal_problem",
]

NONCE_HEX_DIGITS = 32
"""A nonce is 128 bits, written as 32 lowercase hexadecimal digits."""

_NONCE = re.compile(r"[0-9a-f]{32}")


def new_nonce() -> str:
    """A fresh nonce: 128 bits from the operating system's random source."""
    return secrets.token_hex(NONCE_HEX_DIGITS // 2)


def check_nonce(nonce: object) -> str:
    """``nonce`` if it is one (32 lowercase hexadecimal digits), else ``ValueError``."""
    if not isinstance(nonce, str) or not _NONCE.fullmatch(nonce):
        shown = repr(nonce) if len(repr(nonce)) <= 60 else f"{repr(nonce)[:57]}..."
        raise ValueError(f"a seed nonce is 32 lowercase hexadecimal digits, not {shown}")
    return nonce


def seed_commitment(seed: int, nonce: str) -> str:
    """The commitment to ``seed`` that ``game_started`` shows: the SHA-256, in hexadecimal,
    of ``manaweave-seed:NONCE:SEED`` (the seed in decimal).

    >>> seed_commitment(3, "0" * 32)[:16]
    'f5e46ccd969bcc30'
    """
    return hashlib.sha256(f"manaweave-seed:{nonce}:{seed}".encode()).hexdigest()


def default_game_id(nonce: str) -> str:
    """The id of a game not given one: ``game-`` and 16 hexadecimal digits of a hash of its
    nonce, so that it tells nothing of the seed and is the same whenever the game is played
    again with the same nonce (a replay).

    >>> default_game_id("0" * 32)
    'game-585fd23479e2353d'
    """
    return "game-" + hashlib.sha256(f"manaweave-game-id:{nonce}".encode()).hexdigest()[:16]


def seed_reveal_problem(started: Mapping[str, Any], ended: Mapping[str, Any] | None) -> str | None:
    """Why a whole log's seed does not match the commitment of its ``game_started``, or
    ``None`` when it does: the nonce and commitment of ``game_started`` must agree with its
    seed, and the seed and nonce ``ended`` (its ``game_ended``, if it has one) reveals must
    be those. A log of a schema version before the commitment has none to check."""
    if "seed_commitment" not in started:
        return None
    commitment, nonce, seed = (
        started.get("seed_commitment"),
        started.get("seed_nonce"),
        started.get("seed"),
    )
    if not isinstance(nonce, str) or not isinstance(seed, int):
        return "game_started has no seed nonce to check its commitment with"
    if commitment != seed_commitment(seed, nonce):
        return "the seed and nonce of game_started are not those its seed_commitment commits to"
    if ended is not None and (ended.get("seed"), ended.get("seed_nonce")) != (seed, nonce):
        return (
            "game_ended reveals another seed or nonce than game_started committed to "
            f"(seed {_short(ended.get('seed'))}, nonce {_short(ended.get('seed_nonce'))})"
        )
    return None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."
