"""A player's information set: what one player may know of the game (CR 400.2, 401-406).

Views are built of frozen value objects with no reference back to the game, so
nothing hidden from the player (an opponent's hand, any library's order) can be
reached from a view.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from manaweave.cards import Ability, OpponentsPlayWithHandsRevealed

from ._combat import DeclarationChecks
from ._objects import AbilityOnStack, GameObject, StackItem, TargetRef
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition

    from ._game import Game
    from ._plugins import PluginHost

__all__ = [
    "GameView",
    "ObjectView",
    "OtherTurnView",
    "PlayerView",
    "build_view",
    "hands_shown_to",
    "players_with_hands_revealed",
]


@dataclass(frozen=True, slots=True)
class ObjectView:
    """A public (or own hidden) object as its viewer sees it: a card or token in a zone,
    or an ability on the stack.

    On the battlefield the values are the permanent's characteristics now, after every
    continuous effect (613); elsewhere they are the card's printed ones. A face-down
    permanent or spell shows only its face-down values (708.2, 708.5): no name, no text,
    no mana cost; only its controller is told which card it is (``face_down_name``).
    """

    id: int
    name: str
    owner: int
    controller: int
    zone: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    mana_cost: str | None
    power: int | None = None
    toughness: int | None = None
    tapped: bool = False
    damage: int = 0
    attached_to: int | None = None
    """The permanent or player this Aura, Equipment or Fortification is attached to."""
    counters: tuple[tuple[str, int], ...] = ()
    """Its counters by kind, sorted: ``(("+1/+1", 2),)`` (122)."""
    attacking: int | None = None
    """The player it attacks (for a planeswalker or battle, that permanent's controller
    or protector), while it is an attacking creature."""
    blocking: int | None = None
    """The (first) attacking creature it blocks, while it is a blocking creature."""
    mana_value: int = 0
    """Its mana value (202.3)."""
    colors: tuple[str, ...] = ()
    """Its colours, as letters (``"R"``, ``"G"``, 105.1)."""
    supertypes: tuple[str, ...] = ()
    text: str = ""
    """For a card, its rules text as printed; for an ability on the stack, the
    ability's text."""
    abilities: tuple[str, ...] = ()
    """The text of each ability it has now: on the battlefield, after effects that grant
    or remove abilities (613.1f); in other zones, the card's own."""
    keywords: tuple[str, ...] = ()
    """The keyword abilities among them, by name as the keyword plugins define them
    (``"flying"``, ``"first strike"``), in the order it has them (702)."""
    can_attack: bool = False
    """For a creature on the battlefield: whether it could be declared as an attacker if
    its controller declared attackers now, by the engine's own checks (untapped, no
    summoning sickness, 302.6; not forbidden by defender or another restriction,
    508.1c). ``False`` for anything else."""
    can_block: bool = False
    """For a creature on the battlefield: whether it could be declared as a blocker now,
    by the engine's own checks (untapped, not already blocking, 509.1a; and free of
    restrictions such as flying or "can't block" to block one of the creatures it faces,
    509.1b: those attacking its controller while any do, otherwise its controller's
    opponents' creatures). ``False`` for anything else."""
    attachments: tuple[int, ...] = ()
    """The permanents attached to it (Auras, Equipment), by id (301.5, 303.4)."""
    face_down: bool = False
    """A face-down permanent or spell (708)."""
    face_down_name: str | None = None
    """Which card a face-down object is, shown to its controller only (708.5)."""
    token: bool = False
    """A token rather than a card (111)."""
    source: int | None = None
    """On the stack: the object whose ability this is (for an ability), or the spell's
    own id (113.7)."""
    targets: tuple[int | tuple[str, int], ...] = ()
    """On the stack: the targets chosen for the spell or ability, an object's id or
    ``("player", n)`` (115.1); empty in other zones."""
    x: int = 0
    """On the stack: the value chosen for X (107.3)."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Public facts about one player (CR 119, 122, 400.2)."""

    id: int
    name: str
    life: int
    poison: int
    hand_size: int
    library_size: int
    graveyard: tuple[ObjectView, ...]
    mana_pool: tuple[str, ...]
    has_left: bool
    revealed_hand: tuple[ObjectView, ...] | None = None
    """Their hand, if the viewer may look at it: while they play with it revealed
    (Telepathy, 701.20), or a teammate's hand the variant lets teammates review (808.5,
    809.7, 810.5; 811.5 only while seated next to each other); ``None`` while it is
    hidden from the viewer (400.2). The viewer's own hand is :attr:`GameView.hand`."""
    team: int = 0
    """The number of their team (0 for the first, in seat order; :attr:`Team.id
    <manaweave.lowlevel.Team.id>`): every player is on a team of their own in a game
    between individuals (102.3)."""
    revealed_library_top: ObjectView | None = None
    """The top card of their library, while they play with it revealed (401.5);
    ``None`` while it is hidden, or their library is empty."""


