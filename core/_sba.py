"""State-based actions (CR 704), performed simultaneously and repeated to a fixed point."""

from __future__ import annotations

from collections import defaultdict

from ._decisions import CardOption, DecisionKind
from ._game import Game
from ._objects import AbilityOnStack, GameObject
from ._zones import Zone
from .cards import CantHaveMoreThan, TriggeredAbility

__all__ = ["check_state_based_actions"]


async def check_state_based_actions(game: Game) -> bool:
    """Check every state-based action once and perform all that apply as one event (704.3).

    Returns whether any were performed (the caller repeats until none are). A state
    that has not changed since a check that found nothing is not checked again.
    """
    if game.sba_checked_at == game.state_version:
        return False
    if game.combat is not None:
        # A permanent that stopped being a creature, planeswalker or battle is out of
        # combat (506.4): not a state-based action, but seen whenever they are checked.
        from ._combat import remove_from_combat_if_not_creatures

        remove_from_combat_if_not_creatures(game)
    losses: list[tuple[int, str, str]] = []
    for state in game.players:
        if state.has_left:
            continue
        if state.life <= 0:
            losses.append((state.id, "life total 0 or less", "704.5a"))
        elif state.attempted_empty_draw:
            losses.append((state.id, "drew from an empty library", "704.5b"))
        elif state.poison >= 10:
            losses.append((state.id, "ten or more poison counters", "704.5c"))
        state.attempted_empty_draw = False
    # A player who can't lose the game stays in it, however often this is checked (104.3).
    losses = [loss for loss in losses if game.can_lose(loss[0])]

    to_graveyard: list[tuple[GameObject, str]] = []
    legendary: list[GameObject] = []
    world: list[GameObject] = []
    annihilate: list[GameObject] = []
    unattach: list[tuple[GameObject, str]] = []
    excess: list[tuple[GameObject, str, int]] = []
    roles: dict[tuple[int, int], list[GameObject]] = defaultdict(list)
    for permanent in game.battlefield:
        counters = permanent.counters
        if counters and counters.get("+1/+1") and counters.get("-1/-1"):
            annihilate.append(permanent)
        chars = game.characteristics(permanent)
        types = chars.types
        if chars.is_creature and chars.toughness is not None:
            if chars.toughness <= 0:
                to_graveyard.append((permanent, "704.5f"))
            elif (
                permanent.damage >= chars.toughness or permanent.damaged_by_deathtouch
            ) and game.can_be_destroyed(permanent):
                # Both destroy (701.8a), so a permanent that can't be destroyed is passed
                # by (702.12b).
                if permanent.damage >= chars.toughness:
                    to_graveyard.append((permanent, "704.5g"))  # lethal damage
                else:
                    to_graveyard.append((permanent, "704.5h"))  # deathtouch
        if len(types) > 1 or not chars.is_creature:
            if "Planeswalker" in types and not counters.get("loyalty"):
                to_graveyard.append((permanent, "704.5i"))  # loyalty 0 (306.5c)
            if (
                "Battle" in types
                and not counters.get("defense")
                and not _has_triggered(game, permanent)
            ):
                to_graveyard.append((permanent, "704.5v"))
        if permanent.card.is_aura:
            if not _legally_attached(game, permanent):
                to_graveyard.append((permanent, "704.5m"))
            elif "Role" in chars.subtypes and permanent.attached_to is not None:
                roles[(permanent.attached_to, permanent.controller)].append(permanent)
        elif permanent.attached_to is not None:
            rule = _illegal_attachment(game, permanent, types, chars.subtypes)
            if rule is not None:
                unattach.append((permanent, rule))
        if counters:
            final_chapter = (permanent.copy_card or permanent.card).final_chapter
            if (
                final_chapter
                and not permanent.face_down
                and counters.get("lore", 0) >= final_chapter
                and "Saga" in chars.subtypes
                and not _has_triggered(game, permanent)
            ):
                to_graveyard.append((permanent, "704.5s"))  # its controller sacrifices it
            for ability in chars.abilities:
                if isinstance(ability, CantHaveMoreThan):
                    over = counters.get(ability.kind, 0) - ability.most
                    if over > 0:
                        excess.append((permanent, ability.kind, over))
        if chars.supertypes:
            if "Legendary" in chars.supertypes:
                legendary.append(permanent)
            if "World" in chars.supertypes:
                world.append(permanent)
    for permanent in game.deathtouch_marked:
        permanent.damaged_by_deathtouch = False  # "since the last time SBAs were checked"
    game.deathtouch_marked.clear()
    if len(legendary) > 1:
        to_graveyard.extend(await _legend_rule(game, legendary))
    if len(world) > 1:
        to_graveyard.extend(_world_rule(world))
    for attached_roles in roles.values():
        if len(attached_roles) > 1:
            # All but the newest Role one player controls on one permanent go (704.5y).
            newest = max(attached_roles, key=lambda r: r.timestamp)
            to_graveyard.extend((r, "704.5y") for r in attached_roles if r is not newest)
    tokens = [t for t in game.copies_elsewhere if t.id in game.objects]
    for extra in game.hooks.state_based_actions if game.hooks else ():
        to_graveyard.extend(extra.check(game))

    if not (losses or to_graveyard or annihilate or tokens or unattach or excess):
        game.copies_elsewhere.clear()
        game.sba_checked_at = game.state_version
        return False
    seq = game.emit(
        "state_based_actions_performed",
        rule="704.3",
        losses=[[p, rule] for p, _reason, rule in losses],
        objects=[[o.id, rule] for o, rule in to_graveyard],
        tokens=[t.id for t in tokens],
        counters=[p.id for p in annihilate],
        unattached=[[o.id, rule] for o, rule in unattach],
    )
    with game.caused_by(seq):
        async with game.simultaneously():
            for permanent, rule in unattach:
                game.unattach(permanent, rule=rule)
            for permanent, kind, over in excess:
                game.remove_counters(permanent, kind, over, rule="704.5r")
            seen: set[int] = set()
            for permanent, rule in to_graveyard:
                if permanent.id in seen or permanent.id not in game.objects:
                    continue
                seen.add(permanent.id)
                if rule in ("704.5g", "704.5h"):
                    await game.destroy(permanent, rule=rule)  # these destroy (701.8a)
                elif rule == "704.5s":
                    await game.move(permanent, Zone.GRAVEYARD, rule=rule, event="sacrificed")
                else:
                    await game.move(permanent, Zone.GRAVEYARD, rule=rule)
            for token in tokens:
                game.cease_to_exist(token, rule="704.5e" if token.is_spell_copy else "704.5d")
            game.copies_elsewhere = [t for t in game.copies_elsewhere if t.id in game.objects]
            for permanent in annihilate:
                # N +1/+1 and N -1/-1 counters are removed, N the smaller count (704.5q).
                pairs = min(permanent.counters["+1/+1"], permanent.counters["-1/-1"])
                game.remove_counters(permanent, "+1/+1", pairs, rule="704.5q")
                game.remove_counters(permanent, "-1/-1", pairs, rule="704.5q")
            if losses:
                game.lose_all(losses)
    return True


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
    game: Game, permanent: GameObject, types: tuple[str, ...], subtypes: tuple[str, ...]
) -> str | None:
    """The rule that unattaches a permanent other than an Aura from what it is attached
    to, or None if the attachment is legal (704.5n, 704.5p; 301.5c, 301.6, 702.16d)."""
    if "Creature" in types or "Battle" in types:
        return "704.5p"
    equipment = "Equipment" in subtypes
    fortification = "Fortification" in subtypes
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
    return None


