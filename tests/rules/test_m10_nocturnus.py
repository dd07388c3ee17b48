"""Vampire Nocturnus: playing with the top card of a library revealed (CR 401.5, 401.6,
701.20d) and a static ability whose condition reads that card (611.3b), which must be
judged again whenever the library changes (a draw, a mill, a shuffle, a card put on top)."""

from __future__ import annotations

from typing import Any

import pytest

from manaweave import DecisionKind, Step, hookimpl
from manaweave.cards import CardSet, CreaturesYouControlAre, Printed, card
from manaweave.keywords.flying import Flying
from manaweave.testing import Scenario

pytestmark = pytest.mark.cards("Vampire Nocturnus")


class NocturnusTestCards:
    """A plugin adding this module's test-only cards."""

    __test__ = False  # not a pytest test class

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test-only set."""
        return [
            CardSet(
                "TNC",
                "Test cards for Vampire Nocturnus",
                (
                    card(
                        "Test Zombie Banner",
                        printed=Printed("{2}", "Enchantment", "Creatures you control are Zombies."),
                        abilities=(
                            CreaturesYouControlAre(
                                "Zombie", text="Creatures you control are Zombies."
                            ),
                        ),
                    ),
                ),
            )
        ]


# --- helpers --------------------------------------------------------------------------------------


def _flies(s: Scenario, name: str, player: int | None = None) -> bool:
    game = s.game
    assert game is not None
    chars = game.characteristics(s.permanent(name, player))
    return any(isinstance(a, Flying) for a in chars.abilities)


def _pt(s: Scenario, name: str, player: int | None = None) -> tuple[int | None, int | None]:
    return (s.power(name, player), s.toughness(name, player))


def _revealed(s: Scenario) -> list[str]:
    return [e["card"] for e in s.events("library_top_revealed")]


class NocturnusAtSteps:
    """Records Vampire Nocturnus's power and toughness, whether it flies, and what every
    player sees on top of player 0's library, as each step begins."""

    def __init__(self) -> None:
        self.seen: dict[tuple[int, Step], tuple[Any, ...]] = {}

    @hookimpl
    def mw_step_start(self, game: Any, step: Step) -> None:
        """Look at the game as ``step`` begins."""
        nocturnus = [p for p in game.battlefield if p.name == "Vampire Nocturnus"]
        if not nocturnus:
            return
        chars = game.characteristics(nocturnus[0])
        flying = any(isinstance(a, Flying) for a in chars.abilities)
        tops = tuple(
            None if (top := game.view(v).player(0).revealed_library_top) is None else top.name
            for v in range(len(game.players))
        )
        self.seen[(game.turn, step)] = (chars.power, chars.toughness, flying, tops)


# --- the condition --------------------------------------------------------------------------------


@pytest.mark.rules("611.3a", "611.3b", "613.1f", "613.4c", "613.6", "205.3m")
def test_a_black_top_card_pumps_nocturnus_and_your_other_vampires() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus", "Child of Night", "Vampire Aristocrat")
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Child of Night")
    s.library(0, ["Island", "Doom Blade"])  # Doom Blade, a black card, is on top
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert _pt(s, "Vampire Nocturnus") == (5, 4)
    assert _pt(s, "Child of Night", 0) == (4, 2)
    assert _pt(s, "Vampire Aristocrat") == (4, 3)
    assert all(
        _flies(s, n, 0) for n in ("Vampire Nocturnus", "Child of Night", "Vampire Aristocrat")
    )
    # Not a Vampire, or not yours: nothing.
    assert _pt(s, "Grizzly Bears") == (2, 2)
    assert not _flies(s, "Grizzly Bears")
    assert _pt(s, "Child of Night", 1) == (2, 1)
    assert not _flies(s, "Child of Night", 1)


