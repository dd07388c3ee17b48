"""Fixed-size numeric encodings of decisions for learning agents.

A learning agent needs the same shape every step: a vector of numbers for what it knows,
and a mask over a fixed set of actions. This module turns a :class:`~manaweave.Decision`
(with the deciding player's :class:`~manaweave.GameView`) into both, from the view alone:
nothing the player may not know goes in.

The observation is :data:`OBSERVATION_SIZE` numbers, in four parts laid out by
:data:`LAYOUT`: the game (turn, step, stack and player counts), each player in seat order
starting with the viewer, the objects the viewer sees (battlefield, own hand, stack) one
slot each, and the decision with its first :data:`MAX_OPTIONS` options, one slot each.
Every slot's features are named (:data:`GAME_FEATURES`, :data:`PLAYER_FEATURES`,
:data:`OBJECT_FEATURES`, :data:`DECISION_FEATURES`, :data:`OPTION_FEATURES`); an empty slot
is all zeros, and its ``present`` feature says which slots are filled. Values are raw
counts and flags (life 20 is ``20.0``), not normalised. Players are numbered relative to
the viewer (0 is the viewer, 1 the next in seat order), so one agent can play any seat.
Cards are named by :func:`card_number`, a stable hash of the name into
``1 .. CARD_NUMBERS - 1`` (0 is no card, or one the viewer can't see), for an embedding:
they are identities, not quantities, and lie at :data:`CARD_NUMBER_INDICES`, apart from
the counts and flags at :data:`FEATURE_INDICES`.

:func:`encode_observation` encodes a decision from scratch, as a list; an
:class:`ObservationEncoder` gives the same numbers as a ``float32`` array, step after
step, reusing what did not change (the environments of :mod:`manaweave.rl` use one).

The actions are :data:`ACTIONS` indices: ``i < MAX_OPTIONS`` picks option ``i`` of the
decision, :data:`FINISH` ends a selection of several options, :data:`START_OVER` empties
the selection (offered only where it is a dead end). A decision that takes exactly one
option is answered by picking it; one that takes several (attackers, blockers, cards to
discard, an ordering) is answered one option at a time with the options picked so far as
``selected``, and ends when it holds as many as the decision takes at most
(:func:`is_complete`) or with :data:`FINISH`.
:func:`action_mask` allows only actions that can still lead to a legal answer, checked by
the decision itself (:meth:`Decision.is_legal <manaweave.Decision.is_legal>`); options
past :data:`MAX_OPTIONS` are never offered (a decision lists its options in a stable
order, the engine's, so the first ones are the same for the same game state).

>>> from manaweave import Decision, DecisionKind, Named
>>> decision = Decision(DecisionKind.MULLIGAN, 0, [Named("keep"), Named("mulligan")], "keep?")
>>> mask = action_mask(decision)
>>> [i for i, legal in enumerate(mask) if legal]
[0, 1]
>>> len(encode_options(decision)) == MAX_OPTIONS * len(OPTION_FEATURES)
True
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import operator
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from ._engine._decisions import (
    Activate,
    Attack,
    Block,
    CardOption,
    Cast,
    DamageSplit,
    Decision,
    DecisionKind,
    Division,
    Named,
    Number,
    Option,
    Pass,
    Payment,
    PlayLand,
    TargetOption,
    TurnFaceUp,
)
from ._engine._turn import Step
from ._engine._view import GameView, ObjectView

__all__ = [
    "ACTIONS",
    "BATTLEFIELD_SLOTS",
    "CARD_NUMBERS",
    "CARD_NUMBER_INDICES",
    "DECISION_FEATURES",
    "ENCODING_VERSION",
    "FEATURE_INDICES",
    "FINISH",
    "GAME_FEATURES",
    "HAND_SLOTS",
    "KEYWORDS",
    "LAYOUT",
    "MAX_OPTIONS",
    "MAX_PLAYERS",
    "OBJECT_FEATURES",
    "OBSERVATION_SIZE",
    "OPTION_FEATURES",
    "PLAYER_FEATURES",
    "STACK_SLOTS",
    "START_OVER",
    "VIEW_SIZE",
    "ObservationEncoder",
    "Part",
    "action_mask",
    "answer_of",
    "card_number",
    "encode_decision",
    "encode_observation",
    "encode_options",
    "encode_view",
    "is_complete",
]

ENCODING_VERSION: Final = 1
"""The layout's version: it changes whenever a feature, a slot count or an order does."""
MAX_PLAYERS: Final = 8
"""Players encoded, from the viewer on in seat order; seats beyond are left out."""
BATTLEFIELD_SLOTS: Final = 48
"""Permanents encoded: the viewer's first, then each other player's in seat order."""
HAND_SLOTS: Final = 16
"""Cards of the viewer's hand encoded, in hand order."""
STACK_SLOTS: Final = 8
"""Objects on the stack encoded, from the top down (405)."""
MAX_OPTIONS: Final = 64
"""Options of a decision encoded and offered as actions, in the decision's order."""
CARD_NUMBERS: Final = 65536
"""Card numbers are ``1 .. CARD_NUMBERS - 1``; 0 is none, or unseen."""

