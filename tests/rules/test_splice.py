"""Rules tests for splice (CR 702.47) and the casting steps it takes part in (601.2b-i).

Cards: the Champions of Kamigawa Arcane spells Glacial Ray, Kodama's Might, Reach
Through Mists and Lava Spike, defined here; with Lightning Bolt, Twincast, Kraken's Eye
and Dragon's Claw from the sets.
"""

from __future__ import annotations

import pytest
import trio
from _support import decisions_made, first

import manaweave
from manaweave import UNCHECKED, DecisionKind, ManaCost, Step, new_game, play_game, replay
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    TARGET_PLAYER_OR_PLANESWALKER,
    CardSet,
    DealDamage,
    DrawCards,
    Printed,
    PumpTarget,
    SpellAbility,
    card,
)
from manaweave.keywords.splice import Splice
from manaweave.lowlevel import PluginHost
from manaweave.players import RandomBot
from manaweave.testing import Scenario

ARCANE_CARDS = (
    card(
        "Glacial Ray",
        printed=Printed(
            "{1}{R}",
            "Instant — Arcane",
            "Glacial Ray deals 2 damage to any target.\nSplice onto Arcane {1}{R}",
        ),
        abilities=(Splice(ManaCost.parse("{1}{R}"), text="Splice onto Arcane {1}{R}"),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(2),)),
    ),
    card(
        "Kodama's Might",
        printed=Printed(
            "{G}",
            "Instant — Arcane",
            "Target creature gets +2/+2 until end of turn.\nSplice onto Arcane {G}",
        ),
        abilities=(Splice(ManaCost.parse("{G}"), text="Splice onto Arcane {G}"),),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(2, 2),)),
    ),
    card(
        "Reach Through Mists",
        printed=Printed("{U}", "Instant — Arcane", "Draw a card."),
        spell=SpellAbility(effects=(DrawCards(1),)),
    ),
    card(
        "Lava Spike",
        printed=Printed(
            "{R}", "Sorcery — Arcane", "Lava Spike deals 3 damage to target player or planeswalker."
        ),
        spell=SpellAbility(targets=(TARGET_PLAYER_OR_PLANESWALKER,), effects=(DealDamage(3),)),
    ),
)


class ArcaneCards:
    """A plugin adding the Arcane cards above: ``Scenario(plugins=[ArcaneCards()])``."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The Arcane test cards."""
        return [CardSet("TSPL", "Splice test cards", ARCANE_CARDS)]


def _scenario() -> Scenario:
    return Scenario(plugins=[ArcaneCards()])


def _reach_with_glacial_ray() -> Scenario:
    """P1 casts Reach Through Mists and splices Glacial Ray onto it, aimed at P2."""
    s = _scenario()
    s.add(0, "battlefield", "Island", "Mountain", "Mountain")
    s.add(0, "hand", "Reach Through Mists", "Glacial Ray")
    s.cast(0, "Reach Through Mists", targets=["P2"])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray")
    return s


# --- splicing -------------------------------------------------------------------------------


@pytest.mark.rules("702.47a", "601.2b", "601.2f", "601.2h", "601.2i", "702.47c")
def test_splicing_a_card_adds_its_effect_and_its_cost_and_the_card_stays_in_hand() -> None:
    s = _reach_with_glacial_ray().run()

    # The spell drew a card and dealt Glacial Ray's 2 damage; Glacial Ray is still in hand.
    assert s.life(1) == 18
    assert s.hand(0) == ["Glacial Ray", "Island"]
    assert s.graveyard(0) == ["Reach Through Mists"]
    # The splice cost was paid as an additional cost: {U} + {1}{R} (601.2f, 601.2h).
    assert first(s, "mana_spent")["cost"] == "{1}{U}{R}"
    assert all(p.tapped for p in s.permanents("Mountain") + s.permanents("Island"))
    revealed = first(s, "cards_revealed", rule="702.47a")
    assert (revealed["player"], revealed["cards"]) == (0, ["Glacial Ray"])
    assert revealed["visibility"] == [0, 1]
    cast = first(s, "spell_cast")
    assert (cast["card"], cast["rule"]) == ("Reach Through Mists", "601.2i")
    assert cast["additions"] == ["splice Glacial Ray"]
    assert cast["targets"] == ["player:1"]
    # Reach Through Mists deals the damage: it is the source (702.47c).
    damage = first(s, "damage_dealt")
    assert (damage["source"], damage["source_name"]) == (cast["object"], "Reach Through Mists")
    # The spell's own instruction happens first (702.47b).
    assert first(s, "card_drawn")["seq"] < damage["seq"]


