"""The black cards of Magic 2010, each played out: every line of each card's text does
what it says, on that card."""

from __future__ import annotations

import pytest

import manaweave
from manaweave import CONSTRUCTED, DecisionKind, Step, parse_decklist
from manaweave.lowlevel import PluginHost
from manaweave.players import RandomBot
from manaweave.testing import Scenario, ScenarioError


@pytest.mark.cards("Assassinate")
@pytest.mark.rules("115.1", "110.5", "701.8a")
def test_assassinate_destroys_target_tapped_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Assassinate")
    s.add(1, "battlefield", "Grizzly Bears", tapped=True)
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Assassinate", targets=["Grizzly Bears"])
    s.run()
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.battlefield(1) == ["Craw Wurm"]
    assert s.graveyard(0) == ["Assassinate"]


@pytest.mark.cards("Assassinate")
@pytest.mark.rules("115.1", "110.5", "601.2c")
def test_assassinate_cannot_target_an_untapped_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Assassinate")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Assassinate", targets=["Craw Wurm"])
    with pytest.raises(ScenarioError):
        s.run()


@pytest.mark.cards("Diabolic Tutor")
@pytest.mark.rules("701.23a", "701.23d", "701.23e", "701.24a")
def test_diabolic_tutor_finds_any_card_without_revealing_it() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Swamp"] * 4)
    s.add(0, "hand", "Diabolic Tutor")
    s.library(0, ["Craw Wurm", "Island", "Island"])
    s.cast(0, "Diabolic Tutor")
    s.choose(0, DecisionKind.SEARCH, "Craw Wurm")
    s.run()
    assert s.hand(0) == ["Craw Wurm"]
    (search,) = s.decisions.of_kind(DecisionKind.SEARCH)
    # A card with no stated quality must be found (701.23d).
    assert "find nothing" not in [str(o) for o in search.options]
    (searched,) = s.events("library_searched")
    assert searched["visibility"] == [0]
    assert searched["rule"] == "701.23a"
    assert not s.events("cards_revealed")  # 701.23e


@pytest.mark.cards("Mind Rot")
@pytest.mark.rules("701.9a", "701.9b")
def test_mind_rot_makes_target_player_discard_two_cards_of_their_choice() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Mind Rot")
    s.add(1, "hand", "Lightning Bolt", "Craw Wurm", "Giant Growth")
    s.cast(0, "Mind Rot", targets=["P2"])
    s.choose(1, DecisionKind.DISCARD, "Lightning Bolt", "Giant Growth")
    s.run()
    assert s.hand(1) == ["Craw Wurm"]
    assert sorted(s.graveyard(1)) == ["Giant Growth", "Lightning Bolt"]


@pytest.mark.cards("Sign in Blood")
@pytest.mark.rules("121.1", "119.3")
@pytest.mark.parametrize("target", ["P1", "P2"])
def test_sign_in_blood_target_player_draws_two_and_loses_two_life(target: str) -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp")
    s.add(0, "hand", "Sign in Blood")
    s.cast(0, "Sign in Blood", targets=[target])
    s.run()
    player = 0 if target == "P1" else 1
    assert len(s.hand(player)) == 2
    assert s.library_size(player) == 8
    assert s.life(player) == 18
    assert s.life(1 - player) == 20


@pytest.mark.cards("Unholy Strength")
@pytest.mark.rules("303.4a", "613.4c")
def test_unholy_strength_gives_the_enchanted_creature_plus_two_plus_one() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Grizzly Bears")
    s.add(0, "hand", "Unholy Strength")
    s.cast(0, "Unholy Strength", targets=["Grizzly Bears"])
    s.run()
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (4, 3)


@pytest.mark.cards("Black Knight")
@pytest.mark.rules("702.7b", "510.4")
def test_black_knight_first_strike_kills_a_blocker_before_it_deals_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Black Knight")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Black Knight")
    s.block(1, "Grizzly Bears", "Black Knight")
    s.run()
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.battlefield(0) == ["Black Knight"]