@dataclass(frozen=True, slots=True)
class OtherTurnView:
    """Another turn under way in a game of several turns at once (807.4): its turn
    marker's number, the turn's number, step and active player, and its stack (807.5)."""

    marker: int
    turn: int
    step: str | None
    active_player: int
    stack: tuple[ObjectView, ...]


@dataclass(frozen=True, slots=True)
class GameView:
    """Everything ``viewer`` may know: public zones, their own hand, counts of the rest."""

    viewer: int
    turn: int
    step: str | None
    active_player: int
    players: tuple[PlayerView, ...]
    battlefield: tuple[ObjectView, ...]
    stack: tuple[ObjectView, ...]
    exile: tuple[ObjectView, ...]
    command: tuple[ObjectView, ...]
    """Emblems (CR 114), which everybody sees."""
    hand: tuple[ObjectView, ...]
    """The viewer's own hand."""
    active_players: tuple[int, ...] = ()
    """Whose turn it is: the active player, or with shared team turns every player of
    the active team still in the game (805.4a)."""
    other_turns: tuple[OtherTurnView, ...] = ()
    """With several turns at once (807.4), the other turns under way, each with its
    stack; ``turn``, ``step``, ``active_player`` and ``stack`` above are the turn the
    decision is about."""

    def player(self, player: int) -> PlayerView:
        """The view of one player."""
        return self.players[player]

    def opponents(self) -> list[int]:
        """The viewer's opponents still in the game, in seat order: the players on other
        teams (102.3)."""
        team = self.players[self.viewer].team
        return [p.id for p in self.players if p.team != team and not p.has_left]

    def teammates(self) -> list[int]:
        """The viewer's teammates still in the game, in seat order (102.3); none in a game
        between individuals."""
        team = self.players[self.viewer].team
        return [
            p.id for p in self.players if p.team == team and p.id != self.viewer and not p.has_left
        ]

    def find(self, name: str) -> list[ObjectView]:
        """Objects with this name in the zones the viewer can see."""
        seen = (*self.battlefield, *self.stack, *self.exile, *self.command, *self.hand)
        graveyards = tuple(o for p in self.players for o in p.graveyard)
        return [o for o in (*seen, *graveyards) if o.name == name]


def players_with_hands_revealed(game: Game) -> frozenset[int]:
    """The players who play with their hands revealed now ("Your opponents play with
    their hands revealed", 701.20a, 701.20c): everybody sees those hands."""
    revealed: set[int] = set()
    for permanent, _ in game.battlefield_abilities(OpponentsPlayWithHandsRevealed):
        revealed.update(game.opponents(permanent.controller))
    return frozenset(revealed)


def hands_shown_to(game: Game, viewer: int) -> frozenset[int]:
    """The other players whose hands ``viewer`` may review as their teammate (808.5,
    809.7, 810.5), as the variant allows (:meth:`Variant.may_see_hand
    <manaweave.lowlevel.Variant.may_see_hand>`, 811.5)."""
    may_see = game.variant.may_see_hand
    return frozenset(mate for mate in game.teammates(viewer) if may_see(game, viewer, mate))


