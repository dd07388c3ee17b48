"""Targets (CR 115): legal choices, choosing them as a spell or ability is put on the
stack (601.2c, 602.2b, 603.3d), dividing among them (601.2d), and choosing new targets
for a spell or a copy (115.7, 707.10c)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from manaweave.cards import (
    ANY_NUMBER,
    CardDefinition,
    Targeting,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    target_slots,
)

from ._decisions import DamageSplits, DecisionKind, Division, Named, Number, TargetOption
from ._errors import RuleNotImplementedError
from ._objects import AbilityOnStack, GameObject, StackItem, TargetRef
from ._zones import Zone

if TYPE_CHECKING:
    from ._game import Game
    from ._layers import Characteristics

__all__ = [
    "ability_targeting",
    "can_choose_targets",
    "change_targets",
    "choose_division",
    "choose_new_targets",
    "choose_targets",
    "has_legal_target",
    "is_legal_target",
    "item_targeting",
    "legal_targets",
    "own_target_specs",
    "spell_target_specs",
    "spell_targeting",
    "target_log",
    "targets_log",
]


def spell_targeting(
    player: int, spell: GameObject, cast_as: CardDefinition | None = None
) -> Targeting:
    """A spell that ``player`` casts (601.2c) or controls, choosing or checking its targets:
    ``cast_as`` are the characteristics it is cast with, if not its card's (a face-down
    spell, 708.4)."""
    if cast_as is spell.card:
        cast_as = None
    return Targeting(player, spell, True, cast_as)


def ability_targeting(player: int, source: GameObject, that_player: int | None = None) -> Targeting:
    """An ability of ``source`` that ``player`` controls, choosing or checking its targets
    (602.2b, 603.3d); ``that_player``: the player of the event that triggered it."""
    return Targeting(player, source, False, that_player=that_player)


def item_targeting(item: StackItem) -> Targeting:
    """A spell or ability on the stack, as its targets are checked or changed (608.2b,
    115.7)."""
    if isinstance(item, GameObject):
        return spell_targeting(item.controller, item)
    event = item.event
    return ability_targeting(
        item.controller, item.source_snapshot, event.player if event is not None else None
    )


def has_legal_target(game: Game, spec: TargetSpec, by: Targeting) -> bool:
    """Whether at least one legal choice exists for a target (CR 115, 601.2c) of the spell
    or ability ``by``."""
    if game.influence.limited:
        return bool(legal_targets(game, spec, by))  # only those within range (801.4)
    controller = by.controller
    source = by.source.id
    if spec.admits_player():
        if spec.teammate:
            if game.teammates(controller):
                return True
        elif not spec.opponent:
            if game.alive():
                return True
        elif game.opponents(controller):  # "target opponent": another team's player (102.3)
            return True
    if spec.kind is TargetKind.SPELL:
        return any(_spell_admitted(spec, item) for item in game.stack)
    if spec.kind is TargetKind.TRIGGERED_ABILITY:
        return any(_ability_admitted(spec, item, controller) for item in game.stack)
    if spec.kind is TargetKind.CARD_IN_GRAVEYARD:
        return bool(_graveyard_cards(game, spec, controller))
    for permanent in game.battlefield:
        if spec.not_source and permanent.id == source:
            continue
        if spec.restricts_controller_or_combat and not _controller_and_combat_allow(
            game, spec, permanent, by
        ):
            continue
        chars = game.characteristics(permanent)
        if (
            spec.admits_permanent(chars.types, chars.subtypes, chars.colors)
            and _toughness_allows(game, spec, chars, by)
            and not any(a.forbids_targeting(game, permanent, by) for a in chars.abilities)
        ):
            return True
    return False


def _graveyard_cards(game: Game, spec: TargetSpec, controller: int) -> list[GameObject]:
    """The cards in graveyards ``spec`` admits, player by player, bottom card first.
    Abilities of cards in a graveyard (shroud, protection) don't function there (113.6),
    so none forbids the targeting."""
    found = []
    for state in game.players:
        if spec.yours and state.id != controller:
            continue
        found += [c for c in state.graveyard if spec.admits_card(c.card.types)]
    return found


def _spell_admitted(spec: TargetSpec, item: StackItem) -> bool:
    if not isinstance(item, GameObject):
        return False
    template = item.template  # a face-down spell has only its face-down values (708.4)
    if not spec.admits_spell(template.types, template.colors):
        return False
    # "Target spell with a single target" (115.10): one target chosen, however many
    # instances of the word "target" it has.
    return not spec.single_target or sum(t is not None for t in item.targets) == 1


def _ability_admitted(spec: TargetSpec, item: StackItem, controller: int) -> bool:
    """A triggered ability on the stack ("target triggered ability [you control]")."""
    return (
        isinstance(item, AbilityOnStack)
        and isinstance(item.ability, TriggeredAbility)
        and not (spec.yours and item.controller != controller)
    )


def legal_targets(game: Game, spec: TargetSpec, by: Targeting) -> list[TargetOption]:
    """Every legal choice for one target (CR 115) of the spell or ability ``by``, in a
    stable order: only objects and players within its controller's range of influence
    (801.4)."""
    options = _legal_targets_anywhere(game, spec, by)
    influence = game.influence
    if influence.limited:
        return [o for o in options if influence.reaches(by.controller, _ref(o))]
    return options


def _legal_targets_anywhere(game: Game, spec: TargetSpec, by: Targeting) -> list[TargetOption]:
    """Every legal choice for one target, wherever it is (no range of influence)."""
    controller = by.controller
    source = by.source.id
    options: list[TargetOption] = []
    if spec.kind is TargetKind.SPELL:
        # A spell being cast is not on the stack yet, so it cannot target itself (115.5).
        return [
            TargetOption(item.id, None, f"{_spell_label(item)} #{item.id}")
            for item in game.stack
            if isinstance(item, GameObject) and _spell_admitted(spec, item)
        ]
    if spec.kind is TargetKind.TRIGGERED_ABILITY:
        return [
            TargetOption(item.id, None, f"{item.name} #{item.id}")
            for item in game.stack
            if _ability_admitted(spec, item, controller)
        ]
    if spec.kind is TargetKind.CARD_IN_GRAVEYARD:
        return [
            TargetOption(c.id, None, f"{c.name} #{c.id}")
            for c in _graveyard_cards(game, spec, controller)
        ]
    for permanent in game.battlefield:
        if spec.not_source and permanent.id == source:
            continue
        if spec.restricts_controller_or_combat and not _controller_and_combat_allow(
            game, spec, permanent, by
        ):
            continue
        chars = game.characteristics(permanent)
        if not spec.admits_permanent(chars.types, chars.subtypes, chars.colors):
            continue
        if not _toughness_allows(game, spec, chars, by):
            continue
        if any(a.forbids_targeting(game, permanent, by) for a in chars.abilities):
            continue
        label = chars.name or "face-down creature"  # no name (708.2a)
        options.append(TargetOption(permanent.id, None, f"{label} #{permanent.id}"))
    if spec.admits_player():
        for state in game.alive():
            if spec.opponent and not game.is_opponent(controller, state.id):
                continue
            if spec.teammate and state.id not in game.teammates(controller):
                continue
            options.append(TargetOption(None, state.id, f"player {state.id} ({state.name})"))
    return options


def _spell_label(spell: GameObject) -> str:
    """How a spell is named to everyone: a face-down spell has no name (708.2a)."""
    if spell.face_down:
        return spell.public_name
    return spell.template.name or "spell with no name"  # a copy of a face-down spell


def is_legal_target(game: Game, spec: TargetSpec, by: Targeting, target: TargetRef) -> bool:
    """Whether a target chosen for the spell or ability ``by`` is still legal (CR
    608.2b): among others, still within its controller's range of influence (801.4)."""
    if game.influence.limited and not game.influence.reaches(by.controller, target):
        return False
    controller = by.controller
    source = by.source.id
    if isinstance(target, tuple):
        return (
            spec.admits_player()
            and not game.players[target[1]].has_left
            and not (spec.opponent and not game.is_opponent(controller, target[1]))
            and not (spec.teammate and target[1] not in game.teammates(controller))
        )
    if spec.kind is TargetKind.TRIGGERED_ABILITY:
        return any(
            item.id == target and _ability_admitted(spec, item, controller) for item in game.stack
        )
    obj = game.objects.get(target)
    if obj is None or (spec.not_source and target == source):
        return False
    if spec.kind is TargetKind.SPELL:
        return obj.zone is Zone.STACK and _spell_admitted(spec, obj)
    if spec.kind is TargetKind.CARD_IN_GRAVEYARD:
        # A card that left the graveyard is a new object (400.7), even if it came back.
        return obj in _graveyard_cards(game, spec, controller)
    if obj.zone is not Zone.BATTLEFIELD or not _controller_and_combat_allow(game, spec, obj, by):
        return False
    chars = game.characteristics(obj)
    if not spec.admits_permanent(chars.types, chars.subtypes, chars.colors):
        return False
    if not _toughness_allows(game, spec, chars, by):
        return False
    return not any(a.forbids_targeting(game, obj, by) for a in chars.abilities)