FINISH: Final = MAX_OPTIONS
"""The action that ends a selection of several options (legal once it is a legal answer)."""
START_OVER: Final = MAX_OPTIONS + 1
"""The action that empties the selection (legal only where the selection is a dead end:
nothing may be added to it and it is not a legal answer)."""
ACTIONS: Final = MAX_OPTIONS + 2
"""The number of actions: one per option slot, then :data:`FINISH` and :data:`START_OVER`."""

_STEPS: Final = tuple(step.value for step in Step)
_KINDS: Final = tuple(DecisionKind)
_TYPES: Final = (
    "Artifact",
    "Battle",
    "Creature",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Planeswalker",
    "Sorcery",
)
_COLORS: Final = ("W", "U", "B", "R", "G")
_MANA: Final = ("W", "U", "B", "R", "G", "C")
KEYWORDS: Final = (
    "deathtouch",
    "defender",
    "double strike",
    "first strike",
    "flash",
    "flying",
    "haste",
    "hexproof",
    "indestructible",
    "intimidate",
    "landwalk",
    "lifelink",
    "menace",
    "protection",
    "reach",
    "shroud",
    "trample",
    "vigilance",
)
"""Keyword abilities with a feature of their own (``kw_flying``); every landwalk counts as
``landwalk``, ``hexproof from`` as ``hexproof``, and others are counted in
``other_keywords``."""
_OPTION_CLASSES: Final = (
    Pass,
    PlayLand,
    Cast,
    Activate,
    TurnFaceUp,
    TargetOption,
    Payment,
    Attack,
    Block,
    CardOption,
    Named,
    Number,
    DamageSplit,
    Division,
)
_ZONES: Final = ("battlefield", "hand", "stack", "graveyard", "exile")
_WORDS: Final = ("keep", "mulligan", "yes", "no")

GAME_FEATURES: Final = (
    "turn",
    *(f"step_{step}" for step in _STEPS),
    "viewer_active",
    "players",
    "players_left",
    "stack_size",
    "other_turns",
)
"""The game's features: the turn number, the step (one flag per step of :class:`Step
<manaweave.Step>`), whether the viewer is an active player, how many players there are and
have left, the stack's size and how many other turns are under way (807.4)."""

PLAYER_FEATURES: Final = (
    "present",
    "has_left",
    "active",
    "teammate",
    "opponent",
    "life",
    "poison",
    "hand_size",
    "library_size",
    "graveyard_size",
    "permanents",
    "creatures",
    "untapped_lands",
    *(f"pool_{mana.lower()}" for mana in _MANA),
    "hand_revealed",
)
"""One player's features (``teammate`` and ``opponent`` are relative to the viewer; the
viewer's own slot has neither)."""

OBJECT_FEATURES: Final = (
    "present",
    "card",
    "controller",
    "owner",
    "ability",
    *(f"type_{kind.lower()}" for kind in _TYPES),
    *(f"color_{color.lower()}" for color in _COLORS),
    "legendary",
    "token",
    "face_down",
    "mana_value",
    "power",
    "toughness",
    "damage",
    "tapped",
    "attacking",
    "blocking",
    "can_attack",
    "can_block",
    "attached",
    "attachments",
    "plus_counters",
    "minus_counters",
    "loyalty",
    "other_counters",
    "targets",
    "x",
    *(f"kw_{keyword.replace(' ', '_')}" for keyword in KEYWORDS),
    "other_keywords",
)
"""One object's features. ``card`` is its :func:`card_number` (0 face down, unless the
viewer controls it); ``controller`` and ``owner`` are seats relative to the viewer;
``ability`` marks an ability on the stack; ``attacking`` is 1 + the relative seat of the
player it attacks (0 if not attacking); ``targets`` counts the targets of a spell or
ability on the stack."""