@pytest.mark.rules("601.2b", "702.47b")
def test_the_choice_to_splice_is_a_private_decision_and_the_reveal_is_public() -> None:
    s = _reach_with_glacial_ray().run()

    (made,) = decisions_made(s, "reveal")
    assert (made["rule"], made["player"], made["visibility"]) == ("702.47b", 0, [0])
    assert made["chosen"][0].startswith("Glacial Ray #")
    assert made["chosen"][0].endswith("(splice {1}{R})")
    (asked,) = s.decisions.of_kind(DecisionKind.REVEAL)
    assert len(asked.options) == 1
    # Revealing happens before targets are chosen (601.2b, 601.2c).
    reveal_seq = first(s, "cards_revealed")["seq"]
    (target,) = decisions_made(s, "target")
    assert reveal_seq < target["seq"]


@pytest.mark.rules("702.47b", "702.47d", "601.2c", "601.2f")
def test_splicing_two_cards_pays_both_costs_and_follows_the_chosen_order() -> None:
    s = _scenario()
    s.add(0, "battlefield", "Island", "Mountain", "Mountain", "Forest", "Runeclaw Bear")
    s.add(0, "hand", "Reach Through Mists", "Glacial Ray", "Kodama's Might")
    s.add(1, "battlefield", "Grizzly Bears")
    # Targets: Kodama's Might's (Runeclaw Bear), then Glacial Ray's (Grizzly Bears), in
    # the order the cards are spliced.
    s.cast(0, "Reach Through Mists", targets=["Runeclaw Bear", "Grizzly Bears"])
    s.choose(0, DecisionKind.REVEAL, "Kodama's Might", "Glacial Ray")
    s.run()

    # {U}, then {G} and {1}{R} in the order spliced.
    assert first(s, "mana_spent")["cost"] == "{1}{U}{G}{R}"
    cast = first(s, "spell_cast")
    assert cast["additions"] == ["splice Kodama's Might", "splice Glacial Ray"]
    bear = s.permanent("Runeclaw Bear")
    assert cast["targets"][0] == bear.id
    grizzly = cast["targets"][1]
    assert s.power("Runeclaw Bear") == 4
    assert s.graveyard(1) == ["Grizzly Bears"]
    # Each target was chosen for the text it belongs to (601.2c, 702.47d).
    assert len(s.decisions.of_kind(DecisionKind.TARGET)) == 2
    # Order: the spell's draw, then Kodama's Might's pump, then Glacial Ray's damage.
    drawn = first(s, "card_drawn")["seq"]
    pumped = first(s, "effect_created", affected=[bear.id])["seq"]
    damaged = first(s, "damage_dealt", to_object=grizzly, to_name="Grizzly Bears")["seq"]
    assert drawn < pumped < damaged
    assert s.hand(0) == ["Glacial Ray", "Kodama's Might", "Island"]


@pytest.mark.rules("702.47b", "702.47d", "601.2c")
def test_the_other_order_is_followed_too() -> None:
    s = _scenario()
    s.add(0, "battlefield", "Island", "Mountain", "Mountain", "Forest", "Runeclaw Bear")
    s.add(0, "hand", "Reach Through Mists", "Glacial Ray", "Kodama's Might")
    s.cast(0, "Reach Through Mists", targets=["P2", "Runeclaw Bear"])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray", "Kodama's Might")
    s.run()

    bear = s.permanent("Runeclaw Bear")
    assert first(s, "spell_cast")["additions"] == ["splice Glacial Ray", "splice Kodama's Might"]
    damaged = first(s, "damage_dealt", to_player=1)["seq"]
    pumped = first(s, "effect_created", affected=[bear.id])["seq"]
    assert damaged < pumped
    assert (s.life(1), s.power("Runeclaw Bear")) == (18, 4)


