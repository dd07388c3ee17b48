"""Magic 2010's white cards, each played out: every sentence of a card's rules text does
what it says, in a scenario. ``WhiteTestCards`` adds a Demon and a Dragon to play
against Baneslayer Angel."""

from __future__ import annotations

import pytest
from _support import first

from manaweave import DecisionKind, Step, hookimpl
from manaweave.cards import CardSet, Printed, card
from manaweave.keywords.flying import Flying
from manaweave.testing import Scenario, ScenarioError


class WhiteTestCards:
    """Test-only creatures: a 6/6 flying Demon and a 6/6 flying Dragon."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [
            CardSet(
                "WHITE-TEST",
                "Magic 2010 white card tests",
                tuple(
                    card(
                        f"Test {kind}",
                        printed=Printed("{4}", f"Creature — {kind}", "Flying", pt=(6, 6)),
                        abilities=(Flying(),),
                    )
                    for kind in ("Demon", "Dragon")
                ),
            )
        ]


def _cast_one(
    card_name: str,
    lands: int,
    mine: tuple[str, ...],
    theirs: tuple[str, ...],
    targets: tuple[str, ...] | list[str] = (),
) -> Scenario:
    """Player 1 with ``lands`` Plains and ``mine``, player 2 with ``theirs``; player 1
    casts ``card_name`` from hand."""
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * lands), *mine)
    s.add(1, "battlefield", *theirs)
    s.add(0, "hand", card_name)
    s.cast(0, card_name, targets=targets)
    return s


@pytest.mark.cards("Angel's Mercy")
@pytest.mark.rules("119.3", "608.2")
def test_angels_mercy_gains_seven_life() -> None:
    s = _cast_one("Angel's Mercy", 4, (), ())
    s.run()
    assert s.life(0) == 27
    assert first(s, "life_changed", player=0)["delta"] == 7
    assert first(s, "life_changed", player=0)["rule"] == "119.3"


@pytest.mark.cards("Baneslayer Angel")
@pytest.mark.rules("702.9b", "702.7b", "702.15b", "510.4")
def test_baneslayer_angel_flies_strikes_first_and_has_lifelink() -> None:
    # Blocked by Giant Spider (reach), it deals its 5 damage first, killing the Spider
    # before it strikes back, and its controller gains 5 life.
    s = Scenario()
    s.add(0, "battlefield", "Baneslayer Angel")
    s.add(1, "battlefield", "Giant Spider")
    s.attack(0, "Baneslayer Angel")
    s.block(1, "Giant Spider", "Baneslayer Angel")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert "Giant Spider" in s.graveyard(1)
    assert s.life(0) == 25
    assert [e["source_name"] for e in s.events("damage_dealt")] == ["Baneslayer Angel"]
    # Flying: Grizzly Bears can't block it.
    # (Elite Vanguard attacks too, so that there is a declaration of blockers to make.)
    s = Scenario()
    s.add(0, "battlefield", "Baneslayer Angel", "Elite Vanguard")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Baneslayer Angel", "Elite Vanguard")
    s.block(1, "Grizzly Bears", "Baneslayer Angel")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Baneslayer Angel"):
        s.run()


@pytest.mark.cards("Baneslayer Angel")
@pytest.mark.rules("702.16a", "702.16e", "702.16f", "702.16g")
@pytest.mark.parametrize("kind", ["Demon", "Dragon"])
def test_baneslayer_angel_has_protection_from_demons_and_from_dragons(kind: str) -> None:
    # A Demon or a Dragon can't block it (702.16f)...
    s = Scenario(plugins=[WhiteTestCards()])
    s.add(0, "battlefield", "Baneslayer Angel", "Elite Vanguard")
    s.add(1, "battlefield", f"Test {kind}")
    s.attack(0, "Baneslayer Angel", "Elite Vanguard")
    s.block(1, f"Test {kind}", "Baneslayer Angel")
    with pytest.raises(ScenarioError, match=f"Test {kind} cannot block Baneslayer Angel"):
        s.run()
    # ... and the damage one deals to it is prevented (702.16e).
    s = Scenario(plugins=[WhiteTestCards()], active=1)
    s.add(1, "battlefield", f"Test {kind}")
    s.add(0, "battlefield", "Baneslayer Angel")
    s.attack(1, f"Test {kind}")
    s.block(0, "Baneslayer Angel", f"Test {kind}")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.permanent("Baneslayer Angel").damage == 0
    assert first(s, "damage_prevented")["rule"] == "702.16e"
    assert s.life(0) == 25  # lifelink: its own 5 damage to the 6/6


@pytest.mark.cards("Blinding Mage")
@pytest.mark.rules("701.26a", "602.2")
def test_blinding_mage_taps_target_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Blinding Mage", "Plains")
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Blinding Mage", targets=["Grizzly Bears"])
    s.run()
    assert s.permanent("Grizzly Bears").tapped
    assert s.permanent("Blinding Mage").tapped
    bears = s.permanent("Grizzly Bears").id
    assert first(s, "permanent_tapped", object=bears)["rule"] == "701.26a"


@pytest.mark.cards("Captain of the Watch")
@pytest.mark.rules("603.2", "111.1", "613.4c", "613.1f", "702.20b")
def test_captain_of_the_watch_makes_soldiers_and_pumps_the_others() -> None:
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * 6), "Elite Vanguard", "Runeclaw Bear")
    s.add(0, "hand", "Captain of the Watch")
    s.cast(0, "Captain of the Watch")
    s.attack(0, "Elite Vanguard", turn=3)
    s.run(until=(3, Step.END_OF_COMBAT))
    assert s.battlefield(0).count("Soldier Token") == 3
    soldier = s.permanents("Soldier Token")[0]
    assert s.game is not None
    assert s.game.characteristics(soldier).colors == ("W",)
    # Other Soldiers get +1/+1 and have vigilance; the Captain itself and the Bear don't.
    assert (s.power("Soldier Token"), s.toughness("Soldier Token")) == (2, 2)
    assert (s.power("Elite Vanguard"), s.toughness("Elite Vanguard")) == (3, 2)
    assert (s.power("Captain of the Watch"), s.toughness("Captain of the Watch")) == (3, 3)
    assert (s.power("Runeclaw Bear"), s.toughness("Runeclaw Bear")) == (2, 2)
    assert s.permanent("Elite Vanguard").tapped is False
    assert s.life(1) == 17


@pytest.mark.cards("Captain of the Watch")
@pytest.mark.rules("702.20b")
def test_captain_of_the_watch_has_vigilance_itself() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Captain of the Watch")
    s.attack(0, "Captain of the Watch")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.permanent("Captain of the Watch").tapped is False
    assert s.life(1) == 17


@pytest.mark.cards("Celestial Purge")
@pytest.mark.rules("701.13a", "115.1")
def test_celestial_purge_exiles_a_black_or_red_permanent_only() -> None:
    s = _cast_one("Celestial Purge", 2, (), ("Goblin Piker",), targets=["Goblin Piker"])
    s.run()
    assert s.battlefield(1) == []
    assert first(s, "object_moved", card="Goblin Piker")["to_zone"] == "exile"
    assert first(s, "object_moved", card="Goblin Piker")["rule"] == "701.13a"
    s = _cast_one("Celestial Purge", 2, (), ("Grizzly Bears",), targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match=r"not a legal option.*Celestial Purge"):
        s.run()


@pytest.mark.cards("Divine Verdict")
@pytest.mark.rules("701.8a", "506.3", "115.1")
@pytest.mark.parametrize("role", ["attacking", "blocking"])
def test_divine_verdict_destroys_an_attacking_or_blocking_creature(role: str) -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains", "Plains", "Plains", "Plains")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.add(0, "hand", "Divine Verdict")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    victim = "Grizzly Bears" if role == "attacking" else "Runeclaw Bear"
    s.cast(0, "Divine Verdict", targets=[victim], step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END_OF_COMBAT))
    assert first(s, "object_moved", card=victim)["rule"] == "701.8a"
    assert victim not in s.battlefield()


@pytest.mark.cards("Divine Verdict")
@pytest.mark.rules("506.3", "115.1")
def test_divine_verdict_cannot_target_a_creature_out_of_combat() -> None:
    s = _cast_one("Divine Verdict", 4, (), ("Grizzly Bears",), targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match=r"not a legal option.*Divine Verdict"):
        s.run()


@pytest.mark.cards("Excommunicate")
@pytest.mark.rules("400.3", "401.1")
def test_excommunicate_puts_the_creature_on_top_of_its_owners_library() -> None:
    s = _cast_one("Excommunicate", 3, (), ("Grizzly Bears",), targets=["Grizzly Bears"])
    s.run()
    assert s.battlefield(1) == []
    assert s.game is not None
    assert s.game.players[1].library[-1].name == "Grizzly Bears"
    assert s.library_size(1) == 11
    assert first(s, "object_moved", card="Grizzly Bears")["to_zone"] == "library"


@pytest.mark.cards("Guardian Seraph")
@pytest.mark.rules("615.10", "702.9b")
def test_guardian_seraph_prevents_one_damage_from_each_opposing_source() -> None:
    s = Scenario(active=1)
    s.add(0, "battlefield", "Guardian Seraph")
    s.add(1, "battlefield", "Craw Wurm", "Prodigal Pyromancer")
    s.attack(1, "Craw Wurm")
    s.activate(1, "Prodigal Pyromancer", targets=["P1"], step=Step.END_OF_COMBAT)
    s.run(until=(1, Step.END))
    # 6 combat damage becomes 5, and the Pyromancer's 1 damage is prevented entirely.
    assert s.life(0) == 15
    prevented = s.events("damage_prevented")
    assert [e["rule"] for e in prevented] == ["615.10", "615.10"]


@pytest.mark.cards("Guardian Seraph")
@pytest.mark.rules("615.10")
def test_guardian_seraph_does_not_prevent_damage_from_your_own_sources() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Guardian Seraph", "Goblin Artillery")
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Goblin Artillery", targets=["Grizzly Bears"])
    s.run()
    assert s.life(0) == 17
    assert s.events("damage_prevented") == []


@pytest.mark.cards("Holy Strength")
@pytest.mark.rules("303.4b", "613.4c", "702.5a")
def test_holy_strength_gives_plus_one_plus_two() -> None:
    s = _cast_one("Holy Strength", 1, ("Grizzly Bears",), (), targets=["Grizzly Bears"])
    s.run()
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (3, 4)
    assert s.permanent("Holy Strength").attached_to == s.permanent("Grizzly Bears").id


@pytest.mark.cards("Indestructibility")
@pytest.mark.rules("702.12b", "702.5a", "613.1f")
def test_indestructibility_keeps_a_noncreature_permanent_from_being_destroyed() -> None:
    # "Enchant permanent": it can enchant an artifact, which Shatter then can't destroy.
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains", "Howling Mine")
    s.add(0, "hand", "Indestructibility")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Shatter")
    s.cast(0, "Indestructibility", targets=["Howling Mine"])
    s.cast(1, "Shatter", targets=["Howling Mine"], stack_empty=True)
    s.run()
    assert "Howling Mine" in s.battlefield(0)
    assert "Shatter" in s.graveyard(1)
    assert any(e["rule"] == "702.12b" for e in s.events() if e.get("card") == "Howling Mine")


@pytest.mark.cards("Indestructibility")
@pytest.mark.rules("702.12b", "704.5g")
def test_indestructibility_keeps_a_creature_alive_through_lethal_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * 4), "Grizzly Bears")
    s.add(0, "hand", "Indestructibility")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Indestructibility", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    assert "Grizzly Bears" in s.battlefield(0)
    assert s.permanent("Grizzly Bears").damage == 3


@pytest.mark.cards("Lifelink")
@pytest.mark.rules("702.15b", "613.1f")
def test_lifelink_aura_gives_the_creature_lifelink() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Grizzly Bears")
    s.add(0, "hand", "Lifelink")
    s.cast(0, "Lifelink", targets=["Grizzly Bears"])
    s.attack(0, "Grizzly Bears")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 18
    assert s.life(0) == 22


@pytest.mark.cards("Pacifism")
@pytest.mark.rules("508.1c", "509.1b", "303.4b")
@pytest.mark.parametrize("role", ["attack", "block"])
def test_pacifism_stops_the_creature_attacking_and_blocking(role: str) -> None:
    s = Scenario()
    # A second creature on each side keeps a declaration to make.
    s.add(0, "battlefield", "Plains", "Plains", "Runeclaw Bear", "Elite Vanguard")
    s.add(1, "battlefield", "Grizzly Bears", "Giant Spider")
    s.add(0, "hand", "Pacifism")
    pacified = "Grizzly Bears" if role == "block" else "Runeclaw Bear"
    s.cast(0, "Pacifism", targets=[pacified])
    s.attack(0, "Runeclaw Bear", "Elite Vanguard")
    if role == "block":
        s.block(1, "Grizzly Bears", "Runeclaw Bear")
    message = pacified
    with pytest.raises(ScenarioError, match=f"{message} cannot (attack|block)"):
        s.run(until=(1, Step.END_OF_COMBAT))


@pytest.mark.cards("Palace Guard", "Elite Vanguard", "Goblin Piker", "Runeclaw Bear")
@pytest.mark.rules("509.1a")
def test_palace_guard_blocks_any_number_of_creatures() -> None:
    attackers = ("Grizzly Bears", "Runeclaw Bear", "Elite Vanguard", "Goblin Piker")
    s = Scenario()
    s.add(0, "battlefield", *attackers)
    s.add(1, "battlefield", "Palace Guard")
    s.attack(0, *attackers)
    for attacker in attackers:
        s.block(1, "Palace Guard", attacker)
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 0, 0, 0))
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 20
    blocked = first(s, "blockers_declared")
    assert blocked["rule"].startswith("509")
    # 2 + 2 + 2 + 2 damage kills the 1/4.
    assert "Palace Guard" in s.graveyard(1)


@pytest.mark.cards("Planar Cleansing")
@pytest.mark.rules("701.8a")
def test_planar_cleansing_destroys_all_nonland_permanents() -> None:
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * 6), "Howling Mine", "Grizzly Bears")
    s.add(1, "battlefield", "Forest", "Honor of the Pure", "Goblin Piker")
    s.add(0, "hand", "Planar Cleansing")
    s.cast(0, "Planar Cleansing")
    s.run()
    assert sorted(s.battlefield()) == ["Forest", *(["Plains"] * 6)]
    assert all(
        e["rule"] == "701.8a"
        for e in s.events("object_moved")
        if e["card"] in ("Howling Mine", "Grizzly Bears", "Honor of the Pure", "Goblin Piker")
    )


@pytest.mark.cards("Rhox Pikemaster")
@pytest.mark.rules("702.7b", "613.1f")
def test_rhox_pikemaster_gives_other_soldiers_first_strike() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Rhox Pikemaster", "Elite Vanguard")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Elite Vanguard")
    s.block(1, "Grizzly Bears", "Elite Vanguard")
    s.run(until=(1, Step.END_OF_COMBAT))
    # The Soldier strikes first and kills the Bears before they can deal damage.
    assert "Grizzly Bears" in s.graveyard(1)
    assert "Elite Vanguard" in s.battlefield(0)
    assert first(s, "damage_dealt", source_name="Elite Vanguard")["step"] == "first_strike_damage"


@pytest.mark.cards("Rhox Pikemaster")
@pytest.mark.rules("702.7b")
def test_rhox_pikemaster_has_first_strike_but_non_soldiers_do_not_get_it() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Rhox Pikemaster", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears", "Giant Spider")
    s.attack(0, "Rhox Pikemaster", "Runeclaw Bear")
    s.block(1, "Giant Spider", "Rhox Pikemaster")
    s.block(1, "Grizzly Bears", "Runeclaw Bear")
    s.run(until=(1, Step.END_OF_COMBAT))
    steps = {e["source_name"]: e["step"] for e in s.events("damage_dealt")}
    assert steps["Rhox Pikemaster"] == "first_strike_damage"
    assert steps["Runeclaw Bear"] == "combat_damage"


@pytest.mark.cards("Righteousness")
@pytest.mark.rules("509.1g", "506.3", "611.2")
def test_righteousness_pumps_a_blocking_creature() -> None:
    s = Scenario(active=1)
    s.add(1, "battlefield", "Craw Wurm")
    s.add(0, "battlefield", "Grizzly Bears", "Plains")
    s.add(0, "hand", "Righteousness")
    s.attack(1, "Craw Wurm")
    s.block(0, "Grizzly Bears", "Craw Wurm")
    s.cast(0, "Righteousness", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END_OF_COMBAT))
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (9, 9)
    assert "Craw Wurm" in s.graveyard(1)


@pytest.mark.cards("Righteousness")
@pytest.mark.rules("509.1g", "115.1")
def test_righteousness_cannot_target_an_attacking_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains")
    s.add(0, "hand", "Righteousness")
    s.attack(0, "Grizzly Bears")
    s.cast(0, "Righteousness", targets=["Grizzly Bears"], step=Step.DECLARE_ATTACKERS)
    with pytest.raises(ScenarioError, match=r"not a legal option.*Righteousness"):
        s.run(until=(1, Step.END_OF_COMBAT))


@pytest.mark.cards("Solemn Offering")
@pytest.mark.rules("701.8a", "119.3")
def test_solemn_offering_destroys_an_artifact_and_gains_four_life() -> None:
    s = _cast_one("Solemn Offering", 3, (), ("Howling Mine",), targets=["Howling Mine"])
    s.run()
    assert "Howling Mine" in s.graveyard(1)
    assert s.life(0) == 24


@pytest.mark.cards("Tempest of Light")
@pytest.mark.rules("701.8a")
def test_tempest_of_light_destroys_all_enchantments() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Honor of the Pure", "Grizzly Bears")
    s.add(1, "battlefield", "Underworld Dreams", "Howling Mine")
    s.add(0, "hand", "Tempest of Light")
    s.cast(0, "Tempest of Light")
    s.run()
    assert "Honor of the Pure" in s.graveyard(0)
    assert "Underworld Dreams" in s.graveyard(1)
    assert "Howling Mine" in s.battlefield(1)
    assert "Grizzly Bears" in s.battlefield(0)


@pytest.mark.cards("Undead Slayer")
@pytest.mark.rules("701.13a", "115.1")
@pytest.mark.parametrize("victim", ["Drudge Skeletons", "Child of Night", "Warpath Ghoul"])
def test_undead_slayer_exiles_a_skeleton_vampire_or_zombie(victim: str) -> None:
    s = Scenario()
    s.add(0, "battlefield", "Undead Slayer", "Plains")
    s.add(1, "battlefield", victim)
    s.activate(0, "Undead Slayer", targets=[victim])
    s.run()
    assert first(s, "object_moved", card=victim)["to_zone"] == "exile"


@pytest.mark.cards("Undead Slayer")
@pytest.mark.rules("115.1")
def test_undead_slayer_cannot_target_other_creatures() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Undead Slayer", "Plains")
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Undead Slayer", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match=r"not a legal option.*Undead Slayer"):
        s.run()


@pytest.mark.rules("613.4c", "611.3a")
@pytest.mark.parametrize(
    ("veteran", "bonus", "own"),
    [
        pytest.param(
            "Veteran Armorsmith", (0, 1), (2, 3), marks=pytest.mark.cards("Veteran Armorsmith")
        ),
        pytest.param(
            "Veteran Swordsmith", (1, 0), (3, 2), marks=pytest.mark.cards("Veteran Swordsmith")
        ),
    ],
)
def test_veterans_pump_other_soldiers_you_control(
    veteran: str, bonus: tuple[int, int], own: tuple[int, int]
) -> None:
    s = Scenario()
    s.add(0, "battlefield", veteran, "Elite Vanguard", "Grizzly Bears")
    s.add(1, "battlefield", "Palace Guard")
    s.run()
    assert (s.power("Elite Vanguard"), s.toughness("Elite Vanguard")) == (
        2 + bonus[0],
        1 + bonus[1],
    )
    assert (s.power(veteran), s.toughness(veteran)) == own  # not itself
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)
    assert (s.power("Palace Guard"), s.toughness("Palace Guard")) == (1, 4)  # not theirs


@pytest.mark.cards("Wall of Faith")
@pytest.mark.rules("702.3b", "611.2", "602.2")
def test_wall_of_faith_has_defender_and_grows() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Wall of Faith", "Plains", "Plains")
    s.activate(0, "Wall of Faith")
    s.activate(0, "Wall of Faith", stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.toughness("Wall of Faith") == 7
    s = Scenario()
    s.add(0, "battlefield", "Wall of Faith", "Grizzly Bears")
    s.attack(0, "Wall of Faith", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Wall of Faith cannot attack"):
        s.run()


@pytest.mark.cards("White Knight")
@pytest.mark.rules("702.7b", "702.16b", "702.16e")
def test_white_knight_first_strike_and_protection_from_black() -> None:
    s = Scenario()
    s.add(0, "battlefield", "White Knight")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.cast(1, "Doom Blade", targets=["White Knight"])
    with pytest.raises(ScenarioError, match=r"not a legal option.*Doom Blade"):
        s.run()
    s = Scenario(active=1)
    s.add(1, "battlefield", "Zombie Goliath")
    s.add(0, "battlefield", "White Knight")
    s.attack(1, "Zombie Goliath")
    s.block(0, "White Knight", "Zombie Goliath")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.permanent("White Knight").damage == 0
    assert first(s, "damage_prevented")["rule"] == "702.16e"
    assert first(s, "damage_dealt", source_name="White Knight")["step"] == "first_strike_damage"


@pytest.mark.cards("Armored Ascension")
@pytest.mark.rules("613.4c", "611.3a", "613.1f", "702.9b")
def test_armored_ascension_counts_your_plains_and_gives_flying() -> None:
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * 4), "Grizzly Bears", "Runeclaw Bear")
    s.add(0, "hand", "Armored Ascension", "Plains")
    s.add(1, "battlefield", "Plains", "Plains", "Giant Spider", "Elite Vanguard")
    s.cast(0, "Armored Ascension", targets=["Grizzly Bears"])
    s.play_land(0, "Plains")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.block(1, "Elite Vanguard", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Elite Vanguard cannot block Grizzly Bears"):
        s.run(until=(1, Step.END_OF_COMBAT))
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * 4), "Grizzly Bears")
    s.add(0, "hand", "Armored Ascension", "Plains")
    s.add(1, "battlefield", "Plains", "Plains")
    s.cast(0, "Armored Ascension", targets=["Grizzly Bears"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    # Four Plains of its controller's (the opponent's two don't count).
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (6, 6)
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * 4), "Grizzly Bears")
    s.add(0, "hand", "Armored Ascension", "Plains")
    s.cast(0, "Armored Ascension", targets=["Grizzly Bears"])
    s.play_land(0, "Plains")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    # A fifth Plains counts as soon as it is there.
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (7, 7)


@pytest.mark.cards("Ajani Goldmane")
@pytest.mark.rules("606.3", "606.4", "119.3")
def test_ajani_goldmane_plus_one_gains_two_life() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Ajani Goldmane")
    s.activate(0, "Ajani Goldmane", text="[+1]")
    s.run()
    assert s.life(0) == 22
    assert s.permanent("Ajani Goldmane").counters["loyalty"] == 5


@pytest.mark.cards("Ajani Goldmane")
@pytest.mark.rules("122.6", "613.4c", "611.2c", "702.20b")
def test_ajani_goldmane_minus_one_counters_and_vigilance_for_those_creatures() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Ajani Goldmane", "Grizzly Bears", "Elite Vanguard", "Forest", "Forest")
    s.add(0, "hand", "Runeclaw Bear")
    s.add(1, "battlefield", "Goblin Piker")
    s.activate(0, "Ajani Goldmane", text="[−1]")
    # A creature that arrives afterwards is not one of "those creatures".
    s.cast(0, "Runeclaw Bear", stack_empty=True)
    s.attack(0, "Grizzly Bears", "Elite Vanguard")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.permanent("Ajani Goldmane").counters["loyalty"] == 3
    assert s.permanent("Grizzly Bears").counters["+1/+1"] == 1
    assert (s.power("Elite Vanguard"), s.toughness("Elite Vanguard")) == (3, 2)
    assert "+1/+1" not in s.permanent("Runeclaw Bear").counters
    assert "+1/+1" not in s.permanent("Goblin Piker").counters
    assert s.permanent("Grizzly Bears").tapped is False
    assert s.permanent("Elite Vanguard").tapped is False
    assert s.life(1) == 14
    assert all(e["rule"] == "122.6" for e in s.events("counters_added"))


@pytest.mark.cards("Ajani Goldmane")
@pytest.mark.rules("514.2", "702.20b")
def test_ajani_goldmanes_vigilance_ends_with_the_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Ajani Goldmane", "Grizzly Bears")
    s.activate(0, "Ajani Goldmane", text="[−1]")
    s.attack(0, "Grizzly Bears", turn=3)
    s.run(until=(3, Step.END_OF_COMBAT))
    assert s.permanent("Grizzly Bears").tapped is True
    assert s.permanent("Grizzly Bears").counters["+1/+1"] == 1


@pytest.mark.cards("Ajani Goldmane")
@pytest.mark.rules("111.1", "604.3", "208.2a", "613.4a")
def test_ajani_goldmane_minus_six_makes_an_avatar_as_big_as_your_life() -> None:
    s = Scenario()
    s.life(0, 14)
    s.add(0, "battlefield", "Ajani Goldmane", loyalty=6)
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Angel's Mercy")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Ajani Goldmane", text="[−6]")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    avatar = s.permanent("Avatar Token")
    assert s.game is not None
    assert s.game.characteristics(avatar).colors == ("W",)
    assert (s.power("Avatar Token"), s.toughness("Avatar Token")) == (14, 14)
    assert "Ajani Goldmane" in s.graveyard(0)  # no loyalty left (704.5i)
    # It follows the life total up and down.
    s = Scenario()
    s.life(0, 14)
    s.add(0, "battlefield", "Ajani Goldmane", loyalty=6)
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Angel's Mercy")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Ajani Goldmane", text="[−6]")
    s.cast(0, "Angel's Mercy", stack_empty=True)
    s.cast(1, "Lightning Bolt", targets=["P1"], stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.life(0) == 18
    assert (s.power("Avatar Token"), s.toughness("Avatar Token")) == (18, 18)


@pytest.mark.cards("Silence")
@pytest.mark.rules("101.2", "117.1a", "601.2")
def test_silence_stops_opponents_casting_spells_this_turn_only() -> None:
    s = Scenario(active=1, step=Step.UPKEEP)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Silence")
    s.add(1, "battlefield", "Mountain", "Mountain", "Forest", "Runeclaw Bear")
    s.add(1, "hand", "Lightning Bolt", "Giant Growth", "Grizzly Bears", "Forest")
    s.cast(0, "Silence", step=Step.UPKEEP)
    s.run(until=(3, Step.UPKEEP))
    # In its turn the silenced player was never offered a spell, though a land was
    # still playable (playing a land is not casting, 305.1).
    main = s.decisions.priority(1, 1, Step.PRECOMBAT_MAIN)[0]
    assert main.casts == set()
    assert main.land_plays == {"Forest"}
    # Silence's caster is not affected; the next turn, the opponent may cast again.
    upkeep = s.decisions.priority(1, 2, Step.UPKEEP)[0]
    assert upkeep.casts == {"Lightning Bolt", "Giant Growth"}
    assert first(s, "spell_cast", card="Silence")["rule"] == "601.2i"


@pytest.mark.cards("Lightwielder Paladin")
@pytest.mark.rules("603.2", "603.3d", "603.5", "701.13a", "510.3a")
def test_lightwielder_paladin_exiles_a_black_or_red_permanent_of_the_damaged_player() -> None:
    s = Scenario(players=3)
    s.add(0, "battlefield", "Lightwielder Paladin", "Goblin Piker")
    s.add(1, "battlefield", "Bog Wraith", "Grizzly Bears", "Mountain")
    s.add(2, "battlefield", "Warpath Ghoul")
    s.attack(0, "Lightwielder Paladin", defender=1)
    s.choose(0, DecisionKind.TARGET, "Bog Wraith")
    s.choose(0, DecisionKind.MAY, "yes")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 16
    assert first(s, "object_moved", card="Bog Wraith")["to_zone"] == "exile"
    # Only the damaged player's black or red permanents could be chosen: Bog Wraith
    # (black); not their green Bears or colourless land, the third player's black
    # Ghoul, nor the Paladin's controller's red Piker.
    [asked] = s.decisions.of_kind(DecisionKind.TARGET, 0)
    assert [o.name.split(" #")[0] for o in asked.options] == ["Bog Wraith"]


@pytest.mark.cards("Lightwielder Paladin")
@pytest.mark.rules("603.5")
def test_lightwielder_paladin_may_decline() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Lightwielder Paladin")
    s.add(1, "battlefield", "Goblin Piker")
    s.attack(0, "Lightwielder Paladin")
    s.choose(0, DecisionKind.TARGET, "Goblin Piker")
    s.choose(0, DecisionKind.MAY, "no")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert "Goblin Piker" in s.battlefield(1)
    assert first(s, "ability_resolved")["rule"] == "603.5"


@pytest.mark.cards("Lightwielder Paladin")
@pytest.mark.rules("702.7b")
def test_lightwielder_paladin_has_first_strike() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Lightwielder Paladin")
    s.add(1, "battlefield", "Zombie Goliath")
    s.attack(0, "Lightwielder Paladin")
    s.block(1, "Zombie Goliath", "Lightwielder Paladin")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert "Zombie Goliath" in s.graveyard(1)
    assert s.permanent("Lightwielder Paladin").damage == 0


@pytest.mark.cards("Open the Vaults")
@pytest.mark.rules("110.2", "303.4f", "303.4g", "603.6a")
def test_open_the_vaults_returns_artifacts_and_enchantments_to_their_owners() -> None:
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * 6), "Grizzly Bears")
    s.add(0, "hand", "Open the Vaults")
    s.add(0, "graveyard", "Howling Mine", "Holy Strength", "Runeclaw Bear")
    s.add(1, "graveyard", "Honor of the Pure", "Pacifism", "Lightning Bolt")
    # Player 2's Pacifism goes on the Bears; player 1's Holy Strength too.
    s.choose(0, DecisionKind.CHOICE, "Grizzly Bears")
    s.choose(1, DecisionKind.CHOICE, "Grizzly Bears")
    # The two effects entering together get their order from the active player (613.7m).
    s.choose(0, DecisionKind.TIMESTAMP_ORDER, "Holy Strength", "Honor of the Pure")
    s.cast(0, "Open the Vaults")
    s.run()
    assert sorted(n for n in s.battlefield(0) if n != "Plains") == [
        "Grizzly Bears",
        "Holy Strength",
        "Howling Mine",
    ]
    assert sorted(s.battlefield(1)) == ["Honor of the Pure", "Pacifism"]
    assert s.graveyard(0) == ["Runeclaw Bear", "Open the Vaults"]
    assert s.graveyard(1) == ["Lightning Bolt"]
    bears = s.permanent("Grizzly Bears").id
    assert s.permanent("Pacifism").attached_to == bears
    assert s.permanent("Holy Strength").attached_to == bears
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (3, 4)
    assert [e["rule"] for e in s.events("aura_attached")] == ["303.4f", "303.4f"]
    assert first(s, "permanent_entered", card="Howling Mine")["rule"] == "110.2"


@pytest.mark.cards("Open the Vaults", "Holy Strength", "Pacifism", "Grizzly Bears")
@pytest.mark.rules("303.4f", "101.4", "603.6a", "110.2")
def test_open_the_vaults_makes_every_aura_choice_before_any_card_enters() -> None:
    # Both players' Auras return at once: P1 chooses for Holy Strength, then P2 for
    # Pacifism (101.4), and only then do the cards enter, together; no card has entered
    # while a choice was made.
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * 6), "Grizzly Bears")
    s.add(0, "hand", "Open the Vaults")
    s.add(0, "graveyard", "Holy Strength", "Howling Mine")
    s.add(1, "graveyard", "Pacifism")
    s.choose(0, DecisionKind.CHOICE, "Grizzly Bears")
    s.choose(1, DecisionKind.CHOICE, "Grizzly Bears")
    s.cast(0, "Open the Vaults")
    s.run()

    chosen = [e for e in s.events("decision_made") if e.get("rule") == "303.4f"]
    assert [e["player"] for e in chosen] == [0, 1]
    entered = [e for e in s.events("permanent_entered") if e["rule"] == "110.2"]
    assert sorted(e["card"] for e in entered) == ["Holy Strength", "Howling Mine", "Pacifism"]
    assert max(e["seq"] for e in chosen) < min(e["seq"] for e in entered)
    assert len(s.events("aura_attached")) == 2
    bears = s.permanent("Grizzly Bears").id
    assert s.permanent("Pacifism").attached_to == bears
    assert s.permanent("Holy Strength").attached_to == bears


@pytest.mark.cards("Open the Vaults")
@pytest.mark.rules("303.4g")
def test_open_the_vaults_leaves_an_aura_with_nothing_to_enchant_in_the_graveyard() -> None:
    s = Scenario()
    s.add(0, "battlefield", *(("Plains",) * 6))
    s.add(0, "hand", "Open the Vaults")
    s.add(0, "graveyard", "Pacifism", "Howling Mine")
    s.cast(0, "Open the Vaults")
    s.run()
    assert "Pacifism" in s.graveyard(0)
    assert "Howling Mine" in s.battlefield(0)
    assert s.events("aura_attached") == []