DECISION_FEATURES: Final = (
    *(f"kind_{kind.value}" for kind in _KINDS),
    "min",
    "max",
    "options",
    "options_offered",
    "selected",
    "ordered",
    "grouped",
)
"""The decision's features: its kind (one flag per :class:`~manaweave.DecisionKind`), how
many options it takes at least and at most, how many it has and how many are offered as
actions (at most :data:`MAX_OPTIONS`), how many are selected so far, and whether the
order of the picks matters or options are grouped."""

OPTION_FEATURES: Final = (
    "present",
    *(f"is_{cls.__name__.lower()}" for cls in _OPTION_CLASSES),
    "card",
    *(f"zone_{zone}" for zone in _ZONES),
    "slot",
    "other_card",
    "other_slot",
    "player",
    "number",
    "mana_ability",
    "face_down",
    "alternative",
    *(f"word_{word}" for word in _WORDS),
    "word",
    "to_players",
    "to_objects",
    "selected",
    "selected_at",
)
"""One option's features. ``is_*`` says which class of option it is; ``card`` is the
:func:`card_number` of the object it names first (the card cast or played, the source
activated, the attacker, the blocker, the target or card picked), ``zone_*`` where that
object is and ``slot`` its slot in the observation's object slots (1-based, 0 if it has
none); ``other_card`` and ``other_slot`` name a second object (the attacked planeswalker
or battle, the blocked attacker); ``player`` is 1 + the relative seat of the player it
names (attacked, targeted); ``number`` is a :class:`~manaweave.Number`'s value or an
activated ability's index; ``alternative`` marks a cast another way (601.3); ``word_*``
flag the common :class:`~manaweave.Named` words and ``word`` hashes any word;
``to_players`` and ``to_objects`` are damage a split or division assigns to players and
to objects; ``selected`` marks an option already picked and ``selected_at`` its place
(1-based) in the selection."""


@dataclass(frozen=True, slots=True)
class Part:
    """Where one part of the observation lies: ``slots`` slots of ``features`` numbers
    each, from ``start``."""

    name: str
    start: int
    slots: int
    features: tuple[str, ...]

    @property
    def stop(self) -> int:
        """Where the part ends (exclusive)."""
        return self.start + self.slots * len(self.features)

    def index(self, slot: int, feature: str) -> int:
        """The observation index of ``feature`` in slot ``slot`` of this part."""
        if not 0 <= slot < self.slots:
            raise IndexError(f"{self.name} has slots 0 to {self.slots - 1}, not {slot}")
        return self.start + slot * len(self.features) + self.features.index(feature)


def _layout() -> dict[str, Part]:
    parts: dict[str, Part] = {}
    start = 0
    for name, slots, features in (
        ("game", 1, GAME_FEATURES),
        ("players", MAX_PLAYERS, PLAYER_FEATURES),
        ("battlefield", BATTLEFIELD_SLOTS, OBJECT_FEATURES),
        ("hand", HAND_SLOTS, OBJECT_FEATURES),
        ("stack", STACK_SLOTS, OBJECT_FEATURES),
        ("decision", 1, DECISION_FEATURES),
        ("options", MAX_OPTIONS, OPTION_FEATURES),
    ):
        part = Part(name, start, slots, tuple(features))
        parts[name] = part
        start = part.stop
    return parts


LAYOUT: Final = _layout()
"""The observation's parts by name, in order: ``game``, ``players``, ``battlefield``,
``hand``, ``stack``, ``decision``, ``options``."""
VIEW_SIZE: Final = LAYOUT["stack"].stop
"""The length of :func:`encode_view`'s part: the observation up to the decision."""
OBSERVATION_SIZE: Final = LAYOUT["options"].stop
"""The length of :func:`encode_observation`'s vector."""


def _indices_of(features: dict[str, tuple[str, ...]]) -> tuple[int, ...]:
    return tuple(
        sorted(
            part.index(slot, feature)
            for name, named in features.items()
            for part in (LAYOUT[name],)
            for slot in range(part.slots)
            for feature in named
        )
    )