def _toughness_allows(game: Game, spec: TargetSpec, chars: Characteristics, by: Targeting) -> bool:
    """ "With toughness less than [this]'s power" in a target's text: the source's power
    as it is now, or as it last existed (113.7a)."""
    if not spec.toughness_below_source_power:
        return True
    power = by.characteristics(game).power
    return chars.toughness is not None and power is not None and chars.toughness < power


def _controller_and_combat_allow(
    game: Game, spec: TargetSpec, permanent: GameObject, by: Targeting
) -> bool:
    return controller_and_combat_allow(game, spec, permanent, by.controller, by.that_player)


def controller_and_combat_allow(
    game: Game,
    spec: TargetSpec,
    permanent: GameObject,
    controller: int,
    that_player: int | None = None,
) -> bool:
    """ "You control", "an opponent controls", "that player controls", "attacking",
    "blocking" and "tapped" in a target's (or an enchant ability's) text, for a spell,
    ability or Aura ``controller`` controls; "attacking or blocking" admits either
    (506.3)."""
    if spec.yours and permanent.controller != controller:
        return False
    if spec.tapped and not permanent.tapped:
        return False
    if spec.opponent and not game.is_opponent(controller, permanent.controller):
        return False
    if spec.that_players and permanent.controller != that_player:
        return False
    if not (spec.attacking or spec.blocking):
        return True
    # Attacking or blocking in any turn's combat, with several turns at once (807.4).
    return (spec.attacking and game.is_attacking(permanent.id)) or (
        spec.blocking and game.is_blocking(permanent.id)
    )


