"""A player's view holds only what that player may know (CR 400.2): manaweave.GameView."""

from __future__ import annotations

import dataclasses
import gc
import types
from collections.abc import Iterator, Sequence

import pytest
import trio
from _cards import TestCards
from _misc_keyword_cards import MiscKeywordCards

from manaweave import (
    UNCHECKED,
    Activate,
    Attack,
    Block,
    CardOption,
    Cast,
    Choice,
    DamageSplit,
    Decision,
    GameView,
    ObjectView,
    PlayerView,
    PlayLand,
    Step,
    TargetOption,
    new_game,
    play_game,
)
from manaweave.lowlevel import (
    AbilityOnStack,
    Game,
    GameObject,
    PlayerState,
    PluginHost,
    build_view,
)
from manaweave.players import RandomBot
from manaweave.testing import Scenario

FORBIDDEN = (Game, GameObject, PlayerState, AbilityOnStack)
"""Engine objects that must never be reachable from a view: each leads to hidden cards."""

ATOMS = (type(None), bool, int, float, str, bytes)


# --- walking object graphs -------------------------------------------------------------------


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root``: dataclass fields, container items and,
    for anything else, whatever the garbage collector says it refers to. Classes
    and modules are not followed (every instance refers to its class)."""
    seen: set[int] = set()
    stack: list[object] = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, (type, types.ModuleType, *ATOMS)):
            continue
        children: list[object] = []
        if dataclasses.is_dataclass(obj):
            children.extend(getattr(obj, f.name) for f in dataclasses.fields(obj))
        if isinstance(obj, dict):
            children.extend(obj.keys())
            children.extend(obj.values())
        elif isinstance(obj, tuple | list | set | frozenset):
            children.extend(obj)
        children.extend(gc.get_referents(obj))
        stack.extend(children)


def object_ids_in_view(view: GameView) -> set[int]:
    """Ids of every object the view shows or refers to."""
    ids: set[int] = set()
    for obj in reachable(view):
        if isinstance(obj, ObjectView):
            ids.add(obj.id)
            for ref in (obj.attached_to, obj.blocking, obj.source, *obj.attachments):
                if ref is not None:
                    ids.add(ref)
            ids.update(t for t in obj.targets if isinstance(t, int))
    return ids


def object_ids_in_option(option: object) -> set[int]:
    """Ids of game objects an option names."""
    if isinstance(option, PlayLand | Cast):
        return {option.card}
    if isinstance(option, Activate):
        return {option.source}
    if isinstance(option, TargetOption | CardOption):
        return {option.object} if option.object is not None else set()
    if isinstance(option, Attack):
        return {option.attacker}
    if isinstance(option, Block):
        return {option.blocker, option.attacker}
    if isinstance(option, DamageSplit):
        return set(option.recipients)
    return set()


def hidden_from(game: Game, viewer: int) -> set[int]:
    """Ids of the objects ``viewer`` may not see: other players' hands, every library."""
    hidden: set[int] = set()
    for state in game.players:
        hidden.update(o.id for o in state.library)
        if state.id != viewer:
            hidden.update(o.id for o in state.hand)
    return hidden


# --- the inspecting player -------------------------------------------------------------------


