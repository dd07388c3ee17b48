"""How a scenario names game objects: by name, and ``"Name#n"`` for the n-th of several.

An object is named by its current name (its copiable values after copy effects, 707.2:
a Clone copying Serra Angel is "Serra Angel") or, when no object there has that current
name, by its printed name ("Clone"). ``"Grizzly Bears#2"`` is the second object so named
in its zone, counting in the order the objects came into that zone (each zone change
makes a new object, 400.7, so this is the order they were set up or entered).

A bare name that fits several objects is fine while they are interchangeable: the same
controller, owner and zone, and the same state (tapped, damage, counters, attachments,
characteristics, combat, a creature's summoning sickness). Otherwise it is ambiguous and
a :class:`ScenarioError` asks for ``#n``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from manaweave._engine._game import Game
from manaweave._engine._objects import GameObject
from manaweave._engine._zones import Zone

from ._scenario_script import ScenarioError

__all__ = ["describe_object", "named", "resolve", "split_name", "zone_objects"]

_CHARACTERISTIC_ZONES = (Zone.BATTLEFIELD, Zone.STACK)


def split_name(wanted: str) -> tuple[str, int | None]:
    """``"Grizzly Bears#2"`` -> ``("Grizzly Bears", 2)``; a bare name has no number."""
    base, sep, number = wanted.rpartition("#")
    if not sep or not base or not number.isdigit():
        return wanted, None
    if int(number) < 1:
        raise ScenarioError(f"{wanted!r}: objects are counted from #1")
    return base.rstrip(), int(number)


def current_name(game: Game, obj: GameObject) -> str:
    """Its name now: after copy effects on the battlefield and the stack (707.2); a
    face-down object has none and is called by what players see (708.2a)."""
    if obj.face_down:
        return obj.public_name
    if obj.zone in _CHARACTERISTIC_ZONES:
        return game.characteristics(obj).name or obj.public_name
    return obj.name


def zone_objects(game: Game, zone: Zone) -> list[GameObject]:
    """Every object in ``zone`` (every player's, for hands, libraries and graveyards)."""
    if zone is Zone.BATTLEFIELD:
        return list(game.battlefield)
    if zone is Zone.STACK:
        return [item for item in game.stack if isinstance(item, GameObject)]
    if zone is Zone.EXILE:
        return list(game.exile)
    if zone is Zone.COMMAND:
        return list(game.command)
    found: list[GameObject] = []
    for state in game.players:
        found.extend(
            state.hand
            if zone is Zone.HAND
            else state.graveyard
            if zone is Zone.GRAVEYARD
            else state.library
        )
    return found


def named(game: Game, wanted: str, objects: Iterable[GameObject]) -> list[GameObject]:
    """The objects among ``objects`` (those of one zone) that ``wanted`` names, in the
    order they came into the zone: by current name, else by printed name; with ``#n``,
    only the n-th of those."""
    base, number = split_name(wanted)
    ordered = sorted(objects, key=lambda o: o.id)
    found = [o for o in ordered if current_name(game, o) == base] or [
        o for o in ordered if not o.face_down and o.name == base
    ]
    if number is None:
        return found
    return found[number - 1 : number]


def _state(game: Game, obj: GameObject) -> tuple[Any, ...]:
    """Everything that tells two objects of one name apart for a test."""
    chars: tuple[Any, ...] = ()
    if obj.zone in _CHARACTERISTIC_ZONES:
        c = game.characteristics(obj)
        chars = (c.name, c.power, c.toughness, c.types, c.subtypes, c.colors, c.abilities)
    attached = sorted(current_name(game, p) for p in game.battlefield if p.attached_to == obj.id)
    return (
        obj.zone,
        obj.owner,
        obj.controller,
        obj.card.name,
        obj.is_token,
        obj.face_down,
        obj.tapped,
        obj.damage,
        sorted(obj.counters.items()),
        obj.attached_to,
        attached,
        # Summoning sickness sets creatures apart (302.6), not lands played this turn.
        obj.zone is Zone.BATTLEFIELD and game.is_creature(obj) and game.has_summoning_sickness(obj),
        chars,
        obj.targets,
        obj.x,
        game.is_attacking(obj.id),
        game.is_blocking(obj.id),
    )


def describe_object(game: Game, obj: GameObject, label: str) -> str:
    """``Grizzly Bears#2 (P2's, tapped, 1 damage)``: enough to tell it from its namesakes."""
    parts = [f"P{obj.controller + 1}'s"]
    if obj.zone is not Zone.BATTLEFIELD:
        parts.append(f"in {obj.zone.value}")
    if obj.tapped:
        parts.append("tapped")
    if obj.damage:
        parts.append(f"{obj.damage} damage")
    parts.extend(f"{n} {kind} counter(s)" for kind, n in sorted(obj.counters.items()))
    if obj.attached_to is not None:
        host = game.objects.get(obj.attached_to)
        parts.append(f"attached to {host.name if host else obj.attached_to}")
    if obj.zone is Zone.BATTLEFIELD and game.is_creature(obj):
        c = game.characteristics(obj)
        parts.append(f"{c.power}/{c.toughness}")
        if game.has_summoning_sickness(obj):
            parts.append("summoning sick")
    return f"{label} ({', '.join(parts)})"


def resolve(
    game: Game, wanted: str, candidates: Sequence[GameObject], *, uses: int = 1
) -> list[GameObject]:
    """The ``candidates`` that ``wanted`` may mean, first the one to take.

    Candidates are numbered within their own zone (see :func:`named`). A bare name that
    fits several candidates that are not interchangeable is ambiguous, unless the script
    uses the name as often as there are candidates (then each is taken in turn)."""
    by_zone: dict[Zone, list[GameObject]] = {}
    for obj in candidates:
        by_zone.setdefault(obj.zone, []).append(obj)
    chosen: set[int] = set()
    for zone, objects in by_zone.items():
        everyone = zone_objects(game, zone)
        present = {o.id for o in everyone}
        # A candidate not in its zone's list (one being cast, say) is numbered alone.
        pool = everyone + [o for o in objects if o.id not in present]
        chosen.update(o.id for o in named(game, wanted, pool))
    found = [o for o in candidates if o.id in chosen]
    _, number = split_name(wanted)
    if number is None and len(found) > uses:
        first = _state(game, found[0])
        if any(_state(game, o) != first for o in found[1:]):
            raise ScenarioError(_ambiguity(game, wanted, found))
    return found


def _ambiguity(game: Game, wanted: str, found: Sequence[GameObject]) -> str:
    lines = [f"{wanted!r} is ambiguous; name one of them with #n:"]
    for obj in found:
        same = named(game, wanted, zone_objects(game, obj.zone))
        number = next((i + 1 for i, o in enumerate(same) if o.id == obj.id), 0)
        lines.append("  " + describe_object(game, obj, f"{wanted}#{number}"))
    return "\n".join(lines)