def build_view(game: Game, viewer: int, *, reuse: bool = True) -> GameView:
    """What ``viewer`` may know of the game now: their information set.

    Each view is new, but an object's view equal in every field to the one the game's
    last views showed of it is that same (immutable) :class:`ObjectView`, and likewise a
    player's :class:`PlayerView`: most objects do not change from one decision to the
    next, and making a view costs more than comparing its fields. ``reuse=False`` makes
    every one anew (the same values)."""
    memory = _memory_of(game) if reuse else _ViewMemory()
    memory.start()
    # Attacking and blocking in any turn's combat (807.4), the current turn's shown
    # first; a creature blocking several attackers (509.1a) shows the first it blocks.
    attacking: dict[int, int] = {}
    blocking: dict[int, int] = {}
    for combat in game.all_combats():
        for attacker, defender in combat.attackers.items():
            attacking.setdefault(attacker, defender)
        for blocker, blocked in combat.blockers.items():
            if blocked:
                blocking.setdefault(blocker, blocked[0])
    attachments: dict[int, tuple[int, ...]] = {}
    for permanent in game.battlefield:
        if permanent.attached_to is not None:
            attachments[permanent.attached_to] = (
                *attachments.get(permanent.attached_to, ()),
                permanent.id,
            )
    keyword_of = _keyword_names(game)
    cards = memory.cards
    characteristics = game.characteristics
    checks = DeclarationChecks(game)
    seen = memory.objects
    remembered = memory.remembered_objects

    def public(obj: GameObject) -> ObjectView:
        card = obj.base_card  # its face-down values while face down (708.5)
        printed = cards.get(id(card))
        if printed is None or printed.card is not card:
            printed = memory.printed_values(card, keyword_of)
        known = remembered.get(obj.id)
        zone = obj.zone
        fields: tuple[Any, ...]
        if zone is Zone.BATTLEFIELD:
            # Its characteristics now (613): every field, compared with the last ones.
            chars = characteristics(obj)
            abilities = chars.abilities
            if abilities is card.all_abilities:
                texts, keywords = printed.abilities, printed.keywords
            else:  # an effect gave or took abilities (613.1f)
                texts = tuple(_ability_text(a) for a in abilities)
                keywords = _keywords(abilities, keyword_of)
            creature = "Creature" in chars.types
            fields = (
                obj.id,
                chars.name,
                obj.owner,
                obj.controller,
                "battlefield",
                chars.types,
                chars.subtypes,
                printed.mana_cost,
                chars.power,
                chars.toughness,
                obj.tapped,
                obj.damage,
                obj.attached_to,
                tuple(sorted(obj.counters.items())) if obj.counters else (),
                attacking.get(obj.id),
                blocking.get(obj.id),
                chars.mana_value,
                chars.colors,
                chars.supertypes,
                printed.text,
                texts,
                keywords,
                creature and checks.could_attack(obj),
                creature and checks.could_block(obj),
                attachments.get(obj.id, ()),
                obj.face_down,
                obj.card.name if obj.face_down and obj.controller == viewer else None,
                obj.is_token,
                None,
                (),
                0,
            )
            if known is None or known[0] != fields:
                known = (fields, ObjectView(*fields))
        else:
            # Its card's values, which ``printed`` (the same object only for the same
            # card) stands for; then the rest of the fields.
            on_stack = zone is Zone.STACK
            counters = tuple(sorted(obj.counters.items())) if obj.counters else ()
            named = obj.card.name if obj.face_down and obj.controller == viewer else None
            source = obj.id if on_stack else None
            targets = _chosen(obj.targets) if on_stack else ()
            x = obj.x if on_stack else 0
            fields = (
                printed,
                obj.owner,
                obj.controller,
                zone,
                obj.tapped,
                obj.damage,
                obj.attached_to,
                counters,
                attacking.get(obj.id),
                blocking.get(obj.id),
                attachments.get(obj.id, ()),
                obj.face_down,
                named,
                obj.is_token,
                source,
                targets,
                x,
            )
            if known is None or known[0] != fields:
                known = (
                    fields,
                    ObjectView(
                        id=obj.id,
                        name=printed.name,
                        owner=obj.owner,
                        controller=obj.controller,
                        zone=zone.value,
                        types=printed.types,
                        subtypes=printed.subtypes,
                        mana_cost=printed.mana_cost,
                        power=printed.power,
                        toughness=printed.toughness,
                        tapped=obj.tapped,
                        damage=obj.damage,
                        attached_to=obj.attached_to,
                        counters=counters,
                        attacking=attacking.get(obj.id),
                        blocking=blocking.get(obj.id),
                        mana_value=printed.mana_value,
                        colors=printed.colors,
                        supertypes=printed.supertypes,
                        text=printed.text,
                        abilities=printed.abilities,
                        keywords=printed.keywords,
                        attachments=attachments.get(obj.id, ()),
                        face_down=obj.face_down,
                        face_down_name=named,
                        token=obj.is_token,
                        source=source,
                        targets=targets,
                        x=x,
                    ),
                )
        seen[obj.id] = known
        return known[1]

    revealed = players_with_hands_revealed(game) | hands_shown_to(game, viewer)
    players = tuple(
        memory.player_view(
            (
                p.id,
                p.name,
                p.life,
                p.poison,
                len(p.hand),
                len(p.library),
                tuple(map(public, p.graveyard)),
                p.mana_pool.as_tuple(),
                p.has_left,
                tuple(map(public, p.hand)) if p.id in revealed else None,
                game.team_of(p.id).id,
                public(top) if (top := game.revealed_library_top(p.id)) is not None else None,
            )
        )
        for p in game.players
    )

    def stack_view(stack: list[StackItem]) -> tuple[ObjectView, ...]:
        return tuple(
            public(item) if isinstance(item, GameObject) else _ability_view(item, keyword_of)
            for item in stack
        )

    stack = stack_view(game.stack)
    other_turns: tuple[OtherTurnView, ...] = ()
    if game.turn_markers is not None:
        other_turns = tuple(
            OtherTurnView(
                marker.number,
                marker.turn,
                marker.step.value if marker.step else None,
                marker.active_player,
                stack_view(marker.stack),
            )
            for marker in game.turn_markers.in_play
            if marker.taking_turn and marker is not game.turn_markers.current
        )
    view = GameView(
        viewer=viewer,
        turn=game.turn,
        step=game.step.value if game.step else None,
        active_player=game.active_player,
        players=players,
        battlefield=tuple(map(public, game.battlefield)),
        stack=stack,
        exile=tuple(map(public, game.exile)),
        command=tuple(map(public, game.command)),
        hand=tuple(map(public, game.players[viewer].hand)),
        active_players=tuple(game.active_players),
        other_turns=other_turns,
    )
    memory.finish()
    return view