CARD_NUMBER_INDICES: Final = _indices_of(
    {
        "battlefield": ("card",),
        "hand": ("card",),
        "stack": ("card",),
        "options": ("card", "other_card", "word"),
    }
)
"""Where the observation holds card numbers (:func:`card_number`; an option's ``word``
is one too), in increasing order: identities for an embedding, not quantities. Every
other index is in :data:`FEATURE_INDICES`. With numpy, index with an array, not the
tuple itself (a tuple indexes dimensions): ``observation[np.array(CARD_NUMBER_INDICES)]``."""
FEATURE_INDICES: Final = tuple(sorted(set(range(OBSERVATION_SIZE)) - set(CARD_NUMBER_INDICES)))
"""Every index of the observation that is not in :data:`CARD_NUMBER_INDICES`: counts,
flags and sizes, in increasing order."""


def card_number(name: str) -> int:
    """A card's number for an embedding: a stable hash of its name into
    ``1 .. CARD_NUMBERS - 1``, the same in every game, version and card pool (two names
    may share one).

    >>> card_number("Lightning Bolt") == card_number("Lightning Bolt")
    True
    >>> 0 < card_number("Grizzly Bears") < CARD_NUMBERS
    True
    """
    digest = hashlib.blake2b(name.encode(), digest_size=4).digest()
    return 1 + int.from_bytes(digest, "big") % (CARD_NUMBERS - 1)


_card_number = functools.lru_cache(maxsize=1 << 16)(card_number)
""":func:`card_number`, remembered: the same few names are hashed at every step."""


class _Seats:
    """The viewer-relative seat numbers of one view."""

    def __init__(self, view: GameView) -> None:
        self.viewer = view.viewer
        self.count = len(view.players)

    def of(self, player: int) -> int:
        return (player - self.viewer) % self.count


def _object_slots(view: GameView, seats: _Seats) -> dict[str, list[ObjectView]]:
    battlefield = sorted(view.battlefield, key=lambda o: (seats.of(o.controller), o.id))
    return {
        "battlefield": battlefield[:BATTLEFIELD_SLOTS],
        "hand": list(view.hand[:HAND_SLOTS]),
        "stack": list(reversed(view.stack))[:STACK_SLOTS],
    }


def encode_view(view: GameView) -> list[float]:
    """The game, players and object slots of the observation (its first parts, up to the
    decision), as floats."""
    seats = _Seats(view)
    out: list[float] = []
    out.extend(_game_features(view))
    for relative in range(MAX_PLAYERS):
        if relative < seats.count:
            out.extend(_player_features(view, (view.viewer + relative) % seats.count, seats))
        else:
            out.extend([0.0] * len(PLAYER_FEATURES))
    slots = _object_slots(view, seats)
    for name, count in (
        ("battlefield", BATTLEFIELD_SLOTS),
        ("hand", HAND_SLOTS),
        ("stack", STACK_SLOTS),
    ):
        objects = slots[name]
        for slot in range(count):
            if slot < len(objects):
                out.extend(_object_features(objects[slot], view, seats))
            else:
                out.extend([0.0] * len(OBJECT_FEATURES))
    return out


def _game_features(view: GameView) -> list[float]:
    active = view.active_players or (view.active_player,)
    return [
        float(view.turn),
        *(1.0 if view.step == step else 0.0 for step in _STEPS),
        1.0 if view.viewer in active else 0.0,
        float(len(view.players)),
        float(sum(p.has_left for p in view.players)),
        float(len(view.stack)),
        float(len(view.other_turns)),
    ]


def _player_features(view: GameView, player: int, seats: _Seats) -> list[float]:
    seen = view.players[player]
    team = view.players[view.viewer].team
    active = view.active_players or (view.active_player,)
    mine = [o for o in view.battlefield if o.controller == player]
    pool = seen.mana_pool
    return [
        1.0,
        float(seen.has_left),
        1.0 if player in active else 0.0,
        1.0 if seen.team == team and player != view.viewer else 0.0,
        1.0 if seen.team != team else 0.0,
        float(seen.life),
        float(seen.poison),
        float(seen.hand_size),
        float(seen.library_size),
        float(len(seen.graveyard)),
        float(len(mine)),
        float(sum("Creature" in o.types for o in mine)),
        float(sum("Land" in o.types and not o.tapped for o in mine)),
        *(float(pool.count(mana)) for mana in _MANA),
        1.0 if seen.revealed_hand is not None else 0.0,
    ]


