"""Life totals and leaving the game (CR 119, 104, 800.4a).

:class:`Life` changes life totals after replacement effects (119.3, 614.1a), and keeps the
players who have lost or left, in order: a player who loses leaves the game, and the game
ends when one player or none remains (104.2a, 104.4a).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from manaweave.cards import CantLoseGame, TriggerEvent, TriggerKind
from manaweave.events import (
    GameDrawn,
    GameEnded,
    LifeChanged,
    LossPrevented,
    PlayerLeft,
    PlayerLost,
)

from ._objects import GameObject, Source
from ._outcome import GameOver, Outcome
from ._replacement import LifeGainEvent, LifeLossEvent, replace_event
from ._zones import Zone

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["Life"]


class Life:
    """The players' life totals, and who has lost the game."""

    __slots__ = ("_losers", "game")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._losers: list[tuple[int, str]] = []

    async def gain_life(
        self, player: int, amount: int, *, rule: str = "119.3", source: Source | None = None
    ) -> None:
        """``player`` gains ``amount`` life, after replacement effects (CR 119.3, 614.1a),
        because of ``source`` if any."""
        game = self.game
        if amount > 0 and not game.players[player].has_left:
            await self._change_life_replaced(LifeGainEvent(player, amount), rule, source)

    async def lose_life(
        self, player: int, amount: int, *, rule: str = "119.3", source: Source | None = None
    ) -> None:
        """``player`` loses ``amount`` life, after replacement effects (CR 119.3, 614.1a),
        because of ``source`` if any; damage to a player makes them lose life this way
        (120.3a), because of the damage's source."""
        if amount > 0:
            await self._change_life_replaced(LifeLossEvent(player, amount), rule, source)

    def can_pay_life(self, player: int, amount: int) -> bool:
        """Whether ``player`` may pay ``amount`` life (CR 119.4): only with a life total
        (their team's where it is shared, 119.4a, 810.9a) of at least that much; 0 life
        always (119.4b)."""
        if amount < 0:
            raise ValueError(f"a player can't pay a negative amount of life ({amount}, 119.4)")
        return amount == 0 or self.game.players[player].life >= amount

    async def pay_life(self, player: int, amount: int) -> None:
        """``player`` pays ``amount`` life as a cost (CR 119.4), which they must be able to
        (:meth:`can_pay_life`). Paying life is losing that much life: replacement effects
        apply to it (614.1a) and abilities that trigger on losing life see it (119.4,
        603.2); it is logged with rule 119.4 and no source, the player paying it
        themselves. Paying 0 life changes nothing (119.4b)."""
        if not self.can_pay_life(player, amount):
            raise ValueError(
                f"{self.game.players[player].name} can't pay {amount} life with a life total "
                f"of {self.game.players[player].life} (119.4)"
            )
        await self.lose_life(player, amount, rule="119.4")

    async def _change_life_replaced(
        self, event: LifeGainEvent | LifeLossEvent, rule: str, source: Source | None
    ) -> None:
        game = self.game
        if game.has_replacement_effects():
            replaced = await replace_event(game, event)
            if replaced is None:
                return
            assert isinstance(replaced, type(event))
            event = replaced
        if event.amount > 0:
            sign = 1 if isinstance(event, LifeGainEvent) else -1
            self.change_life(event.player, sign * event.amount, rule=rule, source=source)

    def change_life(
        self, player: int, delta: int, *, rule: str, source: Source | None = None
    ) -> None:
        """Gain (positive) or lose (negative) life (CR 119.3), because of ``source`` if
        any: the log names it and its controller."""
        game = self.game
        state = game.players[player]
        state.life += delta
        game.derived.life_changed()
        seq = game.emit(
            LifeChanged(
                rule=rule,
                player=player,
                delta=delta,
                life=state.life,
                source=None if source is None else source.id,
                source_name=None if source is None else source.public_name,
                source_controller=None if source is None else source.controller,
            )
        )
        if delta and game.watching:
            kind = TriggerKind.GAINS_LIFE if delta > 0 else TriggerKind.LOSES_LIFE
            game.notice(TriggerEvent(kind, seq, player, amount=abs(delta)))

    def lose(self, player: int, reason: str, *, rule: str) -> None:
        """``player`` loses the game (CR 104.3); the game ends if one player or none remains."""
        self.lose_all([(player, reason, rule)])

    def can_lose(self, player: int) -> bool:
        """Whether ``player`` can lose the game other than by conceding (104.3a): not
        while they control a permanent saying they can't (104.3)."""
        game = self.game
        # Where a team wins and loses only as a whole (each loses with the other), a
        # player who can't lose keeps the whole team in the game (810.8a).
        variant = game.variant
        shielded = {player}
        for other in variant.also_lose(game, player):
            if player in variant.also_lose(game, other):
                shielded.add(other)
        return not any(
            permanent.controller in shielded
            for permanent, _ in game.battlefield_abilities(CantLoseGame)
        )

    def lose_all(self, losses: Sequence[tuple[int, str, str]]) -> None:
        """Several players lose simultaneously (CR 704.3, 104.4a); a player who can't
        lose the game doesn't, unless they conceded (104.3a)."""
        game = self.game
        spared = [
            (player, reason)
            for player, reason, rule in losses
            if rule != "104.3a" and not self.can_lose(player)
        ]
        for player, reason in spared:
            game.emit(LossPrevented(rule="104.3", player=player, reason=reason))
        losses = [loss for loss in losses if loss[2] == "104.3a" or self.can_lose(loss[0])]
        # Why the game ends, if it does: the last loss that happened, not one it brought
        # with it (a teammate's).
        ending_reason = losses[-1][1] if losses else "game over"
        losses = self._with_those_who_lose_too(losses)
        newly_left: list[int] = []
        for player, reason, rule in losses:
            state = game.players[player]
            if state.has_left:
                continue
            state.has_left = True
            newly_left.append(player)
            self._losers.append((player, reason))
            game.emit(PlayerLost(rule=rule, player=player, reason=reason))
        self._end_if_one_team_is_left(ending_reason)
        for player, _reason, _rule in losses:
            self._leave(player)
        self._tell_turn_markers(newly_left)

    def draw_for(self, players: Sequence[int], reason: str, *, rule: str) -> None:
        """The game is a draw for ``players``, who leave it while the others play on
        (801.15, 801.16, with a limited range of influence); the game ends if one team
        or none remains, the players of that team winning (104.2a, 104.4a)."""
        game = self.game
        # Those who lose with a player draw with them too: a team whose fate is one
        # (810.8a), an emperor's team (809.5c).
        with_team = list(players)
        for player in players:
            with_team.extend(game.variant.also_lose(game, player))
        leaving = [p for p in dict.fromkeys(with_team) if not game.players[p].has_left]
        for player in leaving:
            game.players[player].has_left = True
            self._losers.append((player, reason))
            game.emit(GameDrawn(rule=rule, player=player, reason=reason))
        self._end_if_one_team_is_left(reason)
        for player in leaving:
            self._leave(player)
        self._tell_turn_markers(leaving)

    def _tell_turn_markers(self, leaving: Sequence[int]) -> None:
        """Players who left together may move turn markers on (807.4c, 807.4e)."""
        markers = self.game.turn_markers
        if markers is not None and leaving:
            markers.players_left(list(dict.fromkeys(leaving)))

    def _end_if_one_team_is_left(self, reason: str) -> None:
        """End the game if one team or none remains (104.2a, 104.2c, 104.4a). Each player
        on the team that remains wins, even one who had lost or left the game before
        (104.2c); in a game between individuals that team is the one player left."""
        game = self.game
        teams = {game.team_of(p.id) for p in game.alive()}
        if len(teams) <= 1:
            winners = next(iter(teams)).members if teams else ()
            self.finish(Outcome(winners, reason, game.turn, tuple(self._losers)))

    def _with_those_who_lose_too(
        self, losses: Sequence[tuple[int, str, str]]
    ) -> list[tuple[int, str, str]]:
        """``losses`` and, after each, the players the variant says lose with that player
        (a team that loses together, 810.8a-b; an emperor's team, 809.5b)."""
        game = self.game
        variant = game.variant
        found = list(losses)
        named = {player for player, _, _ in losses}
        for player, _reason, _rule in losses:
            for other in variant.also_lose(game, player):
                if other not in named and not game.players[other].has_left:
                    named.add(other)
                    reason = f"{game.players[player].name}'s team lost"
                    found.append((other, reason, variant.team_loss_rule))
        return found

    def _leave(self, player: int) -> None:
        """A player leaves a multiplayer game (CR 800.4a): the objects they own leave
        with them and the effects giving them control of objects end (layer 2 gives
        nothing to a player who has left), then their abilities and copies of spells on
        the stack cease to exist, then objects they still control (permanents, spells of
        cards others own) are exiled."""
        game = self.game
        game.reveal_face_down(
            [o for o in game.objects.values() if o.owner == player], player=player
        )
        gone: list[int] = []
        hidden_cards: dict[str, int] = {}
        leaving_battlefield = [p for p in game.battlefield if p.owner == player]
        for permanent in leaving_battlefield:
            # Taken before any of them goes, while the abilities others give them still
            # apply (113.7a): what their leaves-the-battlefield abilities look back to.
            permanent.last_known = game.characteristics(permanent)
        lookback = game.moves.leaves_lookback() if leaving_battlefield else None
        for obj in list(game.objects.values()):
            if obj.owner == player:
                game.moves.remove(obj)
                if obj.zone.is_hidden:
                    hidden_cards[obj.zone.value] = hidden_cards.get(obj.zone.value, 0) + 1
                else:
                    gone.append(obj.id)
                if obj.zone is Zone.BATTLEFIELD:
                    game.moves.left_battlefield(obj)
        # What they control on the stack that no card represents (abilities, copies of
        # spells) ceases to exist; a card they control but don't own is exiled below.
        # With several turns at once, on every turn's stack (807.5).
        stacked = [i for stack in game.all_stacks() for i in stack]
        ceasing = [
            i
            for i in stacked
            if i.controller == player and not (isinstance(i, GameObject) and not i.is_spell_copy)
        ]
        for item in ceasing:
            if isinstance(item, GameObject):
                game.moves.remove(item)
            else:
                game.stack_holding(item).remove(item)
        abilities = [i.id for i in ceasing]
        game.derived.invalidate()
        seq = game.emit(
            PlayerLeft(
                rule="800.4a",
                player=player,
                objects=gone,
                hidden_cards=dict(sorted(hidden_cards.items())),
                abilities=abilities,
            )
        )
        if lookback is not None:
            # A permanent that leaves the game with its owner leaves the battlefield
            # (603.6c): leaves-the-battlefield abilities trigger, looking back to the
            # battlefield as it was (603.10a). One controlled by the player who left isn't
            # put on the stack (800.4d); another player's is.
            for permanent in leaving_battlefield:
                last_known = permanent.last_known
                assert last_known is not None
                game.notice(
                    TriggerEvent(
                        TriggerKind.LEAVES,
                        seq,
                        permanent.controller,
                        permanent,
                        types=last_known.types,
                    ),
                    index=lookback,
                )
        spells = [i for stack in game.all_stacks() for i in stack if isinstance(i, GameObject)]
        for obj in [*game.battlefield, *spells]:
            if obj.controller == player:
                game.moves.move_now(obj, Zone.EXILE, rule="800.4a")

    @property
    def loser_count(self) -> int:
        """How many players have lost or left so far."""
        return len(self._losers)

    @property
    def losers(self) -> tuple[tuple[int, str], ...]:
        """The players who have lost or left so far, with why, in order."""
        return tuple(self._losers)

    def _ending_rule(self, outcome: Outcome) -> str:
        """The rule by which the game ended: a draw (104.4), a team of several players
        winning (104.2c), or a player winning (104.2a)."""
        if not outcome.winners:
            return "104.4"
        return "104.2c" if self.game.team_of(outcome.winners[0]).size > 1 else "104.2a"

    def finish(self, outcome: Outcome) -> None:
        """End the game with ``outcome``; raises :class:`GameOver` to unwind the loop."""
        game = self.game
        game.outcome = outcome
        game.reveal_face_down(
            [
                *game.battlefield,
                *(o for stack in game.all_stacks() for o in stack if isinstance(o, GameObject)),
            ],
            player=None,
        )
        game.emit(
            GameEnded(
                rule=self._ending_rule(outcome),
                winners=list(outcome.winners),
                reason=outcome.reason,
                turns=outcome.turns,
                plugin_time_ms=game.plugin_time.for_log(),
                seed=game.seed,
                seed_nonce=game.seed_nonce,
            )
        )
        raise GameOver