def _world_rule(world: list[GameObject]) -> list[tuple[GameObject, str]]:
    """Two or more permanents with the world supertype: all but the one that has had it
    for the shortest time go to their owners' graveyards; on a tie, all of them (704.5k)."""
    newest = max(p.arrived for p in world)
    keep = [p for p in world if p.arrived == newest]
    return [(p, "704.5k") for p in world if len(keep) > 1 or p not in keep]


async def _legend_rule(game: Game, legendary: list[GameObject]) -> list[tuple[GameObject, str]]:
    """Two or more legendary permanents with the same name and controller (704.5j)."""
    groups: dict[tuple[int, str], list[GameObject]] = defaultdict(list)
    for permanent in legendary:
        groups[(permanent.controller, game.characteristics(permanent).name)].append(permanent)
    doomed: list[tuple[GameObject, str]] = []
    for (controller, name), permanents in sorted(groups.items()):
        if len(permanents) < 2:
            continue
        options = [CardOption(p.id, f"{name} #{p.id}") for p in permanents]
        decision = game.decision(
            DecisionKind.LEGEND_RULE, controller, options, f"choose the {name} to keep"
        )
        choice = await game.ask(decision)
        keep = options[choice.indices[0]].object
        doomed.extend((p, "704.5j") for p in permanents if p.id != keep)
    return doomed
