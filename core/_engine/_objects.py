"""Game objects, stack items, delayed triggers and players' state (CR 109, 110, 112, 113,
400.7, 603.7)."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

from ._mana import ManaPool
from ._teams import Totals
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.cards import (
        Ability,
        CardDefinition,
        SpellAbility,
        TriggeredAbility,
        TriggerEvent,
    )

    from ._layers import Characteristics

__all__ = [
    "AbilityOnStack",
    "DelayedTrigger",
    "GameObject",
    "KnownSource",
    "PlayerState",
    "Source",
    "StackItem",
    "TargetRef",
]

TargetRef = int | tuple[str, int]
"""A chosen target: an object id, or ``("player", n)``."""


class GameObject:
    """A card or token in a zone (CR 109.1).

    Each zone change makes a new object with a new id (CR 400.7); the old one is
    kept, unchanged, as last known information.
    """

    face_down_values: ClassVar[CardDefinition]
    """The copiable values of every face-down permanent (CR 708.2a):
    :data:`manaweave.cards.FACE_DOWN`, which the card language, a layer above objects,
    puts here as it is defined."""

    __slots__ = (
        "activated_this_turn",
        "activation_counts",
        "arrived",
        "attached_to",
        "base_controller",
        "blocked",
        "card",
        "chosen_color",
        "chosen_land_type",
        "chosen_name",
        "control_turn",
        "controller",
        "copy_card",
        "counters",
        "damage",
        "damaged_by_deathtouch",
        "division",
        "face_down",
        "face_down_by",
        "gained_text",
        "id",
        "is_spell_copy",
        "is_token",
        "last_known",
        "loyalty_turn",
        "modes",
        "owner",
        "protector",
        "sacrificed",
        "tapped",
        "targets",
        "timestamp",
        "untap_skip_player",
        "untap_skips",
        "x",
        "zone",
    )

    def __deepcopy__(self, memo: dict[int, object]) -> GameObject:
        # A copied game (Game.copy) copies every object: each slot holds a number, a
        # string, a tuple or a definition no game changes, but for three dicts. Slot by
        # slot, written out, is several times faster than a loop over the slots.
        twin = object.__new__(GameObject)
        memo[id(self)] = twin
        twin.activated_this_turn = dict(self.activated_this_turn)
        twin.activation_counts = dict(self.activation_counts)
        twin.arrived = self.arrived
        twin.attached_to = self.attached_to
        twin.base_controller = self.base_controller
        twin.blocked = self.blocked
        twin.card = self.card
        twin.chosen_color = self.chosen_color
        twin.chosen_land_type = self.chosen_land_type
        twin.chosen_name = self.chosen_name
        twin.control_turn = self.control_turn
        twin.controller = self.controller
        twin.copy_card = self.copy_card
        twin.counters = dict(self.counters)
        twin.damage = self.damage
        twin.damaged_by_deathtouch = self.damaged_by_deathtouch
        twin.division = self.division
        twin.face_down = self.face_down
        twin.face_down_by = self.face_down_by
        twin.gained_text = self.gained_text
        twin.id = self.id
        twin.is_spell_copy = self.is_spell_copy
        twin.is_token = self.is_token
        twin.last_known = self.last_known
        twin.loyalty_turn = self.loyalty_turn
        twin.modes = self.modes
        twin.owner = self.owner
        twin.protector = self.protector
        twin.sacrificed = self.sacrificed
        twin.tapped = self.tapped
        twin.targets = self.targets
        twin.timestamp = self.timestamp
        twin.untap_skip_player = self.untap_skip_player
        twin.untap_skips = self.untap_skips
        twin.x = self.x
        twin.zone = self.zone
        return twin

    def __init__(
        self,
        id: int,
        card: CardDefinition,
        owner: int,
        zone: Zone,
        *,
        timestamp: int = 0,
        controller: int | None = None,
    ) -> None:
        self.id = id
        self.card = card
        self.owner = owner
        self.controller = owner if controller is None else controller
        """Who controls it now: ``base_controller`` after control-changing effects
        (layer 2, CR 613.1b), kept up to date by the game."""
        self.base_controller = self.controller
        """Who controls it before control-changing effects: who put it onto the
        battlefield or the stack (CR 110.2)."""
        self.zone = zone
        self.tapped = False
        self.damage = 0
        self.damaged_by_deathtouch = False
        """Dealt damage by a source with deathtouch since state-based actions were last
        checked (704.5h); set by deathtouch
        (:func:`manaweave.keywords.deathtouch.mark_deathtouch_damage`)."""
        self.counters: dict[str, int] = {}
        self.attached_to: int | None = None
        self.timestamp = timestamp
        self.arrived = timestamp
        """For a permanent, when it entered the battlefield: the first timestamp given out in
        the batch of events it entered with, so permanents that entered at the same moment
        share it although their timestamps differ (613.7m; the world rule's tie, 704.5k)."""
        self.control_turn = 0
        """The game's turn count when its controller last gained control of it (302.6)."""
        self.targets: tuple[TargetRef | None, ...] = ()
        """Targets chosen for it as a spell (601.2c) or, for an Aura, as an Aura spell;
        ``None`` where fewer than the most were chosen ("up to", 115.6)."""
        self.division: tuple[int, ...] = ()
        """How it divides damage among its targets, one amount per target (601.2d)."""
        self.blocked = False
        """Whether it is a blocked attacking creature (509.1h)."""
        self.is_token = False
        """A token rather than a card (CR 111)."""
        self.is_spell_copy = False
        """A copy of a spell rather than a card (CR 707.10)."""
        self.x = 0
        """The value chosen for X as it was cast (CR 107.3a); 0 elsewhere (107.3b)."""
        self.modes: tuple[int, ...] = ()
        """The modes chosen for it as a modal spell (CR 700.2a)."""
        self.gained_text: tuple[SpellAbility, ...] = ()
        """As a spell: the rules text it gained as it was cast (a text-changing effect such
        as splice, CR 612.1, 702.47c), whose instructions follow its own in this order
        (702.47b). A copy of the spell has it too, splicing being a choice made as the
        spell was cast (707.10; the rulings of Twincast, 2005-06-01), and it is gone once
        the spell leaves the stack (702.47e), since that makes a new object (400.7)."""
        self.last_known: Characteristics | None = None
        """Once it has left the battlefield: its characteristics as it last existed there,
        abilities other objects gave it included (last known information, 113.7a, 608.2h).
        ``None`` while it is there, or if it never was."""
        self.loyalty_turn = 0
        """The game's turn count when a loyalty ability of it was last activated (606.3)."""
        self.activated_this_turn: dict[Ability, int] = {}
        """For its "activate only once each turn" abilities, the game's turn count when each
        was last activated (602.5b)."""
        self.activation_counts: dict[Ability, tuple[int, int]] = {}
        """For each of its activated abilities: the game's turn count when it was last
        activated and how many times it was activated that turn ("if this ability has been
        activated four or more times this turn")."""
        self.sacrificed: tuple[Characteristics, ...] = ()
        """As a spell: the last known information of the permanents sacrificed to pay for
        it ("the sacrificed creature's power", CR 601.2h, 608.2h)."""
        self.copy_card: CardDefinition | None = None
        """The card whose copiable values it has, if it entered as a copy (CR 707.2, 707.5)."""
        self.protector: int | None = None
        """For a battle, the player who protects it (CR 310.8)."""
        self.untap_skips = 0
        """1 while it doesn't untap during its controller's next untap step (502.3), else 0:
        every effect saying so names that same one step, so two of them still keep it
        tapped through one untap step only."""
        self.untap_skip_player: int | None = None
        """With :attr:`untap_skips`, the player whose next untap step it is ("that player's
        next untap step"), or ``None`` for whoever controls it then ("its controller's")."""
        self.face_down = False
        """A face-down permanent (CR 708): its copiable values are those of
        :data:`~manaweave.cards.FACE_DOWN` until it is turned face up."""
        self.face_down_by = ""
        """What made it face down (708.6): ``"manifest"`` (701.40a), or the keyword
        ability it was cast face down with, as announced (``"morph"``, 702.37c)."""
        self.chosen_color: str | None = None
        """The colour chosen as it entered ("As [this] enters, choose a color", 614.12)."""
        self.chosen_land_type: str | None = None
        """The basic land type chosen as it entered ("As [this] enters, choose a basic
        land type", 614.12)."""
        self.chosen_name: str | None = None
        """The card name chosen as it entered ("As [this] enters, choose a card name",
        614.12, 201.2)."""

    @property
    def template(self) -> CardDefinition:
        """Its copiable values: face-down values (708.2), or the card it copies, or its own
        card (CR 707.2)."""
        if self.face_down:
            return GameObject.face_down_values
        return self.copy_card or self.card

    @property
    def base_card(self) -> CardDefinition:
        """What its characteristics start from before any effect: its own card, or the
        face-down values while it is face down (708.2; a copy effect doesn't change them,
        708.10)."""
        if self.face_down:
            return GameObject.face_down_values
        return self.card

    @property
    def name(self) -> str:
        """The printed name (characteristics may differ; ask the game for those)."""
        return self.card.name

    @property
    def public_name(self) -> str:
        """Its name as every player may know it: the printed name, except that a face-down
        spell or permanent has none (708.2a) and only its controller may look at it
        (708.5), so it is called "face-down spell" or "face-down creature"."""
        if not self.face_down:
            return self.card.name
        return "face-down spell" if self.zone is Zone.STACK else "face-down creature"

    @property
    def source(self) -> int:
        """Its own id: a spell is the source of its effects (CR 113.7)."""
        return self.id

    @property
    def source_snapshot(self) -> GameObject:
        """The object that is the source of its effects (for damage, CR 120.3)."""
        return self

    def __repr__(self) -> str:
        return f"<{self.card.name} #{self.id} in {self.zone.value} of P{self.owner}>"


class AbilityOnStack:
    """An activated or triggered ability on the stack (CR 113.1b, 602, 603)."""

    __slots__ = (
        "ability",
        "controller",
        "division",
        "event",
        "id",
        "sacrificed",
        "source",
        "source_snapshot",
        "targets",
        "x",
    )

    zone = Zone.STACK

    def __init__(
        self,
        id: int,
        ability: Ability,
        source: GameObject,
        controller: int,
        targets: tuple[TargetRef | None, ...] = (),
        event: TriggerEvent | None = None,
    ) -> None:
        self.id = id
        self.ability = ability
        self.source = source.id
        self.source_snapshot = source
        """The source as it last existed: its last known information (CR 113.7a)."""
        self.controller = controller
        self.targets = targets
        self.event = event
        """For a triggered ability, the event that triggered it."""
        self.x = 0
        """The value announced for X in its cost (CR 107.3a), such as a [−X] loyalty cost."""
        self.division: tuple[int, ...] = ()
        """How it divides damage among its targets, one amount per target (601.2d,
        602.2b, 603.3d)."""
        self.sacrificed: tuple[Characteristics, ...] = ()
        """The last known information of the permanents sacrificed to activate it."""

    @property
    def name(self) -> str:
        """A short name: the source's name and the ability's text."""
        return f"{self.source_snapshot.name} ability"

    @property
    def public_name(self) -> str:
        """Its name as every player may know it (see :attr:`GameObject.public_name`)."""
        return f"{self.source_snapshot.public_name} ability"

    def __repr__(self) -> str:
        return f"<ability of {self.source_snapshot.name} #{self.id}>"


StackItem = GameObject | AbilityOnStack
"""Something on the stack: a spell (a :class:`GameObject`) or an ability (CR 405.1)."""


class Source(Protocol):
    """The source of damage or of a life change as the log names it: a
    :class:`GameObject`, an :class:`AbilityOnStack` or a :class:`KnownSource`."""

    @property
    def id(self) -> int:
        """Its object id."""

    @property
    def public_name(self) -> str:
        """Its name as every player may know it."""

    @property
    def controller(self) -> int:
        """The seat that controls it (an object outside the battlefield and the stack:
        its owner, CR 108.4a)."""


@dataclass(frozen=True, slots=True)
class KnownSource:
    """A source known by what the game kept of it rather than as an object: the source
    of a replacement effect (CR 614), by the id, name and controller the effect
    recorded."""

    id: int
    public_name: str
    controller: int


@dataclass(frozen=True, slots=True)
class DelayedTrigger:
    """A delayed triggered ability (CR 603.7): created by a resolving spell or ability, it
    triggers once, the next time its event happens (603.7b)."""

    ability: TriggeredAbility
    source: GameObject
    """The source of the ability that created it (603.7d-e)."""
    controller: int
    """Who controlled the creating spell or ability as it resolved (603.7d-e)."""


def _copy_of(obj: GameObject, memo: dict[int, object]) -> GameObject:
    """The copy of ``obj`` in a copied game, made once."""
    twin = memo.get(id(obj))
    return twin if twin is not None else obj.__deepcopy__(memo)  # type: ignore[return-value]


class PlayerState:
    """One player's life, counters, zones and turn-scoped facts (CR 102, 119, 122)."""

    __slots__ = (
        "attempted_empty_draw",
        "cant_cast_on_turn",
        "drew_on_turn",
        "graveyard",
        "hand",
        "has_left",
        "id",
        "lands_played",
        "library",
        "mana_pool",
        "max_hand_size",
        "mulligans",
        "name",
        "skips",
        "totals",
        "turn_began",
    )

    def __init__(self, id: int, name: str, life: int) -> None:
        self.id = id
        self.name = name
        self.totals = Totals(life)
        """Their life total and poison counters: their own, or the ones their team shares
        (810.4, 810.10)."""
        self.library: list[GameObject] = []
        """Top of the library is the last element."""
        self.hand: list[GameObject] = []
        self.graveyard: list[GameObject] = []
        """Top of the graveyard is the last element."""
        self.mana_pool = ManaPool()
        self.lands_played = 0
        self.drew_on_turn = 0
        """The game's turn count when they last drew a card ("the first card you draw each
        turn", 603.11)."""
        self.max_hand_size = 7
        self.attempted_empty_draw = False
        self.has_left = False
        self.mulligans = 0
        self.turn_began = -1
        """The game's turn count when this player's most recent turn began."""
        self.skips: Counter[str] = Counter()
        """How many of their next steps, phases or turns they skip, by name (614.10)."""
        self.cant_cast_on_turn = -1
        """The game's turn count of a turn in which they can't cast spells ("Your
        opponents can't cast spells this turn", 101.2)."""

    def __deepcopy__(self, memo: dict[int, object]) -> PlayerState:
        # A copied game (Game.copy): its zones hold the copies of its objects; the totals
        # are copied once for the teammates who share them (810.4).
        twin = object.__new__(PlayerState)
        memo[id(self)] = twin
        twin.id = self.id
        twin.name = self.name
        twin.totals = copy.deepcopy(self.totals, memo)
        twin.library = [_copy_of(o, memo) for o in self.library]
        twin.hand = [_copy_of(o, memo) for o in self.hand]
        twin.graveyard = [_copy_of(o, memo) for o in self.graveyard]
        twin.mana_pool = copy.deepcopy(self.mana_pool, memo)
        twin.lands_played = self.lands_played
        twin.drew_on_turn = self.drew_on_turn
        twin.max_hand_size = self.max_hand_size
        twin.attempted_empty_draw = self.attempted_empty_draw
        twin.has_left = self.has_left
        twin.mulligans = self.mulligans
        twin.turn_began = self.turn_began
        twin.skips = Counter(self.skips)
        twin.cant_cast_on_turn = self.cant_cast_on_turn
        return twin

    @property
    def life(self) -> int:
        """Their life total (119); on a team that shares one, the team's (810.9a)."""
        return self.totals.life

    @life.setter
    def life(self, value: int) -> None:
        self.totals.life = value

    @property
    def poison(self) -> int:
        """Their poison counters (122.1f); on a team that shares them, the team's
        (810.10a)."""
        return self.totals.poison

    @poison.setter
    def poison(self, value: int) -> None:
        self.totals.poison = value

    def __repr__(self) -> str:
        return f"<Player {self.id} {self.name!r} life={self.life}>"