def spell_target_specs(obj: GameObject) -> tuple[TargetSpec, ...]:
    """Every target of a spell, or of the card about to be cast: its own, then those of
    the text it gained as it was cast, in order (601.2c, 702.47d)."""
    own = own_target_specs(obj)
    if not obj.gained_text:
        return own
    return own + tuple(spec for part in obj.gained_text for spec in part.targets)


def own_target_specs(obj: GameObject) -> tuple[TargetSpec, ...]:
    """The targets of a spell's own text: its chosen modes' or its spell ability's, or an
    Aura's Enchant target (303.4a); not those of text it gained (702.47c). A face-down
    spell has no text (708.2a), so none."""
    card = obj.template
    if card.spell is not None:
        if card.spell.modes:
            return tuple(t for i in obj.modes for t in card.spell.modes[i].targets)
        return card.spell.targets
    if card.is_aura:
        if card.enchant is None:
            raise ValueError(f"{card.name} is an Aura without an Enchant ability (CR 303.4a)")
        return (card.enchant,)
    return ()


async def choose_targets(
    game: Game, specs: Sequence[TargetSpec], what: str, by: Targeting
) -> tuple[TargetRef | None, ...] | None:
    """Ask the controller of the spell or ability ``by`` for each target (CR 601.2c,
    602.2b, 603.3d): one entry per target slot (:func:`~manaweave.cards.target_slots`),
    ``None`` for slots of a variable number of targets left unchosen. ``None`` if a
    required target has no legal choice or the player left the game."""
    player = by.controller
    targets: list[TargetRef | None] = []
    for spec in specs:
        chosen: list[TargetRef] = []
        options = _open_choices(game, spec, by, targets)
        wanted = spec.count
        if spec.fewest < spec.count:
            # A variable number of targets: how many is announced first (601.2c).
            if spec.count == ANY_NUMBER and len(options) > ANY_NUMBER:
                raise RuleNotImplementedError(
                    "601.2c", f"{what}: more than {ANY_NUMBER} legal targets for {spec.text}"
                )
            most = min(spec.count, len(options))
            if most < spec.fewest:
                return None
            counts = [Number(n) for n in range(spec.fewest, most + 1)]
            decision = game.decision(
                DecisionKind.TARGET_COUNT, player, counts, f"how many {spec.text} for {what}"
            )
            choice = await game.ask(decision)
            if game.players[player].has_left:
                return None
            wanted = counts[choice.indices[0]].value
        for _ in range(wanted):
            # The same target only once for one word "target" (115.3).
            options = [o for o in options if _ref(o) not in chosen]
            if not options:
                return None
            decision = game.decision(
                DecisionKind.TARGET, player, options, f"choose {spec.text} for {what}"
            )
            choice = await game.ask(decision)
            if game.players[player].has_left:
                return None
            chosen.append(_ref(options[choice.indices[0]]))
        targets.extend(chosen)
        targets.extend([None] * (spec.count - len(chosen)))
    return tuple(targets)