@pytest.mark.cards("Black Knight")
@pytest.mark.rules("702.16e", "702.16f", "509.1b")
def test_black_knight_protection_from_white() -> None:
    # Damage from a white creature is prevented (702.16e), and a white creature can't block
    # it (702.16f).
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Black Knight")
    s.add(1, "battlefield", "Siege Mastodon")
    s.attack(1, "Siege Mastodon")
    s.block(0, "Black Knight", "Siege Mastodon")
    s.run()
    assert s.battlefield(0) == ["Black Knight"]
    assert s.permanent("Black Knight").damage == 0
    assert s.events("damage_prevented")[0]["rule"] == "702.16e"

    s = Scenario()
    s.add(0, "battlefield", "Black Knight")
    s.add(1, "battlefield", "Siege Mastodon", "Grizzly Bears")
    s.attack(0, "Black Knight")
    s.block(1, "Siege Mastodon", "Black Knight")
    with pytest.raises(ScenarioError, match="Siege Mastodon cannot block Black Knight"):
        s.run()
    asked = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)[0]
    assert [str(o) for o in asked.options] == ["Grizzly Bears blocks Black Knight"]


@pytest.mark.cards("Wall of Bone")
@pytest.mark.rules("702.3b", "508.1c", "701.19a", "602.2")
def test_wall_of_bone_cannot_attack_and_regenerates_for_b() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Wall of Bone", "Grizzly Bears")
    s.attack(0, "Wall of Bone", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Wall of Bone cannot attack"):
        s.run()

    s = Scenario()
    s.add(0, "battlefield", "Wall of Bone", "Swamp")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Lightning Bolt")
    s.activate(0, "Wall of Bone")
    s.cast(1, "Lightning Bolt", targets=["Wall of Bone"], when=lambda g: not g.stack)
    s.cast(1, "Lightning Bolt", targets=["Wall of Bone"], when=lambda g: not g.stack)
    s.run()
    # The second Bolt makes the damage lethal: the shield replaces the destruction
    # (701.19a), removing the damage and tapping the Wall.
    assert len(s.events("permanent_regenerated")) == 1
    assert s.graveyard(0) == []
    wall = s.permanent("Wall of Bone")
    assert wall.tapped
    assert wall.damage == 0


@pytest.mark.cards("Dread Warlock", "Warpath Ghoul")
@pytest.mark.rules("509.1b")
def test_dread_warlock_cant_be_blocked_except_by_black_creatures() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Dread Warlock")
    s.add(1, "battlefield", "Grizzly Bears", "Warpath Ghoul")
    s.attack(0, "Dread Warlock")
    s.block(1, "Grizzly Bears", "Dread Warlock")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Dread Warlock"):
        s.run()
    asked = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)[0]
    assert [str(o) for o in asked.options] == ["Warpath Ghoul blocks Dread Warlock"]

    s = Scenario()
    s.add(0, "battlefield", "Dread Warlock")
    s.add(1, "battlefield", "Warpath Ghoul")
    s.attack(0, "Dread Warlock")
    s.block(1, "Warpath Ghoul", "Dread Warlock")
    s.run()
    assert s.graveyard(0) == ["Dread Warlock"]  # the black Ghoul blocked it
    assert s.life(1) == 20


@pytest.mark.cards("Looming Shade")
@pytest.mark.rules("602.2", "611.2a", "613.4c")
def test_looming_shade_gets_plus_one_plus_one_for_each_b() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Looming Shade", "Swamp", "Swamp")
    s.activate(0, "Looming Shade")
    s.activate(0, "Looming Shade", stack_empty=True)
    s.run(until=(1, Step.END))
    assert (s.power("Looming Shade"), s.toughness("Looming Shade")) == (3, 3)
    s.run(until=(2, Step.UPKEEP))
    assert (s.power("Looming Shade"), s.toughness("Looming Shade")) == (1, 1)  # 514.2


@pytest.mark.cards("Royal Assassin")
@pytest.mark.rules("602.2", "110.5", "701.8a", "608.2b")
def test_royal_assassin_destroys_a_tapped_attacker() -> None:
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Royal Assassin")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(1, "Grizzly Bears")
    s.activate(0, "Royal Assassin", targets=["Grizzly Bears"], step=Step.DECLARE_ATTACKERS)
    s.run()
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.life(0) == 20
    assert s.permanent("Royal Assassin").tapped


