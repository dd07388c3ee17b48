"""The rules a variant decides: players, starting life, turn order, whom to attack, policies.

Two-player games and free-for-all are plugins in ``manaweave.variants`` that
subclass :class:`Variant`; later variants (Two-Headed Giant, Commander) add modules,
not core changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ._deck_rules import CONSTRUCTED, DeckRules

if TYPE_CHECKING:
    from ._decklist import Decklist
    from ._game import Game
    from .cards import CardDefinition

__all__ = ["Variant"]


class Variant:
    """Base class of game variants. Subclasses override what their rules change."""

    name: str = "variant"
    min_players: int = 2
    max_players: int = 2
    starting_hand_size: int = 7
    """CR 103.5."""
    max_decision_attempts: int = 3
    """How many illegal answers a player may give to one decision before conceding."""
    decision_time_limit: float | None = 60.0
    """Seconds a player has for one decision, measured in real time; ``None`` for no
    limit. A game can be given another (``decision_time_limit=`` of
    :func:`~manaweave.new_game`, ``manaweave play --decision-time-limit``).

    Sixty seconds by default: the built-in bots answer a decision in well under a
    hundredth of a second, so even a machine slowed down a thousandfold (a loaded CI
    runner, a debugger, a coverage tracer) never makes them concede, while a bot that
    hangs or loops ends its game within a minute rather than never. A game with people
    at the table wants more (or ``None``)."""
    deck_rules: DeckRules = CONSTRUCTED
    """The deck construction rules its decks must follow (CR 100.2a: constructed play)."""
    open_decklists: bool = False
    """Whether every player may see every decklist, as some tournaments publish them; by
    default each player's log view shows only their own (a library is hidden, 400.2)."""

    def check_deck(
        self,
        decklist: Decklist,
        cards: Mapping[str, CardDefinition],
        rules: DeckRules | None = None,
    ) -> None:
        """Raise :class:`~manaweave.DeckRulesError` if ``decklist`` breaks ``rules`` (by
        default :attr:`deck_rules`); a variant with rules a :class:`DeckRules` cannot say
        (a commander's colour identity, 903.4) overrides this."""
        (rules or self.deck_rules).check(decklist, cards)

    def starting_life(self, game: Game, player: int) -> int:
        """Each player's starting life total (CR 103.4)."""
        return 20

    def choose_starting_player(self, game: Game) -> int:
        """Who takes the first turn (CR 103.1): chosen at random with the game's seed."""
        return game.rng.randrange(len(game.players))

    def skips_first_draw(self, game: Game, player: int) -> bool:
        """Whether the starting player skips the draw of their first turn (CR 103.8)."""
        return False

    def free_mulligan(self, game: Game) -> bool:
        """Whether the first mulligan is free (CR 103.5c, multiplayer)."""
        return False

    def attackable_players(self, game: Game, attacker: int) -> list[int]:
        """The players ``attacker`` may attack (CR 506.2, 802 for other options)."""
        return [p.id for p in game.players if p.id != attacker and not p.has_left]

    def validate_player_count(self, count: int) -> None:
        """Raise ``ValueError`` if this variant cannot be played by ``count`` players."""
        if not self.min_players <= count <= self.max_players:
            wanted = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"the {self.name} variant is for {wanted} players, not {count}")
