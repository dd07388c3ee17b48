"""What only Warp World does, written against the card language:
:class:`EachPlayerShufflesPermanentsAndRevealsThatMany`. The card itself is defined with the
others of its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import Zone
from manaweave.cards import Effect, Resolution
from manaweave.events import CardsRevealed
from manaweave.lowlevel import GameObject, ZoneMove


@dataclass(frozen=True, slots=True)
class EachPlayerShufflesPermanentsAndRevealsThatMany(Effect):
    """ "Each player shuffles all permanents they own into their library, then reveals
    that many cards from the top of their library. Each player puts all [types] cards
    revealed this way onto the battlefield, then does the same for [types] cards, then
    puts all cards revealed this way that weren't put onto the battlefield on the bottom
    of their library."

    Each player counts the permanents they own, whoever controls them (108.3, 111.2);
    all of them leave the battlefield at once (603.10a), each to its owner's library
    (400.3), and each library is shuffled (701.24a). A token counts but is not a card (108.2): it
    stays in the library until it ceases to exist (111.7, 704.5d), never among the cards
    revealed (701.20a), which are fewer if the library holds fewer cards. Each group of
    ``batches`` enters the battlefield under its owners' control at once (110.2,
    603.6a), as replacement effects modify how each enters (614.12); an Aura among them
    enchants what its owner chooses among the permanents already there (303.4f) or
    stays in the library (303.4g), every such choice made, in APNAP order (101.4),
    before any card of the group enters. Each owner puts the rest on the bottom in an order
    they choose and keep to themselves (401.4). What triggered meanwhile goes on the
    stack once the spell has resolved, in APNAP order (603.3b)."""

    batches: tuple[tuple[str, ...], ...] = (("Artifact", "Creature", "Land"), ("Enchantment",))

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        # Each player within its controller's range of influence (801.10).
        order = [
            p
            for p in game.turn_order_from(game.active_player)
            if game.in_range(resolution.controller, p)
        ]
        owned = {player: [p for p in game.battlefield if p.owner == player] for player in order}
        await game.move_together(
            [
                ZoneMove(permanent, Zone.LIBRARY, rule="400.3")
                for player in order
                for permanent in owned[player]
            ]
        )
        for player in order:
            game.shuffle(player)
        revealed: dict[int, list[GameObject]] = {}
        for player in order:
            cards = [c for c in reversed(game.players[player].library) if not c.is_token]
            revealed[player] = cards[: len(owned[player])]
            game.emit(
                CardsRevealed(
                    rule="701.20a",
                    player=player,
                    cards=[c.name for c in revealed[player]],
                )
            )
        for card_types in self.batches:
            entering = [
                c
                for player in order
                for c in revealed[player]
                if game.objects.get(c.id) is c and any(t in c.card.types for t in card_types)
            ]
            await game.put_onto_battlefield_together(entering, rule="110.2")
        for player in order:
            rest = [c for c in revealed[player] if game.objects.get(c.id) is c]
            await game.put_on_bottom(player, rest, rule="401.4")
