"""The rules a variant decides: players, teams, options, starting life, turn order, whom
to attack, how a team wins and loses.

Every variant is a plugin module in ``manaweave.variants`` (or a third party's) that
subclasses :class:`Variant`; the core names none of them. A variant declares its options
(:attr:`Variant.options`, CR 800.2) and groups the seats into teams
(:meth:`Variant.seat_teams`); the game reads both through ``game.options`` and
``game.teams``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ._deck_rules import CONSTRUCTED, DeckRules
from ._options import OptionValue, VariantOption
from ._seating import ATTACK_MULTIPLE, attackable_by_option

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition

    from ._decklist import Decklist
    from ._game import Game
    from ._teams import Team

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
    options: tuple[VariantOption, ...] = ()
    """The options a game of this variant may be given (800.2), with their defaults; the
    game's values are ``game.options``, by name."""
    shares_team_totals: bool = False
    """Whether each team's players share one life total and one count of poison counters
    (Two-Headed Giant, 810.4, 810.10)."""
    shared_team_turns: bool = False
    """Whether each team takes turns, holds priority and attacks as one (the shared team
    turns option, 805; Two-Headed Giant, 810.2). Needs each team's players in adjacent
    seats (805.1). See :mod:`manaweave._engine._team_turns` for how a team's players are asked."""
    random_seating: bool = False
    """Whether the players are seated at random (Free-for-All, 806.3; Grand Melee, 807.3)
    rather than in the order they are given (800.5); see ``seating`` of
    :func:`manaweave.new_game`."""
    team_loss_rule: str = "104.3"
    """The rule by which the players who lose with another (:meth:`also_lose`) lose."""

    def turn_markers(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """How many turns are taken at the same time, each kept track of by a turn marker
        with a stack of its own (807.4, 807.5; see :mod:`manaweave._engine._turn_markers`); 0,
        the default, for one turn at a time and one stack (500.1, 405.1)."""
        return 0

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

    def seat_teams(
        self, players: int, options: Mapping[str, OptionValue]
    ) -> Sequence[Sequence[int]]:
        """The teams, as lists of seats (0 to ``players - 1``; players sit in the order
        they are given, 800.5). By default each player is a team of their own: a game
        between individuals (806)."""
        return [(seat,) for seat in range(players)]

    def check_setup(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Raise ``ValueError`` if this variant can't be played by ``players`` players
        with ``options`` (each option already checked on its own): a player count it
        doesn't allow, or options that don't go together."""
        self.validate_player_count(players)

    def also_lose(self, game: Game, player: int) -> Sequence[int]:
        """The other players who lose the game when ``player`` does (none by default;
        a Two-Headed Giant team loses together, 810.8a; an emperor's team with the
        emperor, 809.5b). They lose by :attr:`team_loss_rule`."""
        return ()

    def may_see_hand(self, game: Game, viewer: int, player: int) -> bool:
        """Whether ``viewer`` may look at ``player``'s hand (another player's): teammates
        may review each other's hands (808.5, 809.7, 810.5) unless the variant says
        otherwise (811.5)."""
        return game.team_of(viewer) is game.team_of(player)

    def hand_reviewers(self, game: Game, player: int) -> list[int]:
        """The other players who may look at ``player``'s hand now (:meth:`may_see_hand`),
        in seat order: the players a card going into or out of that hand is shown to in
        the log."""
        return [mate for mate in game.teammates(player) if self.may_see_hand(game, mate, player)]

    def poison_to_lose(self, game: Game, team: Team) -> int:
        """How many poison counters make a player (or a team sharing them) lose (704.5c:
        ten; 810.8d and 810.11 for Two-Headed Giant teams)."""
        return 10

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
        """The players ``attacker`` may attack (CR 506.2): those the game's ``attack``
        option allows (802, 803; :data:`~manaweave.lowlevel.ATTACK_OPTION`), or any
        opponent still in the game (102.3) when the variant has no such option. The core
        keeps of these only those within the attacker's range of influence (801.3),
        whatever a variant answers."""
        option = game.options.get("attack", ATTACK_MULTIPLE)
        return attackable_by_option(game, attacker, str(option))

    def range_of_influence(self, game: Game, player: int) -> int | None:
        """``player``'s range of influence in seats, or ``None`` for unlimited (801.2);
        players may have different ones (801.2a). By default the game's
        ``range_of_influence`` option, if the variant has one."""
        reach = game.options.get("range_of_influence")
        return reach if isinstance(reach, int) and not isinstance(reach, bool) else None

    def player_counts(self) -> str:
        """The numbers of players the variant is for, in words (``2``, ``2-16``), for
        listings; a variant that allows only some counts in a range says which."""
        low, high = self.min_players, self.max_players
        return str(low) if low == high else f"{low}-{high}"

    def validate_player_count(self, count: int) -> None:
        """Raise ``ValueError`` if this variant cannot be played by ``count`` players."""
        if not self.min_players <= count <= self.max_players:
            wanted = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"the {self.name} variant is for {wanted} players, not {count}")