def _keyword_features(keywords: Sequence[str]) -> list[float]:
    flags = dict.fromkeys(KEYWORDS, 0.0)
    other = 0.0
    for keyword in keywords:
        if keyword.endswith("walk"):
            keyword = "landwalk"
        elif keyword.startswith("hexproof"):
            keyword = "hexproof"
        if keyword in flags:
            flags[keyword] = 1.0
        else:
            other += 1.0
    return [*flags.values(), other]


def _object_features(obj: ObjectView, view: GameView, seats: _Seats) -> list[float]:
    counters = dict(obj.counters)
    plus = counters.pop("+1/+1", 0)
    minus = counters.pop("-1/-1", 0)
    loyalty = counters.pop("loyalty", 0)
    ability = obj.zone == "stack" and obj.source is not None and obj.source != obj.id
    name = obj.face_down_name if obj.face_down else obj.name
    return [
        1.0,
        float(_card_number(name)) if name and not ability else 0.0,
        float(seats.of(obj.controller)),
        float(seats.of(obj.owner)),
        1.0 if ability else 0.0,
        *(1.0 if kind in obj.types else 0.0 for kind in _TYPES),
        *(1.0 if color in obj.colors else 0.0 for color in _COLORS),
        1.0 if "Legendary" in obj.supertypes else 0.0,
        float(obj.token),
        float(obj.face_down),
        float(obj.mana_value),
        float(obj.power or 0),
        float(obj.toughness or 0),
        float(obj.damage),
        float(obj.tapped),
        0.0 if obj.attacking is None else 1.0 + seats.of(obj.attacking),
        0.0 if obj.blocking is None else 1.0,
        float(obj.can_attack),
        float(obj.can_block),
        0.0 if obj.attached_to is None else 1.0,
        float(len(obj.attachments)),
        float(plus),
        float(minus),
        float(loyalty),
        float(sum(counters.values())),
        float(len(obj.targets)),
        float(obj.x),
        *_keyword_features(obj.keywords),
    ]


def encode_decision(decision: Decision, selected: Sequence[int] = ()) -> list[float]:
    """The decision's own features (its kind and how many options it takes), with
    ``selected`` the options picked so far."""
    count = len(decision.options)
    return [
        *(1.0 if decision.kind is kind else 0.0 for kind in _KINDS),
        float(decision.min),
        float(decision.max),
        float(count),
        float(min(count, MAX_OPTIONS)),
        float(len(selected)),
        float(decision.ordered),
        0.0 if decision.groups is None else 1.0,
    ]


class _Objects:
    """Where each object of the view is: its zone, its slot in the observation and its
    card number."""

    def __init__(
        self, view: GameView | None, slots: dict[str, list[ObjectView]] | None = None
    ) -> None:
        """``slots`` are the view's :func:`_object_slots` if the caller has them already."""
        self.places: dict[int, tuple[int, int, int]] = {}
        self.seats = _Seats(view) if view is not None else None
        if view is None or self.seats is None:  # (both, for the type checker)
            return
        if slots is None:
            slots = _object_slots(view, self.seats)
        for name, objects in slots.items():
            for slot, obj in enumerate(objects):
                self._place(obj, _ZONES.index(name), slot + 1)
        for player in view.players:
            for obj in player.graveyard:
                self._place(obj, _ZONES.index("graveyard"), 0)
            for obj in player.revealed_hand or ():
                self._place(obj, _ZONES.index("hand"), 0)
        for obj in view.exile:
            self._place(obj, _ZONES.index("exile"), 0)
        # Objects past the slots, still named and placed.
        for obj in (*view.battlefield, *view.hand, *view.stack):
            self._place(obj, _ZONES.index(obj.zone) if obj.zone in _ZONES else -1, 0)

    def _place(self, obj: ObjectView, zone: int, slot: int) -> None:
        if obj.id in self.places:
            return
        name = obj.face_down_name if obj.face_down else obj.name
        self.places[obj.id] = (zone, slot, _card_number(name) if name else 0)

    def of(self, object_id: int | None) -> tuple[int, int, int]:
        """``(zone, slot, card)`` of an object, ``(-1, 0, 0)`` if the view lacks it."""
        if object_id is None:
            return (-1, 0, 0)
        return self.places.get(object_id, (-1, 0, 0))

    def player(self, player: int | None) -> float:
        if player is None or self.seats is None:
            return 0.0
        return 1.0 + self.seats.of(player)