@pytest.mark.cards("Royal Assassin")
@pytest.mark.rules("602.2", "110.5", "115.1")
def test_royal_assassin_has_no_target_among_untapped_creatures() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Royal Assassin")
    s.add(1, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.decisions.priority(0)[0].activations


@pytest.mark.cards("Howling Banshee")
@pytest.mark.rules("603.6a", "119.3", "704.5a")
def test_howling_banshee_makes_each_player_lose_three_life() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Swamp"] * 4)
    s.add(0, "hand", "Howling Banshee")
    s.life(1, 3)
    s.cast(0, "Howling Banshee")
    s.run()
    assert s.life(0) == 17
    assert s.life(1) == 0
    assert [e["delta"] for e in s.events("life_changed")] == [-3, -3]
    assert s.game.outcome is not None
    assert s.game.outcome.winners == (0,)


@pytest.mark.cards("Nightmare")
@pytest.mark.rules("604.3", "613.4a", "702.9b")
def test_nightmare_counts_the_swamps_you_control() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Nightmare", "Swamp", "Swamp", "Swamp", "Island")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert (s.power("Nightmare"), s.toughness("Nightmare")) == (3, 3)

    s = Scenario()
    s.add(0, "battlefield", "Nightmare", "Swamp", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Nightmare", "Runeclaw Bear")
    s.block(1, "Grizzly Bears", "Nightmare")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Nightmare"):
        s.run()


@pytest.mark.cards("Tendrils of Corruption")
@pytest.mark.rules("120.3e", "119.3", "608.2h")
def test_tendrils_of_corruption_counts_swamps_for_damage_and_life() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Swamp"] * 4, "Island")
    s.add(0, "hand", "Tendrils of Corruption")
    s.add(1, "battlefield", "Craw Wurm", "Swamp")
    s.cast(0, "Tendrils of Corruption", targets=["Craw Wurm"])
    s.run()
    (damage,) = s.events("damage_dealt")
    assert damage["amount"] == 4
    assert s.graveyard(1) == ["Craw Wurm"]
    assert s.life(0) == 24


@pytest.mark.cards("Vampire Aristocrat")
@pytest.mark.rules("602.2", "701.21a", "118.3")
def test_vampire_aristocrat_sacrifices_a_creature_for_plus_two_plus_two() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Aristocrat", "Grizzly Bears")
    s.activate(0, "Vampire Aristocrat")
    s.choose(0, DecisionKind.SACRIFICE, "Grizzly Bears")
    s.run()
    assert s.graveyard(0) == ["Grizzly Bears"]
    assert [e["rule"] for e in s.events("sacrificed")] == ["701.21a"]
    assert (s.power("Vampire Aristocrat"), s.toughness("Vampire Aristocrat")) == (4, 4)


@pytest.mark.cards("Hypnotic Specter")
@pytest.mark.rules("510.2", "603.2", "701.9b")
def test_hypnotic_specter_damage_to_an_opponent_makes_them_discard_at_random() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Hypnotic Specter")
    s.add(1, "hand", "Lightning Bolt", "Craw Wurm")
    s.attack(0, "Hypnotic Specter")
    s.run()
    assert s.life(1) == 18
    assert len(s.hand(1)) == 1
    (discarded,) = s.events("card_discarded")
    assert discarded["rule"] == "701.9b"
    assert s.graveyard(1) == [discarded["card"]]


@pytest.mark.cards("Hypnotic Specter")
@pytest.mark.rules("510.2", "603.2")
def test_hypnotic_specter_damage_to_a_creature_does_not_trigger() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Hypnotic Specter")
    s.add(1, "battlefield", "Giant Spider")
    s.add(1, "hand", "Lightning Bolt")
    s.attack(0, "Hypnotic Specter")
    s.block(1, "Giant Spider", "Hypnotic Specter")
    s.run()
    assert s.hand(1) == ["Lightning Bolt"]
    assert not s.events("card_discarded")


@pytest.mark.cards("Duress")
@pytest.mark.rules("701.20a", "701.9b", "115.1")
def test_duress_reveals_the_hand_and_you_choose_a_noncreature_nonland_card() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Duress")
    s.add(1, "hand", "Craw Wurm", "Forest", "Lightning Bolt", "Giant Growth")
    s.cast(0, "Duress", targets=["P2"])
    s.choose(0, DecisionKind.DISCARD, "Giant Growth")
    s.run()
    (revealed,) = s.events("cards_revealed")
    assert revealed["rule"] == "701.20a"
    assert sorted(revealed["cards"]) == ["Craw Wurm", "Forest", "Giant Growth", "Lightning Bolt"]
    (asked,) = s.decisions.of_kind(DecisionKind.DISCARD, 0)
    assert sorted(str(o) for o in asked.options) == ["Giant Growth", "Lightning Bolt"]
    assert s.graveyard(1) == ["Giant Growth"]
    assert sorted(s.hand(1)) == ["Craw Wurm", "Forest", "Lightning Bolt"]


@pytest.mark.cards("Duress")
@pytest.mark.rules("701.20a", "115.1")
def test_duress_finds_nothing_to_discard_among_creatures_and_lands() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Duress")
    s.add(1, "hand", "Craw Wurm", "Forest")
    s.cast(0, "Duress", targets=["P2"])
    s.run()
    assert len(s.events("cards_revealed")) == 1
    assert sorted(s.hand(1)) == ["Craw Wurm", "Forest"]
    assert not s.decisions.of_kind(DecisionKind.DISCARD)

    s = Scenario()
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Duress")
    s.cast(0, "Duress", targets=["P1"])  # target opponent (115.1)
    with pytest.raises(ScenarioError):
        s.run()


@pytest.mark.cards("Megrim")
@pytest.mark.rules("701.9a", "603.2c", "120.3a")
def test_megrim_deals_two_damage_for_each_card_an_opponent_discards() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Megrim", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Mind Rot", "Craw Wurm", "Giant Growth")
    s.add(1, "hand", "Lightning Bolt", "Runeclaw Bear", "Forest")
    s.cast(0, "Mind Rot", targets=["P2"])
    s.choose(1, DecisionKind.DISCARD, "Lightning Bolt", "Forest")
    s.choose(0, DecisionKind.TRIGGER_ORDER, "Megrim", "Megrim")
    s.run()
    assert s.life(1) == 16
    assert [e["amount"] for e in s.events("damage_dealt")] == [2, 2]

    s = Scenario()
    s.add(0, "battlefield", "Megrim", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Mind Rot", "Craw Wurm", "Giant Growth")
    s.cast(0, "Mind Rot", targets=["P1"])
    s.choose(0, DecisionKind.DISCARD, "Craw Wurm", "Giant Growth")
    s.run()
    assert s.life(0) == 20  # you are not an opponent
    assert not s.events("damage_dealt")


@pytest.mark.cards("Sanguine Bond")
@pytest.mark.rules("119.9", "603.2", "702.15b")
def test_sanguine_bond_target_opponent_loses_the_life_you_gain() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Sanguine Bond", "Child of Night")
    s.attack(0, "Child of Night")
    s.choose(0, DecisionKind.TARGET, "P2")
    s.run()
    assert s.life(0) == 22
    assert s.life(1) == 16  # 2 combat damage, then 2 life lost to Sanguine Bond
    assert [(e["player"], e["delta"]) for e in s.events("life_changed")] == [
        (1, -2),
        (0, 2),
        (1, -2),
    ]


@pytest.mark.cards("Soul Bleed")
@pytest.mark.rules("303.4a", "603.2b", "119.3")
def test_soul_bleed_drains_the_controller_of_the_enchanted_creature_each_upkeep() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp", "Grizzly Bears")
    s.add(0, "hand", "Soul Bleed")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.cast(0, "Soul Bleed", targets=["Runeclaw Bear"])
    s.run(until=(4, Step.DRAW))
    # Runeclaw Bear's controller loses 1 life in each of their upkeeps, the Aura's controller
    # none in theirs.
    assert s.life(1) == 18
    assert s.life(0) == 20
    assert [e["rule"] for e in s.events("life_changed")] == ["119.3", "119.3"]


@pytest.mark.cards("Disentomb")
@pytest.mark.rules("115.1", "400.3", "400.7")
def test_disentomb_returns_a_creature_card_from_your_graveyard_to_your_hand() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Disentomb")
    s.add(0, "graveyard", "Lightning Bolt", "Craw Wurm")
    s.add(1, "graveyard", "Grizzly Bears")
    s.cast(0, "Disentomb", targets=["Craw Wurm"])
    s.run()
    assert s.hand(0) == ["Craw Wurm"]
    assert s.graveyard(0) == ["Lightning Bolt", "Disentomb"]
    (cast,) = s.decisions.of_kind(DecisionKind.TARGET, 0)
    # Neither a noncreature card nor a card in another player's graveyard can be chosen.
    assert [str(o).split(" #")[0] for o in cast.options] == ["Craw Wurm"]


@pytest.mark.cards("Disentomb")
@pytest.mark.rules("608.2b", "400.7")
def test_disentomb_fizzles_if_its_target_leaves_the_graveyard() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Disentomb")
    s.add(0, "graveyard", "Craw Wurm")
    s.add(1, "battlefield", *["Swamp"] * 3)
    s.add(1, "battlefield", "Cemetery Reaper")
    s.cast(0, "Disentomb", targets=["Craw Wurm"])
    s.activate(1, "Cemetery Reaper", targets=["Craw Wurm"], when=lambda g: bool(g.stack))
    s.run()
    assert [e["rule"] for e in s.events("spell_fizzled")] == ["608.2b"]
    assert s.hand(0) == []
    assert [e["card"] for e in s.events("object_moved") if e["to_zone"] == "exile"] == ["Craw Wurm"]


@pytest.mark.cards("Gravedigger")
@pytest.mark.rules("603.6a", "603.5", "115.1")
def test_gravedigger_may_return_a_creature_card_from_your_graveyard() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Swamp"] * 4)
    s.add(0, "hand", "Gravedigger")
    s.add(0, "graveyard", "Grizzly Bears")
    s.cast(0, "Gravedigger")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.choose(0, DecisionKind.MAY, "yes")
    s.run()
    assert s.hand(0) == ["Grizzly Bears"]
    assert s.graveyard(0) == []

    s = Scenario()
    s.add(0, "battlefield", *["Swamp"] * 4)
    s.add(0, "hand", "Gravedigger")
    s.add(0, "graveyard", "Grizzly Bears")
    s.cast(0, "Gravedigger")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.choose(0, DecisionKind.MAY, "no")
    s.run()
    assert s.hand(0) == []
    assert s.graveyard(0) == ["Grizzly Bears"]


@pytest.mark.cards("Gravedigger")
@pytest.mark.rules("603.3d", "115.1")
def test_gravedigger_with_no_creature_card_in_your_graveyard_does_nothing() -> None:
    # With no legal target, the ability is removed from the stack (603.3d); another
    # player's creature card is not "from your graveyard".
    s = Scenario()
    s.add(0, "battlefield", *["Swamp"] * 4)
    s.add(0, "hand", "Gravedigger")
    s.add(1, "graveyard", "Grizzly Bears")
    s.cast(0, "Gravedigger")
    s.run()
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.hand(0) == []
    assert not s.decisions.of_kind(DecisionKind.TARGET, 0)


@pytest.mark.cards("Cemetery Reaper")
@pytest.mark.rules("613.4c", "611.3a", "602.2", "701.13a", "111.1")
def test_cemetery_reaper_pumps_other_zombies_and_exiles_creature_cards_for_zombies() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Cemetery Reaper", "Warpath Ghoul", "Grizzly Bears")
    s.add(0, "battlefield", *["Swamp"] * 3)
    s.add(1, "graveyard", "Craw Wurm", "Lightning Bolt")
    s.activate(0, "Cemetery Reaper", targets=["Craw Wurm"])
    s.run()
    assert (s.power("Cemetery Reaper"), s.toughness("Cemetery Reaper")) == (2, 2)
    assert (s.power("Warpath Ghoul"), s.toughness("Warpath Ghoul")) == (4, 3)
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)
    # The 2/2 black Zombie token is another Zombie: 3/3.
    zombie = s.permanent("Zombie Token")
    assert zombie.is_token
    assert (s.power("Zombie Token"), s.toughness("Zombie Token")) == (3, 3)
    assert s.graveyard(1) == ["Lightning Bolt"]
    (exiled,) = [e for e in s.events("object_moved") if e["to_zone"] == "exile"]
    assert exiled["card"] == "Craw Wurm"
    assert exiled["rule"] == "701.13a"
    assert s.permanent("Cemetery Reaper").tapped


@pytest.mark.cards("Rise from the Grave")
@pytest.mark.rules("110.2a", "613.1d", "613.1e", "400.7")
def test_rise_from_the_grave_puts_a_creature_card_onto_the_battlefield_as_a_black_zombie() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Swamp"] * 5, "Cemetery Reaper")
    s.add(0, "hand", "Rise from the Grave")
    s.add(1, "graveyard", "Runeclaw Bear")
    s.cast(0, "Rise from the Grave", targets=["Runeclaw Bear"])
    s.run()
    bear = s.permanent("Runeclaw Bear", 0)
    assert bear.owner == 1
    assert bear.controller == 0
    chars = s.game.characteristics(bear)
    assert chars.colors == ("B", "G")
    assert chars.subtypes == ("Bear", "Zombie")
    # It is now another Zombie creature its controller controls (Cemetery Reaper, 613.4c).
    assert (s.power("Runeclaw Bear"), s.toughness("Runeclaw Bear")) == (3, 3)


@pytest.mark.cards("Xathrid Demon")
@pytest.mark.rules("603.2b", "701.21a", "608.2h", "119.3")
def test_xathrid_demon_sacrifices_another_creature_and_drains_each_opponent() -> None:
    s = Scenario(step=Step.UPKEEP)
    s.add(0, "battlefield", "Xathrid Demon", "Craw Wurm", "Grizzly Bears")
    s.choose(0, DecisionKind.SACRIFICE, "Craw Wurm")
    s.run(until=(1, Step.DRAW))
    (asked,) = s.decisions.of_kind(DecisionKind.SACRIFICE, 0)
    assert sorted(str(o).split(" #")[0] for o in asked.options) == ["Craw Wurm", "Grizzly Bears"]
    assert s.graveyard(0) == ["Craw Wurm"]
    assert s.life(1) == 14  # Craw Wurm's power
    assert s.life(0) == 20
    assert not s.permanent("Xathrid Demon").tapped


@pytest.mark.cards("Xathrid Demon")
@pytest.mark.rules("603.2b", "701.26a", "119.3")
def test_xathrid_demon_with_nothing_to_sacrifice_taps_and_costs_seven_life() -> None:
    s = Scenario(step=Step.UPKEEP)
    s.add(0, "battlefield", "Xathrid Demon")
    s.add(1, "battlefield", "Grizzly Bears")  # not yours to sacrifice (701.21a)
    s.run(until=(1, Step.DRAW))
    assert s.permanent("Xathrid Demon").tapped
    assert s.life(0) == 13
    assert s.life(1) == 20
    assert s.battlefield(1) == ["Grizzly Bears"]


@pytest.mark.cards("Xathrid Demon")
@pytest.mark.rules("702.9b", "702.19b")
def test_xathrid_demon_flies_and_tramples() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Xathrid Demon")
    s.add(1, "battlefield", "Giant Spider")
    s.attack(0, "Xathrid Demon")
    s.block(1, "Giant Spider", "Xathrid Demon")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (4, 3))
    s.run()
    assert s.graveyard(1) == ["Giant Spider"]
    assert s.life(1) == 17

    s = Scenario()
    s.add(0, "battlefield", "Xathrid Demon")
    s.add(1, "battlefield", "Grizzly Bears", "Giant Spider")
    s.attack(0, "Xathrid Demon")
    s.block(1, "Grizzly Bears", "Xathrid Demon")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Xathrid Demon"):
        s.run()