@pytest.mark.rules("702.47a", "205.3k")
def test_splicing_onto_an_arcane_sorcery() -> None:
    # Arcane is the quality, whether the spell is an instant or a sorcery (205.3k).
    s = _scenario()
    s.add(0, "battlefield", "Mountain", "Forest", "Runeclaw Bear")
    s.add(0, "hand", "Lava Spike", "Kodama's Might")
    s.cast(0, "Lava Spike", targets=["P2", "Runeclaw Bear"])
    s.choose(0, DecisionKind.REVEAL, "Kodama's Might")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 17
    assert (s.power("Runeclaw Bear"), s.toughness("Runeclaw Bear")) == (4, 4)
    assert first(s, "mana_spent")["cost"] == "{R}{G}"


@pytest.mark.rules("702.47a", "702.47b")
def test_a_spliced_card_can_be_cast_later_and_leaving_the_hand_changes_nothing() -> None:
    # After splicing Glacial Ray onto Reach Through Mists, P1 casts that same Glacial Ray
    # in response; it resolves first and goes to the graveyard, and the spliced text
    # still deals its damage.
    s = _scenario()
    s.add(0, "battlefield", "Island", "Mountain", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Reach Through Mists", "Glacial Ray")
    s.cast(0, "Reach Through Mists", targets=["P2"])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray")
    s.cast(0, "Glacial Ray", targets=["P2"])
    s.run()

    assert s.life(1) == 16
    assert s.graveyard(0) == ["Glacial Ray", "Reach Through Mists"]
    assert [e["card"] for e in s.events("spell_cast")] == ["Reach Through Mists", "Glacial Ray"]


@pytest.mark.rules("702.47b")
def test_a_card_is_not_spliced_onto_itself() -> None:
    # Casting Glacial Ray with no other splice card in hand: nothing to reveal (the
    # scenario is strict, so an unexpected reveal decision would fail it).
    s = _scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Glacial Ray")
    s.cast(0, "Glacial Ray", targets=["P2"])
    s.run()
    assert s.life(1) == 18
    assert s.decisions.of_kind(DecisionKind.REVEAL) == []
    assert s.events("cards_revealed") == []


@pytest.mark.rules("702.47b")
def test_another_copy_of_the_card_can_be_spliced_but_not_the_spell_itself() -> None:
    s = _scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Glacial Ray", "Glacial Ray")
    s.cast(0, "Glacial Ray", targets=["P2", "P2"])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray")
    s.run()

    (asked,) = s.decisions.of_kind(DecisionKind.REVEAL)
    (cast,) = s.events("spell_cast")
    (offered,) = asked.options
    assert offered.object != cast["object"]
    assert s.life(1) == 16
    assert s.hand(0) == ["Glacial Ray"]
    assert first(s, "mana_spent")["cost"] == "{2}{R}{R}"


@pytest.mark.rules("702.47a")
def test_a_spell_without_the_quality_offers_no_splice() -> None:
    s = _scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Lightning Bolt", "Glacial Ray")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()
    assert s.life(1) == 17
    assert s.decisions.of_kind(DecisionKind.REVEAL) == []
    assert "additions" not in first(s, "spell_cast")


@pytest.mark.rules("702.47a", "601.2f")
def test_a_splice_cost_that_cant_be_paid_is_not_offered() -> None:
    s = _scenario()
    s.add(0, "battlefield", "Island", "Mountain")
    s.add(0, "hand", "Reach Through Mists", "Glacial Ray")
    s.cast(0, "Reach Through Mists")
    s.run()
    assert s.decisions.of_kind(DecisionKind.REVEAL) == []
    assert first(s, "mana_spent")["cost"] == "{U}"


@pytest.mark.rules("702.47b", "601.2c")
def test_a_card_whose_targets_cant_be_chosen_is_not_offered() -> None:
    # No creature anywhere: Kodama's Might's text could not have its target (702.47b).
    s = _scenario()
    s.add(0, "battlefield", "Island", "Forest", "Mountain", "Mountain")
    s.add(0, "hand", "Reach Through Mists", "Kodama's Might", "Glacial Ray")
    s.cast(0, "Reach Through Mists", targets=["P2"])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray")
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.REVEAL)
    assert [str(o).split(" #")[0] for o in asked.options] == ["Glacial Ray"]
    assert s.life(1) == 18