def encode_options(
    decision: Decision, selected: Sequence[int] = (), *, view: GameView | None = None
) -> list[float]:
    """The first :data:`MAX_OPTIONS` options, one slot of :data:`OPTION_FEATURES` each
    (empty slots are zeros), with ``selected`` the options picked so far. ``view`` is
    the decision's view if the caller has it already; a decision built without one
    encodes its options without the objects' places."""
    if view is None and decision._view is not None:
        view = decision.view
    objects = _Objects(view)
    picked = {index: place for place, index in enumerate(selected, start=1)}
    out: list[float] = []
    offered = min(len(decision.options), MAX_OPTIONS)
    for index in range(offered):
        out.extend(_option_features(decision.options[index], objects, picked.get(index, 0)))
    out.extend([0.0] * ((MAX_OPTIONS - offered) * len(OPTION_FEATURES)))
    return out


def _named_objects(option: Option) -> tuple[int | None, int | None, int | None]:
    """The option's first object, second object and player."""
    match option:
        case PlayLand(card=card) | Cast(card=card):
            return card, None, None
        case Activate(source=source):
            return source, None, None
        case TurnFaceUp(permanent=permanent):
            return permanent, None, None
        case TargetOption(object=obj, player=player):
            return obj, None, player
        case Attack(attacker=attacker, defender=defender, permanent=permanent):
            return attacker, permanent, defender
        case Block(blocker=blocker, attacker=attacker):
            return blocker, attacker, None
        case CardOption(object=obj):
            return obj, None, None
    return None, None, None


def _word_number(word: str) -> int:
    return _card_number(f"word:{word}")


def _option_features(option: Option, objects: _Objects, selected_at: int) -> list[float]:
    first, second, player = _named_objects(option)
    zone, slot, card = objects.of(first)
    _, other_slot, other_card = objects.of(second)
    number = 0.0
    if isinstance(option, Number):
        number = float(option.value)
    elif isinstance(option, Activate):
        number = float(option.ability)
    word = option.word if isinstance(option, Named) else ""
    to_players = to_objects = 0.0
    if isinstance(option, DamageSplit):
        for recipient, amount in zip(option.recipients, option.amounts, strict=True):
            if isinstance(recipient, tuple):
                to_players += amount
            else:
                to_objects += amount
    elif isinstance(option, Division):
        to_objects = float(sum(option.amounts))
    return [
        1.0,
        *(1.0 if type(option) is cls else 0.0 for cls in _OPTION_CLASSES),
        float(card),
        *(1.0 if zone == z else 0.0 for z in range(len(_ZONES))),
        float(slot),
        float(other_card),
        float(other_slot),
        objects.player(player),
        number,
        1.0 if isinstance(option, Activate) and option.is_mana_ability else 0.0,
        1.0 if isinstance(option, Cast) and option.face_down else 0.0,
        1.0 if isinstance(option, Cast) and option.way is not None else 0.0,
        *(1.0 if word == known else 0.0 for known in _WORDS),
        float(_word_number(word)) if word else 0.0,
        to_players,
        to_objects,
        1.0 if selected_at else 0.0,
        float(selected_at),
    ]


def encode_observation(decision: Decision, selected: Sequence[int] = ()) -> list[float]:
    """The whole observation of :data:`OBSERVATION_SIZE` floats: the deciding player's
    view, the decision and its options (see :data:`LAYOUT`)."""
    view = decision.view
    return [
        *encode_view(view),
        *encode_decision(decision, selected),
        *encode_options(decision, selected, view=view),
    ]