@pytest.mark.cards("Haunting Echoes")
@pytest.mark.rules("701.13a", "701.23a", "701.23b", "701.24a", "205.4c")
def test_haunting_echoes_exiles_a_graveyard_and_its_namesakes_from_the_library() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Swamp"] * 5)
    s.add(0, "hand", "Haunting Echoes")
    s.add(1, "graveyard", "Lightning Bolt", "Forest", "Craw Wurm", "Dragonskull Summit")
    s.library(1, ["Lightning Bolt", "Island", "Lightning Bolt", "Craw Wurm", "Forest"])
    s.cast(0, "Haunting Echoes", targets=["P2"])
    # Searching for cards of a stated quality, all need not be found (701.23b).
    s.choose(0, DecisionKind.SEARCH, "Lightning Bolt", "Lightning Bolt")
    s.run()
    # The basic land card stays; the nonbasic land goes (205.4c).
    assert s.graveyard(1) == ["Forest"]
    exiled = sorted(e["card"] for e in s.events("object_moved") if e["to_zone"] == "exile")
    assert exiled == sorted(
        ["Lightning Bolt", "Craw Wurm", "Dragonskull Summit", "Lightning Bolt", "Lightning Bolt"]
    )
    (search,) = s.decisions.of_kind(DecisionKind.SEARCH, 0)
    assert sorted(str(o).split(" #")[0] for o in search.options) == [
        "Craw Wurm",
        "Lightning Bolt",
        "Lightning Bolt",
    ]
    assert s.library_size(1) == 3
    assert [e["player"] for e in s.events("library_shuffled")] == [1]


