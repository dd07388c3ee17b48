"""Keyword actions of CR 701 as modules of their own (``manaweave.actions``), and mill as
one event (701.17a).

Each built-in keyword action is a plugin contributing a
:class:`~manaweave.hookspecs.KeywordAction` through ``mw_keywords``, as a third party's
would; :class:`~manaweave.Game`'s methods of the same names call the modules.
"""

from __future__ import annotations

import pytest

from manaweave.actions import destroy, discard, manifest, mill, regenerate, sacrifice
from manaweave.hookspecs import KeywordAction
from manaweave.lowlevel import BUILTIN_PLUGINS, PluginHost
from manaweave.testing import Scenario

MODULES = (destroy, discard, manifest, mill, regenerate, sacrifice)


@pytest.mark.rules("701.8a", "701.9a", "701.17a", "701.19a", "701.21a", "701.40a")
def test_each_keyword_action_is_a_builtin_plugin_listed_with_its_rule() -> None:
    host = PluginHost(autoload=False)
    for module in MODULES:
        assert module.__name__ in BUILTIN_PLUGINS
        (action,) = module.mw_keywords()
        assert isinstance(action, KeywordAction)
        keyword = host.keywords[action.name]
        assert keyword.action is action
        assert keyword.ability is None
        assert keyword.plugin == module.__name__
        assert keyword.rule == action.rule
        assert action.rule.startswith("701.")
    assert [host.keywords[n].rule for n in ("destroy", "mill", "manifest")] == [
        "701.8a",
        "701.17a",
        "701.40a",
    ]


def test_two_plugins_defining_one_keyword_action_is_an_error() -> None:
    class OtherMill:
        from manaweave import hookimpl

        @hookimpl
        def mw_keywords(self) -> tuple[KeywordAction, ...]:
            return (KeywordAction("mill", "701.17a", mill.mill),)

    host = PluginHost([OtherMill()], autoload=False)
    with pytest.raises(ValueError, match="two plugins define the keyword 'mill'"):
        _ = host.keywords


@pytest.mark.rules("701.17a", "614.6", "701.24a")
@pytest.mark.cards("Tome Scour", "Darksteel Colossus")
@pytest.mark.parametrize("seed", range(5))
def test_milling_moves_the_top_cards_together_and_a_replaced_one_is_not_milled_again(
    seed: int,
) -> None:
    # P2's library is four lands under Darksteel Colossus (on top). Tome Scour makes P2
    # mill five: the five cards are the top five as the action begins. Colossus would go
    # to the graveyard, so it is shuffled into the library instead (614.6): it stays
    # there, and no other card is milled in its place nor is Colossus milled again after
    # the shuffle puts it anywhere, on top included.
    lands = ["Forest", "Plains", "Mountain", "Swamp"]
    s = Scenario(seed=seed)
    s.library(1, [*lands, "Darksteel Colossus"])
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Tome Scour")
    s.cast(0, "Tome Scour", targets=["P2"])
    s.run()

    assert s.graveyard(1) == lands[::-1]  # top first
    assert s.library_size(1) == 1
    assert [c.name for c in s.game.players[1].library] == ["Darksteel Colossus"]
    (milled,) = s.events("cards_milled")
    assert (milled["player"], milled["count"]) == (1, 5)
    moved = [e["card"] for e in s.events("object_moved") if e.get("cause") == milled["seq"]]
    assert sorted(moved) == sorted([*lands, "Darksteel Colossus"])  # each card moves once