class ObservationEncoder:
    """Encodes observation after observation into ``float32`` arrays, reusing the work
    that is the same as at the previous call.

    :meth:`encode` gives the numbers :func:`encode_observation` gives (as ``float32``,
    which holds every one of them exactly: they are counts, flags and card numbers below
    2**24), in an :class:`array.array` of type ``"f"``, a new one at each call, which
    ``numpy.frombuffer(encoded, dtype=numpy.float32)`` turns into an array without a
    copy. What it reuses:

    - the same decision asked again with another selection (a selection of several
      options is built one action at a time) reuses its view and its encoding: only the
      decision's and the options' ``selected`` features change;
    - an object's slot is encoded once for each state it is seen in (its
      :class:`~manaweave.ObjectView`, for the same viewer and number of players): most
      of the objects of a view are as they were a decision earlier.

    It never looks at the game itself: what it reuses is keyed on the views' values, so
    it gives the same numbers whatever it has seen before. One encoder serves any games,
    one after another or interleaved.
    """

    ROW_CACHE_LIMIT: ClassVar[int] = 4096
    """Object slots remembered at most; past it the memory starts again empty."""

    def __init__(self) -> None:
        self._buffer = array("f", bytes(4 * OBSERVATION_SIZE))
        self._rows: dict[tuple[tuple[Any, ...], int, int], array[float]] = {}
        # The same row by the view object's identity: views hand back the same (frozen)
        # ObjectView for an unchanged object, and an id is ten times cheaper than hashing
        # its fields. Each entry holds its view, so the id can't be reused while it's kept.
        self._rows_by_id: dict[int, tuple[ObjectView, int, int, array[float]]] = {}
        self._decision: Decision | None = None
        self._option_rows: list[list[float]] = []
        self._selected: tuple[int, ...] = ()

    def encode(self, decision: Decision, selected: Sequence[int] = ()) -> array[float]:
        """The observation of ``decision`` with ``selected`` picked so far:
        :func:`encode_observation`'s numbers in a new ``float32`` array."""
        buffer = self._buffer
        if decision is not self._decision:
            # Another decision: its view and its options' slots are encoded once.
            self._decision = None  # (not reused if encoding the view fails)
            view = decision.view
            objects = _Objects(view, self._write_view(view, buffer))
            self._option_rows = [
                _option_features(decision.options[index], objects, 0)
                for index in range(_offered(decision))
            ]
            self._write_options(range(len(self._option_rows)), ())
            self._decision, self._selected = decision, ()
        buffer[VIEW_SIZE:_DECISION_STOP] = array("f", encode_decision(decision, selected))
        chosen = tuple(selected)
        if chosen != self._selected:
            # Only the slots of the options picked before or now change.
            changed = {*self._selected, *chosen}
            self._write_options(sorted(i for i in changed if i < len(self._option_rows)), chosen)
            self._selected = chosen
        return buffer[:]

    def encode_view(self, view: GameView) -> array[float]:
        """The observation of ``view`` with no decision: :func:`encode_view`'s numbers, then
        zeros for the decision and its options (:data:`OBSERVATION_SIZE` in all), in a new
        ``float32`` array."""
        buffer = array("f", _ZEROS)
        self._write_view(view, buffer)
        return buffer

    def _write_view(self, view: GameView, buffer: array[float]) -> dict[str, list[ObjectView]]:
        """Write :func:`encode_view`'s numbers into ``buffer``, each object's slot from
        memory when the object was seen as it is; returns the objects in the slots."""
        seats = _Seats(view)
        buffer[0:_GAME_STOP] = array("f", _game_features(view))
        width = len(PLAYER_FEATURES)
        start = _PLAYERS_START
        for relative in range(min(seats.count, MAX_PLAYERS)):
            buffer[start : start + width] = array(
                "f", _player_features(view, (view.viewer + relative) % seats.count, seats)
            )
            start += width
        buffer[start:_PLAYERS_STOP] = _ZEROS[start:_PLAYERS_STOP]
        rows = self._rows
        by_id = self._rows_by_id
        if len(rows) > self.ROW_CACHE_LIMIT or len(by_id) > self.ROW_CACHE_LIMIT:
            rows.clear()
            by_id.clear()
        width = len(OBJECT_FEATURES)
        viewer, count = seats.viewer, seats.count
        slots = _object_slots(view, seats)
        for name, objects in slots.items():
            start, stop = _OBJECT_PARTS[name]
            for obj in objects:
                known = by_id.get(id(obj))
                if known is not None and known[0] is obj and known[1:3] == (viewer, count):
                    row = known[3]
                else:
                    key = (_object_values(obj), viewer, count)
                    found = rows.get(key)
                    if found is None:
                        found = rows[key] = array("f", _object_features(obj, view, seats))
                    row = found
                    by_id[id(obj)] = (obj, viewer, count, row)
                buffer[start : start + width] = row
                start += width
            buffer[start:stop] = _ZEROS[start:stop]
        return slots

    def _write_options(self, indices: Sequence[int], selected: tuple[int, ...]) -> None:
        """Write the slots of the options at ``indices`` (all of them: the empty slots
        after them too) with ``selected`` picked."""
        buffer = self._buffer
        width = len(OPTION_FEATURES)
        picked = {index: place for place, index in enumerate(selected, start=1)}
        for index in indices:
            row = self._option_rows[index]
            place = picked.get(index, 0)
            if place:
                row = row.copy()
                row[_OPTION_SELECTED] = 1.0
                row[_OPTION_SELECTED_AT] = float(place)
            start = _DECISION_STOP + index * width
            buffer[start : start + width] = array("f", row)
        if len(indices) == len(self._option_rows):
            filled = _DECISION_STOP + len(self._option_rows) * width
            buffer[filled:] = _ZEROS[filled:]