class _Printed:
    """A card's own values as an object view shows them, worked out once per card."""

    __slots__ = (
        "abilities",
        "card",
        "colors",
        "keywords",
        "mana_cost",
        "mana_value",
        "name",
        "power",
        "subtypes",
        "supertypes",
        "text",
        "toughness",
        "types",
    )

    def __init__(self, card: CardDefinition, keyword_of: dict[type[Ability], str]) -> None:
        self.card = card
        self.name = card.name
        self.types = card.types
        self.subtypes = card.subtypes
        self.supertypes = card.supertypes
        self.mana_cost = str(card.mana_cost) if card.mana_cost is not None else None
        self.power = card.power
        self.toughness = card.toughness
        self.mana_value = card.mana_value
        self.colors = card.colors
        self.text = card.text
        self.abilities = tuple(_ability_text(a) for a in card.all_abilities)
        self.keywords = _keywords(card.all_abilities, keyword_of)


class _ViewMemory:
    """What one game's views reuse from one build to the next: each card's values as a
    view shows them, and the object and player views last shown with the fields they
    were made of. Nothing here is trusted to be current: a remembered view is reused
    only when every one of its fields, worked out again from the game, is equal."""

    LIMIT = 512
    """Cards or objects remembered at most; past it that memory starts again empty (the
    objects of the last view are still compared with)."""

    __slots__ = ("_players", "cards", "objects", "remembered_objects")

    def __init__(self) -> None:
        self.cards: dict[int, _Printed] = {}
        """Each card's values as a view shows them, by the card's ``id()``: the
        :class:`_Printed` holds the card, so that the ``id`` is not given to another."""
        self._players: dict[int, tuple[tuple[Any, ...], PlayerView]] = {}
        self.remembered_objects: dict[int, tuple[tuple[Any, ...], ObjectView]] = {}
        """The object views of earlier builds, by object id, with their fields."""
        self.objects = self.remembered_objects
        """Where the build under way files the object views it shows."""

    def start(self) -> None:
        """A build begins: it files its object views in a new map if the old one is full,
        so that objects long gone are forgotten."""
        if len(self.remembered_objects) > self.LIMIT:
            self.objects = {}

    def finish(self) -> None:
        """A build ended: its object views are the ones remembered."""
        self.remembered_objects = self.objects

    def printed_values(
        self, card: CardDefinition, keyword_of: dict[type[Ability], str]
    ) -> _Printed:
        """``card``'s own values as a view shows them."""
        printed = self.cards.get(id(card))
        if printed is None or printed.card is not card:
            if len(self.cards) > self.LIMIT:
                self.cards.clear()
            printed = self.cards[id(card)] = _Printed(card, keyword_of)
        return printed

    def player_view(self, fields: tuple[Any, ...]) -> PlayerView:
        """The view of a player with these fields (in :class:`PlayerView`'s order): the
        one last shown of them if it has the same."""
        known = self._players.get(fields[0])
        if known is not None and known[0] == fields:
            return known[1]
        shown = PlayerView(*fields)
        self._players[fields[0]] = (fields, shown)
        return shown


