"""The scripted players of a scenario: they answer each decision from the script.

A decision the script does not answer fails the scenario (with the decision and its
options shown), except priority (pass), attackers (none) and blockers (none). Names in
the script are matched to the options' objects as :mod:`manaweave.testing._scenario_names` says.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from manaweave._engine._decisions import (
    Activate,
    Attack,
    Block,
    CardOption,
    Cast,
    Choice,
    DamageSplit,
    Decision,
    DecisionKind,
    Division,
    Named,
    Number,
    Pass,
    PlayLand,
    TargetOption,
    TurnFaceUp,
)
from manaweave._engine._game import Game
from manaweave._engine._objects import GameObject
from manaweave._engine._preferences import Preferences
from manaweave.players import describe

from ._scenario_names import resolve, split_name
from ._scenario_script import Failed, ScenarioError, Script, ScriptedAction, point, point_text

__all__ = ["ScenarioPlayer"]

_Entry = tuple[int, int | None, str]
"""An option as names are matched against it: (its index, its object's id, its label)."""


def matching(game: Game, wanted: str, entries: Sequence[_Entry], *, uses: int = 1) -> list[int]:
    """The indices of the options whose object ``wanted`` names, in option order.

    An option whose object is not a card or token in the game (an ability on the stack,
    the source of a trigger that has left) is matched by its label instead, as is every
    option when no object has the name (a copy of a face-down creature has no name, 708.2a,
    and its label shows none)."""
    objects: dict[int, GameObject] = {}
    for _, object_id, _ in entries:
        obj = game.objects.get(object_id) if object_id is not None else None
        if isinstance(obj, GameObject):
            objects.setdefault(obj.id, obj)
    try:
        found = {o.id for o in resolve(game, wanted, list(objects.values()), uses=uses)}
    except ScenarioError as error:
        raise Failed(str(error)) from None
    base, number = split_name(wanted)
    return [
        index
        for index, object_id, label in entries
        if (object_id in found)
        or (
            number is None
            and (not found or object_id is None or object_id not in objects)
            and label.split(" #")[0] == base
        )
    ]


class ScenarioPlayer:
    """One scripted player of a scenario's game."""

    def __init__(self, script: Script, player: int) -> None:
        self.script = script
        self.player = player
        self._game: Game | None = None
        self._pending_targets: list[str] = []
        self._pending_x: int | None = None
        self.preferences: Preferences | None = None
        """What it asks the engine to do for it (``Scenario(preferences=...)``)."""

    @property
    def game(self) -> Game:
        """The game it plays (a player is made before its game, then joins it)."""
        assert self._game is not None, "the player has not joined a game"
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game

    def fail(self, message: str) -> NoReturn:
        """Fail the scenario with ``message``."""
        raise Failed(message)

    def rejected(self, decision: Decision, error: Exception) -> None:
        """A scripted answer the game refused fails the scenario, with the reason."""
        raise Failed(f"the game rejected P{self.player + 1}'s {decision.kind.value}: {error}")

    async def decide(self, decision: Decision) -> Choice:
        """Answer ``decision`` as the script says."""
        kind = decision.kind
        if kind is DecisionKind.PRIORITY:
            return self._priority(decision)
        if kind is DecisionKind.TARGET:
            return self._target(decision)
        if kind is DecisionKind.PAYMENT:
            return Choice.of(0)
        if kind is DecisionKind.X_VALUE and self._pending_x is not None:
            wanted, self._pending_x = self._pending_x, None
            for index, option in enumerate(decision.options):
                if isinstance(option, Number) and option.value == wanted:
                    return Choice.of(index)
            self.fail(f"X = {wanted} is not an option:\n{describe(decision)}")
        if kind is DecisionKind.TARGET_COUNT and self._pending_targets:
            # A variable number of targets: as many as the script lists (601.2c).
            counts = [o.value for o in decision.options if isinstance(o, Number)]
            wanted = min(len(self._pending_targets), max(counts))
            if wanted in counts:
                return Choice.of(counts.index(wanted))
        if kind is DecisionKind.ATTACKERS:
            return self._attackers(decision)
        if kind is DecisionKind.BLOCKERS:
            return self._blockers(decision)
        return self._scripted(decision)

    # --- priority ------------------------------------------------------------------------

    def _priority(self, decision: Decision) -> Choice:
        game = self.game
        here = point(game.turn, game.step) if game.step else (game.turn, -1)
        for action in self.script.actions:
            if action.player != self.player or action.done:
                continue
            if action.at < here:
                if action.optional or _still_under_way(game, action.turn):
                    continue
                self.fail(f"scripted action was never taken: {action}")
            if action.at != here:
                continue
            if action.stack_empty and game.stack:
                break  # wait, passing, until what is on the stack has resolved
            if action.when is not None and not action.when(game):
                break  # wait, passing, until the condition holds
            if action.kind == "concede":
                action.done = True
                return Choice.concession()
            index = self._action_option(action, decision)
            if index is not None:
                action.done = True
                self._pending_targets = list(action.targets)
                self._pending_x = action.x
                return Choice.of(index)
            self.fail(f"scripted action is not a legal option: {action}\n{describe(decision)}")
        for index, option in enumerate(decision.options):
            if isinstance(option, Pass):
                return Choice.of(index)
        self.fail(describe(decision))

    def _action_option(self, action: ScriptedAction, decision: Decision) -> int | None:
        """The option that takes ``action``, if it is one of ``decision``'s."""
        entries: list[_Entry] = []
        for index, option in enumerate(decision.options):
            if action.kind == "turn face up":
                # A face-down permanent is named by its controller, who knows what it is.
                if isinstance(option, TurnFaceUp) and option.name == action.card:
                    return index
                continue
            object_id = _acted_on(action, option)
            if object_id is not None:
                entries.append((index, object_id, getattr(option, "name", "")))
        found = matching(self.game, action.card, entries)
        return found[0] if found else None

    # --- targets and other answers ---------------------------------------------------------

    def _target(self, decision: Decision) -> Choice:
        if not self._pending_targets:
            # Targets of triggered abilities are scripted with choose(..., TARGET, ...).
            return self._scripted(decision)
        wanted = self._pending_targets.pop(0)
        found = _pick_target(self.game, decision, wanted, ())
        if found is None:
            self.fail(f"scripted target {wanted!r} is not a legal target:\n{describe(decision)}")
        return Choice.of(found)

    def _scripted(self, decision: Decision) -> Choice:
        for answer in self.script.answers:
            if answer.used or answer.player != self.player or answer.kind is not decision.kind:
                continue
            if not answer.fits(self.game):
                continue
            answer.used = True
            picked: list[int] = []
            for position, pick in enumerate(answer.picks):
                uses = answer.picks[position:].count(pick)
                picked.append(_pick(decision, pick, self.game, picked, uses))
            return Choice(tuple(picked))
        self.fail(describe(decision))

    # --- combat -------------------------------------------------------------------------

    def _attackers(self, decision: Decision) -> Choice:
        game = self.game
        scripted = [
            a for a in self.script.attacks if a.player == self.player and a.turn == game.turn
        ]
        picks: list[int] = []
        for position, attack in enumerate(scripted):
            attacking = {
                o.attacker for o in (decision.options[p] for p in picks) if isinstance(o, Attack)
            }
            entries: list[_Entry] = []
            for index, option in enumerate(decision.options):
                assert isinstance(option, Attack)
                if option.attacker in attacking:
                    continue
                if attack.defender is not None and option.defender != attack.defender:
                    continue
                if attack.planeswalker is None:
                    if option.permanent is not None:
                        continue
                elif option.permanent is None or not matching(
                    game, attack.planeswalker, [(index, option.permanent, option.permanent_name)]
                ):
                    continue
                entries.append((index, option.attacker, option.name))
            uses = sum(1 for a in scripted[position:] if a.creature == attack.creature)
            found = matching(game, attack.creature, entries, uses=uses)
            if not found:
                self.fail(f"{attack.creature} cannot attack as scripted:\n{describe(decision)}")
            attack.used = True
            picks.append(found[0])
        return Choice(tuple(picks))

    def _blockers(self, decision: Decision) -> Choice:
        game = self.game
        scripted = [
            b for b in self.script.blocks if b.player == self.player and b.turn == game.turn
        ]
        picks: list[int] = []
        for position, block in enumerate(scripted):
            taken = {
                o.blocker for o in (decision.options[p] for p in picks) if isinstance(o, Block)
            }
            open_options = [
                (index, option)
                for index, option in enumerate(decision.options)
                if isinstance(option, Block) and index not in picks
            ]
            attackers = matching(
                game, block.attacker, [(i, o.attacker, o.attacker_name) for i, o in open_options]
            )
            entries = [(i, o.blocker, o.name) for i, o in open_options if i in attackers]
            uses = sum(
                1
                for b in scripted[position:]
                if (b.blocker, b.attacker) == (block.blocker, block.attacker)
            )
            found = matching(game, block.blocker, entries, uses=uses)
            if not found:
                self.fail(
                    f"{block.blocker} cannot block {block.attacker} as scripted:\n"
                    f"{describe(decision)}"
                )
            # A creature not blocking yet first; one already blocking may block another
            # creature too, if it can block several (509.1a).
            options = decision.options
            fresh = [i for i in found if _blocker(options[i]) not in taken]
            block.used = True
            picks.append(fresh[0] if fresh else found[0])
        return Choice(tuple(picks))


def _acted_on(action: ScriptedAction, option: object) -> int | None:
    """The card or permanent ``option`` acts on, if it is the kind of option ``action`` is."""
    if isinstance(option, Cast):
        if (action.kind == "cast" and option.way is None) or (
            action.kind == "cast face down" and option.face_down
        ):
            return option.card
    elif isinstance(option, PlayLand):
        return option.card if action.kind == "play" else None
    elif isinstance(option, Activate) and action.kind == "activate":
        return option.source if action.text is None or action.text in option.text else None
    return None


def _blocker(option: object) -> int | None:
    return option.blocker if isinstance(option, Block) else None


def _player_named(game: Game, wanted: str, player: int) -> bool:
    return wanted in (game.players[player].name, f"player:{player}")


def _still_under_way(game: Game, turn: int) -> bool:
    """Whether ``turn``, an earlier turn than the current one, has not ended: with
    several turns at once (807.4) a player may get priority in a later turn while an
    earlier one, where their scripted action is due, goes on."""
    markers = game.turn_markers
    return markers is not None and turn != game.turn and markers.turn_under_way(turn)


def _pick_target(game: Game, decision: Decision, wanted: str, taken: Sequence[int]) -> int | None:
    """The target option ``wanted`` names: a player's name, ``"copy of <name>"`` for a
    copy of a spell (707.10), or an object's name."""
    options = [
        (index, option)
        for index, option in enumerate(decision.options)
        if isinstance(option, TargetOption) and index not in taken
    ]
    for index, option in options:
        if option.player is not None and _player_named(game, wanted, option.player):
            return index
    copies = wanted.startswith("copy of ")
    entries: list[_Entry] = []
    for index, option in options:
        if option.object is None:
            continue
        obj = game.objects.get(option.object)
        if copies and not (isinstance(obj, GameObject) and obj.is_spell_copy):
            continue
        entries.append((index, option.object, option.name))
    found = matching(game, wanted[8:] if copies else wanted, entries)
    return found[0] if found else None


def _pick(decision: Decision, pick: Any, game: Game, taken: Sequence[int], uses: int) -> int:
    """The option a scripted answer's ``pick`` names."""
    options = decision.options
    if isinstance(pick, str):
        if any(isinstance(o, TargetOption) for o in options):
            found = _pick_target(game, decision, pick, taken)
            if found is not None:
                return found
        for index, option in enumerate(options):
            if index not in taken and isinstance(option, Named) and option.word == pick:
                return index
        entries = [
            (index, option.object, option.name)
            for index, option in enumerate(options)
            if index not in taken and isinstance(option, CardOption)
        ]
        matches = matching(game, pick, entries, uses=uses)
        if matches:
            return matches[0]
    for index, option in enumerate(options):
        if index in taken:
            continue
        if isinstance(pick, tuple) and isinstance(option, DamageSplit | Division):
            if option.amounts == pick:
                return index
        elif isinstance(pick, int) and isinstance(option, Number) and option.value == pick:
            return index
    raise Failed(f"scripted answer {pick!r} is not an option:\n{describe(decision)}")


def unused_message(unused: Sequence[str], stop: tuple[int, int] | None) -> str:
    """The failure for scripts never used."""
    where = "before the game ended" if stop is None else f"before {point_text(stop)}"
    return f"scripted but never used {where}:\n" + "\n".join(f"  {s}" for s in unused)