_ZEROS: Final = array("f", bytes(4 * OBSERVATION_SIZE))
_object_values: Final = operator.attrgetter(*(f.name for f in dataclasses.fields(ObjectView)))
"""Every field of an object view, as a tuple: what its slot's numbers are remembered by
(hashed and compared faster than the view itself, and as complete)."""
_GAME_STOP: Final = LAYOUT["game"].stop
_PLAYERS_START: Final = LAYOUT["players"].start
_PLAYERS_STOP: Final = LAYOUT["players"].stop
_OBJECT_PARTS: Final = {
    name: (LAYOUT[name].start, LAYOUT[name].stop) for name in ("battlefield", "hand", "stack")
}
_DECISION_STOP: Final = LAYOUT["decision"].stop
_OPTION_SELECTED: Final = OPTION_FEATURES.index("selected")
_OPTION_SELECTED_AT: Final = OPTION_FEATURES.index("selected_at")


def _offered(decision: Decision) -> int:
    return min(len(decision.options), MAX_OPTIONS)


def is_complete(decision: Decision, selected: Sequence[int]) -> bool:
    """Whether ``selected`` answers the decision without :data:`FINISH`: it holds as many
    options as the decision takes at most, and they are a legal answer (a decision that
    takes one option is answered by picking it)."""
    return len(selected) == decision.max and decision.is_legal(selected)


def action_mask(decision: Decision, selected: Sequence[int] = ()) -> list[bool]:
    """Which of the :data:`ACTIONS` actions may be taken now, with ``selected`` the
    options picked so far: where the decision takes exactly one option, each option that
    is a legal answer; otherwise each option :meth:`Decision.mask
    <manaweave.Decision.mask>` still allows, :data:`FINISH` once the selection is a legal
    answer, and :data:`START_OVER` only where the selection is a dead end: something is
    selected, no option may be added and it is not a legal answer (such as attackers
    breaking a restriction on the attack as a whole, 508.1c). Where the selection can still
    grow or be finished, emptying it would only lead back to where the agent was, so
    it is not offered: every allowed action then moves the answer on.

    A decision always has a legal answer within reach: if its offered options can't make
    one (a legal answer needs an option past :data:`MAX_OPTIONS`), :data:`FINISH` stays
    legal and :func:`answer_of` answers with the decision's own legal answer.
    """
    offered = _offered(decision)
    single = decision.min == decision.max == 1
    if single and not selected and decision.whole_answer_rule is None:
        # Any one option answers a decision of one option with no rule on the whole
        # answer (the checks of Decision.check that are left hold for one index).
        return [True] * offered + [False] * (ACTIONS - offered) if offered else _finish_only()
    mask = [False] * ACTIONS
    allowed = decision.mask(selected)
    for index in range(offered):
        if allowed[index] and (not single or decision.is_legal((index,))):
            mask[index] = True
    if not single:
        mask[FINISH] = _finishable(decision, selected)
        mask[START_OVER] = bool(selected) and not any(mask[:offered]) and not mask[FINISH]
    if not any(mask):
        # Nothing offered can answer it (its answers lie past MAX_OPTIONS).
        mask[FINISH] = True
    return mask


def _finish_only() -> list[bool]:
    """The mask of a decision none of whose offered options answers it."""
    mask = [False] * ACTIONS
    mask[FINISH] = True
    return mask


def _finishable(decision: Decision, selected: Sequence[int]) -> bool:
    if len(selected) < decision.min:
        return False
    return decision.is_legal(selected)


def answer_of(decision: Decision, selected: Sequence[int]) -> tuple[int, ...]:
    """The option indices that answer ``decision`` once :data:`FINISH` is taken with
    ``selected`` picked (or the one option picked for a decision that takes one): the
    selection if it is legal, otherwise the decision's own legal answer (when no legal
    answer was within the offered options)."""
    if decision.is_legal(selected):
        return tuple(selected)
    return decision.legal_choice().indices