_MEMORY: weakref.WeakKeyDictionary[Game, _ViewMemory] = weakref.WeakKeyDictionary()


def _memory_of(game: Game) -> _ViewMemory:
    """The views' memory of ``game``, made at its first view."""
    memory = _MEMORY.get(game)
    if memory is None:
        memory = _MEMORY[game] = _ViewMemory()
    return memory


def _ability_text(ability: Ability) -> str:
    return ability.text or type(ability).__name__


def _chosen(targets: tuple[TargetRef | None, ...]) -> tuple[int | tuple[str, int], ...]:
    """The targets chosen, without the places left empty ("up to", 115.6)."""
    return tuple(t for t in targets if t is not None)


_KEYWORD_NAMES: weakref.WeakKeyDictionary[PluginHost, dict[type[Ability], str]] = (
    weakref.WeakKeyDictionary()
)


def _keyword_names(game: Game) -> dict[type[Ability], str]:
    """The keyword ability classes the game's plugins define, with their names; built
    once per plugin host."""
    host = game.host
    names = _KEYWORD_NAMES.get(host)
    if names is None:
        names = {
            keyword.ability: name
            for name, keyword in host.keywords.items()
            if keyword.ability is not None
        }
        _KEYWORD_NAMES[host] = names
    return names


def _keywords(
    abilities: tuple[Ability, ...], keyword_of: dict[type[Ability], str]
) -> tuple[str, ...]:
    """The names of the keyword abilities among ``abilities``: an ability of a keyword's
    class or of a class derived from it (swampwalk is a landwalk)."""
    found: list[str] = []
    for ability in abilities:
        for cls in type(ability).__mro__:
            name = keyword_of.get(cls)
            if name is not None:
                found.append(name)
                break
    return tuple(found)


def _ability_view(item: AbilityOnStack, keyword_of: dict[type[Ability], str]) -> ObjectView:
    source = item.source_snapshot
    return ObjectView(
        id=item.id,
        name=item.public_name,
        owner=item.controller,
        controller=item.controller,
        zone="stack",
        types=(),
        subtypes=(),
        mana_cost=None,
        text=_ability_text(item.ability),
        abilities=(_ability_text(item.ability),),
        keywords=_keywords((item.ability,), keyword_of),
        face_down=source.face_down,
        source=item.source,
        targets=_chosen(item.targets),
        x=item.x,
    )