def _open_choices(
    game: Game, spec: TargetSpec, by: Targeting, taken: Sequence[TargetRef | None]
) -> list[TargetOption]:
    options = legal_targets(game, spec, by)
    if spec.another:
        # "Another target": not one already chosen for this spell or ability (115.3).
        options = [o for o in options if _ref(o) not in taken]
    return options


def _ref(option: TargetOption) -> TargetRef:
    return option.object if option.object is not None else ("player", option.player or 0)


def can_choose_targets(game: Game, specs: Sequence[TargetSpec], by: Targeting) -> bool:
    """Whether every required target of the spell or ability ``by`` can be chosen at once
    (601.2c): different ones for one word "target" and where the text says "another
    target" (115.3)."""
    if all(spec.count == 1 and spec.fewest == 1 and not spec.another for spec in specs):
        return all(has_legal_target(game, spec, by) for spec in specs)
    choices = [[_ref(o) for o in legal_targets(game, spec, by)] for spec in specs]
    required = [(i, specs[i]) for i in range(len(specs)) for _ in range(specs[i].fewest)]

    def fill(slot: int, taken: list[tuple[int, TargetRef]]) -> bool:
        if slot == len(required):
            return True
        index, spec = required[slot]
        return any(
            fill(slot + 1, [*taken, (index, ref)])
            for ref in choices[index]
            if not any(ref == t and (i == index or spec.another) for i, t in taken)
        )

    return fill(0, [])


async def choose_division(
    game: Game, player: int, total: int, targets: Sequence[TargetRef | None], what: str
) -> tuple[int, ...] | None:
    """The caster divides ``total`` among the chosen targets, at least 1 each (601.2d)."""
    chosen = [i for i, t in enumerate(targets) if t is not None]
    if not chosen:
        return ()
    division = [0] * len(targets)
    if len(chosen) == 1:
        division[chosen[0]] = total
        return tuple(division)
    names = tuple(_target_name(game, targets[i]) for i in chosen)
    splits = DamageSplits(total - len(chosen), tuple(chosen))
    options = [Division(tuple(a + 1 for a in split.amounts), names) for split in splits]
    decision = game.decision(
        DecisionKind.DIVISION, player, options, f"divide {total} among the targets of {what}"
    )
    choice = await game.ask(decision)
    if game.players[player].has_left:
        return None
    for slot, amount in zip(chosen, options[choice.indices[0]].amounts, strict=True):
        division[slot] = amount
    return tuple(division)


