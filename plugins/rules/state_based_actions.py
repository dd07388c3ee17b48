"""The state-based actions of CR 704.5, one object per rule or family of rules.

They are contributed through :func:`manaweave.hookspecs.mw_collect_state_based_actions`
exactly as a third party's are, and the core checks and performs them with every other
(704.3). Deathtouch's (704.5h) lives with the keyword, in :mod:`manaweave.keywords.deathtouch`.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from manaweave import Zone, hookimpl
from manaweave.cards import CantHaveMoreThan, TriggeredAbility
from manaweave.hookspecs import (
    AnnihilateCounters,
    BaseStateBasedAction,
    CeaseToExist,
    ChooseOneToKeep,
    Destroy,
    LooksAt,
    PlayerLoses,
    PutIntoGraveyard,
    RemoveCounters,
    Sacrifice,
    StateBasedAction,
    StateBasedActionResult,
    Unattach,
)
from manaweave.lowlevel import AbilityOnStack

if TYPE_CHECKING:
    from manaweave.lowlevel import Characteristics, Game, GameObject, PlayerState

__all__ = [
    "Attachments",
    "AurasAttachedIllegally",
    "Battles",
    "CopiesElsewhere",
    "CountersAnnihilate",
    "LegendRule",
    "LethalDamage",
    "NoMoreThanN",
    "PlaneswalkerLoyalty",
    "PlayerLosses",
    "Roles",
    "Sagas",
    "WorldRule",
    "ZeroToughness",
    "mw_collect_state_based_actions",
]

_PLAYERS = frozenset({LooksAt.EACH_PLAYER})
_CREATURES = frozenset({LooksAt.EACH_CREATURE})
_ATTACHMENTS = frozenset({LooksAt.EACH_ATTACHMENT})
_WITH_COUNTERS = frozenset({LooksAt.EACH_PERMANENT_WITH_COUNTERS})
Found = list[StateBasedActionResult]


class PlayerLosses(BaseStateBasedAction):
    """A player with 0 or less life (704.5a), who attempted to draw from an empty library
    since the last check (704.5b), or with ten or more poison counters (704.5c; a team
    that shares them, as many as its variant says, 810.8d) loses."""

    rule = "704.5a"
    looks_at = _PLAYERS

    def check_player(self, game: Game, player: PlayerState, found: Found) -> None:
        if player.life <= 0:
            found.append(PlayerLoses(player.id, "life total 0 or less", "704.5a"))
        elif player.attempted_empty_draw:
            found.append(PlayerLoses(player.id, "drew from an empty library", "704.5b"))
        elif player.poison >= (limit := game.variant.poison_to_lose(game, game.team_of(player.id))):
            # Ten, or a Two-Headed Giant team's fifteen it shares (810.8d, 810.11).
            if limit == 10:
                found.append(PlayerLoses(player.id, "ten or more poison counters", "704.5c"))
            else:
                found.append(PlayerLoses(player.id, f"{limit} or more poison counters", "810.8d"))
        player.attempted_empty_draw = False  # "since the last time ... were checked"


class CopiesElsewhere(BaseStateBasedAction):
    """A token in a zone other than the battlefield (704.5d) and a copy of a spell in a
    zone other than the stack (704.5e) cease to exist."""

    rule = "704.5d"
    looks_at = frozenset({LooksAt.THE_GAME})

    def check_game(self, game: Game, found: Found) -> None:
        if not game.copies_elsewhere:
            return
        # The game notes each such object as it leaves (111.7); those already gone from
        # the game need nothing more.
        game.copies_elsewhere[:] = [t for t in game.copies_elsewhere if t.id in game.objects]
        found.extend(
            CeaseToExist(t, "704.5e" if t.is_spell_copy else "704.5d")
            for t in game.copies_elsewhere
        )


class ZeroToughness(BaseStateBasedAction):
    """A creature with toughness 0 or less is put into its owner's graveyard (704.5f)."""

    rule = "704.5f"
    looks_at = _CREATURES

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        toughness = characteristics.toughness
        if toughness is not None and toughness <= 0:
            found.append(PutIntoGraveyard(permanent, "704.5f"))


class LethalDamage(BaseStateBasedAction):
    """A creature with toughness greater than 0 and damage marked on it at least equal to
    its toughness has been dealt lethal damage and is destroyed (704.5g); one that can't
    be destroyed is passed by (702.12b)."""

    rule = "704.5g"
    looks_at = _CREATURES

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        toughness = characteristics.toughness
        if (
            toughness is not None
            and 0 < toughness <= permanent.damage
            and game.can_be_destroyed(permanent)
        ):
            found.append(Destroy(permanent, "704.5g"))


class PlaneswalkerLoyalty(BaseStateBasedAction):
    """A planeswalker with loyalty 0 is put into its owner's graveyard (704.5i, 306.5c)."""

    rule = "704.5i"
    looks_at = frozenset({LooksAt.EACH_PLANESWALKER})

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        if "Planeswalker" in characteristics.types and not permanent.counters.get("loyalty"):
            found.append(PutIntoGraveyard(permanent, "704.5i"))