@pytest.mark.cards("Relentless Rats")
@pytest.mark.rules("611.3a", "613.4c", "201.2")
def test_relentless_rats_get_bigger_for_each_other_relentless_rats_on_the_battlefield() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Relentless Rats", "Relentless Rats", "Grizzly Bears")
    s.add(1, "battlefield", "Relentless Rats")  # an opponent's Rats count too
    s.run()
    game = s.game
    assert game is not None
    rats = [p for p in game.battlefield if p.name == "Relentless Rats"]
    assert [(game.characteristics(r).power, game.characteristics(r).toughness) for r in rats] == [
        (4, 4)
    ] * 3
    assert s.power("Grizzly Bears") == 2  # only Relentless Rats get bigger


@pytest.mark.cards("Relentless Rats", "Clone")
@pytest.mark.rules("611.3a", "613.4c", "707.2", "613.2a")
def test_a_copy_named_relentless_rats_counts_and_the_count_follows_the_board() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 4, "Relentless Rats")
    s.add(0, "hand", "Clone")
    s.add(1, "battlefield", "Relentless Rats")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Relentless Rats#1")
    s.run(until=(1, Step.END))
    # Clone is a Relentless Rats too: three Rats, each with two others.
    assert (s.power("Relentless Rats#1"), s.toughness("Relentless Rats#1")) == (4, 4)
    assert (s.power("Clone"), s.toughness("Clone")) == (4, 4)
    assert (s.power("Relentless Rats", 1), s.toughness("Relentless Rats", 1)) == (4, 4)


@pytest.mark.cards("Relentless Rats")
@pytest.mark.rules("611.3a", "613.4c", "704.5g")
def test_relentless_rats_shrink_when_another_one_dies() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Relentless Rats", "Relentless Rats")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["Relentless Rats"])
    s.run()
    assert s.graveyard(0) == ["Lightning Bolt", "Relentless Rats"]
    assert (s.power("Relentless Rats"), s.toughness("Relentless Rats")) == (2, 2)


@pytest.mark.rules("100.2a")
def test_a_deck_can_have_any_number_of_relentless_rats() -> None:
    host = PluginHost(autoload=False)
    rats = parse_decklist("24 Swamp\n36 Relentless Rats\n", host.cards, name="rats")
    assert CONSTRUCTED.problems(rats, host.cards) == []
    bears = parse_decklist("24 Forest\n36 Grizzly Bears\n", host.cards, name="bears")
    assert CONSTRUCTED.problems(bears, host.cards) == [
        "36 copies of Grizzly Bears; at most 4 (100.2a, 100.4a)"
    ]
    outcome = manaweave.run(
        decks=[rats, "m10:red-green"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        plugins=host,
        seed=3,
        max_turns=6,
    )
    assert outcome.turns >= 1