def _target_name(game: Game, target: TargetRef | None) -> str:
    if isinstance(target, tuple):
        return f"player {target[1]}"
    assert target is not None
    obj = game.objects.get(target)
    if obj is None:
        return f"#{target} (gone)"
    return f"{obj.public_name} #{target}"


def target_log(target: TargetRef | None) -> int | str | None:
    if target is None:
        return None
    return target if isinstance(target, int) else f"player:{target[1]}"


def targets_log(targets: Sequence[TargetRef | None]) -> list[int | str | None]:
    """The targets as logged: unchosen slots of "up to" or "any number of" targets at the
    end are left out."""
    end = len(targets)
    while end and targets[end - 1] is None:
        end -= 1
    return [target_log(t) for t in targets[:end]]


async def choose_new_targets(game: Game, item: StackItem, player: int, what: str) -> bool:
    """``player`` may choose new targets for ``item`` (CR 115.7d, 707.10c): each target
    may stay as it is, even if illegal, or change to a legal one; the final set must not
    name the same object twice for one word "target", nor for "another target" (115.3,
    115.7e). The number of targets and any division stay as they were (115.7f). Returns
    whether any target changed."""
    return await change_targets(game, item, player, what, how="new")


async def change_targets(
    game: Game, item: StackItem, player: int, what: str, *, how: str = "the"
) -> bool:
    """``player`` changes targets of ``item`` (CR 115.7a-c), each only to another legal
    target that no other of its targets names for the same word "target" (115.3):
    ``"the"`` changes every target, or none if one of them can't change (115.7a);
    ``"a"`` changes one target of the player's choice (115.7b); ``"any"`` changes any
    number of them (115.7c); ``"new"`` is choosing new targets, the same as ``"any"``
    (115.7d). A target that isn't changed stays, even if it is illegal by
    then. Returns whether anything changed."""
    specs = target_slots(item_target_specs(item))
    targets = list(item.targets)
    by = item_targeting(item)

    def alternatives(slot: int) -> list[TargetOption]:
        spec, current = specs[slot], targets[slot]
        others = [
            t
            for i, t in enumerate(targets)
            if i != slot and t is not None and (spec.another or specs[i] is spec)
        ]
        return [
            o
            for o in legal_targets(game, spec, by)
            if _ref(o) != current and _ref(o) not in others and o.object != item.id
        ]

    slots = [i for i, t in enumerate(targets) if t is not None]
    if how == "the" and not all(alternatives(i) for i in slots):
        return False  # if they can't all change, none does (115.7a)
    if how == "a":
        changeable = [i for i in slots if alternatives(i)]
        if len(changeable) > 1:
            which = [
                Named(f"target {n}: {_target_name(game, targets[i]).split(' #')[0]}")
                for n, i in enumerate(changeable, start=1)
            ]
            decision = game.decision(
                DecisionKind.NEW_TARGET,
                player,
                which,
                f"the target of {what} to change",
                rule="115.7b",
            )
            choice = await game.ask(decision)
            changeable = [changeable[choice.indices[0]]]
        slots = changeable
    changed = False
    for slot in slots:
        candidates = alternatives(slot)
        if not candidates:
            continue
        options: list[Named | TargetOption] = list(candidates)
        if how in ("any", "new"):
            options.insert(0, Named("keep"))
        decision = game.decision(
            DecisionKind.NEW_TARGET,
            player,
            options,
            f"change the target of {what} ({specs[slot].text}) from "
            f"{_target_name(game, targets[slot])}",
            rule={"the": "115.7a", "a": "115.7b", "any": "115.7c", "new": "115.7d"}[how],
        )
        choice = await game.ask(decision)
        if game.players[player].has_left:
            return changed
        picked = options[choice.indices[0]]
        if isinstance(picked, TargetOption):
            targets[slot] = _ref(picked)
            changed = True
    if changed:
        item.targets = tuple(targets)
    return changed


def item_target_specs(item: StackItem) -> tuple[TargetSpec, ...]:
    """The target specifications of a spell or ability on the stack."""
    if isinstance(item, GameObject):
        return spell_target_specs(item)
    return tuple(getattr(item.ability, "targets", ()))
