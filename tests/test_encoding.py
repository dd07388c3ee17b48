"""The fixed-size encodings of views, decisions and options for learning agents
(``manaweave.encoding``): the layout, what a known position encodes to, that nothing
outside the deciding player's view (400.2) goes in, and the action masks that lead to legal
answers only."""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Sequence
from pathlib import Path

import pytest
import trio

from manaweave import (
    Attack,
    Cast,
    Choice,
    Decision,
    DecisionKind,
    GameView,
    Named,
    Number,
    Step,
    TargetOption,
    new_game,
    play_game,
)
from manaweave.encoding import (
    ACTIONS,
    BATTLEFIELD_SLOTS,
    DECISION_FEATURES,
    FINISH,
    GAME_FEATURES,
    HAND_SLOTS,
    LAYOUT,
    MAX_OPTIONS,
    MAX_PLAYERS,
    OBJECT_FEATURES,
    OBSERVATION_SIZE,
    OPTION_FEATURES,
    PLAYER_FEATURES,
    STACK_SLOTS,
    START_OVER,
    action_mask,
    answer_of,
    card_number,
    encode_decision,
    encode_observation,
    encode_options,
    encode_view,
    is_complete,
)
from manaweave.players import RandomBot
from manaweave.testing import Scenario


def feature(observation: Sequence[float], part: str, slot: int, name: str) -> float:
    return observation[LAYOUT[part].index(slot, name)]


def test_the_layout_covers_the_observation_without_gaps() -> None:
    parts = list(LAYOUT.values())
    assert [p.name for p in parts] == [
        "game",
        "players",
        "battlefield",
        "hand",
        "stack",
        "decision",
        "options",
    ]
    assert parts[0].start == 0
    for before, after in itertools.pairwise(parts):
        assert before.stop == after.start
    assert parts[-1].stop == OBSERVATION_SIZE
    assert (LAYOUT["players"].slots, LAYOUT["battlefield"].slots) == (
        MAX_PLAYERS,
        BATTLEFIELD_SLOTS,
    )
    assert (LAYOUT["hand"].slots, LAYOUT["stack"].slots) == (HAND_SLOTS, STACK_SLOTS)
    assert LAYOUT["options"].slots == MAX_OPTIONS
    for features in (
        GAME_FEATURES,
        PLAYER_FEATURES,
        OBJECT_FEATURES,
        DECISION_FEATURES,
        OPTION_FEATURES,
    ):
        assert len(set(features)) == len(features)
    assert ACTIONS == MAX_OPTIONS + 2
    assert (FINISH, START_OVER) == (MAX_OPTIONS, MAX_OPTIONS + 1)
    with pytest.raises(IndexError, match="slots 0 to 47"):
        LAYOUT["battlefield"].index(BATTLEFIELD_SLOTS, "power")


def test_card_numbers_are_stable_and_in_range() -> None:
    # Fixed values: an agent trained today must see the same numbers tomorrow.
    assert card_number("Lightning Bolt") == card_number("Lightning Bolt")
    assert card_number("Lightning Bolt") != card_number("Grizzly Bears")
    assert all(0 < card_number(f"card {i}") < 65536 for i in range(500))
    digest = hashlib.blake2b(b"Grizzly Bears", digest_size=4).digest()
    assert card_number("Grizzly Bears") == 1 + int.from_bytes(digest, "big") % 65535


