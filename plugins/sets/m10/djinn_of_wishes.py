"""What only Djinn of Wishes does, written against the card language:
:class:`RevealTopMayPlayFree`. The card itself is defined with the others of its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import DecisionKind, Named, Zone
from manaweave.cards import Effect, Resolution, WithoutPayingManaCost
from manaweave.events import CardsRevealed, LandPlayed


@dataclass(frozen=True, slots=True)
class RevealTopMayPlayFree(Effect):
    """ "Reveal the top card of your library. You may play that card without paying its
    mana cost. If you don't, exile it" (CR 701.20a, 118.9, 608.2g): a spell is cast
    during the resolution, ignoring timing, and put on the stack above what is
    resolving; a land is played only during its controller's turn with a land play left
    (305.2a-b, 305.3), and counts as their land play."""

    async def resolve(self, resolution: Resolution) -> None:
        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        if not library:
            return
        top = library[-1]
        game.emit(CardsRevealed(rule="701.20a", player=player, cards=[top.name]))
        card = top.card
        # A land can't be played outside its controller's turn or beyond their land plays
        # (305.2b, 305.3; their team's turn with shared team turns, 805.4c); every other
        # card may be cast (608.2g) unless an effect says the player can't cast spells,
        # which wins over the permission (101.2).
        if card.is_land:
            playable = game.is_active(player) and game.players[player].lands_played < 1
        else:
            playable = game.may_cast_spells(player)
        if playable:
            answers = [Named("yes"), Named("no")]
            decision = game.decision(
                DecisionKind.MAY,
                player,
                answers,
                f"you may play {top.name} without paying its mana cost",
                rule="608.2g",
            )
            if answers[(await game.ask(decision)).indices[0]].word == "yes":
                if card.is_land:
                    game.players[player].lands_played += 1
                    await game.move(
                        top,
                        Zone.BATTLEFIELD,
                        rule="305.2a",
                        controller=player,
                        event=LandPlayed,
                    )
                else:
                    await game.cast_spell(player, top, WithoutPayingManaCost())
        if top.id in game.objects and top.zone is Zone.LIBRARY:
            # Not played (declined, or it couldn't be cast): exiled.
            await game.move(top, Zone.EXILE, rule="406.2")