class LegendRule(BaseStateBasedAction):
    """Two or more legendary permanents with the same name and controller: that player
    chooses one, and the rest are put into their owners' graveyards (704.5j)."""

    rule = "704.5j"
    looks_at = frozenset({LooksAt.EACH_LEGENDARY_PERMANENT, LooksAt.THE_GAME})

    def __init__(self) -> None:
        self._seen: dict[tuple[int, str], list[GameObject]] = defaultdict(list)

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        if "Legendary" in characteristics.supertypes:
            self._seen[(permanent.controller, characteristics.name)].append(permanent)

    def check_game(self, game: Game, found: Found) -> None:
        if not self._seen:
            return
        seen, self._seen = self._seen, defaultdict(list)
        for (controller, name), permanents in sorted(seen.items()):
            if len(permanents) > 1:
                found.append(ChooseOneToKeep(controller, name, tuple(permanents), "704.5j"))


class WorldRule(BaseStateBasedAction):
    """Two or more permanents with the world supertype: all but the one that has had it
    for the shortest time go to their owners' graveyards; on a tie, all of them (704.5k)."""

    rule = "704.5k"
    looks_at = frozenset({LooksAt.EACH_WORLD_PERMANENT, LooksAt.THE_GAME})

    def __init__(self) -> None:
        self._seen: list[GameObject] = []

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        if "World" in characteristics.supertypes:
            self._seen.append(permanent)

    def check_game(self, game: Game, found: Found) -> None:
        if not self._seen:
            return
        world, self._seen = self._seen, []
        if len(world) < 2:
            return
        if game.influence.limited:
            # The world rule applies to a permanent only if other world permanents are
            # within its controller's range of influence (801.12).
            for permanent in world:
                near = [p for p in world if game.object_in_range(permanent.controller, p)]
                newest = max(p.arrived for p in near)
                keep = [p for p in near if p.arrived == newest]
                if len(near) > 1 and (len(keep) > 1 or permanent not in keep):
                    found.append(PutIntoGraveyard(permanent, "801.12"))
            return
        newest = max(p.arrived for p in world)
        keep = [p for p in world if p.arrived == newest]
        found.extend(PutIntoGraveyard(p, "704.5k") for p in world if len(keep) > 1 or p not in keep)


class AurasAttachedIllegally(BaseStateBasedAction):
    """An Aura attached to an illegal object or player, or not attached, is put into its
    owner's graveyard (704.5m; 303.4c-d, 702.16c)."""

    rule = "704.5m"
    looks_at = _ATTACHMENTS

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        if permanent.card.is_aura:
            if not _legally_attached(game, permanent):
                found.append(PutIntoGraveyard(permanent, "704.5m"))
            elif not _within_range(game, permanent):
                found.append(PutIntoGraveyard(permanent, "801.8"))


class Attachments(BaseStateBasedAction):
    """An Equipment or Fortification attached to an illegal permanent (704.5n), and any
    other permanent that is not an Aura, Equipment or Fortification, or that is a creature
    or a battle, attached to an object (704.5p), becomes unattached."""

    rule = "704.5n"
    looks_at = _ATTACHMENTS

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        if permanent.card.is_aura or permanent.attached_to is None:
            return
        rule = _illegal_attachment(game, permanent, characteristics)
        if rule is not None:
            found.append(Unattach(permanent, rule))


class CountersAnnihilate(BaseStateBasedAction):
    """A permanent with both +1/+1 and -1/-1 counters loses N of each, N the smaller
    count (704.5q)."""

    rule = "704.5q"
    looks_at = _WITH_COUNTERS

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        counters = permanent.counters
        if counters.get("+1/+1") and counters.get("-1/-1"):
            found.append(AnnihilateCounters(permanent, "704.5q"))


class NoMoreThanN(BaseStateBasedAction):
    """A permanent with an ability saying it can't have more than N counters of a kind
    has the excess removed (704.5r)."""

    rule = "704.5r"
    looks_at = _WITH_COUNTERS

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        for ability in characteristics.abilities_of(CantHaveMoreThan):
            over = permanent.counters.get(ability.kind, 0) - ability.most
            if over > 0:
                found.append(RemoveCounters(permanent, ability.kind, over, "704.5r"))


class Sagas(BaseStateBasedAction):
    """A Saga with lore counters at least equal to its final chapter number, and no
    chapter ability that has triggered and not left the stack, is sacrificed (704.5s)."""

    rule = "704.5s"
    looks_at = _WITH_COUNTERS

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        final_chapter = (permanent.copy_card or permanent.card).final_chapter
        if (
            final_chapter
            and not permanent.face_down
            and permanent.counters.get("lore", 0) >= final_chapter
            and "Saga" in characteristics.subtypes
            and not _has_triggered(game, permanent)
        ):
            found.append(Sacrifice(permanent, "704.5s"))