@pytest.mark.rules("601.2f", "732.1", "702.47a")
def test_splice_costs_that_together_cant_be_paid_reverse_the_cast() -> None:
    # Each splice cost alone could be paid with the spell's, but not both: the total cost
    # determined in 601.2f can't be paid and the whole cast is reversed (732.1).
    s = _scenario()
    s.add(0, "battlefield", "Island", "Mountain", "Forest", "Runeclaw Bear")
    s.add(0, "hand", "Reach Through Mists", "Glacial Ray", "Kodama's Might")
    s.cast(0, "Reach Through Mists", targets=["P2", "Runeclaw Bear"])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray", "Kodama's Might")
    s.run()

    (asked,) = s.decisions.of_kind(DecisionKind.REVEAL)
    assert len(asked.options) == 2
    reversed_cast = first(s, "cast_reversed")
    assert (reversed_cast["rule"], reversed_cast["cost"]) == ("732.1", "{1}{U}{R}{G}")
    assert s.events("spell_cast") == []
    assert s.hand(0) == ["Reach Through Mists", "Glacial Ray", "Kodama's Might"]
    assert all(not p.tapped for p in s.permanents("Island") + s.permanents("Mountain"))
    assert s.life(1) == 20


# --- resolving ------------------------------------------------------------------------------


def _might_with_ray_then_bolt(ray_target: str) -> Scenario:
    """P1 casts Kodama's Might on Runeclaw Bear with Glacial Ray spliced at ``ray_target``;
    P2 answers with Lightning Bolt on Runeclaw Bear."""
    s = _scenario()
    s.add(0, "battlefield", "Forest", "Mountain", "Mountain", "Runeclaw Bear")
    s.add(0, "hand", "Kodama's Might", "Glacial Ray")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Kodama's Might", targets=["Runeclaw Bear", ray_target])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray")
    s.cast(1, "Lightning Bolt", targets=["Runeclaw Bear"])
    return s.run()


@pytest.mark.rules("608.2b", "702.47d")
def test_a_spliced_target_still_legal_lets_the_spell_resolve() -> None:
    s = _might_with_ray_then_bolt("P2")
    assert s.graveyard(0) == ["Runeclaw Bear", "Kodama's Might"]
    assert s.events("spell_fizzled") == []
    # The pump had no creature to affect; Glacial Ray's text dealt its damage.
    assert s.life(1) == 18
    assert first(s, "damage_dealt", to_player=1)["source_name"] == "Kodama's Might"


@pytest.mark.rules("608.2b", "702.47d")
def test_all_targets_illegal_including_spliced_ones_and_the_spell_doesnt_resolve() -> None:
    s = _might_with_ray_then_bolt("Runeclaw Bear")
    fizzled = first(s, "spell_fizzled")
    assert fizzled["rule"] == "608.2b"
    assert s.graveyard(0) == ["Runeclaw Bear", "Kodama's Might"]
    assert [e["source_name"] for e in s.events("damage_dealt")] == ["Lightning Bolt"]
    assert s.hand(0) == ["Glacial Ray"]


@pytest.mark.rules("702.47c", "105.2", "601.2i")
def test_the_spell_keeps_its_own_colour() -> None:
    # Reach Through Mists (blue) with Glacial Ray (red) spliced: a blue spell is cast,
    # not a red one (702.47c), so only Kraken's Eye triggers.
    s = _reach_with_glacial_ray()
    s.add(1, "battlefield", "Kraken's Eye", "Dragon's Claw")
    s.choose(1, DecisionKind.MAY, "yes")
    s.run()

    (cast,) = s.events("spell_cast")
    assert [e["card"] for e in s.events("ability_triggered")] == ["Kraken's Eye"]
    assert first(s, "ability_triggered")["trigger"] == cast["seq"]
    assert s.life(1) == 20 - 2 + 1