def _main_phase() -> tuple[Scenario, GameView]:
    s = Scenario(turn=3, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain")
    s.add(0, "battlefield", "Forest", tapped=True)
    s.add(0, "battlefield", "Serra Angel", sick=True)
    s.add(0, "hand", "Lightning Bolt", "Centaur Courser")
    s.add(1, "battlefield", "Craw Wurm", counters={"+1/+1": 2}, damage=1)
    s.add(1, "hand", "Shock")
    s.life(1, 13)
    s.run(until=(3, Step.BEGINNING_OF_COMBAT))
    assert s.game is not None
    return s, s.game.view(0)


@pytest.mark.rules("400.2", "302.6", "122.1", "120.3", "702.9a", "702.20a")
@pytest.mark.cards(
    "Grizzly Bears", "Serra Angel", "Lightning Bolt", "Centaur Courser", "Craw Wurm", "Shock"
)
def test_a_known_position_encodes_to_its_numbers() -> None:
    _, view = _main_phase()
    seen = encode_view(view)
    assert len(seen) == LAYOUT["stack"].stop
    assert feature(seen, "game", 0, "turn") == 3
    assert feature(seen, "game", 0, "step_beginning_of_combat") == 1
    assert feature(seen, "game", 0, "viewer_active") == 1
    # Players from the viewer on: the viewer first, the opponent next.
    assert feature(seen, "players", 0, "life") == 20
    assert feature(seen, "players", 1, "life") == 13
    assert feature(seen, "players", 1, "opponent") == 1
    assert feature(seen, "players", 1, "hand_size") == 1
    assert feature(seen, "players", 0, "untapped_lands") == 2
    assert feature(seen, "players", 2, "present") == 0
    # The viewer's permanents come first, by id; the opponent's after.
    names = {card_number(n): n for n in ("Grizzly Bears", "Serra Angel", "Craw Wurm")}
    slots = {
        names[int(feature(seen, "battlefield", slot, "card"))]: slot
        for slot in range(6)
        if int(feature(seen, "battlefield", slot, "card")) in names
    }
    bears, angel, wurm = slots["Grizzly Bears"], slots["Serra Angel"], slots["Craw Wurm"]
    assert bears < angel < wurm
    assert feature(seen, "battlefield", bears, "power") == 2
    assert feature(seen, "battlefield", bears, "can_attack") == 1
    assert feature(seen, "battlefield", angel, "can_attack") == 0  # summoning sick (302.6)
    assert feature(seen, "battlefield", angel, "kw_flying") == 1
    assert feature(seen, "battlefield", angel, "kw_vigilance") == 1
    assert feature(seen, "battlefield", angel, "color_w") == 1
    assert feature(seen, "battlefield", wurm, "controller") == 1
    assert feature(seen, "battlefield", wurm, "power") == 8  # 6/4 with two +1/+1 counters
    assert feature(seen, "battlefield", wurm, "plus_counters") == 2
    assert feature(seen, "battlefield", wurm, "damage") == 1
    assert feature(seen, "battlefield", 6, "present") == 0
    hand = [int(feature(seen, "hand", slot, "card")) for slot in range(3)]
    assert hand == [card_number("Lightning Bolt"), card_number("Centaur Courser"), 0]
    # The opponent's Shock is nowhere: only counted.
    assert card_number("Shock") not in [int(x) for x in seen]


@pytest.mark.rules("601.2c", "508.1a")
@pytest.mark.cards("Grizzly Bears", "Lightning Bolt", "Craw Wurm")
def test_options_name_the_slots_of_their_objects() -> None:
    _, view = _main_phase()
    bolt = next(o for o in view.hand if o.name == "Lightning Bolt")
    bears = next(o for o in view.battlefield if o.name == "Grizzly Bears")
    wurm = next(o for o in view.battlefield if o.name == "Craw Wurm")
    options = [
        Cast(bolt.id, "Lightning Bolt"),
        TargetOption(wurm.id, None, "Craw Wurm"),
        TargetOption(None, 1, "player 1"),
        Attack(bears.id, "Grizzly Bears", 1),
        Number(3),
    ]
    decision = Decision(DecisionKind.TARGET, 0, options, "?", _view=lambda: view)
    encoded = encode_options(decision)
    start = 0

    def of(slot: int, name: str) -> float:
        return encoded[start + slot * len(OPTION_FEATURES) + OPTION_FEATURES.index(name)]

    seen = encode_view(view)
    assert of(0, "is_cast") == 1
    assert of(0, "zone_hand") == 1
    assert feature(seen, "hand", int(of(0, "slot")) - 1, "card") == of(0, "card")
    assert of(1, "zone_battlefield") == 1
    assert feature(seen, "battlefield", int(of(1, "slot")) - 1, "card") == card_number("Craw Wurm")
    assert (of(2, "card"), of(2, "player")) == (0, 2)  # player 1 is the viewer's next: 1 + 1
    assert (of(3, "is_attack"), of(3, "player")) == (1, 2)
    assert (of(4, "is_number"), of(4, "number")) == (1, 3)
    assert of(5, "present") == 0
    whole = encode_observation(decision, selected=(1,))
    assert len(whole) == OBSERVATION_SIZE
    assert whole[LAYOUT["options"].index(1, "selected_at")] == 1
    assert whole[LAYOUT["decision"].index(0, "kind_target")] == 1
    assert whole[LAYOUT["decision"].index(0, "selected")] == 1


def _decision(options: int) -> Decision:
    return Decision(DecisionKind.CHOICE, 0, [Number(i) for i in range(options)], "?")


def test_a_one_option_decision_is_answered_by_one_action() -> None:
    decision = _decision(3)
    mask = action_mask(decision)
    assert mask[:3] == [True] * 3
    assert not any(mask[3:])
    assert is_complete(decision, [2])
    assert answer_of(decision, [2]) == (2,)


def test_options_past_the_encoded_ones_are_not_offered() -> None:
    decision = _decision(100)
    mask = action_mask(decision)
    assert mask[:MAX_OPTIONS] == [True] * MAX_OPTIONS
    assert not mask[FINISH]
    assert not mask[START_OVER]
    assert encode_decision(decision)[len(DecisionKind) + 2 : len(DecisionKind) + 4] == [100, 64]


@pytest.mark.rules("508.1a", "508.1c")
def test_a_selection_of_several_options_is_built_one_at_a_time() -> None:
    # Two attackers, each able to attack one of two players: one attack per attacker.
    options = [Attack(1, "A", 1), Attack(1, "A", 2), Attack(2, "B", 1), Attack(2, "B", 2)]
    groups = [1, 1, 2, 2]

    def no_lone_b(indices: Sequence[int]) -> str | None:
        # A restriction on the attack as a whole (508.1c): B can't attack alone.
        attackers = {options[i].attacker for i in indices}
        return "B can't attack alone" if attackers == {2} else None

    decision = Decision(
        DecisionKind.ATTACKERS,
        0,
        options,
        "?",
        min=0,
        max=2,
        groups=groups,
        whole_answer_rule=no_lone_b,
    )
    mask = action_mask(decision)
    assert mask[:4] == [True] * 4
    assert mask[FINISH]
    assert not mask[START_OVER]
    mask = action_mask(decision, [1])
    assert mask[:4] == [False, False, True, True]  # A attacks once (one per group)
    assert mask[FINISH]
    assert not mask[START_OVER]  # the selection can still be finished or grow
    assert not is_complete(decision, [1])
    assert is_complete(decision, [1, 2])
    mask = action_mask(decision, [3])
    assert not mask[FINISH]
    assert not mask[START_OVER]  # A can still join the attack
    assert answer_of(decision, [3, 0]) == (3, 0)


@pytest.mark.rules("508.1c")
def test_start_over_is_offered_only_at_a_dead_end() -> None:
    # B alone can attack, but can't attack alone (508.1c): once B is picked, nothing can
    # be added and the selection is no legal answer, so only START_OVER goes on.
    options = [Attack(2, "B", 1), Attack(2, "B", 2)]

    def no_lone_b(indices: Sequence[int]) -> str | None:
        return "B can't attack alone" if indices else None

    decision = Decision(
        DecisionKind.ATTACKERS,
        0,
        options,
        "?",
        min=0,
        max=1,
        groups=[2, 2],
        whole_answer_rule=no_lone_b,
    )
    assert not action_mask(decision)[START_OVER]
    mask = action_mask(decision, [0])
    assert not any(mask[:2])
    assert not mask[FINISH]
    assert mask[START_OVER]


def _hidden_numbers(view: GameView) -> set[int]:
    """The card numbers of every object the view shows (all the card names an encoding of
    it may carry)."""
    seen = [*view.battlefield, *view.stack, *view.exile, *view.command, *view.hand]
    for player in view.players:
        seen.extend(player.graveyard)
        seen.extend(player.revealed_hand or ())
    names = {o.face_down_name if o.face_down else o.name for o in seen}
    return {card_number(name) for name in names if name}


class Checker:
    """A random bot that encodes every decision it is asked and checks the encoding."""

    def __init__(self, seed: int) -> None:
        self.bot = RandomBot(seed)
        self.problems: list[str] = []
        self.kinds: set[DecisionKind] = set()

    async def decide(self, decision: Decision) -> Choice:
        self.kinds.add(decision.kind)
        observation = encode_observation(decision)
        view = decision.view
        if len(observation) != OBSERVATION_SIZE or not all(map(math.isfinite, observation)):
            self.problems.append(f"{decision.kind}: bad observation")
        visible = _hidden_numbers(view)
        for part, count, name in (
            ("battlefield", BATTLEFIELD_SLOTS, "card"),
            ("hand", HAND_SLOTS, "card"),
            ("stack", STACK_SLOTS, "card"),
            ("options", MAX_OPTIONS, "card"),
            ("options", MAX_OPTIONS, "other_card"),
        ):
            for slot in range(count):
                number = int(observation[LAYOUT[part].index(slot, name)])
                if number and number not in visible:
                    self.problems.append(f"{decision.kind}: {part} {slot} names an unseen card")
        mask = action_mask(decision)
        if not any(mask):
            self.problems.append(f"{decision.kind}: no legal action")
        choice = self.bot.pick(decision)
        if len(decision.options) <= MAX_OPTIONS:
            # Every legal answer the bot finds can be built from the mask, pick by pick.
            selected: list[int] = []
            for index in choice.indices:
                if not action_mask(decision, selected)[index]:
                    self.problems.append(f"{decision.kind}: {choice} not reachable")
                    break
                selected.append(index)
        return choice


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("seed", [1, 2])
def test_encodings_of_a_whole_game_hold_only_what_the_player_sees(seed: int) -> None:
    checkers = [Checker(seed * 10), Checker(seed * 10 + 1)]
    game = new_game(
        decks=["m10:red-green", "m10:green-white"], players=checkers, seed=seed, max_turns=30
    )
    trio.run(play_game, game)
    for checker in checkers:
        assert checker.problems == []
    kinds = set().union(*(c.kinds for c in checkers))
    assert {DecisionKind.PRIORITY, DecisionKind.MULLIGAN, DecisionKind.ATTACKERS} <= kinds


def test_a_mulligan_decision_encodes_its_words() -> None:
    decision = Decision(DecisionKind.MULLIGAN, 0, [Named("keep"), Named("mulligan")], "?")
    encoded = encode_options(decision)
    width = len(OPTION_FEATURES)
    assert encoded[OPTION_FEATURES.index("word_keep")] == 1
    assert encoded[width + OPTION_FEATURES.index("word_mulligan")] == 1
    assert encoded[OPTION_FEATURES.index("is_named")] == 1


def test_the_players_doc_names_every_feature() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "players.md").read_text("utf-8")
    section = doc[doc.index("## Learning agents") :]
    for features in (GAME_FEATURES, PLAYER_FEATURES, OBJECT_FEATURES, OPTION_FEATURES):
        for name in features:
            if not name.startswith(("step_", "kind_")):  # named as groups: one per step, kind
                assert f"`{name}`" in section, name
    for name in DECISION_FEATURES:
        if not name.startswith("kind_"):
            assert f"`{name}`" in section, name
    for kind in DecisionKind:
        assert f"`{kind.name}`" in section, kind
