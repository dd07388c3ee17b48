"""Rules tests for declaring attackers and blockers (CR 508.1, 509.1): restrictions and
requirements checked on the whole declaration, the most requirements obeyed without
disobeying a restriction, creatures that block several attackers, attacking battles, and
the random bot finding a legal declaration through the decision's whole-answer rule.

Test cards (``_combat_cards``) carry the restrictions and requirements of the CR's
examples: "can't attack alone", "no more than one creature can attack each turn",
"attacks each combat if able", "blocks each combat if able", "all creatures able to block
this creature do so", "can block only creatures with flying" and "can block an
additional creature each combat".
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _combat_cards import CombatCards
from _support import decisions_made, first

import manaweave
from manaweave import Choice, Decision, DecisionKind
from manaweave.lowlevel import Game
from manaweave.players import RandomBot
from manaweave.testing import Scenario, ScenarioError


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards(), TestCards()])


def attackers(s: Scenario) -> list[str]:
    """The names of the creatures declared as attackers, in order."""
    declared = first(s, "attackers_declared")["attackers"]
    return [s.game.objects[a[0]].name for a in declared]  # type: ignore[union-attr]


class BotDeclares:
    """Has a random bot answer every decision of one kind (declaring attackers or
    blockers), and keeps each decision and answer."""

    def __init__(self, seed: int, kind: DecisionKind) -> None:
        self.bot = RandomBot(seed)
        self.kind = kind
        self.answers: list[tuple[Decision, Choice]] = []

    @manaweave.hookimpl
    def mw_game_setup(self, game: Game) -> None:
        """Put the bot in front of each player for declarations."""
        game.actors[:] = [_Declaring(self, actor) for actor in game.actors]


class _Declaring:
    def __init__(self, owner: BotDeclares, inner: manaweave.players.Player) -> None:
        self.owner = owner
        self.inner = inner

    async def decide(self, decision: Decision) -> Choice:
        if decision.kind is self.owner.kind:
            answer = self.owner.bot.pick(decision)
            self.owner.answers.append((decision, answer))
            return answer
        return await self.inner.decide(decision)


# --- restrictions on attacking (508.1c) --------------------------------------------------


@pytest.mark.rules("508.1c")
def test_cr_example_two_creatures_that_cant_attack_alone_may_attack_together() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Loner", "Test Loner")
    s.attack(0, "Test Loner", "Test Loner")
    s.run()

    assert attackers(s) == ["Test Loner", "Test Loner"]
    assert s.life(1) == 16


@pytest.mark.rules("508.1c", "508.1")
def test_a_creature_that_cant_attack_alone_attacking_alone_is_an_illegal_declaration() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Loner", "Grizzly Bears")
    s.attack(0, "Test Loner")
    with pytest.raises(ScenarioError, match=r"can't attack alone\. \(508\.1c\)"):
        s.run()

    rejected = s.events("decision_rejected")
    assert [r["kind"] for r in rejected] == ["attackers"]
    assert s.events("attackers_declared") == []  # the declaration changed nothing


# --- requirements on attacking (508.1d) --------------------------------------------------


@pytest.mark.rules("508.1d")
def test_a_creature_that_attacks_each_combat_if_able_must_attack() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Berserker", "Grizzly Bears")
    s.attack(0, "Grizzly Bears")
    with pytest.raises(ScenarioError, match=r"obeys 0 attack requirement\(s\); 1 can be"):
        s.run()


@pytest.mark.rules("508.1d", "302.6")
def test_a_requirement_a_creature_cannot_obey_asks_nothing() -> None:
    # A Berserker with summoning sickness can't attack: declaring no attackers is legal.
    s = scenario()
    s.add(0, "battlefield", "Test Berserker", sick=True)
    s.add(0, "battlefield", "Grizzly Bears")
    s.run()

    assert attackers(s) == []


CR_508_1D_DECLARATIONS = {
    ("Test Berserker",): None,
    ("Grizzly Bears",): r"obeys 0 attack requirement\(s\); 1 can be obeyed",
    ("Test Berserker", "Grizzly Bears"): r"No more than one creature can attack",
    (): r"obeys 0 attack requirement\(s\); 1 can be obeyed",
}


@pytest.mark.rules("508.1c", "508.1d")
@pytest.mark.parametrize("declared", sorted(CR_508_1D_DECLARATIONS))
def test_cr_example_only_the_creature_that_attacks_if_able_may_attack(
    declared: tuple[str, ...],
) -> None:
    # 508.1d's example: "attacks if able", a creature with no abilities, and "no more than
    # one creature can attack each turn": only the first attacking alone is legal.
    s = scenario()
    s.add(0, "battlefield", "Test Berserker", "Grizzly Bears", "Test Peace Totem")
    s.attack(0, *declared)
    error = CR_508_1D_DECLARATIONS[declared]
    if error is None:
        s.run()
        assert attackers(s) == ["Test Berserker"]
        assert s.life(1) == 18
    else:
        with pytest.raises(ScenarioError, match=error):
            s.run()


@pytest.mark.rules("508.1c", "508.1d")
def test_the_random_bot_finds_the_only_legal_declaration_of_attackers() -> None:
    for seed in range(5):
        bot = BotDeclares(seed, DecisionKind.ATTACKERS)
        s = Scenario(plugins=[CombatCards(), bot])
        s.add(0, "battlefield", "Test Berserker", "Grizzly Bears", "Test Peace Totem")
        s.run()

        [(decision, answer)] = bot.answers
        assert decision.is_legal(answer.indices)
        assert decision.legal_choice() == answer
        assert attackers(s) == ["Test Berserker"]
        assert decision.problem(()) is not None  # attacking with nothing is illegal


# --- attacking planeswalkers and battles (508.1b) ----------------------------------------


@pytest.mark.rules("508.1b", "310.8b", "510.1b", "120.3h")
def test_a_creature_may_attack_a_battle_the_defending_player_protects() -> None:
    s = scenario()
    s.add(0, "battlefield", "Centaur Courser")
    s.add(1, "battlefield", "Test Contested Ridge")
    s.add(0, "battlefield", "Test Contested Ridge")  # one's own battle can't be attacked
    s.attack(0, "Centaur Courser", planeswalker="Test Contested Ridge")
    s.run()

    asked = s.decisions.of_kind(DecisionKind.ATTACKERS, 0)[0]
    assert sorted(str(o).split(" #")[0] for o in asked.options) == [
        "Centaur Courser attacks Test Contested Ridge",
        "Centaur Courser attacks player 1",
    ]
    ridge = s.permanent("Test Contested Ridge", 1)
    assert ridge.counters["defense"] == 1
    assert first(s, "damage_dealt", to_object=ridge.id)["rule"] == "510.2"
    assert s.life(1) == 20


@pytest.mark.rules("509.1a", "310.8c")
def test_the_protector_of_a_battle_blocks_its_attackers() -> None:
    s = scenario()
    s.add(0, "battlefield", "Centaur Courser")
    s.add(1, "battlefield", "Test Contested Ridge", "Grizzly Bears")
    s.attack(0, "Centaur Courser", planeswalker="Test Contested Ridge")
    s.block(1, "Grizzly Bears", "Centaur Courser")
    s.run()

    assert s.permanent("Test Contested Ridge").counters["defense"] == 4
    assert s.graveyard(1) == ["Grizzly Bears"]


# --- restrictions on blocking (509.1b) ---------------------------------------------------


@pytest.mark.rules("509.1b")
def test_a_creature_that_can_block_only_flyers_is_offered_only_for_them() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bird", "Grizzly Bears")
    s.add(1, "battlefield", "Test Cloud Sprite")
    s.attack(0, "Test Bird", "Grizzly Bears")
    s.block(1, "Test Cloud Sprite", "Test Bird")
    s.run()

    asked = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)[0]
    assert [str(o) for o in asked.options] == ["Test Cloud Sprite blocks Test Bird"]
    assert s.life(1) == 18
    assert s.graveyard(0) == ["Test Bird"]


# --- requirements on blocking (509.1c) ---------------------------------------------------

CR_509_1C_DECLARATIONS = {
    ("Test Guard", "Grizzly Bears"): None,
    ("Test Guard",): r"Menace \(509\.1b\)",
    ("Grizzly Bears",): r"Menace \(509\.1b\)",
    (): r"obeys 0 block requirement\(s\); 1 can be obeyed",
}


@pytest.mark.rules("509.1b", "509.1c", "702.111b")
@pytest.mark.parametrize("blockers", sorted(CR_509_1C_DECLARATIONS))
def test_cr_example_a_creature_that_blocks_if_able_and_menace(blockers: tuple[str, ...]) -> None:
    # 509.1c's example: against an attacker with menace, a creature that "blocks if able"
    # and a creature with no abilities must both block.
    s = scenario()
    s.add(0, "battlefield", "Test Brute")
    s.add(1, "battlefield", "Test Guard", "Grizzly Bears")
    s.attack(0, "Test Brute")
    for blocker in blockers:
        s.block(1, blocker, "Test Brute")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 1))
    error = CR_509_1C_DECLARATIONS[blockers]
    if error is None:
        s.run()
        assert len(first(s, "blockers_declared")["blockers"]) == 2
        assert s.graveyard(0) == ["Test Brute"]
    else:
        with pytest.raises(ScenarioError, match=error):
            s.run()


@pytest.mark.rules("509.1b", "509.1c", "702.111b")
def test_the_random_bot_finds_the_legal_declaration_of_blockers() -> None:
    for seed in range(5):
        bot = BotDeclares(seed, DecisionKind.BLOCKERS)
        s = Scenario(plugins=[CombatCards(), bot])
        s.add(0, "battlefield", "Test Brute")
        s.add(1, "battlefield", "Test Guard", "Grizzly Bears")
        s.attack(0, "Test Brute")
        s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 1))
        s.run()

        [(decision, answer)] = bot.answers
        assert decision.is_legal(answer.indices)
        assert len(answer.indices) == 2


@pytest.mark.rules("509.1c")
def test_all_creatures_able_to_block_a_lure_must_block_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Lure", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear", "Centaur Courser")
    s.attack(0, "Test Lure", "Grizzly Bears")
    s.block(1, "Runeclaw Bear", "Test Lure")
    s.block(1, "Centaur Courser", "Grizzly Bears")
    with pytest.raises(ScenarioError, match=r"obeys 1 block requirement\(s\); 2 can be"):
        s.run()


@pytest.mark.rules("509.1b", "509.1c")
def test_a_creature_unable_to_block_a_lure_is_not_required_to() -> None:
    # The Cloud Sprite can block only creatures with flying: only the Bears must block.
    s = scenario()
    s.add(0, "battlefield", "Test Lure")
    s.add(1, "battlefield", "Test Cloud Sprite", "Grizzly Bears")
    s.attack(0, "Test Lure")
    s.block(1, "Grizzly Bears", "Test Lure")
    s.run()

    assert s.graveyard(0) == ["Test Lure"]
    assert decisions_made(s, "blockers")[0]["chosen"] == ["Grizzly Bears blocks Test Lure"]


# --- blocking several attackers (509.1a, 510.1d) -----------------------------------------


@pytest.mark.rules("509.1a", "509.1g", "509.1h", "510.1d")
def test_a_creature_that_can_block_an_additional_creature_blocks_two() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(1, "battlefield", "Test Two-Headed Guard")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.block(1, "Test Two-Headed Guard", "Grizzly Bears")
    s.block(1, "Test Two-Headed Guard", "Runeclaw Bear")
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (0, 2))  # all of it to Runeclaw Bear
    s.run()

    assert s.life(1) == 20
    assert s.permanent("Grizzly Bears").damage == 0
    assert s.graveyard(0) == ["Runeclaw Bear"]
    assert s.graveyard(1) == ["Test Two-Headed Guard"]  # 2 + 2 damage on a 2/4
    guard = first(s, "blockers_declared")["blockers"]
    assert len(guard) == 2
    assert guard[0][0] == guard[1][0]
    [decision] = decisions_made(s, "damage_assignment")
    assert (decision["player"], decision["rule"]) == (1, "510.1d")


@pytest.mark.rules("509.1a")
def test_a_creature_blocks_no_more_creatures_than_it_can() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Centaur Courser")
    s.add(1, "battlefield", "Test Two-Headed Guard", "Llanowar Elves")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear", "Centaur Courser")
    s.block(1, "Test Two-Headed Guard", "Grizzly Bears")
    s.block(1, "Test Two-Headed Guard", "Runeclaw Bear")
    s.block(1, "Test Two-Headed Guard", "Centaur Courser")
    with pytest.raises(ScenarioError, match=r"can block 2 creature\(s\), not 3 \(509\.1a\)"):
        s.run()


@pytest.mark.rules("509.1a")
def test_an_ordinary_creature_blocks_one_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(1, "battlefield", "Centaur Courser", "Llanowar Elves")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.block(1, "Centaur Courser", "Grizzly Bears")
    s.block(1, "Centaur Courser", "Runeclaw Bear")
    with pytest.raises(ScenarioError, match="only one option per object"):
        s.run()