@pytest.mark.rules("611.3a", "611.3b", "613.4c", "613.7a")
def test_two_nocturnuses_each_pump_the_other_and_themselves() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus", "Vampire Nocturnus", "Child of Night")
    s.library(0, ["Doom Blade"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    both = [game.characteristics(p) for p in s.permanents("Vampire Nocturnus")]
    assert [(c.power, c.toughness) for c in both] == [(7, 5), (7, 5)]
    assert _pt(s, "Child of Night") == (6, 3)
    # One library, one revealed card, however many abilities reveal it.
    assert _revealed(s) == ["Doom Blade"]


@pytest.mark.rules("702.9b", "509.1b", "611.3a", "611.3b")
def test_the_flying_it_gives_keeps_ground_creatures_from_blocking() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus", "Child of Night")
    s.add(1, "battlefield", "Grizzly Bears")
    s.library(0, ["Doom Blade"])
    s.attack(0, "Child of Night")
    s.run()
    assert s.decisions.of_kind(DecisionKind.BLOCKERS) == []  # no legal block to offer
    assert s.life(1) == 16  # Child of Night as a 4/2
    assert s.life(0) == 24  # lifelink


@pytest.mark.rules("613.1d", "613.1f", "613.4c", "613.6", "201.5")
def test_nocturnus_gets_the_bonus_even_when_it_is_no_longer_a_vampire() -> None:
    # "Vampire Nocturnus and other Vampire creatures you control": it names itself, so
    # it is affected whatever its creature types (201.5); the others must be Vampires
    # once the type-changing effect of layer 4 has applied (613.1d).
    s = Scenario(plugins=[NocturnusTestCards()])
    s.add(0, "battlefield", "Vampire Nocturnus", "Child of Night", "Test Zombie Banner")
    s.library(0, ["Doom Blade"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    assert game.characteristics(s.permanent("Vampire Nocturnus")).subtypes == ("Zombie",)
    assert _pt(s, "Vampire Nocturnus") == (5, 4)
    assert _flies(s, "Vampire Nocturnus")
    assert _pt(s, "Child of Night") == (2, 1)
    assert not _flies(s, "Child of Night")


@pytest.mark.rules("611.3a", "611.3b", "105.2", "202.2")
def test_a_top_card_that_is_not_black_gives_nothing() -> None:
    for top in ("Island", "Lightning Bolt"):  # a colourless land; a red card
        s = Scenario()
        s.add(0, "battlefield", "Vampire Nocturnus", "Child of Night")
        s.library(0, ["Doom Blade", top])
        s.run(until=(1, Step.BEGINNING_OF_COMBAT))
        assert _pt(s, "Vampire Nocturnus") == (3, 3)
        assert _pt(s, "Child of Night") == (2, 1)
        assert not _flies(s, "Vampire Nocturnus")
        assert not _flies(s, "Child of Night")
        assert _revealed(s) == [top]


@pytest.mark.rules("611.3a", "611.3b", "401.5")
def test_an_empty_library_has_no_black_top_card() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus", "Child of Night")
    s.library(0, [])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert _pt(s, "Vampire Nocturnus") == (3, 3)
    assert not _flies(s, "Vampire Nocturnus")
    assert _revealed(s) == []
    game = s.game
    assert game is not None
    assert game.view(1).player(0).revealed_library_top is None


@pytest.mark.rules("611.3a", "611.3b", "401.5")
def test_the_top_of_the_controllers_library_counts_not_the_opponents() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus")
    s.library(0, ["Island"])
    s.library(1, ["Doom Blade"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert _pt(s, "Vampire Nocturnus") == (3, 3)
    assert _revealed(s) == ["Island"]  # only its controller's library is revealed


# --- the library changes --------------------------------------------------------------------------


@pytest.mark.rules("121.1", "401.5", "611.3a", "611.3b")
def test_drawing_the_black_top_card_ends_the_bonus_and_reveals_the_next() -> None:
    steps = NocturnusAtSteps()
    s = Scenario(plugins=[steps])
    s.add(0, "battlefield", "Vampire Nocturnus")
    s.library(0, ["Island", "Island", "Doom Blade"])
    s.run(until=(3, Step.BEGINNING_OF_COMBAT))
    assert steps.seen[(3, Step.UPKEEP)] == (5, 4, True, ("Doom Blade", "Doom Blade"))
    assert steps.seen[(3, Step.PRECOMBAT_MAIN)] == (3, 3, False, ("Island", "Island"))
    assert s.hand(0) == ["Doom Blade"]
    # Everybody saw the card before it was drawn, so its draw is no secret (401.5).
    drawn = [e for e in s.events("card_drawn") if e["player"] == 0]
    assert [(e["card"], e["visibility"]) for e in drawn] == [("Doom Blade", [0, 1])]
    # A draw from a library that is not revealed stays hidden (401.2).
    assert [e["visibility"] for e in s.events("card_drawn") if e["player"] == 1] == [[1]]
    revealed = s.events("library_top_revealed")
    assert [(e["card"], e["rule"], e["visibility"]) for e in revealed] == [
        ("Doom Blade", "401.5", [0, 1]),
        ("Island", "401.5", [0, 1]),
    ]
    assert revealed[1]["seq"] > drawn[0]["seq"]


@pytest.mark.rules("701.17a", "401.5", "611.3a", "611.3b")
def test_milling_to_a_black_card_turns_the_bonus_on() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus", "Child of Night", "Island")
    s.add(0, "hand", "Tome Scour")
    s.library(0, ["Doom Blade", *["Island"] * 5])
    s.cast(0, "Tome Scour", targets=["P1"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.library_size(0) == 1
    assert _pt(s, "Vampire Nocturnus") == (5, 4)
    assert _pt(s, "Child of Night") == (4, 2)
    assert _flies(s, "Child of Night")
    assert _revealed(s) == ["Island"] * 5 + ["Doom Blade"]


@pytest.mark.rules("701.24a", "701.20d", "401.6", "401.5", "611.3a", "611.3b")
def test_a_search_and_shuffle_puts_a_new_top_card_and_a_card_put_on_top_is_revealed() -> None:
    # Liliana Vess: "Search your library for a card, then shuffle and put that card on top."
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus", "Liliana Vess")
    s.library(0, ["Doom Blade", "Island", "Island", "Island"])
    s.activate(0, "Liliana Vess", text="[−2]")
    s.choose(0, DecisionKind.SEARCH, "Doom Blade")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert _pt(s, "Vampire Nocturnus") == (5, 4)
    assert _flies(s, "Vampire Nocturnus")
    game = s.game
    assert game is not None
    library = game.players[0].library
    assert library[-1].name == "Doom Blade"
    names = [e["event"] for e in game.log.records]
    shuffled = names.index("library_shuffled")
    # The revealed Island is shuffled away: it stops being revealed (701.20d), and the
    # top card after the shuffle is revealed, then Doom Blade put on top of it.
    after = [e for e in game.log.records[shuffled:] if e["event"] in _REVEAL_EVENTS]
    assert after[0]["event"] == "reveal_ended"
    assert after[0]["rule"] == "701.20d"
    assert after[-1]["event"] == "library_top_revealed"
    assert after[-1]["card"] == "Doom Blade"
    assert after[-1]["object"] == library[-1].id


_REVEAL_EVENTS = ("library_top_revealed", "reveal_ended")


@pytest.mark.rules("701.20d", "401.6", "401.4", "701.24a")
def test_a_revealed_card_that_is_reordered_becomes_a_new_object() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus", "Island")
    s.add(0, "hand", "Ponder")
    s.library(0, ["Island", "Doom Blade", "Lightning Bolt", "Mind Rot"])
    s.cast(0, "Ponder")
    # Mind Rot stays on top, but it was reordered: a new object, revealed again.
    s.choose(0, DecisionKind.TOP, "Mind Rot", "Doom Blade", "Lightning Bolt")
    s.choose(0, DecisionKind.MAY, "no")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    events = [e for e in s.events() if e["event"] in _REVEAL_EVENTS]
    first, ended, again, after_draw = events
    assert (first["card"], first["rule"]) == ("Mind Rot", "401.5")
    assert (ended["event"], ended["card"], ended["rule"]) == ("reveal_ended", "Mind Rot", "701.20d")
    assert ended["object"] == first["object"]
    assert (again["card"], again["rule"]) == ("Mind Rot", "401.5")
    assert again["object"] != first["object"]
    # Ponder then draws Mind Rot, the new object; Doom Blade is the new top card.
    assert s.hand(0) == ["Mind Rot"]
    (drawn,) = s.events("card_drawn")
    assert drawn["object"] == again["object"]
    assert drawn["visibility"] == [0, 1]
    assert (after_draw["card"], after_draw["rule"]) == ("Doom Blade", "401.5")
    assert _pt(s, "Vampire Nocturnus") == (5, 4)


@pytest.mark.rules("701.24a", "401.5", "611.3a", "611.3b")
def test_a_shuffle_can_change_the_top_card_and_the_bonus() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus", "Island")
    s.add(0, "hand", "Ponder")
    s.library(0, [*["Island"] * 8, "Doom Blade", "Mind Rot", "Sign in Blood"])
    s.cast(0, "Ponder")
    s.choose(0, DecisionKind.TOP, "Sign in Blood", "Mind Rot", "Doom Blade")
    s.choose(0, DecisionKind.MAY, "yes")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    records = game.log.records
    shuffled = next(i for i, e in enumerate(records) if e["event"] == "library_shuffled")
    after_shuffle = next(e for e in records[shuffled:] if e["event"] == "library_top_revealed")
    assert after_shuffle["card"] == "Island"  # with this seed, an Island came up
    # Ponder then drew that Island; the card now on top decides, and is the one revealed.
    top = game.players[0].library[-1]
    assert _revealed(s)[-1] == top.name
    black = "B" in top.card.colors
    assert _pt(s, "Vampire Nocturnus") == ((5, 4) if black else (3, 3))
    assert _flies(s, "Vampire Nocturnus") is black


# --- the reveal -----------------------------------------------------------------------------------


@pytest.mark.rules("401.5", "400.2", "701.18c")
def test_every_player_sees_the_revealed_top_card_while_nocturnus_is_there() -> None:
    steps = NocturnusAtSteps()
    s = Scenario(players=3, plugins=[steps])
    s.add(0, "battlefield", "Vampire Nocturnus")
    s.library(0, ["Island", "Doom Blade"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    for viewer in range(3):
        view = game.view(viewer)
        top = view.player(0).revealed_library_top
        assert top is not None
        assert (top.name, top.zone) == ("Doom Blade", "library")
        # The other players' libraries stay hidden (401.2).
        assert view.player(1).revealed_library_top is None
        assert view.player(2).revealed_library_top is None
    (revealed,) = s.events("library_top_revealed")
    assert revealed["visibility"] == [0, 1, 2]
    assert revealed["player"] == 0

    without = Scenario()
    without.add(0, "battlefield", "Child of Night")
    without.library(0, ["Doom Blade"])
    without.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert without.game is not None
    assert without.game.view(1).player(0).revealed_library_top is None
    assert not without.events("library_top_revealed")


@pytest.mark.rules("401.5", "401.6", "611.3a", "611.3b")
def test_the_reveal_ends_when_nocturnus_leaves_and_begins_anew_when_it_returns() -> None:
    s = Scenario(step=Step.UPKEEP)
    s.add(0, "battlefield", *["Swamp"] * 4)
    s.add(0, "battlefield", "Vampire Nocturnus", "Child of Night")
    s.add(1, "battlefield", "Island")
    s.add(1, "hand", "Unsummon")
    s.library(0, ["Island", "Doom Blade"])
    s.cast(1, "Unsummon", targets=["Vampire Nocturnus"])  # in player 0's upkeep
    s.cast(0, "Vampire Nocturnus", step=Step.PRECOMBAT_MAIN)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    events = [e for e in s.events() if e["event"] in _REVEAL_EVENTS]
    assert [(e["event"], e["card"], e["rule"]) for e in events] == [
        ("library_top_revealed", "Doom Blade", "401.5"),
        ("reveal_ended", "Doom Blade", "401.6"),
        ("library_top_revealed", "Doom Blade", "401.5"),
    ]
    # Revealed again after a time unrevealed, it is a new object (401.6).
    assert events[2]["object"] != events[0]["object"]
    game = s.game
    assert game is not None
    assert game.players[0].library[-1].id == events[2]["object"]
    assert events[0]["object"] not in game.objects
    assert _pt(s, "Vampire Nocturnus") == (5, 4)
    assert _pt(s, "Child of Night") == (4, 2)


@pytest.mark.rules("401.6", "611.3a", "611.3b")
def test_without_nocturnus_the_other_vampires_get_nothing() -> None:
    steps = NocturnusAtSteps()
    s = Scenario(plugins=[steps])
    s.add(0, "battlefield", "Vampire Nocturnus", "Child of Night")
    s.add(1, "battlefield", "Island")
    s.add(1, "hand", "Unsummon")
    s.library(0, ["Doom Blade"])
    s.cast(1, "Unsummon", targets=["Vampire Nocturnus"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.hand(0) == ["Vampire Nocturnus"]
    assert _pt(s, "Child of Night") == (2, 1)
    assert not _flies(s, "Child of Night")
    game = s.game
    assert game is not None
    assert game.view(1).player(0).revealed_library_top is None


@pytest.mark.rules("401.5", "701.20d", "602.2", "614.1a")
def test_a_top_card_changed_by_a_cost_is_revealed_once_the_ability_is_activated() -> None:
    # Sacrificing Darksteel Colossus shuffles it into the library instead (614.1a) while
    # Vampire Aristocrat's ability is being activated: the new top card is revealed only
    # once the ability has been activated (401.5).
    s = Scenario()
    s.add(0, "battlefield", "Vampire Nocturnus", "Vampire Aristocrat", "Darksteel Colossus")
    s.library(0, ["Island", "Island", "Island", "Doom Blade"])
    s.activate(0, "Vampire Aristocrat")
    s.choose(0, DecisionKind.SACRIFICE, "Darksteel Colossus")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    names = [e["event"] for e in s.events()]
    shuffled = names.index("library_shuffled")
    activated = names.index("ability_activated")
    assert shuffled < activated
    ended = names.index("reveal_ended")
    assert shuffled < ended < activated  # the reordered card stops being revealed (701.20d)
    revealed = [i for i, n in enumerate(names) if n == "library_top_revealed"]
    assert len(revealed) == 2
    assert revealed[0] < shuffled
    assert revealed[1] > activated
    game = s.game
    assert game is not None
    top = game.players[0].library[-1]
    assert s.events("library_top_revealed")[-1]["object"] == top.id
    black = "B" in top.card.colors
    # Vampire Aristocrat: 2/2, +2/+2 until end of turn, and +2/+1 while the top is black.
    assert _pt(s, "Vampire Aristocrat") == ((6, 5) if black else (4, 4))


@pytest.mark.rules("401.5", "800.4a", "510.2")
@pytest.mark.cards("Craw Wurm")
def test_a_player_who_leaves_takes_their_revealed_top_card_with_them() -> None:
    # Player 1 plays with the top of their library revealed, then loses to combat damage
    # and leaves the game: their library leaves with them, and every view built right
    # after (the next priority) shows nothing revealed for them. A view once looked up the
    # departed card and failed.
    s = Scenario(players=3, variant="free_for_all")
    s.add(1, "battlefield", "Vampire Nocturnus")
    s.library(1, ["Swamp", "Swamp"])
    s.life(1, 6)
    s.add(0, "battlefield", "Craw Wurm")
    s.attack(0, "Craw Wurm", defender=1)
    s.run(until=(1, Step.END))
    assert [e["player"] for e in s.events("player_lost")] == [1]
    assert s.events("player_raised") == []
    game = s.game
    assert game is not None
    assert game.revealed_library_top(1) is None
    for viewer in (0, 2):
        assert game.view(viewer).player(1).revealed_library_top is None