@pytest.mark.cards("Twincast")
@pytest.mark.rules("707.10", "707.10c", "702.47a", "702.47d")
def test_a_twincast_copy_of_a_spliced_spell_has_the_spliced_text_and_its_target() -> None:
    # Splicing is a choice made as the spell is cast, with an additional cost, and a copy
    # copies those (707.10; Twincast's ruling of 2005-06-01): P2's copy draws P2 a card
    # and deals Glacial Ray's 2 damage, to P1 once P2 points the spliced target there.
    s = _reach_with_glacial_ray()
    s.add(1, "battlefield", "Island", "Island")
    s.add(1, "hand", "Twincast")
    s.cast(1, "Twincast", targets=["Reach Through Mists"])
    s.choose(1, DecisionKind.NEW_TARGET, "P1")
    s.run()

    copied = first(s, "spell_copied")
    assert copied["targets"] == ["player:0"]
    (asked,) = s.decisions.of_kind(DecisionKind.NEW_TARGET)  # the spliced text's target
    assert asked.player == 1
    assert (s.life(0), s.life(1)) == (18, 18)
    damage = s.events("damage_dealt")
    assert [(e["source"], e["to_player"]) for e in damage] == [
        (copied["object"], 0),
        (first(s, "spell_cast", card="Reach Through Mists")["object"], 1),
    ]
    assert [e["player"] for e in s.events("card_drawn")] == [1, 0]
    # Nothing more is spliced onto a copy: it is not cast (707.10).
    assert len(s.decisions.of_kind(DecisionKind.REVEAL)) == 1


@pytest.mark.cards("Hive Mind", "Runeclaw Bear")
@pytest.mark.rules("707.10", "707.10c", "702.47a", "702.47b", "702.47d")
def test_a_hive_mind_copy_of_a_spliced_spell_has_every_target_of_the_spell() -> None:
    # Kodama's Might on Runeclaw Bear with Glacial Ray spliced at P2; Hive Mind makes P2
    # copy it (Hive Mind's rulings of 2009-10-01: the copy has the spell's targets unless
    # its controller changes them). The Bear is the one creature, so its target stays;
    # P2 turns the damage on P1.
    s = _scenario()
    s.add(0, "battlefield", "Forest", "Mountain", "Mountain", "Runeclaw Bear")
    s.add(0, "hand", "Kodama's Might", "Glacial Ray")
    s.add(1, "battlefield", "Hive Mind")
    s.cast(0, "Kodama's Might", targets=["Runeclaw Bear", "P2"])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray")
    s.choose(1, DecisionKind.NEW_TARGET, "P1")
    s.run(until=(1, Step.END_OF_COMBAT))

    bear = s.permanent("Runeclaw Bear")
    (copied,) = s.events("spell_copied")
    assert copied["player"] == 1
    assert copied["targets"] == [bear.id, "player:0"]
    (asked,) = s.decisions.of_kind(DecisionKind.NEW_TARGET)
    assert [str(o) for o in asked.options] == [
        "keep",
        f"Runeclaw Bear #{bear.id}",
        "player 0 (P1)",
    ]
    # The copy's Might and the spell's: +4/+4; Glacial Ray's text dealt 2 to each player.
    assert (s.power("Runeclaw Bear"), s.toughness("Runeclaw Bear")) == (6, 6)
    assert (s.life(0), s.life(1)) == (18, 18)


# --- random play ------------------------------------------------------------------------------


@pytest.mark.rules("702.47a", "601.2b")
def test_random_bots_splice_and_their_games_replay() -> None:
    deck = ["Mountain", "Island", "Forest"] * 6 + [c.name for c in ARCANE_CARDS] * 3
    host = PluginHost([ArcaneCards()], autoload=False)
    spliced = []
    for seed in range(1, 6):
        game = new_game(
            decks=[deck, deck],
            players=[RandomBot(seed=seed), RandomBot(seed=seed + 100)],
            seed=seed,
            plugins=host,
            deck_rules=UNCHECKED,  # a test deck: many copies of the cards it tests
            max_turns=40,
        )
        trio.run(play_game, game)
        records = game.log.records
        spliced.extend(r for r in records if r["event"] == "spell_cast" and "additions" in r)
        # The private reveal decisions are in the log, so the game replays exactly.
        assert replay(records, plugins=host).identical
    assert spliced
    assert all(a.startswith("splice ") for r in spliced for a in r["additions"])