class Inspector:
    """A RandomBot that checks the view and options of every decision it is asked."""

    def __init__(self, seed: int) -> None:
        self.bot = RandomBot(seed=seed)
        self.game: Game | None = None
        self.problems: list[str] = []
        self.decisions = 0
        self.kinds: set[str] = set()
        self.opponent_hand_seen = 0

    def problem(self, decision: Decision, text: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(f"turn {decision.view.turn} {decision.kind.value}: {text}")

    async def decide(self, decision: Decision) -> Choice:
        self.decisions += 1
        self.kinds.add(decision.kind.value)
        self.inspect(decision)
        return await self.bot.decide(decision)

    def inspect(self, decision: Decision) -> None:
        game = self.game
        assert game is not None
        viewer = decision.player
        view = decision.view
        if view.viewer != viewer:
            self.problem(decision, f"view of player {view.viewer}")
        for obj in reachable(view):
            if isinstance(obj, FORBIDDEN):
                self.problem(decision, f"view reaches {obj!r}")
        hidden = hidden_from(game, viewer)
        leaked = object_ids_in_view(view) & hidden
        if leaked:
            self.problem(decision, f"view shows hidden objects {sorted(leaked)}")
        for obj in reachable(decision.options):
            if isinstance(obj, FORBIDDEN):
                self.problem(decision, f"options reach {obj!r}")
        for option in decision.options:
            named = object_ids_in_option(option) & hidden
            if named:
                self.problem(decision, f"option {option} names hidden objects {sorted(named)}")
        own = [(o.id, o.name) for o in game.players[viewer].hand]
        if [(o.id, o.name) for o in view.hand] != own:
            self.problem(decision, "the view's hand is not the viewer's hand")
        if any(o.zone != "hand" or o.owner != viewer for o in view.hand):
            self.problem(decision, "the view's hand holds an object not in the viewer's hand")
        for seen_object in reachable(view):
            if (
                isinstance(seen_object, ObjectView)
                and seen_object.face_down_name is not None
                and seen_object.controller != viewer
            ):
                self.problem(decision, f"face-down #{seen_object.id} named to player {viewer}")
        for state, seen in zip(game.players, view.players, strict=True):
            if (seen.hand_size, seen.library_size) != (len(state.hand), len(state.library)):
                self.problem(decision, f"wrong hand or library size of player {state.id}")
            if state.id != viewer and state.hand:
                self.opponent_hand_seen += 1


def play_inspected(decks: Sequence[str], seed: int) -> list[Inspector]:
    inspectors = [Inspector(seed=100 + i) for i in range(len(decks))]
    game = new_game(decks=decks, players=inspectors, seed=seed, max_turns=40)
    for inspector in inspectors:
        inspector.game = game
    trio.run(play_game, game)
    return inspectors


# --- the tests -------------------------------------------------------------------------------


@pytest.mark.rules("400.2")
@pytest.mark.parametrize(
    ("decks", "seed"),
    [
        (["m10:red-green", "m10:green-white"], 1),
        (["m10:green-white", "m10:red-green"], 2),
        (["m10:red-green", "m10:red-green"], 3),
        (["m10:red-green", "m10:green-white", "m10:green-white"], 4),
    ],
)
def test_views_never_hold_hidden_information(decks: list[str], seed: int) -> None:
    inspectors = play_inspected(decks, seed)
    for player, inspector in enumerate(inspectors):
        assert inspector.problems == [], f"player {player}"
        assert inspector.decisions > 10
        assert inspector.opponent_hand_seen > 0  # there was something to hide
    kinds = set().union(*(i.kinds for i in inspectors))
    assert {"mulligan", "priority", "attackers"} <= kinds


def test_reachable_finds_engine_objects() -> None:
    # The walk itself must find what it looks for, however deeply it is hidden.
    game = new_game(
        decks=["m10:red-green", "m10:green-white"], players=[RandomBot(1), RandomBot(2)], seed=1
    )
    card = game.players[0].library[0]

    class Opaque:
        __slots__ = ("ref",)

        def __init__(self, ref: object) -> None:
            self.ref = ref

    hidden_in = [
        (1, (2, card)),
        {"key": [card]},
        Opaque(card),
        types.SimpleNamespace(x=frozenset({3}), y=Opaque(game)),
        lambda: card,
    ]
    for holder in hidden_in:
        assert any(isinstance(o, FORBIDDEN) for o in reachable(holder)), holder


@pytest.mark.rules("400.2")
def test_view_of_a_new_game_shows_counts_only() -> None:
    game = new_game(
        decks=["m10:red-green", "m10:green-white"], players=[RandomBot(1), RandomBot(2)], seed=1
    )
    trio.run(game.draw, 0, 7)
    trio.run(game.draw, 1, 7)
    for viewer in (0, 1):
        view = game.view(viewer)
        assert isinstance(view, GameView)
        assert view.viewer == viewer
        assert [o.id for o in view.hand] == [o.id for o in game.players[viewer].hand]
        assert all(isinstance(p, PlayerView) for p in view.players)
        assert [p.hand_size for p in view.players] == [7, 7]
        assert [p.library_size for p in view.players] == [53, 53]
        assert view.battlefield == view.stack == view.exile == ()
        assert not object_ids_in_view(view) & hidden_from(game, viewer)
        assert view.hand  # own hand shown
        other = game.players[1 - viewer]
        assert not {o.id for o in other.hand} & object_ids_in_view(view)


def test_view_is_a_frozen_snapshot() -> None:
    game = new_game(
        decks=["m10:red-green", "m10:green-white"], players=[RandomBot(1), RandomBot(2)], seed=1
    )
    trio.run(game.draw, 0, 7)
    view = game.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.turn = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand[0].name = "Black Lotus"  # type: ignore[misc]
    before = game.view(0)
    trio.run(game.draw, 0, 1)
    assert view == before  # the old view did not follow the game
    assert len(view.hand) == 7
    assert len(game.view(0).hand) == 8
    for obj in reachable(view):
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            assert type(obj).__dataclass_params__.frozen, type(obj)  # type: ignore[attr-defined]
        assert not isinstance(obj, list | dict | set), obj


def test_view_find_searches_visible_zones_only() -> None:
    game = new_game(
        decks=["m10:red-green", "m10:green-white"], players=[RandomBot(1), RandomBot(2)], seed=1
    )
    trio.run(game.draw, 0, 7)
    trio.run(game.draw, 1, 7)
    view = game.view(0)
    own_names = {o.name for o in view.hand}
    for name in own_names:
        found = view.find(name)
        assert found
        assert {o.id for o in found} <= {o.id for o in view.hand}
    # Silvercoat Lion is only in player 1's deck: it is nowhere player 0 can see.
    assert view.find("Silvercoat Lion") == []
    assert view.player(1) is view.players[1]


@pytest.mark.parametrize("leak", ["opponent_hand", "library_top", "game_object"])
def test_inspector_detects_a_leaky_view(monkeypatch: pytest.MonkeyPatch, leak: str) -> None:
    # The checks above must be able to fail: make the engine's view leak on purpose.
    honest = Game.view

    def leaky(self: Game, viewer: int) -> GameView:
        view = honest(self, viewer)
        other = self.players[1 - viewer]
        if leak == "opponent_hand" and other.hand:
            shown = ObjectView(other.hand[0].id, "?", 1 - viewer, 1 - viewer, "hand", (), (), None)
            return dataclasses.replace(view, exile=(*view.exile, shown))
        if leak == "library_top":
            top = self.players[viewer].library[-1]
            return dataclasses.replace(
                view,
                hand=(*view.hand, ObjectView(top.id, "?", viewer, viewer, "hand", (), (), None)),
            )
        if leak == "game_object":
            return dataclasses.replace(view, stack=(*view.stack, other.library[0]))  # type: ignore[arg-type]
        return view

    monkeypatch.setattr(Game, "view", leaky)
    inspectors = [Inspector(seed=1), Inspector(seed=2)]
    game = new_game(
        decks=["m10:red-green", "m10:green-white"], players=inspectors, seed=1, max_turns=2
    )
    for inspector in inspectors:
        inspector.game = game
    trio.run(play_game, game)
    assert any(inspector.problems for inspector in inspectors)


# --- what a view shows of permanents and the stack -------------------------------------------


def only(view: GameView, name: str) -> ObjectView:
    (found,) = view.find(name)
    return found


@pytest.mark.rules("302.6", "508.1a", "508.1c", "702.3b", "702.9a", "702.20a", "202.3")
@pytest.mark.cards("Serra Angel", "Wall of Faith", "Grizzly Bears", "Runeclaw Bear")
def test_view_shows_keywords_abilities_and_whether_creatures_can_attack_or_block() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Serra Angel", "Wall of Faith")
    s.add(0, "battlefield", "Grizzly Bears", sick=True)
    s.add(0, "battlefield", "Runeclaw Bear", tapped=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    view = s.game.view(1)
    angel = only(view, "Serra Angel")
    assert angel.keywords == ("flying", "vigilance")
    assert angel.abilities == ("Flying", "Vigilance")
    assert "Flying" in angel.text
    assert (angel.mana_value, angel.colors, angel.mana_cost) == (5, ("W",), "{3}{W}{W}")
    assert (angel.can_attack, angel.can_block) == (True, True)
    wall = only(view, "Wall of Faith")
    assert wall.keywords == ("defender",)
    assert len(wall.abilities) == 2  # defender and its pump
    assert (wall.can_attack, wall.can_block) == (False, True)  # defender (702.3b)
    bears = only(view, "Grizzly Bears")
    assert (bears.can_attack, bears.can_block) == (False, True)  # summoning sickness (302.6)
    runeclaw = only(view, "Runeclaw Bear")
    assert (runeclaw.can_attack, runeclaw.can_block) == (False, False)  # tapped
    assert runeclaw.tapped
    for obj in view.hand:
        assert (obj.can_attack, obj.can_block) == (False, False)


@pytest.mark.rules("303.4", "301.5", "122.1", "509.1b", "702.9b")
@pytest.mark.cards(
    "Pacifism", "Holy Strength", "Grizzly Bears", "Ajani Goldmane", "Llanowar Elves", "Serra Angel"
)
def test_view_shows_attachments_both_ways_counters_and_the_rules_verdict() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Pacifism", "Holy Strength")
    s.add(0, "battlefield", "Serra Angel")
    s.add(1, "battlefield", "Grizzly Bears", "Ajani Goldmane", "Llanowar Elves")
    s.cast(0, "Pacifism", targets=["Grizzly Bears"])
    s.cast(0, "Holy Strength", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    view = s.game.view(1)
    bears = only(view, "Grizzly Bears")
    pacifism = only(view, "Pacifism")
    strength = only(view, "Holy Strength")
    assert pacifism.attached_to == strength.attached_to == bears.id
    assert bears.attachments == (pacifism.id, strength.id)
    assert (bears.power, bears.toughness) == (3, 4)
    # Pacifism's restriction is the engine's, not the view's own guess.
    assert (bears.can_attack, bears.can_block) == (False, False)
    # The elves could attack, but the only creature they face flies (702.9b).
    assert (only(view, "Llanowar Elves").can_attack, only(view, "Llanowar Elves").can_block) == (
        True,
        False,
    )
    assert pacifism.controller == 0
    assert pacifism.keywords == ("enchant",)
    assert only(view, "Ajani Goldmane").counters == (("loyalty", 4),)


@pytest.mark.rules("405.1", "113.7", "115.1", "601.2c", "602.2b")
@pytest.mark.cards(
    "Prodigal Pyromancer", "Lightning Bolt", "Giant Growth", "Grizzly Bears", "Mountain", "Forest"
)
def test_view_shows_the_stack_with_controllers_sources_texts_and_targets() -> None:
    seen: list[GameView] = []

    def both_on_the_stack(game: Game) -> bool:
        if len(game.stack) < 2:
            return False
        seen.append(game.view(1))
        return True

    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Prodigal Pyromancer", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears", "Forest")
    s.add(1, "hand", "Giant Growth")
    s.activate(0, "Prodigal Pyromancer", targets=["P2"])
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.cast(1, "Giant Growth", targets=["Grizzly Bears"], when=both_on_the_stack)
    s.run()
    (view,) = seen
    pyromancer = only(view, "Prodigal Pyromancer")
    bears = only(view, "Grizzly Bears")
    ability, bolt = view.stack
    assert (ability.controller, ability.source, ability.zone) == (0, pyromancer.id, "stack")
    assert ability.name == "Prodigal Pyromancer ability"
    assert ability.text == "{T}: Prodigal Pyromancer deals 1 damage to any target."
    assert ability.targets == (("player", 1),)
    assert (bolt.name, bolt.controller, bolt.source) == ("Lightning Bolt", 0, bolt.id)
    assert bolt.text == "Lightning Bolt deals 3 damage to any target."
    assert bolt.targets == (bears.id,)
    assert bolt.mana_value == 1
    assert s.graveyard(1) == ["Giant Growth"]  # the bears survived, 3 damage on a 5/5


@pytest.mark.rules("708.2", "708.5")
@pytest.mark.cards("Craw Wurm")
def test_a_face_down_permanent_is_named_to_its_controller_only() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Test Manifester")
    s.library(0, ["Island", "Craw Wurm"])
    s.cast(0, "Test Manifester")
    s.run()
    (mine,) = [o for o in s.game.view(0).battlefield if o.face_down]
    (theirs,) = [o for o in s.game.view(1).battlefield if o.face_down]
    assert mine.face_down_name == "Craw Wurm"
    assert theirs.face_down_name is None
    for seen in (mine, theirs):
        assert (seen.name, seen.text, seen.abilities, seen.mana_value) == ("", "", (), 0)
        assert (seen.power, seen.toughness) == (2, 2)
    assert "Craw Wurm" not in repr(s.game.view(1))


# --- views that reuse what did not change -----------------------------------------------------

HIDDEN_INFORMATION_DECK = (
    ["Swamp"] * 16
    + ["Island"] * 4
    + ["Forest"] * 4
    + ["Telepathy"] * 4  # the opponents' hands revealed (701.20a)
    + ["Vampire Nocturnus"] * 8  # the top card of a library revealed (401.5)
    + ["Test Veiled Ambusher"] * 4  # face-down spells and permanents (702.37, 708)
    + ["Test Manifester"] * 4  # a face-down permanent from the library (701.40)
    + ["Llanowar Elves"] * 4
    + ["Protean Hydra"] * 2  # counters (122)
    + ["Unsummon"] * 2  # a face-down permanent back to its owner's hand (708.11)
    + ["Gravedigger"] * 4
    + ["Sign in Blood"] * 4
)
"""A test deck full of hidden information that becomes known, and back."""

OPPOSING_DECK = (
    ["Plains"] * 18
    + ["Mountain"] * 6
    + ["Ajani Goldmane"] * 4  # loyalty counters, an anthem
    + ["Celestial Purge"] * 4  # exile (406)
    + ["Serra Angel"] * 4
    + ["Pacifism"] * 4  # an Aura: attachments
    + ["Soul Warden"] * 4
    + ["Elite Vanguard"] * 8
    + ["Glorious Charge"] * 4
    + ["Lightning Bolt"] * 4
)


class ViewComparer(RandomBot):
    """A random bot that, at every decision, builds every player's view as the game does
    (reusing the object views that did not change since its last views) and anew, and
    notes where they differ and what hidden information the views showed."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.game: Game | None = None
        self.compared = 0
        self.differences: list[str] = []
        self.reused = 0
        self.shown: set[str] = set()
        self._last: dict[tuple[int, int], ObjectView] = {}

    def pick(self, decision: Decision) -> Choice:
        game = self.game
        assert game is not None
        for seat in range(len(game.players)):
            view = game.view(seat)
            fresh = build_view(game, seat, reuse=False)
            self.compared += 1
            if view != fresh and len(self.differences) < 10:
                stale = [o for o in _objects(view) if o not in _objects(fresh)]
                self.differences.append(f"turn {view.turn}, player {seat}'s view: {stale}")
            self._note(seat, view)
        return super().pick(decision)

    def _note(self, seat: int, view: GameView) -> None:
        for obj in _objects(view):
            if self._last.get((seat, obj.id)) is obj:
                self.reused += 1
            self._last[seat, obj.id] = obj
            if obj.face_down_name is not None:
                self.shown.add(f"face-down {obj.zone}, named")
            if obj.counters:
                self.shown.add("counters")
            self.shown.add(obj.zone)
        for player in view.players:
            if player.id != seat and player.revealed_hand:
                self.shown.add("revealed hand")
            if player.revealed_library_top is not None:
                self.shown.add("library top")


def _objects(view: GameView) -> list[ObjectView]:
    """Every object view in ``view``."""
    found = [*view.battlefield, *view.stack, *view.exile, *view.command, *view.hand]
    for player in view.players:
        found.extend(player.graveyard)
        found.extend(player.revealed_hand or ())
        if player.revealed_library_top is not None:
            found.append(player.revealed_library_top)
    return found


@pytest.mark.rules("400.2", "401.5", "402.3", "701.20a", "708.5", "810.5")
@pytest.mark.parametrize(
    ("decks", "seed", "variant", "shown"),
    [
        (
            [HIDDEN_INFORMATION_DECK, OPPOSING_DECK],
            7,
            None,
            {"face-down stack, named", "face-down battlefield, named", "counters"},
        ),
        ([HIDDEN_INFORMATION_DECK, OPPOSING_DECK], 10, None, {"revealed hand", "exile"}),
        ([HIDDEN_INFORMATION_DECK, OPPOSING_DECK], 11, None, {"library top", "exile"}),
        (
            ["m10:red-green", "m10:green-white", "m10:white-weenie", "m10:red-burn"],
            6,
            "two_headed_giant",
            {"revealed hand"},
        ),
    ],
)
def test_views_reusing_unchanged_objects_equal_views_built_anew(
    decks: list[Sequence[str] | str], seed: int, variant: str | None, shown: set[str]
) -> None:
    """At every decision, every player's view as the game builds it, reusing the object
    and player views whose fields did not change, equals one built anew: hands (402.3),
    face-down permanents named to their controller only (708.5), hands played revealed
    (701.20a) or shown to teammates (810.5) and revealed library tops (401.5) included."""
    comparers = [ViewComparer(seed * 10 + seat) for seat in range(len(decks))]
    game = new_game(
        decks=decks,
        players=comparers,
        seed=seed,
        variant=variant,
        plugins=PluginHost([TestCards(), MiscKeywordCards()]),
        deck_rules=UNCHECKED,  # test decks: many copies of the cards they test
        max_turns=30,
        decision_time_limit=None,
    )
    for comparer in comparers:
        comparer.game = game
    trio.run(play_game, game)
    assert [c.differences for c in comparers] == [[] for _ in comparers]
    assert all(c.compared > 50 for c in comparers)
    assert all(c.reused > c.compared for c in comparers)  # reused: more than one a view
    assert shown <= set().union(*(c.shown for c in comparers))