class Battles(BaseStateBasedAction):
    """A battle with defense 0 and no ability that has triggered and not left the stack
    is put into its owner's graveyard (704.5v)."""

    rule = "704.5v"
    looks_at = frozenset({LooksAt.EACH_BATTLE})

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        if (
            "Battle" in characteristics.types
            and not permanent.counters.get("defense")
            and not _has_triggered(game, permanent)
        ):
            found.append(PutIntoGraveyard(permanent, "704.5v"))


class Roles(BaseStateBasedAction):
    """Of the Roles one player controls attached to one permanent, all but the one with
    the newest timestamp are put into their owners' graveyards (704.5y)."""

    rule = "704.5y"
    looks_at = frozenset({LooksAt.EACH_ATTACHMENT, LooksAt.THE_GAME})

    def __init__(self) -> None:
        self._seen: dict[tuple[int, int], list[GameObject]] = defaultdict(list)

    def check_permanent(
        self, game: Game, permanent: GameObject, characteristics: Characteristics, found: Found
    ) -> None:
        if (
            permanent.card.is_aura
            and permanent.attached_to is not None
            and "Role" in characteristics.subtypes
            and _legally_attached(game, permanent)
        ):
            self._seen[(permanent.attached_to, permanent.controller)].append(permanent)

    def check_game(self, game: Game, found: Found) -> None:
        if not self._seen:
            return
        seen, self._seen = self._seen, defaultdict(list)
        for roles in seen.values():
            if len(roles) > 1:
                newest = max(roles, key=lambda r: r.timestamp)
                found.extend(PutIntoGraveyard(r, "704.5y") for r in roles if r is not newest)


def _legally_attached(game: Game, aura: GameObject) -> bool:
    """An Aura must be attached to an object its enchant ability and other applicable
    effects allow (303.4c-d), such as protection (702.16c)."""
    if aura.attached_to is None or aura.attached_to == aura.id:
        return False
    attached = game.objects.get(aura.attached_to)
    if attached is None or attached.zone is not Zone.BATTLEFIELD:
        return False
    enchant = aura.card.enchant
    if enchant is None or "Creature" in game.characteristics(aura).types:
        return False  # an Aura that's also a creature can't enchant anything (303.4d)
    return game.enchant_allows(enchant, attached, aura.controller) and not game.forbids_attachment(
        attached, aura, staying=True
    )


def _has_triggered(game: Game, permanent: GameObject) -> bool:
    """Whether ``permanent`` is the source of an ability that has triggered but not yet
    left the stack (704.5s, 704.5v)."""
    return any(t.source.id == permanent.id for t in game.pending_triggers) or any(
        isinstance(item, AbilityOnStack)
        and item.source == permanent.id
        and isinstance(item.ability, TriggeredAbility)
        for item in game.stack
    )


def _illegal_attachment(
    game: Game, permanent: GameObject, characteristics: Characteristics
) -> str | None:
    """The rule that unattaches a permanent other than an Aura from what it is attached
    to, or None if the attachment is legal (704.5n, 704.5p; 301.5c, 301.6, 702.16d)."""
    types = characteristics.types
    if "Creature" in types or "Battle" in types:
        return "704.5p"
    equipment = "Equipment" in characteristics.subtypes
    fortification = "Fortification" in characteristics.subtypes
    if not (equipment or fortification):
        return "704.5p"
    attached = game.objects.get(permanent.attached_to) if permanent.attached_to else None
    if attached is None or attached.zone is not Zone.BATTLEFIELD or attached is permanent:
        return "704.5n"
    host = game.characteristics(attached).types
    if equipment and "Creature" not in host:
        return "704.5n"
    if fortification and "Land" not in host:
        return "704.5n"
    if game.forbids_attachment(attached, permanent, staying=True):
        return "704.5n"  # such as protection (702.16d)
    if not game.object_in_range(permanent.controller, attached):
        return "801.9"
    return None


def _within_range(game: Game, attachment: GameObject) -> bool:
    """Whether what ``attachment`` is attached to is within its controller's range of
    influence (801.8, 801.9)."""
    if not game.influence.limited or attachment.attached_to is None:
        return True
    attached = game.objects.get(attachment.attached_to)
    return attached is None or game.object_in_range(attachment.controller, attached)


@hookimpl
def mw_collect_state_based_actions(game: Game) -> list[StateBasedAction]:
    """A fresh set of the state-based actions of CR 704.5 for ``game``."""
    return [
        PlayerLosses(),
        CopiesElsewhere(),
        ZeroToughness(),
        LethalDamage(),
        PlaneswalkerLoyalty(),
        LegendRule(),
        WorldRule(),
        AurasAttachedIllegally(),
        Attachments(),
        CountersAnnihilate(),
        NoMoreThanN(),
        Sagas(),
        Battles(),
        Roles(),
    ]
